import type { Card } from '@contracts/fleet-costs';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { fleetCostKeys } from './keys';

/** GET /api/vehicles/:id/fuel-cards: the vehicle's active cards, masked. */
export function useVehicleCards(vehicleId: string) {
  return useQuery({
    queryKey: fleetCostKeys.vehicleCards(vehicleId),
    queryFn: ({ signal }) => api.get<{ cards: Card[] }>(`/api/vehicles/${vehicleId}/fuel-cards`, { signal }),
  });
}
