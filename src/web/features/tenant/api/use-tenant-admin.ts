import type { tenantAdminData, tenantAdminPatch } from '@contracts/tenant-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, request } from '@web/lib/api-client';
import { tenantQueryKey } from '@web/lib/use-tenant';
import type { z } from 'zod';

export type TenantAdminData = z.infer<typeof tenantAdminData>;

const key = ['admin', 'tenant'] as const;

/** GET /api/admin/tenant (customizing_mandant_pflege): the signed-in person's own tenant. */
export const tenantAdminQueryOptions = () =>
  queryOptions({ queryKey: key, queryFn: ({ signal }) => api.get<TenantAdminData>('/api/admin/tenant', { signal }) });

export const useTenantAdmin = () => useQuery(tenantAdminQueryOptions());

async function uploadLogo(file: File): Promise<TenantAdminData> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch('/api/admin/tenant/logo', { method: 'PUT', body: form, credentials: 'same-origin' });
  const body = (await res.json().catch(() => null)) as (TenantAdminData & { error?: { code: string; message: string } }) | null;
  if (!res.ok) throw new ApiError(res.status, body?.error?.code ?? 'http_error', body?.error?.message ?? `HTTP ${res.status}`);
  return body!;
}

/** Every change answers with the whole tenant; the header and footer (GET /api/tenant) follow. */
export function useTenantAdminMutations() {
  const queryClient = useQueryClient();
  const done = {
    onSuccess: (data: TenantAdminData) => {
      queryClient.setQueryData(key, data);
      return queryClient.invalidateQueries({ queryKey: tenantQueryKey });
    },
  };
  return {
    save: useMutation({
      mutationFn: (body: z.input<typeof tenantAdminPatch>) => api.patch<TenantAdminData>('/api/admin/tenant', body),
      ...done,
    }),
    addDomain: useMutation({ mutationFn: (domain: string) => api.post<TenantAdminData>('/api/admin/tenant/domains', { domain }), ...done }),
    removeDomain: useMutation({
      mutationFn: (domain: string) => request<TenantAdminData>('DELETE', `/api/admin/tenant/domains/${encodeURIComponent(domain)}`),
      ...done,
    }),
    uploadLogo: useMutation({ mutationFn: uploadLogo, ...done }),
    removeLogo: useMutation({ mutationFn: () => request<TenantAdminData>('DELETE', '/api/admin/tenant/logo'), ...done }),
  };
}
