import type { RentalInfo } from '@contracts/guests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { guestKeys } from './keys';

/** GET /api/public/rental: whether this host's guest bike rental is on. */
export function useRentalInfo() {
  return useQuery({
    queryKey: guestKeys.rentalInfo,
    queryFn: ({ signal }) => api.get<RentalInfo>('/api/public/rental', { signal, redirectOn401: false }),
  });
}
