import { formatDate, formatTime } from '@domain/time';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@web/lib/api-client';
import { useState } from 'react';
import { useBookingAction } from '../api/use-booking-action';
import { useRT } from '../use-rt';

/** Deep link of the pre-booking mail: confirm or decline in one step (loaded only with ?bestaetigen=…). */
export default function ConfirmDeepLink({
  id,
  pending,
  onDone,
}: {
  id: string;
  pending: { id: string; objectName: string; von: string; bis: string; booker: { name: string } }[];
  onDone: () => void;
}) {
  const rt = useRT();
  const action = useBookingAction();
  // A snapshot: after confirming, the booking leaves the pending list while the dialog is still open.
  const [booking] = useState(() => pending.find((p) => p.id === id));
  const run = (a: 'confirm' | 'cancel') =>
    action.mutate(
      { id, action: a },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: a === 'confirm' ? rt('notify.confirmed') : rt('notify.cancelled') });
          onDone();
        },
      },
    );
  return (
    <Modal opened onClose={onDone} title={rt('confirmDeepLink.title')}>
      <Stack>
        {booking ? (
          <Text>
            {rt('confirmDeepLink.text', {
              booker: booking.booker.name,
              name: booking.objectName,
              date: formatDate(booking.von),
              von: formatTime(booking.von),
              bis: formatTime(booking.bis),
            })}
          </Text>
        ) : (
          <Text>{rt('confirmDeepLink.notFound')}</Text>
        )}
        {action.error ? <Alert color="red">{isApiError(action.error) ? action.error.message : String(action.error)}</Alert> : null}
        {booking ? (
          <Group justify="flex-end">
            <Button variant="light" color="red" onClick={() => run('cancel')} loading={action.isPending}>
              {rt('confirmDeepLink.decline')}
            </Button>
            <Button onClick={() => run('confirm')} loading={action.isPending}>
              {rt('confirmDeepLink.confirm')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}
