import { formatDate, formatTime } from '@domain/time';
import { Anchor, Badge, Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { openConfirmModal } from '@web/components/overlays/deferred-overlays';
import { isApiError } from '@web/lib/api-client';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelBooking } from '../api/use-cancel-booking';
import { useMyBookings, type VehicleBooking } from '../api/use-my-bookings';
import { useVehicleEvents } from '../api/use-vehicle-events';
import { formatPeriod } from './format';
import { BookingDialog, EndTripDialog, SeriesCancelDialog, StartTripDialog } from './lazy-dialogs';

const STATUS_COLOR: Record<string, string> = {
  reserviert: 'blue',
  aktiv: 'green',
  durchgeführt: 'gray',
  storniert: 'red',
  vorgemerkt: 'yellow',
  verschlossen: 'gray',
};

export function StatusBadge({ booking }: { booking: VehicleBooking }) {
  const { t } = useTranslation('vehicles');
  const pending = booking.needsApproval && !booking.approved && booking.status !== 'storniert';
  return (
    <Group gap={4}>
      <Badge color={STATUS_COLOR[booking.status] ?? 'gray'} variant="light" tt="none" data-status={booking.status}>
        {t(`status.${booking.status}`)}
      </Badge>
      {pending && (
        <Badge color="yellow" variant="light" tt="none">
          {t('overview.approvalPending')}
        </Badge>
      )}
    </Group>
  );
}

function useBookingActions() {
  const { t } = useTranslation('vehicles');
  const { t: tc } = useTranslation();
  const cancel = useCancelBooking();
  const [starting, setStarting] = useState<VehicleBooking | null>(null);
  const [ending, setEnding] = useState<VehicleBooking | null>(null);
  const [editing, setEditing] = useState<VehicleBooking | null>(null);
  const [seriesCancel, setSeriesCancel] = useState<VehicleBooking | null>(null);
  const { mutate } = cancel;
  // Stable across renders, so the memoised cards render only when their booking changes.
  const handlers = useMemo(
    () => ({
      setStarting,
      setEnding,
      setEditing,
      setSeriesCancel,
      confirmCancel: (b: VehicleBooking) =>
        void openConfirmModal({
          title: t('overview.cancelTitle'),
          children: (
            <Text size="sm">
              {t('overview.cancelConfirm', { name: `${b.vehicleLabel} (${b.licensePlate})`, period: formatPeriod(b.von, b.bis) })}
            </Text>
          ),
          labels: { confirm: t('overview.cancel'), cancel: t('overview.keep') },
          confirmProps: { color: 'red' },
          onConfirm: () =>
            mutate(b.id, {
              onSuccess: () => notifications.show({ color: 'green', message: t('overview.cancelled') }),
              onError: (e) => notifications.show({ color: 'red', message: isApiError(e) ? e.message : tc('errors.unknown') }),
            }),
        }),
    }),
    [t, tc, mutate],
  );
  return { starting, ending, editing, seriesCancel, handlers };
}

type Actions = ReturnType<typeof useBookingActions>;
type Handlers = Actions['handlers'];

function BookingActions({ b, handlers, compact }: { b: VehicleBooking; handlers: Handlers; compact?: boolean }) {
  const { t } = useTranslation('vehicles');
  const open = b.status === 'reserviert' || b.status === 'vorgemerkt';
  const size = compact ? 'compact-xs' : 'xs';
  const startable = open && new Date(b.von).getTime() - Date.now() < 12 * 3_600_000 && new Date(b.bis).getTime() > Date.now();
  return (
    <Group gap={6}>
      {startable && (
        <Button size={size} onClick={() => handlers.setStarting(b)} disabled={b.needsApproval && !b.approved}>
          {t('trip.start')}
        </Button>
      )}
      {b.status === 'aktiv' && (
        <Button size={size} onClick={() => handlers.setEnding(b)}>
          {t('trip.end')}
        </Button>
      )}
      {open && (
        <Button size={size} variant="default" onClick={() => handlers.setEditing(b)}>
          {t('overview.edit')}
        </Button>
      )}
      {(open || b.status === 'aktiv') && (
        <Button
          size={size}
          variant="subtle"
          color="red"
          onClick={() => (b.seriesId && open ? handlers.setSeriesCancel(b) : handlers.confirmCancel(b))}
        >
          {t('overview.cancel')}
        </Button>
      )}
    </Group>
  );
}

const BookingCard = memo(function BookingCard({
  b,
  myId,
  handlers,
  compact,
}: {
  b: VehicleBooking;
  myId: string;
  handlers: Handlers;
  compact?: boolean;
}) {
  const { t } = useTranslation('vehicles');
  const forOther = b.bookedFor.id !== myId;
  const byOther = b.bookedBy.id !== myId;
  return (
    <Card withBorder padding={compact ? 'xs' : 'sm'} data-booking-id={b.id}>
      <Stack gap={4}>
        <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm">
            {b.vehicleLabel}
          </Text>
          <Badge variant="outline" tt="none" size="sm" style={{ flexShrink: 0 }}>
            {b.licensePlate}
          </Badge>
        </Group>
        <Text size="sm">
          {formatDate(b.von)} · {formatTime(b.von)}–
          {formatDate(b.von) === formatDate(b.bis) ? formatTime(b.bis) : `${formatDate(b.bis)} ${formatTime(b.bis)}`}
        </Text>
        {forOther && (
          <Text size="xs" c="dimmed">
            {t('overview.bookedFor', { name: b.bookedFor.name })}
          </Text>
        )}
        {byOther && (
          <Text size="xs" c="dimmed">
            {t('overview.bookedBy', { name: b.bookedBy.name })}
          </Text>
        )}
        <Group gap={4}>
          <StatusBadge booking={b} />
          {b.seriesId ? (
            <Badge color="grape" variant="light" tt="none" data-testid="series-badge">
              {t('series.badge')}
            </Badge>
          ) : null}
        </Group>
        {b.status === 'storniert' && b.cancelReason && (
          <Text size="xs" c="red.8">
            {t('overview.cancelReason', { reason: b.cancelReason })}
          </Text>
        )}
        <BookingActions b={b} handlers={handlers} compact={compact} />
      </Stack>
    </Card>
  );
});

function Dialogs({ actions, myId }: { actions: Actions; myId: string }) {
  return (
    <>
      <StartTripDialog booking={actions.starting} onClose={() => actions.handlers.setStarting(null)} />
      <EndTripDialog booking={actions.ending} onClose={() => actions.handlers.setEnding(null)} />
      <SeriesCancelDialog booking={actions.seriesCancel} onClose={() => actions.handlers.setSeriesCancel(null)} />
      <BookingDialog
        opened={actions.editing !== null}
        onClose={() => actions.handlers.setEditing(null)}
        booking={actions.editing}
        myId={myId}
        vehicle={
          actions.editing
            ? {
                id: actions.editing.vehicleId,
                brand: actions.editing.vehicleLabel,
                model: '',
                licensePlate: actions.editing.licensePlate,
                requiredLicenseClass: null,
              }
            : null
        }
      />
    </>
  );
}

const NO_BOOKINGS: VehicleBooking[] = [];

/** Two lists shown whole, as the server renders them (decision 207), and whether they are still loading (for aria-busy). */
function useRevealTwoLists(first: VehicleBooking[], second: VehicleBooking[], loading: boolean) {
  return { first: first.length, second: second.length, busy: loading };
}

/** Sidebar of /fahrzeuge: the user's upcoming bookings and bookings made for others (booking overview, docs/product.md#dialogs-and-panels). */
export function MyBookingsSidebar({ myId }: { myId: string }) {
  const { t } = useTranslation('vehicles');
  const mine = useMyBookings();
  const actions = useBookingActions();
  const upcoming = (list: VehicleBooking[]) => list.filter((b) => b.status !== 'storniert' && b.status !== 'durchgeführt').slice(0, 8);
  const forMe = mine.data ? upcoming(mine.data.forMe) : NO_BOOKINGS;
  const forOthers = mine.data ? upcoming(mine.data.forOthers) : NO_BOOKINGS;
  const { first: shownForMe, second: shownForOthers, busy } = useRevealTwoLists(forMe, forOthers, mine.isPending);
  return (
    <Stack gap="xs" p="xs" aria-label={t('overview.sidebarTitle')} component="section" aria-busy={busy}>
      <Group justify="space-between">
        <Title order={2} size="h5">
          {t('overview.sidebarTitle')}
        </Title>
        <Anchor component={Link} to="/fahrzeuge/uebersicht" size="sm">
          {t('overview.showAll')}
        </Anchor>
      </Group>
      {mine.isPending && <Loader size="sm" />}
      {mine.data && forMe.length === 0 && forOthers.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('overview.empty')}
        </Text>
      )}
      {forMe.slice(0, shownForMe).map((b) => (
        <BookingCard key={b.id} b={b} myId={myId} handlers={actions.handlers} compact />
      ))}
      {shownForOthers > 0 && (
        <>
          <Text size="sm" fw={600} mt="xs">
            {t('overview.forOthers')}
          </Text>
          {forOthers.slice(0, shownForOthers).map((b) => (
            <BookingCard key={b.id} b={b} myId={myId} handlers={actions.handlers} compact />
          ))}
        </>
      )}
      <Dialogs actions={actions} myId={myId} />
    </Stack>
  );
}

/** /fahrzeuge/uebersicht: all own bookings and those made for others, with vehicle, plate, date, time and actions. */
export function BookingsOverview({ myId }: { myId: string }) {
  const { t } = useTranslation('vehicles');
  const [past, setPast] = useState(false);
  const mine = useMyBookings(past);
  const actions = useBookingActions();
  useVehicleEvents();
  const forMe = mine.data?.forMe ?? NO_BOOKINGS;
  const forOthers = mine.data?.forOthers ?? NO_BOOKINGS;
  // A few cards per task, the second section only after the first is complete: the page grows at its end
  // and nothing painted moves (decision 172).
  const { first: shownForMe, second: shownForOthers, busy } = useRevealTwoLists(forMe, forOthers, mine.isPending);
  const section = (title: string, list: VehicleBooking[], shown: number) => (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      {list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('overview.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {list.slice(0, shown).map((b) => (
            <BookingCard key={b.id} b={b} myId={myId} handlers={actions.handlers} />
          ))}
        </Stack>
      )}
    </Stack>
  );
  return (
    <Stack gap="lg" maw={900} aria-busy={busy}>
      <Group justify="space-between">
        <Title order={1}>{t('overview.title')}</Title>
        <Switch label={t('overview.includePast')} checked={past} onChange={(e) => setPast(e.currentTarget.checked)} />
      </Group>
      {mine.isPending && <Loader />}
      {mine.data && section(t('overview.forMe'), forMe, shownForMe)}
      {mine.data && shownForMe === forMe.length && section(t('overview.forOthers'), forOthers, shownForOthers)}
      <Dialogs actions={actions} myId={myId} />
    </Stack>
  );
}
