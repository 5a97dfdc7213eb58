import type { guestVehiclesResponse } from '@contracts/guests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { guestKeys } from './keys';

/** GET /api/guest-bookings/vehicles: the vehicles that allow guest bookings. */
export function useGuestVehicles() {
  return useQuery({
    queryKey: guestKeys.vehicles,
    queryFn: ({ signal }) => api.get<z.infer<typeof guestVehiclesResponse>>('/api/guest-bookings/vehicles', { signal }),
    staleTime: 300_000,
  });
}
