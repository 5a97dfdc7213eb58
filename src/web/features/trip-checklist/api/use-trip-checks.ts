import type { TripCheckDto } from '@contracts/trip-checklist';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { tripChecklistKeys } from './keys';

/** GET /api/vehicles/:id/trip-checks: the newest answered checks of a vehicle (fleet, logbook reports). */
export function useTripChecks(vehicleId: string) {
  return useQuery({
    queryKey: tripChecklistKeys.checks(vehicleId),
    queryFn: ({ signal }) => api.get<{ checks: TripCheckDto[] }>(`/api/vehicles/${vehicleId}/trip-checks`, { signal }),
  });
}
