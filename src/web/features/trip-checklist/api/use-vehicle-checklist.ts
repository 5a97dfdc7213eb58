import type { VehicleChecklist } from '@contracts/trip-checklist';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { tripChecklistKeys } from './keys';

/** GET /api/vehicles/:id/trip-checklist: the version a trip start of the vehicle is answered against (null: none). */
export function useVehicleChecklist(vehicleId: string | null) {
  return useQuery({
    queryKey: tripChecklistKeys.vehicle(vehicleId ?? ''),
    queryFn: ({ signal }) => api.get<{ checklist: VehicleChecklist | null }>(`/api/vehicles/${vehicleId}/trip-checklist`, { signal }),
    enabled: vehicleId !== null,
    // The fleet may have published a new version since the list was opened: the dialog asks afresh.
    staleTime: 0,
  });
}
