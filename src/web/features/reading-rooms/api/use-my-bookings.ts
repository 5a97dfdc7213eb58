import type { Area, MyBookingsResponse } from '@contracts/reading-rooms';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { readingRoomKeys } from './keys';

/** GET /api/reading-room-bookings/mine: your bookings and your reservations (sidebar). */
export function useMyBookings(area: Area) {
  return useQuery({
    queryKey: readingRoomKeys.mine(area),
    queryFn: ({ signal }) => api.get<MyBookingsResponse>(`/api/reading-room-bookings/mine?area=${area}`, { signal }),
  });
}
