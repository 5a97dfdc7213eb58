import type { Area, ReadingRoomBookingDto } from '@contracts/reading-rooms';
import { removalTargetOf } from '@domain/reading-room-removal';
import { formatDate, formatTime } from '@domain/time';
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AbsenceButton } from '@web/components/absence-button';
import { openConfirmModal } from '@web/components/overlays/deferred-overlays';
import { isApiError } from '@web/lib/api-client';
import { type BookingAction, useBookingAction } from '../api/use-booking-action';
import { useMyBookings } from '../api/use-my-bookings';
import type { ReadingRoomSearch } from '../search';
import { useRT } from '../use-rt';
import { SeriesCancelButton } from './series-cancel-button';
import { TeamPanel } from './team-panel';

const STATUS_COLOURS: Record<string, string> = { vorgemerkt: 'yellow', reserviert: 'blue', durchgeführt: 'green', storniert: 'gray' };

interface CardProps {
  b: ReadingRoomBookingDto;
  role: 'booker' | 'reservation';
  busy: boolean;
  run: (a: BookingAction) => void;
}

function BookingCard({ b, role, busy, run }: CardProps) {
  const rt = useRT();
  const cancel = () =>
    void openConfirmModal({
      title: rt('sidebar.cancelTitle'),
      children: (
        <Text size="sm">
          {rt('sidebar.cancelText', { name: b.objectName, date: formatDate(b.von), von: formatTime(b.von), bis: formatTime(b.bis) })}
        </Text>
      ),
      labels: { confirm: rt('sidebar.cancelButton'), cancel: rt('sidebar.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => run('cancel'),
    });
  return (
    <Card withBorder padding="xs" radius="sm" data-testid="sidebar-booking" data-booking={b.id}>
      <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} size="sm" aria-label={rt('sidebar.object')}>
            {b.objectName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {b.floorPlanName}
          </Text>
        </div>
        <Badge size="sm" tt="none" color={STATUS_COLOURS[b.status]} variant="light">
          {rt(`status.${b.status}`)}
        </Badge>
      </Group>
      <Text size="sm" mt={4}>
        {formatDate(b.von)} · {formatTime(b.von)}–{formatTime(b.bis)}
        {b.seriesId ? (
          <Badge ml={6} size="xs" tt="none" color="grape" variant="outline">
            {rt('series.badge')}
          </Badge>
        ) : null}
      </Text>
      {b.status === 'storniert' && removalTargetOf(b.cancelReason) ? (
        <Text size="xs" c="red.8" data-testid="cancel-reason">
          {rt(`sidebar.cancelledBecause.${removalTargetOf(b.cancelReason)}`)}
        </Text>
      ) : null}
      {role === 'booker' && b.confirming ? (
        <Text size="xs" c="dimmed">
          {rt('sidebar.bookedFor', { name: b.confirming.name })}
        </Text>
      ) : null}
      {role === 'reservation' ? (
        <Text size="xs" c="dimmed">
          {rt('sidebar.bookedBy', { name: b.booker.name })}
        </Text>
      ) : null}
      {b.canConfirm || b.canCheckIn || b.canCancel ? (
        <Group gap={6} mt={6}>
          {b.canConfirm ? (
            <Button size="compact-sm" onClick={() => run('confirm')} loading={busy}>
              {rt('sidebar.confirm')}
            </Button>
          ) : null}
          {b.canCheckIn ? (
            <Button size="compact-sm" color="green" onClick={() => run('check-in')} loading={busy}>
              {rt('sidebar.checkIn')}
            </Button>
          ) : null}
          {b.canCancel && b.seriesId && role === 'booker' ? (
            <SeriesCancelButton b={b} />
          ) : b.canCancel ? (
            <Button size="compact-sm" variant="light" color="red" onClick={cancel} loading={busy}>
              {rt('sidebar.cancel')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Card>
  );
}

/** Sidebar of the reading-room and workplace layouts: your bookings and your reservations, with actions. */
export function BookingSidebar({
  area,
  search,
  onSearch,
}: {
  area: Area;
  search: ReadingRoomSearch;
  onSearch: (patch: Partial<ReadingRoomSearch>) => void;
}) {
  const rt = useRT();
  const mine = useMyBookings(area);
  // The action lives here, not in the card: a cancelled booking's card disappears before the answer is shown.
  const action = useBookingAction();
  const run = (id: string, a: BookingAction) =>
    action.mutate(
      { id, action: a },
      {
        onSuccess: (after) =>
          notifications.show({
            color: 'green',
            message:
              a === 'cancel'
                ? rt('notify.cancelled')
                : a === 'confirm'
                  ? rt('notify.confirmed')
                  : rt('notify.checkedIn', { name: after.objectName }),
          }),
        onError: (e) =>
          notifications.show({ color: 'red', title: rt('notify.failed'), message: isApiError(e) ? e.message : String(e), autoClose: 8000 }),
      },
    );
  const section = (title: string, list: ReadingRoomBookingDto[] | undefined, role: 'booker' | 'reservation', testId: string) => (
    <Stack gap={6} data-testid={testId}>
      <Title order={2} size="h5">
        {title}
      </Title>
      {mine.isPending ? <Loader size="sm" /> : null}
      {list && list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {rt('sidebar.none')}
        </Text>
      ) : null}
      {list?.map((b) => (
        <BookingCard key={b.id} b={b} role={role} busy={action.isPending && action.variables?.id === b.id} run={(a) => run(b.id, a)} />
      ))}
    </Stack>
  );
  return (
    <Stack gap="md">
      <AbsenceButton />
      {area === 'arbeitswelt' ? <TeamPanel search={search} onSearch={onSearch} /> : null}
      {section(rt('sidebar.bookings'), mine.data?.bookings, 'booker', 'my-bookings')}
      {section(rt('sidebar.reservations'), mine.data?.reservations, 'reservation', 'my-reservations')}
    </Stack>
  );
}
