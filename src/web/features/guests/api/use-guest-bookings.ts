import type { guestBookingListResponse } from '@contracts/guests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { guestKeys } from './keys';

/** GET /api/guest-bookings: guest bookings from yesterday on (or the last 90 days too). */
export function useGuestBookings(includePast = false) {
  return useQuery({
    queryKey: guestKeys.list(includePast),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof guestBookingListResponse>>(`/api/guest-bookings${includePast ? '?includePast=true' : ''}`, { signal }),
  });
}
