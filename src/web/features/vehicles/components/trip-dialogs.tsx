import { tripFields } from '@domain/trip-fields';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TripCheckFields, useTripCheck } from '@web/features/trip-checklist/public';
import { isApiError } from '@web/lib/api-client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VehicleBooking } from '../api/use-my-bookings';
import { uploadReceipt, useCheckIn, useCheckOut } from '../api/use-trip';
import { useTripKinds } from '../api/use-trip-kinds';
import { useVehicleAttributes } from '../api/use-vehicle-attributes';
import { useVehicleLocations } from '../api/use-vehicle-locations';
import { useVehicles } from '../api/use-vehicles';
import { CLEANLINESS } from '../vocabulary';
import { AttributeFields } from './attribute-fields';

/** Fahrt starten: CHECK_IN with an optional mileage and the check before the trip where the vehicle's category has one. */
export function StartTripDialog({ booking, onClose }: { booking: VehicleBooking | null; onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const { t: tc } = useTranslation();
  const checkIn = useCheckIn();
  const vehicles = useVehicles();
  const check = useTripCheck(booking?.vehicleId ?? null);
  const [mileage, setMileage] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form for each booking that is opened
  useEffect(() => {
    setMileage('');
    setError(null);
  }, [booking]);
  if (!booking) return null;
  const vehicle = (vehicles.data?.vehicles ?? []).find((v) => v.id === booking.vehicleId);
  const askMileage = vehicle ? tripFields(vehicle).mileage : true;
  return (
    <Modal opened onClose={onClose} title={t('trip.startTitle', { name: booking.vehicleLabel })}>
      <Stack>
        <Text size="sm">{t('trip.startText', { name: booking.vehicleLabel, plate: booking.licensePlate })}</Text>
        {askMileage && (
          <NumberInput
            label={t('trip.mileage')}
            suffix=" km"
            thousandSeparator="."
            decimalSeparator=","
            min={0}
            allowDecimal={false}
            value={mileage}
            onChange={(v) => setMileage(v === '' ? '' : Number(v))}
          />
        )}
        <TripCheckFields check={check} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tc('actions.cancel')}
          </Button>
          <Button
            loading={checkIn.isPending}
            disabled={check.checklist === undefined}
            onClick={() =>
              checkIn.mutate(
                { id: booking.id, ...(mileage === '' ? {} : { mileage }), ...check.payload() },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: t('trip.started') });
                    onClose();
                  },
                  onError: (e) => {
                    // A new version of the checklist came out meanwhile: show it, to be answered afresh.
                    if (isApiError(e) && e.code === 'checklist_changed') check.reload();
                    setError(isApiError(e) ? e.message : tc('errors.unknown'));
                  },
                },
              )
            }
          >
            {t('trip.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface DamageDraft {
  /** Stable React key: drafts can be removed from the middle of the list. */
  key: number;
  description: string;
  file: File | null;
}

/**
 * Fahrt beenden: mileage, fuel or state of charge, cleanliness inside and
 * outside, parking space of the vehicle's location, damages with photo, and
 * the FAHRZEUG_VERLAUF attributes. The server's messages are shown verbatim.
 */
export function EndTripDialog({
  booking,
  locationName,
  onClose,
}: {
  booking: VehicleBooking | null;
  locationName?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('vehicles');
  const { t: tc } = useTranslation();
  const checkOut = useCheckOut();
  const attributes = useVehicleAttributes('FAHRZEUG_VERLAUF');
  const locations = useVehicleLocations();
  const vehicles = useVehicles();
  const tripKinds = useTripKinds();
  const [mileage, setMileage] = useState<number | ''>('');
  const [tripKind, setTripKind] = useState<string>('dienstlich');
  const [fuel, setFuel] = useState<number>(100);
  const [inside, setInside] = useState<string>('sauber');
  const [outside, setOutside] = useState<string>('sauber');
  const [parking, setParking] = useState<string | null>(null);
  const [damages, setDamages] = useState<DamageDraft[]>([]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form for each booking that is opened
  useEffect(() => {
    setMileage('');
    setFuel(100);
    setInside('sauber');
    setOutside('sauber');
    setParking(null);
    setTripKind('dienstlich');
    setDamages([]);
    setValues({});
    setError(null);
  }, [booking]);
  if (!booking) return null;
  const location = (locations.data?.locations ?? []).find((l) => l.name === (locationName ?? booking.locationName));
  // Bikes have no odometer, bikes without motor no fuel: the dialog asks only what applies.
  const vehicle = (vehicles.data?.vehicles ?? []).find((v) => v.id === booking.vehicleId);
  const fields = vehicle ? tripFields(vehicle) : { mileage: true, fuel: true };
  const cleanliness = CLEANLINESS.map((c) => ({ value: c, label: t(`cleanliness.${c}`) }));

  const submit = async () => {
    if (fields.mileage && mileage === '') {
      setError(t('trip.mandatory'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const uploaded = await Promise.all(
        damages
          .filter((d) => d.description.trim() || d.file)
          .map(async (d) => ({ description: d.description.trim(), receiptId: d.file ? await uploadReceipt(booking.id, d.file) : null })),
      );
      await checkOut.mutateAsync({
        id: booking.id,
        body: {
          ...(fields.mileage && mileage !== '' ? { mileage } : {}),
          ...(fields.fuel ? { fuelPercent: fuel } : {}),
          cleanlinessInside: inside as (typeof CLEANLINESS)[number],
          cleanlinessOutside: outside as (typeof CLEANLINESS)[number],
          parkingSpaceId: parking,
          damages: uploaded,
          attributes: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')),
          tripKind,
        },
      });
      // The receipt is a step of its own after the trip (fleet costs), offered here rather than asked in this dialog.
      notifications.show({
        color: 'green',
        autoClose: 15_000,
        message: (
          <Stack gap={4}>
            <Text size="sm">{t('trip.ended')}</Text>
            {/* A plain address: the toasts render outside the router (deferred-overlays.tsx), where a router link cannot live. */}
            <Anchor
              href={`/fahrzeuge/beleg?${new URLSearchParams({ fahrzeug: booking.vehicleId, buchung: booking.id })}`}
              size="sm"
              data-testid="receipt-after-trip"
            >
              {t('trip.addReceipt')}
            </Anchor>
          </Stack>
        ),
      });
      onClose();
    } catch (e) {
      setError(isApiError(e) ? e.message : tc('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('trip.endTitle', { name: booking.vehicleLabel })} size="lg">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.mileage && (
            <NumberInput
              label={t('trip.mileage')}
              withAsterisk
              suffix=" km"
              thousandSeparator="."
              decimalSeparator=","
              min={0}
              allowDecimal={false}
              value={mileage}
              onChange={(v) => setMileage(v === '' ? '' : Number(v))}
            />
          )}
          {fields.fuel && (
            <NumberInput
              label={t('trip.fuel')}
              withAsterisk
              suffix=" %"
              value={fuel}
              onChange={(v) => setFuel(v === '' ? Number.NaN : Number(v))}
            />
          )}
        </SimpleGrid>
        {fields.fuel && (
          <Slider
            value={Number.isFinite(fuel) ? Math.min(Math.max(fuel, 0), 100) : 0}
            onChange={setFuel}
            min={0}
            max={100}
            step={5}
            label={(v) => `${v} %`}
            aria-label={t('trip.fuel')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('trip.cleanInside')}
            data={cleanliness}
            value={inside}
            onChange={(v) => setInside(v ?? 'sauber')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('trip.cleanOutside')}
            data={cleanliness}
            value={outside}
            onChange={(v) => setOutside(v ?? 'sauber')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('trip.parking')}
            data={(location?.parkingSpaces ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={parking}
            onChange={setParking}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {/* dienstlich is the only kind unless the tenant allows privat or Arbeitsweg: no question then */}
        {(tripKinds.data?.allowedTripKinds.length ?? 0) > 1 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('trip.tripKind')}
            </Text>
            <SegmentedControl
              aria-label={t('trip.tripKind')}
              data-testid="trip-kind"
              value={tripKind}
              onChange={setTripKind}
              data={tripKinds.data!.allowedTripKinds.map((k) => ({ value: k, label: t(`trip.tripKinds.${k}`) }))}
            />
            <Text size="xs" c="dimmed">
              {t('trip.tripKindHint')}
            </Text>
          </Stack>
        )}
        {(attributes.data?.attributes.length ?? 0) > 0 && (
          <AttributeFields attributes={attributes.data!.attributes} values={values} onChange={setValues} />
        )}
        <Title order={4}>{t('trip.damages')}</Title>
        {damages.map((d, i) => (
          <Paper key={d.key} withBorder p="sm">
            <Group align="flex-end" wrap="nowrap">
              <Stack gap={6} style={{ flex: 1 }}>
                <TextInput
                  label={t('trip.damageDescription')}
                  value={d.description}
                  onChange={(e) => setDamages(damages.map((x, j) => (j === i ? { ...x, description: e.currentTarget.value } : x)))}
                />
                <FileInput
                  label={t('trip.damagePhoto')}
                  accept="image/png,image/jpeg,application/pdf"
                  value={d.file}
                  onChange={(f) => setDamages(damages.map((x, j) => (j === i ? { ...x, file: f } : x)))}
                  clearable
                />
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('trip.removeDamage')}
                onClick={() => setDamages(damages.filter((_, j) => j !== i))}
              >
                ×
              </ActionIcon>
            </Group>
          </Paper>
        ))}
        <Button
          variant="light"
          onClick={() => setDamages([...damages, { key: Date.now() + damages.length, description: '', file: null }])}
          w="fit-content"
        >
          {t('trip.addDamage')}
        </Button>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tc('actions.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            {t('trip.end')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
