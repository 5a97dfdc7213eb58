import type { DayListResponse } from '@contracts/guests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { guestKeys } from './keys';

/** GET /api/guest-bookings/day: the reception's hand-overs, returns and overdue bikes of a day; refreshed every minute. */
export function useDayList(day: string) {
  return useQuery({
    queryKey: guestKeys.day(day),
    queryFn: ({ signal }) => api.get<DayListResponse>(`/api/guest-bookings/day?day=${day}`, { signal }),
    refetchInterval: 60_000,
  });
}
