import type { tripKindList } from '@contracts/logbook';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

/** GET /api/logbook/trip-kinds: the trip kinds the tenant allows (dienstlich always). */
export function useTripKinds() {
  return useQuery({
    queryKey: ['vehicles', 'trip-kinds'] as const,
    queryFn: ({ signal }) => api.get<z.infer<typeof tripKindList>>('/api/logbook/trip-kinds', { signal }),
    staleTime: 5 * 60_000,
  });
}
