import type { GuestBookingDto } from '@contracts/guests';
import { formatDate, formatTime } from '@domain/time';
import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import { Anchor, Badge, Button, Card, Checkbox, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLanguage } from '@web/lib/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDayList } from '../api/use-day-list';
import { useGuestBookings } from '../api/use-guest-bookings';
import { dayChoices, periodLabel } from './choices';
import { GuestBookingForm } from './guest-booking-form';
import { GuestLicenceDialog } from './guest-licence-dialog';

const KIND_COLOUR = { ausgabe: 'blue', rueckgabe: 'teal', ueberfaellig: 'red' } as const;

/** For a vehicle that requires a class: whether the guest's licence is recorded, and the button to record it before the hand-over. */
function LicenceLine({ b, onLicence }: { b: GuestBookingDto; onLicence?: ((b: GuestBookingDto) => void) | undefined }) {
  const { t } = useTranslation('guests');
  if (!b.requiredLicenseClass) return null;
  const open = b.status !== 'storniert' && b.status !== 'durchgeführt';
  return (
    <Group gap="xs" wrap="wrap" mt={2}>
      {b.licence ? (
        <Badge size="sm" variant="light" color="green">
          {t('licence.recorded', { classes: b.licence.classes.join(', ') })}
        </Badge>
      ) : (
        <Badge size="sm" variant="light" color="orange">
          {t('licence.missing', { cls: b.requiredLicenseClass })}
        </Badge>
      )}
      {onLicence && open && (
        <Button size="compact-sm" variant={b.licence ? 'subtle' : 'light'} onClick={() => onLicence(b)}>
          {b.licence ? t('licence.again') : t('licence.record')}
        </Button>
      )}
    </Group>
  );
}

function GuestLine({ b, onLicence }: { b: GuestBookingDto; onLicence?: ((b: GuestBookingDto) => void) | undefined }) {
  const { t } = useTranslation('guests');
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{b.guestName}</Text>
        <Badge size="sm" variant="light" color={b.status === 'vorgemerkt' ? 'yellow' : b.status === 'storniert' ? 'gray' : 'green'}>
          {t(`status.${b.status}`)}
        </Badge>
        {b.source === 'gaesteverleih' && (
          <Badge size="sm" variant="outline">
            {t('reception.online')}
          </Badge>
        )}
      </Group>
      <Text size="sm">
        {b.licensePlate} · {b.vehicleLabel}
      </Text>
      <Text size="sm" c="dimmed">
        {periodLabel(b.von, b.bis)}
        {b.guestPhone ? ` · ${b.guestPhone}` : ''}
      </Text>
      {b.notes && (
        <Text size="sm" c="dimmed" fs="italic">
          {b.notes}
        </Text>
      )}
      <LicenceLine b={b} onLicence={onLicence} />
    </Stack>
  );
}

/** The reception's day list: who comes when for which bike, who brings it back, who is overdue. */
export function DayList({ onLicence }: { onLicence?: (b: GuestBookingDto) => void }) {
  const { t } = useTranslation('guests');
  const today = berlinDay(new Date());
  const [day, setDay] = useState(today);
  const list = useDayList(day);
  const days = dayChoices(15, useLanguage(), addDays(today, -7));
  return (
    <Stack gap="xs" component="section" aria-label={t('day.title')}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h4">
          {day === today ? t('day.title') : t('day.titleOther', { date: formatDate(berlinInstant(day, '12:00')) })}
        </Title>
        <NativeSelect aria-label={t('day.date')} data={days} value={day} onChange={(e) => setDay(e.currentTarget.value)} w={170} />
      </Group>
      {list.isPending && <Loader size="sm" />}
      {list.error && <Text c="red">{list.error.message}</Text>}
      {list.data && list.data.entries.length === 0 && <Text c="dimmed">{t('day.empty')}</Text>}
      {list.data?.entries.map((e) => (
        <Card key={`${e.kind}-${e.booking.id}`} withBorder padding="sm" radius="md" data-testid="day-entry">
          <Group align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={2} w={92} style={{ flexShrink: 0 }}>
              <Text fw={700} size="lg">
                {formatTime(e.at)}
              </Text>
              <Badge color={KIND_COLOUR[e.kind]} size="sm">
                {t(`day.kind.${e.kind}`)}
              </Badge>
            </Stack>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <GuestLine b={e.booking} onLicence={onLicence} />
              {e.kind === 'ueberfaellig' && (
                <Text size="sm" c="red">
                  {e.booking.status === 'aktiv'
                    ? t('day.overdueReturn', { time: `${formatDate(e.at)} ${formatTime(e.at)}` })
                    : t('day.overdueHandOver', { time: `${formatDate(e.at)} ${formatTime(e.at)}` })}
                </Text>
              )}
            </Stack>
          </Group>
        </Card>
      ))}
      <Text size="xs" c="dimmed">
        {t('day.handOverHint')}
      </Text>
    </Stack>
  );
}

/** /fahrzeuge/uebersicht for the reception: new guest booking, the day list and all guest bookings. */
export function GuestBookingsPanel() {
  const { t } = useTranslation('guests');
  const [open, setOpen] = useState(false);
  const [past, setPast] = useState(false);
  const [licenceFor, setLicenceFor] = useState<GuestBookingDto | null>(null);
  const list = useGuestBookings(past);
  return (
    <Stack gap="lg" mt="xl" component="section" aria-label={t('reception.title')}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {t('reception.title')}
        </Title>
        <Button onClick={() => setOpen(true)}>{t('reception.newBooking')}</Button>
      </Group>
      <DayList onLicence={setLicenceFor} />
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{list.data ? t('reception.count', { count: list.data.bookings.length }) : ''}</Text>
          <Checkbox label={t('reception.includePast')} checked={past} onChange={(e) => setPast(e.currentTarget.checked)} />
        </Group>
        {list.isPending && <Loader size="sm" />}
        {list.data && list.data.bookings.length === 0 && <Text c="dimmed">{t('reception.empty')}</Text>}
        {list.data?.bookings.map((b) => (
          <Card key={b.id} withBorder padding="sm" radius="md" data-testid="guest-booking">
            <GuestLine b={b} onLicence={setLicenceFor} />
            <Text size="xs" c="dimmed" mt={4}>
              {t('reception.bookedBy', { name: b.bookedByName })}
            </Text>
          </Card>
        ))}
      </Stack>
      <GuestBookingForm opened={open} onClose={() => setOpen(false)} />
      <GuestLicenceDialog booking={licenceFor} onClose={() => setLicenceFor(null)} />
    </Stack>
  );
}

/** The sidebar of /fahrzeuge: upcoming guest bookings with guest, vehicle, date and time. */
export function GuestBookingsSidebar() {
  const { t } = useTranslation('guests');
  const list = useGuestBookings(false);
  const upcoming = (list.data?.bookings ?? []).filter((b) => b.status !== 'storniert' && b.status !== 'durchgeführt').slice(0, 8);
  return (
    <Stack gap="xs" p="xs" component="section" aria-label={t('reception.title')}>
      <Group justify="space-between">
        <Title order={2} size="h5">
          {t('reception.title')}
        </Title>
        <Anchor component={Link} to="/fahrzeuge/uebersicht" size="sm">
          {t('reception.showAll')}
        </Anchor>
      </Group>
      {list.isPending && <Loader size="sm" />}
      {list.data && upcoming.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('reception.empty')}
        </Text>
      )}
      {upcoming.map((b) => (
        <Card key={b.id} withBorder padding="xs" radius="sm">
          <GuestLine b={b} />
        </Card>
      ))}
    </Stack>
  );
}
