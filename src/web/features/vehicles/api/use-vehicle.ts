import type { Vehicle } from '@contracts/vehicles';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { vehicleDetailKeys } from './keys';

/** GET /api/vehicles/:id. */
export function useVehicle(id: string) {
  return useQuery({
    queryKey: vehicleDetailKeys.vehicle(id),
    queryFn: ({ signal }) => api.get<Vehicle>(`/api/vehicles/${id}`, { signal }),
  });
}
