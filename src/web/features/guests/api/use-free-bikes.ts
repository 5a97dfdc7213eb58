import type { PublicBike } from '@contracts/guests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { guestKeys } from './keys';

/** GET /api/public/rental/bikes: the bikes free for a day and time. */
export function useFreeBikes(day: string, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: guestKeys.bikes(day, from, to),
    queryFn: ({ signal }) =>
      api.get<{ bikes: PublicBike[] }>(`/api/public/rental/bikes?day=${day}&from=${from}&to=${to}`, { signal, redirectOn401: false }),
    enabled,
    retry: false,
  });
}
