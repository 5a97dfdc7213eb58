import type { VehicleCare, vehicleCareList } from '@contracts/vehicle-care';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleCareKeys } from './keys';

export type { VehicleCare };
export type VehicleCareList = z.infer<typeof vehicleCareList>;

/** GET /api/vehicle-care: vehicles blocked by a damage (DEFEKT) and due HU/inspection; the vehicle detail screen shares the key. */
export const vehicleCareQueryOptions = () =>
  queryOptions({
    queryKey: vehicleCareKeys.list,
    queryFn: ({ signal }) => api.get<VehicleCareList>('/api/vehicle-care', { signal }),
    staleTime: 60_000,
  });

/** `staleTime`: the vehicle detail screen reads the list with the app's default freshness, the lists with a minute. */
export function useVehicleCare(options: { staleTime?: number } = {}) {
  return useQuery({ ...vehicleCareQueryOptions(), ...options });
}
