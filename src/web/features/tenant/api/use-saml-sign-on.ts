import type { samlSignOnData, samlSignOnSave } from '@contracts/tenant-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@web/lib/api-client';
import { tenantQueryKey } from '@web/lib/use-tenant';
import type { z } from 'zod';

export type SamlSignOnData = z.infer<typeof samlSignOnData>;
const key = ['admin', 'tenant', 'saml'] as const;
const openIdKey = ['admin', 'tenant', 'single-sign-on'] as const;

/** GET /api/admin/tenant/saml: the IdP's settings and what the IdP needs of Buchbar (decision 232). */
export const samlSignOnQueryOptions = () =>
  queryOptions({ queryKey: key, queryFn: ({ signal }) => api.get<SamlSignOnData>('/api/admin/tenant/saml', { signal }) });

export const useSamlSignOn = () => useQuery(samlSignOnQueryOptions());

/** Saving replaces an OpenID Connect provider, and both change the login page's button (GET /api/tenant). */
export function useSamlSignOnMutations() {
  const queryClient = useQueryClient();
  const done = {
    onSuccess: async (data: SamlSignOnData) => {
      queryClient.setQueryData(key, data);
      await queryClient.invalidateQueries({ queryKey: openIdKey });
      return queryClient.invalidateQueries({ queryKey: tenantQueryKey });
    },
  };
  return {
    save: useMutation({
      mutationFn: (body: z.input<typeof samlSignOnSave>) => api.put<SamlSignOnData>('/api/admin/tenant/saml', body),
      ...done,
    }),
    remove: useMutation({ mutationFn: () => request<SamlSignOnData>('DELETE', '/api/admin/tenant/saml'), ...done }),
  };
}
