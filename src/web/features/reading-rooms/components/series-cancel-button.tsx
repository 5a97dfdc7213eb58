import type { ReadingRoomBookingDto } from '@contracts/reading-rooms';
import { formatDate, formatTime } from '@domain/time';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useCancelSeries } from '../api/use-series';
import { useRT } from '../use-rt';

/** Cancelling a booking of a series (decision 091): this one, this and all following, or the whole series. */
export function SeriesCancelButton({ b }: { b: ReadingRoomBookingDto }) {
  const rt = useRT();
  const [open, setOpen] = useState(false);
  const cancel = useCancelSeries();
  const run = (scope: 'eine' | 'folgende' | 'alle') =>
    cancel.mutate(
      { id: b.id, scope },
      {
        onSuccess: (r) => {
          setOpen(false);
          notifications.show({ color: 'green', message: rt('series.cancelled', { count: r.cancelled }) });
        },
      },
    );
  return (
    <>
      <Button size="compact-sm" variant="light" color="red" onClick={() => setOpen(true)} data-testid="series-cancel">
        {rt('sidebar.cancel')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={rt('series.cancelTitle')}>
        <Stack gap="sm">
          <Text size="sm">
            {b.objectName} · {formatDate(b.von)} · {formatTime(b.von)}–{formatTime(b.bis)}
          </Text>
          {cancel.error ? (
            <Text size="sm" c="red.8" role="alert">
              {cancel.error.message}
            </Text>
          ) : null}
          <Button variant="light" color="red" onClick={() => run('eine')} loading={cancel.isPending && cancel.variables?.scope === 'eine'}>
            {rt('series.cancelOne')}
          </Button>
          <Button
            variant="light"
            color="red"
            onClick={() => run('folgende')}
            loading={cancel.isPending && cancel.variables?.scope === 'folgende'}
          >
            {rt('series.cancelFollowing')}
          </Button>
          <Button color="red" onClick={() => run('alle')} loading={cancel.isPending && cancel.variables?.scope === 'alle'}>
            {rt('series.cancelAll')}
          </Button>
          <Button variant="default" onClick={() => setOpen(false)}>
            {rt('sidebar.keep')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
