import type { TenantInfo } from '@contracts/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

// Shared like useMe: the frame, the login page and the start data read the tenant; the tenant feature administers it.
export const tenantQueryKey = ['tenant'] as const;

/** GET /api/tenant (public): name, features, privacy and imprint texts of the tenant of this domain. */
export const tenantQueryOptions = () =>
  queryOptions({
    queryKey: tenantQueryKey,
    queryFn: ({ signal }) => api.get<TenantInfo>('/api/tenant', { signal, redirectOn401: false }),
    staleTime: 5 * 60_000,
  });

export function useTenant() {
  return useQuery(tenantQueryOptions());
}
