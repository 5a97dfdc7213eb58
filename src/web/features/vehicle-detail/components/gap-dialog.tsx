import type { LogbookEntry } from '@contracts/logbook';
import { formatDate, formatTime } from '@domain/time';
import { berlinInstant } from '@domain/vehicle-time';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExplainGap } from '../api/use-explain-gap';

const toIsoDay = (german: string) => german.split('.').reverse().join('-');

/** Explains the gap before `entry` with an entry of its own (who drove, where, why); readings default to the whole gap. */
export function GapDialog({ vehicleId, entry, onClose }: { vehicleId: string; entry: LogbookEntry; onClose: () => void }) {
  const { t } = useTranslation('vehicleDetail');
  const explain = useExplainGap(vehicleId);
  const gap = entry.gapBefore!;
  const [form, setForm] = useState({
    day: formatDate(entry.startedAt),
    start: '08:00',
    end: formatTime(entry.startedAt) > '09:00' ? '09:00' : formatTime(entry.startedAt),
    odometerStart: gap.fromKm,
    odometerEnd: gap.toKm,
    driverName: '',
    destination: '',
    reason: '',
    note: '',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (v: string | number) => setForm({ ...form, [k]: v });
  const submit = () => {
    setError(null);
    explain.mutate(
      {
        startedAt: berlinInstant(toIsoDay(form.day), form.start).toISOString(),
        endedAt: berlinInstant(toIsoDay(form.day), form.end).toISOString(),
        odometerStart: Number(form.odometerStart),
        odometerEnd: Number(form.odometerEnd),
        driverName: form.driverName,
        destination: form.destination.trim() || null,
        reason: form.reason.trim() || null,
        note: form.note,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('gapDialog.saved') });
          onClose();
        },
        onError: (e) => setError(isApiError(e) ? e.message : String(e)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('gapDialog.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('logbook.gap', { from: gap.fromKm, to: gap.toKm, km: gap.toKm - gap.fromKm })}
        </Text>
        <Group grow wrap="wrap">
          <TextInput label={t('logbook.columns.date')} value={form.day} onChange={(e) => set('day')(e.currentTarget.value)} />
          <TextInput label={t('correction.start')} value={form.start} onChange={(e) => set('start')(e.currentTarget.value)} />
          <TextInput label={t('correction.end')} value={form.end} onChange={(e) => set('end')(e.currentTarget.value)} />
        </Group>
        <Group grow wrap="wrap">
          <NumberInput
            label={t('correction.odometerStart')}
            value={form.odometerStart}
            min={0}
            onChange={(v) => set('odometerStart')(Number(v))}
          />
          <NumberInput
            label={t('correction.odometerEnd')}
            value={form.odometerEnd}
            min={0}
            onChange={(v) => set('odometerEnd')(Number(v))}
          />
        </Group>
        <TextInput
          label={t('gapDialog.driver')}
          required
          value={form.driverName}
          onChange={(e) => set('driverName')(e.currentTarget.value)}
        />
        <TextInput
          label={t('correction.destination')}
          value={form.destination}
          onChange={(e) => set('destination')(e.currentTarget.value)}
        />
        <TextInput label={t('correction.reason')} value={form.reason} onChange={(e) => set('reason')(e.currentTarget.value)} />
        <TextInput label={t('gapDialog.note')} required value={form.note} onChange={(e) => set('note')(e.currentTarget.value)} />
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('correction.cancel')}
          </Button>
          <Button onClick={submit} loading={explain.isPending} disabled={form.note.trim() === '' || form.driverName.trim() === ''}>
            {t('gapDialog.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
