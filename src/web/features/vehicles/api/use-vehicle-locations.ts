import type { vehicleLocationList } from '@contracts/vehicles';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleKeys } from './keys';

export type VehicleLocation = z.infer<typeof vehicleLocationList>['locations'][number];

/** GET /api/vehicle-locations: locations with parking spaces. */
export function useVehicleLocations() {
  return useQuery({
    queryKey: vehicleKeys.locations,
    queryFn: ({ signal }) => api.get<z.infer<typeof vehicleLocationList>>('/api/vehicle-locations', { signal }),
    staleTime: 5 * 60_000,
  });
}
