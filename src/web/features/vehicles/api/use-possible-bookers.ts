import type { possibleBookers } from '@contracts/vehicles';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

/** GET /api/vehicle-bookings/possible-bookers: whom the user may book for (only oneself without fahrzeug_fremdbuchung). */
export function usePossibleBookers() {
  return useQuery({
    queryKey: vehicleKeys.bookers,
    queryFn: ({ signal }) => api.get<z.infer<typeof possibleBookers>>('/api/vehicle-bookings/possible-bookers', { signal }),
    staleTime: 5 * 60_000,
  });
}
