import type { ChecklistDto } from '@contracts/trip-checklist';
import { isNewVersion, MAX_LABEL, MAX_NAME } from '@domain/trip-checklist';
import { ActionIcon, Alert, Button, Checkbox, Group, Modal, Paper, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveChecklist } from '../api/use-save-checklist';

interface Point {
  /** Stable React key; points move and are removed from the middle. */
  row: number;
  /** The point of the current version it continues (null: new). */
  key: string | null;
  label: string;
  critical: boolean;
}

/**
 * One dialog to add a checklist or change one (docs/product.md#check-before-the-trip): name, the vehicle
 * categories it applies to (those of the fleet offered, a new one typed), and its points in order, each with
 * „kritisch“. A change of the points is saved as the next version, which the dialog says before saving.
 */
export function ChecklistFormModal({
  opened,
  onClose,
  checklist,
  categories,
}: {
  opened: boolean;
  onClose: () => void;
  checklist: ChecklistDto | null;
  categories: string[];
}) {
  const { t } = useTranslation('tripChecklist');
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={checklist ? t('form.titleEdit') : t('form.titleNew')} size="lg" fullScreen={phone}>
      {/* keyed so that each opening starts from the checklist it shows */}
      {opened && <ChecklistForm key={checklist?.id ?? 'new'} checklist={checklist} categories={categories} onSaved={onClose} />}
    </Modal>
  );
}

function ChecklistForm({ checklist, categories, onSaved }: { checklist: ChecklistDto | null; categories: string[]; onSaved: () => void }) {
  const { t } = useTranslation('tripChecklist');
  const { t: tc } = useTranslation();
  const save = useSaveChecklist();
  const [name, setName] = useState(checklist?.name ?? '');
  const [chosen, setChosen] = useState<string[]>(checklist?.categories ?? []);
  const [points, setPoints] = useState<Point[]>(
    checklist
      ? checklist.items.map((i, n) => ({ row: n, key: i.key, label: i.label, critical: i.critical }))
      : [{ row: 0, key: null, label: '', critical: false }],
  );
  const [next, setNext] = useState(points.length);
  const [error, setError] = useState<string | null>(null);
  const change = (row: number, patch: Partial<Point>) => setPoints((ps) => ps.map((p) => (p.row === row ? { ...p, ...patch } : p)));
  const move = (n: number, by: -1 | 1) =>
    setPoints((ps) => {
      const out = [...ps];
      [out[n], out[n + by]] = [out[n + by]!, out[n]!];
      return out;
    });
  const drafts = points.map((p) => ({ key: p.key, label: p.label.trim(), critical: p.critical }));
  const newVersion = checklist !== null && isNewVersion(checklist.items, drafts);
  const submit = () =>
    save.mutate(
      { id: checklist?.id, body: { name: name.trim(), categories: chosen, items: drafts } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('form.saved') });
          onSaved();
        },
        onError: (e) => setError(isApiError(e) ? e.message : tc('errors.unknown')),
      },
    );
  return (
    <Stack gap="sm">
      <TextInput
        label={t('form.name')}
        placeholder={t('form.namePlaceholder')}
        required
        maxLength={MAX_NAME}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <TagsInput
        label={t('form.categories')}
        description={t('form.categoriesHint')}
        data={categories}
        value={chosen}
        onChange={setChosen}
        clearable
        acceptValueOnBlur
      />
      <Text fw={500} size="sm">
        {t('form.points')}
      </Text>
      {points.map((p, n) => (
        <Paper key={p.row} withBorder p="xs" radius="sm">
          <TextInput
            label={t('form.label', { position: n + 1 })}
            placeholder={t('form.labelPlaceholder')}
            maxLength={MAX_LABEL}
            value={p.label}
            onChange={(e) => change(p.row, { label: e.currentTarget.value })}
          />
          <Group mt="xs" gap="xs" justify="space-between" wrap="nowrap">
            <Checkbox
              label={t('form.critical')}
              checked={p.critical}
              onChange={(e) => change(p.row, { critical: e.currentTarget.checked })}
            />
            <Group gap={6} wrap="nowrap">
              <ActionIcon variant="default" disabled={n === 0} aria-label={t('form.up', { position: n + 1 })} onClick={() => move(n, -1)}>
                ↑
              </ActionIcon>
              <ActionIcon
                variant="default"
                disabled={n === points.length - 1}
                aria-label={t('form.down', { position: n + 1 })}
                onClick={() => move(n, 1)}
              >
                ↓
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={points.length === 1}
                aria-label={t('form.remove', { position: n + 1 })}
                onClick={() => setPoints((ps) => ps.filter((x) => x.row !== p.row))}
              >
                ×
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          onClick={() => {
            setPoints((ps) => [...ps, { row: next, key: null, label: '', critical: false }]);
            setNext(next + 1);
          }}
        >
          {t('form.addPoint')}
        </Button>
      </Group>
      {newVersion && (
        <Alert color="blue" variant="light">
          {t('form.versionNote', { version: checklist.version + 1 })}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button loading={save.isPending} onClick={submit}>
          {t('form.save')}
        </Button>
      </Group>
    </Stack>
  );
}
