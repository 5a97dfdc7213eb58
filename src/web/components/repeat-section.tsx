import { isoWeekday } from '@domain/opening-hours';
import { Alert, Badge, Button, Chip, Group, NumberInput, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

/** One date of a series as both previews answer it (seats: decision 091, vehicles: decision 115). */
export interface RepeatDate {
  date: string;
  state: 'buchbar' | 'gebucht' | 'abgelehnt' | 'spaeter';
  reason: 'geschlossen' | 'belegt' | 'limit' | 'regel' | null;
  message: string | null;
  /** Vehicles: a special trip that needs approval. */
  needsApproval?: boolean;
}

/** The rule the section collects; the dialog turns it into its request. */
export interface RepeatRule {
  startDate: string;
  weekdays: number[];
  intervalWeeks: number;
  count?: number;
  until?: string;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;
type SeriesMutation<B> = UseMutationResult<{ dates: RepeatDate[] }, Error, B>;

interface RepeatSectionProps<B> {
  /** The feature's texts under `series.*` (each dialog keeps its own wording). */
  t: Translate;
  /** First day of the series (the dialog's date). */
  date: string;
  /** The request for a rule, or null while the dialog lacks something (then `hint` says what). */
  toBody: (rule: RepeatRule) => B | null;
  hint?: string | null;
  preview: SeriesMutation<B>;
  save: SeriesMutation<B>;
  /** With it, the series may end on a day as well as after a number of dates (the date input stays with the dialog, loaded with it). */
  renderUntil?: (field: { label: string; minDate: string; value: string | null; onChange: (v: string | null) => void }) => ReactNode;
  /** Test ids: `{prefix}-section`, `{prefix}-summary`, `{prefix}-dates`. */
  testIdPrefix: string;
  onDone: () => void;
}

const STATE_COLOURS: Record<RepeatDate['state'], string> = { buchbar: 'green', gebucht: 'green', abgelehnt: 'red', spaeter: 'gray' };
const germanDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/**
 * „Wiederholen“ of the seat and the vehicle booking dialog: weekdays, every N
 * weeks, a number of dates (or, where offered, a last day). „Termine prüfen“
 * shows every date as bookable, refused with the single booking's message,
 * or later; „Serie buchen“ books what can be booked in one request.
 */
export function RepeatSection<B>({ t, date, toBody, hint, preview, save, renderUntil, testIdPrefix, onDone }: RepeatSectionProps<B>) {
  const [weekdays, setWeekdays] = useState<string[]>([String(isoWeekday(date))]);
  const [interval, setInterval] = useState('1');
  const [endBy, setEndBy] = useState<'count' | 'until'>('count');
  const [count, setCount] = useState<number>(8);
  const [until, setUntil] = useState<string | null>(null);
  const rule: RepeatRule | null =
    weekdays.length > 0 && (endBy === 'count' || until)
      ? {
          startDate: date,
          weekdays: weekdays.map(Number).sort(),
          intervalWeeks: Number(interval),
          ...(endBy === 'count' ? { count } : { until: until! }),
        }
      : null;
  const body = rule ? toBody(rule) : null;
  const dates = (save.data ?? preview.data)?.dates ?? null;
  const ok = dates?.filter((d) => d.state !== 'abgelehnt').length ?? 0;
  const error = save.error ?? preview.error;
  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      preview.reset();
    };
  const countInput = (
    <NumberInput label={t('series.count')} min={1} max={104} value={count} onChange={(v) => change(setCount)(Number(v) || 1)} />
  );

  return (
    <Stack gap="xs" data-testid={`${testIdPrefix}-section`}>
      <Chip.Group multiple value={weekdays} onChange={change(setWeekdays)}>
        <Text size="sm" fw={500}>
          {t('series.weekdays')}
        </Text>
        <Group gap={6}>
          {[1, 2, 3, 4, 5, 6, 7].map((d) => (
            <Chip key={d} value={String(d)} size="sm">
              {t(`series.short.w${d}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {renderUntil ? (
        <SegmentedControl
          value={endBy}
          onChange={(v) => change(setEndBy)(v as 'count' | 'until')}
          data={[
            { value: 'count', label: t('series.byCount') },
            { value: 'until', label: t('series.byUntil') },
          ]}
        />
      ) : null}
      <Group grow align="flex-start">
        <Select
          label={t('series.interval')}
          data={[1, 2, 3, 4].map((n) => ({ value: String(n), label: t('series.every', { count: n }) }))}
          value={interval}
          onChange={(v) => change(setInterval)(v ?? '1')}
          allowDeselect={false}
        />
        {endBy === 'until' && renderUntil
          ? renderUntil({ label: t('series.until'), minDate: date, value: until, onChange: change(setUntil) })
          : countInput}
      </Group>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : null}
      {dates ? (
        <Stack gap={4}>
          <Text size="sm" fw={600} data-testid={`${testIdPrefix}-summary`}>
            {t('series.summary', { ok, count: dates.length })}
          </Text>
          <Table striped withRowBorders={false} verticalSpacing={2} fz="sm" data-testid={`${testIdPrefix}-dates`}>
            <Table.Tbody>
              {dates.map((d) => (
                <Table.Tr key={d.date} data-state={d.state}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{germanDate(d.date)}</Table.Td>
                  {/* At least as wide as its badge, so a reason like „geschlossen“ is never cut. */}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge
                      color={d.needsApproval ? 'yellow' : STATE_COLOURS[d.state]}
                      variant="light"
                      tt="none"
                      style={{ minWidth: 'max-content' }}
                    >
                      {d.reason ? t(`series.reason.${d.reason}`) : d.needsApproval ? t('series.special') : t(`series.state.${d.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {d.message ?? ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="light" onClick={() => body && preview.mutate(body)} loading={preview.isPending} disabled={!body}>
          {t('series.preview')}
        </Button>
        <Button
          onClick={() =>
            body &&
            save.mutate(body, {
              onSuccess: (r) => {
                notifications.show({
                  color: 'green',
                  message: t('series.saved', { count: r.dates.filter((d) => d.state === 'gebucht').length }),
                });
                onDone();
              },
            })
          }
          loading={save.isPending}
          disabled={!body || !preview.data || ok === 0}
        >
          {t('series.save')}
        </Button>
      </Group>
    </Stack>
  );
}
