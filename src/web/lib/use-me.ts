import type { Me } from '@contracts/session';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export const meQueryKey = ['session', 'me'] as const;

/** GET /api/session/me; a 401 sends the browser to /login (api-client). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => api.get<Me>('/api/session/me', { signal }),
    staleTime: 60_000,
  });

/** The signed-in user. Only for screens below the authenticated layout, which loads it before rendering. */
export function useMe(): Me {
  return useSuspenseQuery(meQueryOptions()).data;
}
