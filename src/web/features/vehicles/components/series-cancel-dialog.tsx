import { Button, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { VehicleBooking } from '../api/use-my-bookings';
import { useCancelVehicleSeries } from '../api/use-vehicle-series';
import { formatPeriod } from './format';

/** Cancelling a date of a vehicle series (decision 115): this one, this and all following, or the whole series. */
export function SeriesCancelDialog({ booking, onClose }: { booking: VehicleBooking | null; onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const cancel = useCancelVehicleSeries();
  const run = (scope: 'eine' | 'folgende' | 'alle') =>
    booking &&
    cancel.mutate(
      { id: booking.id, scope },
      {
        onSuccess: (r) => {
          onClose();
          notifications.show({ color: 'green', message: t('series.cancelled', { count: r.cancelled }) });
        },
      },
    );
  const busy = (scope: string) => cancel.isPending && cancel.variables?.scope === scope;
  return (
    <Modal opened={booking !== null} onClose={onClose} title={t('series.cancelTitle')}>
      {booking ? (
        <Stack gap="sm" data-testid="vehicle-series-cancel">
          <Text size="sm">
            {booking.vehicleLabel} ({booking.licensePlate}) · {formatPeriod(booking.von, booking.bis)}
          </Text>
          {cancel.error ? (
            <Text size="sm" c="red.8" role="alert">
              {cancel.error.message}
            </Text>
          ) : null}
          <Button variant="light" color="red" onClick={() => run('eine')} loading={busy('eine')}>
            {t('series.cancelOne')}
          </Button>
          <Button variant="light" color="red" onClick={() => run('folgende')} loading={busy('folgende')}>
            {t('series.cancelFollowing')}
          </Button>
          <Button color="red" onClick={() => run('alle')} loading={busy('alle')}>
            {t('series.cancelAll')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('overview.keep')}
          </Button>
        </Stack>
      ) : null}
    </Modal>
  );
}
