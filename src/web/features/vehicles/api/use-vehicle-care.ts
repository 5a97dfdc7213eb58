import type { VehicleCare, vehicleCareList } from '@contracts/vehicle-care';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

export type { VehicleCare };
export type VehicleCareList = z.infer<typeof vehicleCareList>;

/** GET /api/vehicle-care: vehicles blocked by a damage (DEFEKT) and due HU/inspection; the detail screen shares the key. */
export const vehicleCareQueryOptions = () =>
  queryOptions({
    queryKey: ['vehicle-care'] as const,
    queryFn: ({ signal }) => api.get<VehicleCareList>('/api/vehicle-care', { signal }),
    staleTime: 60_000,
  });

export function useVehicleCare() {
  return useQuery(vehicleCareQueryOptions());
}
