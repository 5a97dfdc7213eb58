import type { CorrectionRequest, LogbookEntry } from '@contracts/logbook';
import { formatDate, formatTime } from '@domain/time';
import { berlinInstant } from '@domain/vehicle-time';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCorrectEntry } from '../api/use-correct-entry';

const toIsoDay = (german: string) => german.split('.').reverse().join('-');

/**
 * A correction is a new version: only changed fields are sent. Drivers see
 * date, times and readings but cannot change them (the server refuses it too).
 */
export function CorrectionDialog({
  entry,
  allowedKinds,
  fleet,
  onClose,
}: {
  entry: LogbookEntry;
  allowedKinds: string[];
  fleet: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('logbook');
  const correct = useCorrectEntry();
  const [initial] = useState(() => ({
    day: formatDate(entry.startedAt),
    start: formatTime(entry.startedAt),
    end: formatTime(entry.endedAt),
  }));
  const [form, setForm] = useState({
    day: formatDate(entry.startedAt),
    start: formatTime(entry.startedAt),
    end: formatTime(entry.endedAt),
    odometerStart: entry.odometerStart,
    odometerEnd: entry.odometerEnd,
    destination: entry.destination ?? '',
    stopover: entry.stopover ?? '',
    reason: entry.reason ?? '',
    partner: entry.partner ?? '',
    detour: entry.detour ?? '',
    tripKind: entry.tripKind as string,
    note: '',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (v: string | number) => setForm({ ...form, [k]: v });
  const text = (v: string) => (v.trim() === '' ? null : v.trim());

  const submit = () => {
    const body: CorrectionRequest = { note: form.note };
    const orig = (v: string | null) => v ?? null;
    if (text(form.destination) !== orig(entry.destination)) body.destination = text(form.destination);
    if (text(form.stopover) !== orig(entry.stopover)) body.stopover = text(form.stopover);
    if (text(form.reason) !== orig(entry.reason)) body.reason = text(form.reason);
    if (text(form.partner) !== orig(entry.partner)) body.partner = text(form.partner);
    if (text(form.detour) !== orig(entry.detour)) body.detour = text(form.detour);
    if (form.tripKind !== entry.tripKind) body.tripKind = form.tripKind;
    if (fleet) {
      // The fields show minutes, the trip's events carry seconds: a time goes out only when the
      // person changed what the field showed, so an untouched trip keeps its exact times (decision 192).
      const dayChanged = form.day !== initial.day;
      if (dayChanged || form.start !== initial.start) body.startedAt = berlinInstant(toIsoDay(form.day), form.start).toISOString();
      if (dayChanged || form.end !== initial.end) body.endedAt = berlinInstant(toIsoDay(form.day), form.end).toISOString();
      if (form.odometerStart !== entry.odometerStart) body.odometerStart = Number(form.odometerStart);
      if (form.odometerEnd !== entry.odometerEnd) body.odometerEnd = Number(form.odometerEnd);
    }
    setError(null);
    correct.mutate(
      { id: entry.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('correction.saved') });
          onClose();
        },
        onError: (e) => setError(isApiError(e) ? e.message : String(e)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('correction.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('correction.hint')}
        </Text>
        {!fleet && (
          <Text size="sm" c="dimmed">
            {t('correction.driverHint')}
          </Text>
        )}
        <Group grow wrap="wrap">
          <TextInput
            label={t('logbook.columns.date')}
            value={form.day}
            disabled={!fleet}
            onChange={(e) => set('day')(e.currentTarget.value)}
          />
          <TextInput
            label={t('correction.start')}
            value={form.start}
            disabled={!fleet}
            onChange={(e) => set('start')(e.currentTarget.value)}
          />
          <TextInput label={t('correction.end')} value={form.end} disabled={!fleet} onChange={(e) => set('end')(e.currentTarget.value)} />
        </Group>
        <Group grow wrap="wrap">
          <NumberInput
            label={t('correction.odometerStart')}
            value={form.odometerStart}
            min={0}
            disabled={!fleet}
            onChange={(v) => set('odometerStart')(Number(v))}
          />
          <NumberInput
            label={t('correction.odometerEnd')}
            value={form.odometerEnd}
            min={0}
            disabled={!fleet}
            onChange={(v) => set('odometerEnd')(Number(v))}
          />
        </Group>
        <TextInput
          label={t('correction.destination')}
          value={form.destination}
          onChange={(e) => set('destination')(e.currentTarget.value)}
        />
        <TextInput label={t('correction.stopover')} value={form.stopover} onChange={(e) => set('stopover')(e.currentTarget.value)} />
        <TextInput label={t('correction.reason')} value={form.reason} onChange={(e) => set('reason')(e.currentTarget.value)} />
        <TextInput label={t('correction.partner')} value={form.partner} onChange={(e) => set('partner')(e.currentTarget.value)} />
        <TextInput label={t('correction.detour')} value={form.detour} onChange={(e) => set('detour')(e.currentTarget.value)} />
        <Select
          label={t('correction.kind')}
          value={form.tripKind}
          allowDeselect={false}
          onChange={(v) => v && set('tripKind')(v)}
          data={[...new Set([entry.tripKind, ...allowedKinds])].map((k) => ({ value: k, label: t(`logbook.kinds.${k as 'dienstlich'}`) }))}
        />
        <TextInput label={t('correction.note')} required value={form.note} onChange={(e) => set('note')(e.currentTarget.value)} />
        {error && (
          <Alert color="red" data-testid="correction-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('correction.cancel')}
          </Button>
          <Button onClick={submit} loading={correct.isPending} disabled={form.note.trim() === ''}>
            {t('correction.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
