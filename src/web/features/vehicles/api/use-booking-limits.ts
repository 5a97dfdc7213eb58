import type { bookingLimitsResponse } from '@contracts/vehicles';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

export type BookingLimits = z.infer<typeof bookingLimitsResponse>;

/** GET /api/vehicles/:id/booking-limits?date=: free, selectable periods of a day. */
export function useBookingLimits(vehicleId: string | null, date: string | null, excludeBookingId?: string) {
  return useQuery({
    queryKey: vehicleKeys.limits(vehicleId ?? '', date ?? '', excludeBookingId),
    enabled: Boolean(vehicleId && date),
    queryFn: ({ signal }) =>
      api.get<BookingLimits>(
        `/api/vehicles/${vehicleId}/booking-limits?date=${date}${excludeBookingId ? `&excludeBookingId=${excludeBookingId}` : ''}`,
        { signal },
      ),
  });
}
