import { RECEIPT_KINDS, type ReceiptRequest } from '@contracts/fleet-costs';
import { addDays, berlinDay } from '@domain/opening-hours';
import { Alert, Button, FileInput, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DeferredDatePickerInput } from '@web/components/dates/deferred-date-inputs';
import { uploadCareFile } from '@web/features/vehicle-care/public';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordReceipt } from '../api/use-record-receipt';
import { useVehicleCards } from '../api/use-vehicle-cards';
import { numberOf } from './format';

type Kind = (typeof RECEIPT_KINDS)[number];

/**
 * A fuel receipt, charging session or other cost of one vehicle: date, litres
 * or kWh, amount, odometer, the card paid with and a photo. The server checks
 * plausibility and its sentence is shown as it comes.
 */
export function ReceiptForm({
  vehicleId,
  bookingId = null,
  electric = false,
  onSaved,
}: {
  vehicleId: string;
  bookingId?: string | null;
  electric?: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation('fleetCosts');
  const { t: tc } = useTranslation();
  const cards = useVehicleCards(vehicleId);
  const record = useRecordReceipt(vehicleId);
  const today = berlinDay(new Date());
  const [kind, setKind] = useState<Kind>(electric ? 'laden' : 'kraftstoff');
  const [day, setDay] = useState<string | null>(today);
  const [quantity, setQuantity] = useState<number | ''>('');
  const [amount, setAmount] = useState<number | ''>('');
  const [mileage, setMileage] = useState<number | ''>('');
  const [cardId, setCardId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fitting = (cards.data?.cards ?? []).filter((c) => c.kind === kind);

  const submit = async () => {
    if (amount === '' || !day || (kind !== 'sonstiges' && quantity === '')) {
      setError(t('receipt.missing'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const photo = file ? await uploadCareFile(vehicleId, file) : null;
      const body: ReceiptRequest = {
        kind,
        day,
        litres: kind === 'kraftstoff' && quantity !== '' ? quantity : null,
        kwh: kind === 'laden' && quantity !== '' ? quantity : null,
        amount,
        odometer: mileage === '' ? null : mileage,
        cardId: kind === 'sonstiges' ? null : cardId,
        bookingId,
        photo,
        note: note.trim() || null,
      };
      await record.mutateAsync(body);
      notifications.show({ color: 'green', message: t('receipt.saved') });
      onSaved();
    } catch (e) {
      setError(isApiError(e) ? e.message : tc('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        value={kind}
        onChange={(v) => {
          setKind(v as Kind);
          setCardId(null);
        }}
        data={RECEIPT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DeferredDatePickerInput
          label={t('receipt.day')}
          value={day}
          onChange={(v) => setDay(typeof v === 'string' ? v : null)}
          maxDate={today}
          minDate={addDays(today, -365)}
          valueFormat="DD.MM.YYYY"
          withAsterisk
        />
        {kind !== 'sonstiges' && (
          <NumberInput
            label={kind === 'laden' ? t('receipt.kwh') : t('receipt.litres')}
            value={quantity}
            onChange={(v) => setQuantity(numberOf(v))}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            withAsterisk
          />
        )}
        <NumberInput
          label={t('receipt.amount')}
          value={amount}
          onChange={(v) => setAmount(numberOf(v))}
          decimalScale={2}
          fixedDecimalScale
          decimalSeparator=","
          thousandSeparator="."
          suffix=" €"
          withAsterisk
        />
        <NumberInput
          label={t('receipt.odometer')}
          value={mileage}
          onChange={(v) => setMileage(numberOf(v))}
          allowDecimal={false}
          thousandSeparator="."
          decimalSeparator=","
          suffix=" km"
          min={0}
        />
        {kind !== 'sonstiges' && (
          <Select
            label={t('receipt.card')}
            placeholder={t('receipt.noCard')}
            value={cardId}
            onChange={setCardId}
            clearable
            data={fitting.map((c) => ({ value: c.id, label: `${c.provider} ${c.masked}` }))}
          />
        )}
        <FileInput
          label={t('receipt.photo')}
          description={t('receipt.photoHint')}
          accept="image/png,image/jpeg,application/pdf"
          value={file}
          onChange={setFile}
          clearable
        />
      </SimpleGrid>
      <TextInput label={t('receipt.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={busy}>
          {t('receipt.save')}
        </Button>
      </Group>
    </Stack>
  );
}
