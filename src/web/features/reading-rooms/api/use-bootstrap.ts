import type { Area, BootstrapResponse } from '@contracts/reading-rooms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { readingRoomKeys } from './keys';

/** GET /api/reading-rooms/bootstrap: floor plans, opening hours, pending reservations, favourites, limits. */
export const bootstrapQueryOptions = (area: Area) =>
  queryOptions({
    queryKey: readingRoomKeys.bootstrap(area),
    queryFn: ({ signal }) => api.get<BootstrapResponse>(`/api/reading-rooms/bootstrap?area=${area}`, { signal }),
    staleTime: 60_000,
  });

export function useBootstrap(area: Area) {
  return useQuery(bootstrapQueryOptions(area));
}
