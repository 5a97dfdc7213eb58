import { SERVICE_KINDS, type ServiceEntry, UVV_RESULTS } from '@contracts/vehicle-care';
import { formatDate } from '@domain/time';
import { addDays, berlinInstant } from '@domain/vehicle-time';
import { Alert, Button, FileInput, Group, Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadCareFile } from '../api/upload-care-file';
import { useSaveServiceEntry } from '../api/use-save-service-entry';

const toIsoDay = (german: string) => german.trim().split('.').reverse().join('-');

/** New or changed service booklet entry; receipts are uploaded first and checked by content on the server. */
export function ServiceEntryDialog({
  vehicleId,
  entry,
  intervalMonths,
  onClose,
}: {
  vehicleId: string;
  entry: ServiceEntry | null;
  /** The tenant's UVV interval, named in the hint of the due date. */
  intervalMonths: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('vehicleCare');
  const { t: tc } = useTranslation();
  const save = useSaveServiceEntry(vehicleId);
  const [form, setForm] = useState({
    kind: entry?.kind ?? 'Inspektion',
    description: entry?.description ?? '',
    performedOn: entry ? formatDate(entry.performedOn) : formatDate(new Date()),
    odometer: entry?.odometer ?? ('' as number | ''),
    cost: entry?.cost ?? ('' as number | ''),
    workshop: entry?.workshop ?? '',
    nextDueOn: entry?.nextDueOn ? formatDate(entry.nextDueOn) : '',
    inspector: entry?.inspector ?? '',
    uvvResult: entry?.uvvResult ?? null,
    blockFrom: '',
    blockTo: '',
  });
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const uvv = form.kind === 'UVV-Prüfung';
  const set =
    <K extends keyof typeof form>(k: K) =>
    (v: (typeof form)[K]) =>
      setForm((f) => ({ ...f, [k]: v }));

  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      const uploaded = await Promise.all(files.map((f) => uploadCareFile(vehicleId, f)));
      await save.mutateAsync({
        entryId: entry?.id ?? null,
        body: {
          kind: form.kind,
          description: form.description,
          performedOn: toIsoDay(form.performedOn),
          odometer: form.odometer === '' ? null : Number(form.odometer),
          cost: form.cost === '' ? null : Number(form.cost),
          workshop: form.workshop.trim() || null,
          nextDueOn: form.nextDueOn.trim() ? toIsoDay(form.nextDueOn) : null,
          inspector: uvv ? form.inspector.trim() || null : null,
          uvvResult: uvv ? form.uvvResult : null,
          receipts: [...(entry?.receiptIds ?? []), ...uploaded],
          // Whole workshop days: from the first day's 00:00 to the day after the last.
          period:
            !entry && form.blockFrom.trim()
              ? {
                  von: berlinInstant(toIsoDay(form.blockFrom), '00:00').toISOString(),
                  bis: berlinInstant(addDays(toIsoDay(form.blockTo.trim() || form.blockFrom), 1), '00:00').toISOString(),
                }
              : null,
        },
      });
      notifications.show({ color: 'green', message: t('service.saved') });
      onClose();
    } catch (e) {
      setError(isApiError(e) ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={entry ? t('service.editTitle') : t('service.addTitle')} size="lg">
      <Stack gap="sm">
        <Group grow wrap="wrap" align="flex-start">
          <Select
            label={t('service.fields.kind')}
            data={SERVICE_KINDS.map((k) => ({ value: k, label: t(`service.kinds.${k}`) }))}
            value={form.kind}
            onChange={(v) => v && set('kind')(v as typeof form.kind)}
            allowDeselect={false}
            miw={180}
          />
          <TextInput
            label={t('service.fields.performedOn')}
            placeholder="TT.MM.JJJJ"
            value={form.performedOn}
            onChange={(e) => set('performedOn')(e.currentTarget.value)}
            required
            miw={140}
          />
        </Group>
        {uvv && (
          <Group grow wrap="wrap" align="flex-start">
            <TextInput
              label={t('service.fields.inspector')}
              value={form.inspector}
              onChange={(e) => set('inspector')(e.currentTarget.value)}
              required
              miw={180}
            />
            <Select
              label={t('service.fields.uvvResult')}
              data={UVV_RESULTS.map((r) => ({ value: r, label: t(`service.uvvResults.${r}`) }))}
              value={form.uvvResult}
              onChange={(v) => set('uvvResult')(v as typeof form.uvvResult)}
              required
              miw={220}
            />
          </Group>
        )}
        <Textarea
          label={t('service.fields.description')}
          value={form.description}
          onChange={(e) => set('description')(e.currentTarget.value)}
          required
          autosize
          minRows={2}
        />
        <Group grow wrap="wrap" align="flex-start">
          <NumberInput
            label={t('service.fields.odometer')}
            value={form.odometer}
            onChange={(v) => set('odometer')(v as number | '')}
            min={0}
            allowDecimal={false}
            thousandSeparator="."
            decimalSeparator=","
            miw={140}
          />
          <NumberInput
            label={t('service.fields.cost')}
            value={form.cost}
            onChange={(v) => set('cost')(v as number | '')}
            min={0}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            suffix=" €"
            miw={140}
          />
        </Group>
        <Group grow wrap="wrap" align="flex-start">
          <TextInput
            label={t('service.fields.workshop')}
            value={form.workshop}
            onChange={(e) => set('workshop')(e.currentTarget.value)}
            miw={180}
          />
          <TextInput
            label={t('service.fields.nextDueOn')}
            description={uvv ? t('service.fields.nextDueUvvHint', { months: intervalMonths }) : undefined}
            placeholder="TT.MM.JJJJ"
            value={form.nextDueOn}
            onChange={(e) => set('nextDueOn')(e.currentTarget.value)}
            miw={140}
          />
        </Group>
        {!entry && (
          <Group grow wrap="wrap" align="flex-start">
            <TextInput
              label={t('service.fields.blockFrom')}
              description={t('service.fields.blockHint')}
              placeholder="TT.MM.JJJJ"
              value={form.blockFrom}
              onChange={(e) => set('blockFrom')(e.currentTarget.value)}
              miw={140}
            />
            <TextInput
              label={t('service.fields.blockTo')}
              placeholder="TT.MM.JJJJ"
              value={form.blockTo}
              onChange={(e) => set('blockTo')(e.currentTarget.value)}
              miw={140}
            />
          </Group>
        )}
        <FileInput
          label={t('service.fields.receipts')}
          description={t(uvv ? 'service.fields.reportHint' : 'service.fields.receiptsHint')}
          accept="image/png,image/jpeg,application/pdf"
          multiple
          clearable
          value={files}
          onChange={setFiles}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tc('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={busy} disabled={!form.description.trim()}>
            {t('service.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
