import { berlinInstant } from '@domain/vehicle-time';
import { Alert, Button, Group, Modal, NativeSelect, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useLanguage } from '@web/lib/i18n';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateGuestBooking } from '../api/use-create-guest-booking';
import { useGuestVehicles } from '../api/use-guest-vehicles';
import { dayChoices, defaultPeriod, timeChoices } from './choices';

/** The reception books a vehicle that allows guests for a guest: vehicle, day, time, name, e-mail, phone, note, mail language. */
export function GuestBookingForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('guests');
  const vehicles = useGuestVehicles();
  const create = useCreateGuestBooking();
  const days = dayChoices(60, useLanguage());
  const times = timeChoices('06:00', '22:00');
  const [vehicleId, setVehicleId] = useState('');
  // The reception's day runs 06:00–22:00; the form opens on the rest of the working day, or tomorrow's.
  const [start] = useState(() => defaultPeriod(new Date(), { earliest: '09:00', latest: '22:00', minutes: 9 * 60, atLeast: 60 }));
  const [day, setDay] = useState(start.day);
  const [from, setFrom] = useState(start.from);
  const [to, setTo] = useState(start.to);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [notes, setNotes] = useState('');
  const [locale, setLocale] = useState<'de' | 'en'>('de');
  const options = (vehicles.data?.vehicles ?? []).map((v) => ({ value: v.id, label: `${v.licensePlate} – ${v.label}` }));
  const chosen = vehicleId || options[0]?.value || '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        vehicleId: chosen,
        von: berlinInstant(day, from).toISOString(),
        bis: berlinInstant(day, to).toISOString(),
        guestName: name,
        guestEmail: email,
        ...(phone.trim() ? { guestPhone: phone } : {}),
        ...(notes.trim() ? { notes } : {}),
        locale,
      },
      {
        onSuccess: () => {
          setName('');
          setEmail('');
          setPhone('');
          setNotes('');
        },
      },
    );
  };
  const close = () => {
    create.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('form.title')}
      size="lg"
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 500}
    >
      {create.isSuccess ? (
        <Stack>
          <Alert color="green" role="status">
            {create.data.confirmed
              ? t('form.success', { name: create.data.guestName })
              : t('form.successUnconfirmed', { name: create.data.guestName })}
          </Alert>
          <Group>
            <Button onClick={() => create.reset()}>{t('reception.newBooking')}</Button>
            <Button variant="default" onClick={close}>
              {t('form.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="sm">
            <NativeSelect
              label={t('form.vehicle')}
              data={options}
              value={chosen}
              onChange={(e) => setVehicleId(e.currentTarget.value)}
              required
            />
            <NativeSelect label={t('form.date')} data={days} value={day} onChange={(e) => setDay(e.currentTarget.value)} />
            <Group gap="sm" grow>
              <NativeSelect label={t('form.from')} data={times} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
              <NativeSelect label={t('form.to')} data={times} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
            </Group>
            <TextInput label={t('form.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} />
            <TextInput
              label={t('form.email')}
              required
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              maxLength={254}
            />
            <TextInput label={t('form.phone')} type="tel" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} maxLength={40} />
            <Textarea
              label={t('form.notes')}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
              maxLength={1000}
              autosize
              minRows={2}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('form.language')}
              </Text>
              <SegmentedControl
                value={locale}
                onChange={(v) => setLocale(v as 'de' | 'en')}
                data={[
                  { value: 'de', label: t('form.de') },
                  { value: 'en', label: t('form.en') },
                ]}
              />
            </Stack>
            {create.error && (
              <Alert color="red" role="alert">
                {create.error.message}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending} disabled={!chosen}>
                {t('form.submit')}
              </Button>
              <Button variant="default" onClick={close}>
                {t('form.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
