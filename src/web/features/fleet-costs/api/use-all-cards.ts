import type { Card } from '@contracts/fleet-costs';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { fleetCostKeys } from './keys';

/** GET /api/fleet-costs/cards: every card of the tenant, blocked ones included, masked (fleet). */
export function useAllCards() {
  return useQuery({
    queryKey: fleetCostKeys.allCards,
    queryFn: ({ signal }) => api.get<{ cards: Card[] }>('/api/fleet-costs/cards', { signal }),
  });
}
