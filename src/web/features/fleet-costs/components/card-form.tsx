import { CARD_KINDS, type Card } from '@contracts/fleet-costs';
import { berlinDay } from '@domain/opening-hours';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DeferredDatePickerInput } from '@web/components/dates/deferred-date-inputs';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveCard } from '../api/use-save-card';

type Kind = (typeof CARD_KINDS)[number];

/**
 * One dialog to add a card or change one (docs/product.md#fleet-costs). The number is typed once: when a card is
 * changed an empty number keeps the stored last four digits, so nobody has to find the card again to rename it.
 * With `vehicles` the card is assigned here; without, it belongs to `vehicleId`.
 */
export function CardFormModal({
  opened,
  onClose,
  card,
  vehicleId = null,
  vehicles,
}: {
  opened: boolean;
  onClose: () => void;
  card?: Card | null;
  vehicleId?: string | null;
  vehicles?: { value: string; label: string }[];
}) {
  const { t } = useTranslation('fleetCosts');
  return (
    <Modal opened={opened} onClose={onClose} title={card ? t('cards.edit') : t('cards.add')} size="md">
      {/* keyed so that each opening starts from the card it shows */}
      {opened && <CardForm key={card?.id ?? 'new'} card={card ?? null} vehicleId={vehicleId} vehicles={vehicles} onSaved={onClose} />}
    </Modal>
  );
}

function CardForm({
  card,
  vehicleId,
  vehicles,
  onSaved,
}: {
  card: Card | null;
  vehicleId: string | null;
  vehicles?: { value: string; label: string }[];
  onSaved: () => void;
}) {
  const { t } = useTranslation('fleetCosts');
  const { t: tc } = useTranslation();
  const save = useSaveCard();
  const [kind, setKind] = useState<Kind>((card?.kind as Kind) ?? 'kraftstoff');
  const [provider, setProvider] = useState(card?.provider ?? '');
  const [number, setNumber] = useState('');
  const [validUntil, setValidUntil] = useState<string | null>(card?.validUntil ?? null);
  const [vehicle, setVehicle] = useState<string | null>(card ? card.vehicleId : vehicleId);
  const [note, setNote] = useState(card?.note ?? '');
  const [retired, setRetired] = useState(card?.retired ?? false);
  const [error, setError] = useState<string | null>(null);
  const submit = () =>
    save.mutate(
      {
        id: card?.id,
        body: {
          kind,
          provider: provider.trim(),
          number: number.trim() || null,
          validUntil,
          vehicleId: vehicle,
          note: note.trim() || null,
          retired,
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('cards.saved') });
          onSaved();
        },
        onError: (e) => setError(isApiError(e) ? e.message : tc('errors.unknown')),
      },
    );
  return (
    <Stack gap="sm">
      <Select
        label={t('cards.kind')}
        value={kind}
        onChange={(v) => v && setKind(v as Kind)}
        data={CARD_KINDS.map((k) => ({ value: k, label: t(`cardKind.${k}`) }))}
        allowDeselect={false}
      />
      <TextInput label={t('cards.provider')} value={provider} onChange={(e) => setProvider(e.currentTarget.value)} withAsterisk />
      <TextInput
        label={t('cards.number')}
        description={card ? t('cards.numberKeep', { masked: card.masked }) : t('cards.numberHint')}
        value={number}
        onChange={(e) => setNumber(e.currentTarget.value)}
        inputMode="numeric"
        autoComplete="off"
        withAsterisk={!card}
      />
      <DeferredDatePickerInput
        label={t('cards.validUntil')}
        value={validUntil}
        onChange={(v) => setValidUntil(typeof v === 'string' ? v : null)}
        minDate={card ? undefined : berlinDay(new Date())}
        valueFormat="DD.MM.YYYY"
        clearable
      />
      {vehicles && (
        <Select
          label={t('cards.vehicle')}
          placeholder={t('cards.noVehicle')}
          value={vehicle}
          onChange={setVehicle}
          data={vehicles}
          searchable
          clearable
        />
      )}
      <TextInput label={t('cards.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} />
      {card && (
        <Checkbox
          label={t('cards.retiredLabel')}
          description={t('cards.retiredHint')}
          checked={retired}
          onChange={(e) => setRetired(e.currentTarget.checked)}
        />
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          {t('cards.save')}
        </Button>
      </Group>
    </Stack>
  );
}
