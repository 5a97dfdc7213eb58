import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { vehicleLocationList } from '../../../../contracts/vehicles';
import { api } from '../../../lib/api-client';
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
