import {
  Alert,
  Button,
  Checkbox,
  Chip,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput, DatesProvider, TimePicker } from '@mantine/dates';
import { useEffect, useState } from 'react';
import '@mantine/dates/styles.css';
import '@web/lib/dayjs';
import { WEEKDAYS } from '@contracts/vehicles';
import { notifications } from '@mantine/notifications';
import {
  useSaveVehicle,
  useUploadVehicleImage,
  useVehicleDepartments,
  type VehicleInput,
} from '@web/features/vehicles/api/use-admin-vehicles';
import { useVehicleAttributes } from '@web/features/vehicles/api/use-vehicle-attributes';
import { useVehicleLocations } from '@web/features/vehicles/api/use-vehicle-locations';
import type { Vehicle } from '@web/features/vehicles/api/use-vehicles';
import { isApiError } from '@web/lib/api-client';
import { useTranslation } from 'react-i18next';
import { AttributeFields } from '../attribute-fields';
import { vehicleName } from '../format';

const EMPTY: VehicleInput = {
  validFrom: null,
  validTo: null,
  locationId: '',
  category: '',
  brand: '',
  model: '',
  licensePlate: '',
  fuel: '',
  powerKw: null,
  gearbox: null,
  trunkBags: null,
  seats: 5,
  doors: 5,
  colour: null,
  requiredLicenseClass: 'B',
  airConditioning: false,
  navigation: false,
  cruiseControl: false,
  seatHeating: false,
  guestBookingPossible: false,
  bookingOutsidePossible: false,
  departmentIds: [],
  bookingTimes: { weekdays: ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags'], from: '09:00', to: '18:00' },
  attributes: {},
};

function toInput(v: Vehicle): VehicleInput {
  const { id: _id, locationName: _l, imageUrl: _i, deactivated: _d, ...rest } = v;
  return rest;
}

const num = (v: string | number) => (v === '' ? null : Number(v));

/** Create or edit a vehicle with every field of docs/product.md#vehicles; editing sends the old data along. */
export function VehicleForm({ vehicle, opened, onClose }: { vehicle: Vehicle | null; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('vehicles');
  const { t: tc } = useTranslation();
  const [form, setForm] = useState<VehicleInput>(EMPTY);
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const locations = useVehicleLocations();
  const departments = useVehicleDepartments();
  const attributes = useVehicleAttributes('FAHRZEUG');
  const save = useSaveVehicle();
  const upload = useUploadVehicleImage();
  useEffect(() => {
    if (!opened) return;
    setForm(vehicle ? toInput(vehicle) : { ...EMPTY, locationId: locations.data?.locations[0]?.id ?? '' });
    setImage(null);
    setError(null);
  }, [opened, vehicle, locations.data]);

  const set = <K extends keyof VehicleInput>(k: K, v: VehicleInput[K]) => setForm((f) => ({ ...f, [k]: v }));
  const text = (k: 'category' | 'brand' | 'model' | 'licensePlate' | 'fuel', required = true) => (
    <TextInput label={t(`admin.fields.${k}`)} withAsterisk={required} value={form[k]} onChange={(e) => set(k, e.currentTarget.value)} />
  );
  const optText = (k: 'gearbox' | 'colour' | 'requiredLicenseClass') => (
    <TextInput
      label={t(`admin.fields.${k}`)}
      value={form[k] ?? ''}
      onChange={(e) => set(k, e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
    />
  );
  const optNum = (k: 'powerKw' | 'trunkBags' | 'seats' | 'doors') => (
    <NumberInput label={t(`admin.fields.${k}`)} value={form[k] ?? ''} min={0} allowDecimal={false} onChange={(v) => set(k, num(v))} />
  );
  const flag = (
    k: 'airConditioning' | 'navigation' | 'cruiseControl' | 'seatHeating' | 'guestBookingPossible' | 'bookingOutsidePossible',
  ) => <Checkbox label={t(`admin.fields.${k}`)} checked={form[k]} onChange={(e) => set(k, e.currentTarget.checked)} />;

  const submit = () => {
    setError(null);
    save.mutate(
      { old: vehicle, input: form },
      {
        onSuccess: async (res) => {
          if (image) {
            try {
              await upload.mutateAsync({ id: res.vehicle.id, file: image });
            } catch (e) {
              setError(isApiError(e) ? e.message : tc('errors.unknown'));
              return;
            }
          }
          notifications.show({
            color: 'green',
            message: vehicle
              ? res.cancelledBookings
                ? t('admin.saved', { count: res.cancelledBookings })
                : t('admin.savedNone')
              : t('admin.created'),
          });
          onClose();
        },
        onError: (e) => setError(isApiError(e) ? e.message : tc('errors.unknown')),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={vehicle ? t('admin.editTitle', { name: vehicleName(vehicle) }) : t('admin.createTitle')}
    >
      <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'de', firstDayOfWeek: 1 }}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('admin.sections.base')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('brand')}
            {text('model')}
            {text('licensePlate')}
            {text('category')}
            <Select
              label={t('admin.fields.locationId')}
              withAsterisk
              data={(locations.data?.locations ?? []).map((l) => ({ value: l.id, label: l.name }))}
              value={form.locationId || null}
              onChange={(v) => set('locationId', v ?? '')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            {text('fuel')}
            <DatePickerInput
              label={t('admin.fields.validFrom')}
              valueFormat="DD.MM.YYYY"
              value={form.validFrom ?? null}
              onChange={(v) => set('validFrom', v)}
              clearable
            />
            <DatePickerInput
              label={t('admin.fields.validTo')}
              valueFormat="DD.MM.YYYY"
              value={form.validTo ?? null}
              onChange={(v) => set('validTo', v)}
              clearable
            />
            {optText('requiredLicenseClass')}
          </SimpleGrid>
          <Title order={3} size="h5">
            {t('admin.sections.equipment')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {optNum('powerKw')}
            {optText('gearbox')}
            {optNum('seats')}
            {optNum('doors')}
            {optNum('trunkBags')}
            {optText('colour')}
          </SimpleGrid>
          <Group gap="lg">
            {flag('airConditioning')}
            {flag('navigation')}
            {flag('cruiseControl')}
            {flag('seatHeating')}
          </Group>
          <FileInput label={t('admin.image')} accept="image/png,image/jpeg" value={image} onChange={setImage} clearable />
          <Title order={3} size="h5">
            {t('admin.sections.booking')}
          </Title>
          <Chip.Group
            multiple
            value={form.bookingTimes.weekdays as string[]}
            onChange={(v) => set('bookingTimes', { ...form.bookingTimes, weekdays: WEEKDAYS.filter((d) => v.includes(d)) })}
          >
            <Group gap={6} aria-label={t('admin.fields.weekdays')}>
              {WEEKDAYS.map((d) => (
                <Chip key={d} value={d} size="sm">
                  {t(`admin.weekdays.${d}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <TimePicker
              label={t('admin.fields.from')}
              value={form.bookingTimes.from}
              onChange={(v) => set('bookingTimes', { ...form.bookingTimes, from: v })}
              format="24h"
            />
            <TimePicker
              label={t('admin.fields.to')}
              value={form.bookingTimes.to}
              onChange={(v) => set('bookingTimes', { ...form.bookingTimes, to: v })}
              format="24h"
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Switch
              label={t('admin.fields.bookingOutsidePossible')}
              checked={form.bookingOutsidePossible}
              onChange={(e) => set('bookingOutsidePossible', e.currentTarget.checked)}
            />
            <Switch
              label={t('admin.fields.guestBookingPossible')}
              checked={form.guestBookingPossible}
              onChange={(e) => set('guestBookingPossible', e.currentTarget.checked)}
            />
          </Stack>
          <MultiSelect
            label={t('admin.fields.departmentIds')}
            data={(departments.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
            value={form.departmentIds}
            onChange={(v) => set('departmentIds', v)}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          {(attributes.data?.attributes.length ?? 0) > 0 && (
            <>
              <Title order={3} size="h5">
                {t('admin.sections.attributes')}
              </Title>
              <AttributeFields
                attributes={attributes.data!.attributes}
                values={form.attributes ?? {}}
                onChange={(v) => set('attributes', v)}
              />
            </>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('actions.cancel')}
            </Button>
            <Button onClick={submit} loading={save.isPending || upload.isPending}>
              {tc('actions.save')}
            </Button>
          </Group>
        </Stack>
      </DatesProvider>
    </Modal>
  );
}
