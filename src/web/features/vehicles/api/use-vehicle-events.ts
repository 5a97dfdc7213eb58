import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { VEHICLE_BOOKING_TOPIC } from '../vocabulary';
import { vehicleKeys } from './keys';

/**
 * Server-sent events: new, changed and cancelled bookings of the tenant refresh
 * the timeline, lists and overview without a reload (events carry ids only).
 */
export function useVehicleEvents(onEvent?: (type: string) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/events?topics=${VEHICLE_BOOKING_TOPIC}`);
    const handle = (e: MessageEvent<string>) => {
      let type = 'changed';
      try {
        type = (JSON.parse(e.data) as { type?: string }).type ?? type;
      } catch {
        // ids only; an unreadable event still means "something changed"
      }
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      onEvent?.(type);
    };
    source.onmessage = handle;
    source.addEventListener(VEHICLE_BOOKING_TOPIC, handle as EventListener);
    return () => source.close();
  }, [queryClient, onEvent]);
}
