import type { singleSignOnData, singleSignOnSave } from '@contracts/tenant-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@web/lib/api-client';
import { tenantQueryKey } from '@web/lib/use-tenant';
import type { z } from 'zod';

export type SingleSignOnData = z.infer<typeof singleSignOnData>;
const key = ['admin', 'tenant', 'single-sign-on'] as const;

/** GET /api/admin/tenant/single-sign-on: the provider settings without the client secret. */
export const singleSignOnQueryOptions = () =>
  queryOptions({ queryKey: key, queryFn: ({ signal }) => api.get<SingleSignOnData>('/api/admin/tenant/single-sign-on', { signal }) });

export const useSingleSignOn = () => useQuery(singleSignOnQueryOptions());

/** Saving or removing changes the login page's button too (GET /api/tenant). */
export function useSingleSignOnMutations() {
  const queryClient = useQueryClient();
  const done = {
    onSuccess: (data: SingleSignOnData) => {
      queryClient.setQueryData(key, data);
      return queryClient.invalidateQueries({ queryKey: tenantQueryKey });
    },
  };
  return {
    save: useMutation({
      mutationFn: (body: z.input<typeof singleSignOnSave>) => api.put<SingleSignOnData>('/api/admin/tenant/single-sign-on', body),
      ...done,
    }),
    remove: useMutation({ mutationFn: () => request<SingleSignOnData>('DELETE', '/api/admin/tenant/single-sign-on'), ...done }),
  };
}
