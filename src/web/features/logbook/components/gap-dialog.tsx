import type { LogbookEntry } from '@contracts/logbook';
import { combineDateAndTime, formatDate, formatDateTime, formatTime } from '@domain/time';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExplainGap } from '../api/use-explain-gap';

/**
 * Explains the gap before `entry` with an entry of its own (who drove, where,
 * why). Readings default to the whole gap and times to the whole window the
 * gap lies in, from the end of the trip before it to the start of `entry`:
 * the server refuses anything outside, since times and odometer would
 * contradict each other.
 */
export function GapDialog({ vehicleId, entry, onClose }: { vehicleId: string; entry: LogbookEntry; onClose: () => void }) {
  const { t } = useTranslation('logbook');
  const explain = useExplainGap(vehicleId);
  const gap = entry.gapBefore!;
  const [form, setForm] = useState({
    startDay: formatDate(gap.from),
    start: formatTime(gap.from),
    endDay: formatDate(gap.to),
    end: formatTime(gap.to),
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
    let startedAt: Date;
    let endedAt: Date;
    try {
      startedAt = combineDateAndTime(form.startDay.trim(), form.start.trim());
      endedAt = combineDateAndTime(form.endDay.trim(), form.end.trim());
    } catch {
      setError(t('gapDialog.invalidTime'));
      return;
    }
    explain.mutate(
      {
        startedAt: startedAt.toISOString(),
        endedAt: endedAt.toISOString(),
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
        <Text size="sm" data-testid="gap-window">
          {t('gapDialog.window', { from: formatDateTime(gap.from), to: formatDateTime(gap.to) })}
        </Text>
        <Group grow wrap="wrap">
          <TextInput label={t('gapDialog.startDay')} value={form.startDay} onChange={(e) => set('startDay')(e.currentTarget.value)} />
          <TextInput label={t('gapDialog.start')} value={form.start} onChange={(e) => set('start')(e.currentTarget.value)} />
        </Group>
        <Group grow wrap="wrap">
          <TextInput label={t('gapDialog.endDay')} value={form.endDay} onChange={(e) => set('endDay')(e.currentTarget.value)} />
          <TextInput label={t('gapDialog.end')} value={form.end} onChange={(e) => set('end')(e.currentTarget.value)} />
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
