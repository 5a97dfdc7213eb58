import type { TripCheckSubmission, VehicleChecklist } from '@contracts/trip-checklist';
import { MAX_NOTE } from '@domain/trip-checklist';
import { Alert, Badge, Group, Loader, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tripChecklistKeys } from '../api/keys';
import { useVehicleChecklist } from '../api/use-vehicle-checklist';

/** One point as the driver answers it: not yet (null), in order, or not with a note. */
type Draft = Record<string, { ok: boolean | null; note: string }>;

export interface TripCheck {
  /** The checklist of the vehicle's category, null when it has none; undefined while it loads. */
  checklist: VehicleChecklist | null | undefined;
  draft: Draft;
  setAnswer: (itemId: string, answer: { ok: boolean | null; note: string }) => void;
  /** What the start request carries: `{ checklist }` where the category has one, nothing otherwise. */
  payload: () => { checklist?: TripCheckSubmission };
  /** After „Die Abfahrtskontrolle wurde inzwischen geändert“: loads the new version and starts afresh. */
  reload: () => void;
}

/**
 * The state of the check before the trip for one start dialog
 * (docs/product.md#check-before-the-trip). Unanswered points are left out of
 * the request, so the server's sentence names the first of them.
 */
export function useTripCheck(vehicleId: string | null): TripCheck {
  const qc = useQueryClient();
  const query = useVehicleChecklist(vehicleId);
  const checklist = query.data?.checklist;
  const [draft, setDraft] = useState<Draft>({});
  const versionId = checklist?.versionId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form for each vehicle and each version
  useEffect(() => setDraft({}), [vehicleId, versionId]);
  const setAnswer = useCallback(
    (itemId: string, answer: { ok: boolean | null; note: string }) => setDraft((d) => ({ ...d, [itemId]: answer })),
    [],
  );
  const payload = () => {
    if (!checklist) return {};
    return {
      checklist: {
        versionId: checklist.versionId,
        answers: checklist.items.flatMap((i) => {
          const a = draft[i.id];
          if (!a || a.ok === null) return [];
          return [{ itemId: i.id, ok: a.ok, note: a.note.trim() || null }];
        }),
      },
    };
  };
  const reload = () => {
    setDraft({});
    if (vehicleId) void qc.invalidateQueries({ queryKey: tripChecklistKeys.vehicle(vehicleId) });
  };
  return { checklist: query.isPending && vehicleId ? undefined : (checklist ?? null), draft, setAnswer, payload, reload };
}

/** The points of the check in the start dialog; nothing when the vehicle's category has no checklist. */
export function TripCheckFields({ check }: { check: TripCheck }) {
  if (check.checklist === null) return null;
  return (
    <Suspense fallback={<Loader size="sm" />}>
      {check.checklist === undefined ? <Loader size="sm" /> : <Fields check={check} checklist={check.checklist} />}
    </Suspense>
  );
}

function Fields({ check, checklist }: { check: TripCheck; checklist: VehicleChecklist }) {
  const { t } = useTranslation('tripChecklist');
  const failed = checklist.items.filter((i) => check.draft[i.id]?.ok === false);
  const blocking = failed.some((i) => i.critical);
  return (
    <Stack gap="sm" component="section" aria-labelledby="trip-check-title" data-testid="trip-check">
      <div>
        <Title order={3} size="h5" id="trip-check-title">
          {t('check.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('check.version', { name: checklist.name, version: checklist.version })}
        </Text>
        <Text size="sm" mt={4}>
          {t('check.intro')}
        </Text>
        {checklist.items.some((i) => i.critical) && (
          <Text size="sm" c="dimmed">
            {t('check.criticalHint')}
          </Text>
        )}
      </div>
      {checklist.items.map((item) => {
        const a = check.draft[item.id] ?? { ok: null, note: '' };
        return (
          <Paper key={item.id} withBorder p="xs" radius="sm" data-item={item.label}>
            <Radio.Group
              label={
                <Group gap={6} component="span" wrap="wrap">
                  <span>{item.label}</span>
                  {item.critical && (
                    <Badge size="xs" color="red" variant="light">
                      {t('check.critical')}
                    </Badge>
                  )}
                </Group>
              }
              value={a.ok === null ? null : a.ok ? 'ok' : 'nok'}
              onChange={(v) => check.setAnswer(item.id, { ok: v === 'ok', note: a.note })}
            >
              <Group gap="lg" mt={6} wrap="wrap">
                <Radio value="ok" label={t('check.ok')} />
                <Radio value="nok" label={t('check.notOk')} color="red" />
              </Group>
            </Radio.Group>
            {a.ok === false && (
              <Textarea
                mt="xs"
                label={t('check.note')}
                placeholder={t('check.notePlaceholder')}
                required
                autosize
                minRows={2}
                maxLength={MAX_NOTE}
                value={a.note}
                onChange={(e) => check.setAnswer(item.id, { ok: false, note: e.currentTarget.value })}
              />
            )}
          </Paper>
        );
      })}
      {failed.length > 0 && (
        <Alert color={blocking ? 'red' : 'yellow'} variant="light">
          {t(blocking ? 'check.blocking' : 'check.reported')}
        </Alert>
      )}
    </Stack>
  );
}
