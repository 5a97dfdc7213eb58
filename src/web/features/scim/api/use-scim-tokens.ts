import type { scimTokenCreated, scimTokenList } from '@contracts/scim';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

export type ScimTokenList = z.infer<typeof scimTokenList>;
export type ScimTokenCreated = z.infer<typeof scimTokenCreated>;

const PATH = '/api/admin/tenant/scim-tokens';
const key = ['scim', 'tokens'];

/** The provisioning tokens of the tenant and the SCIM address the identity provider is given (decision 229). */
export function useScimTokens() {
  const queryClient = useQueryClient();
  const done = { onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) };
  return {
    list: useQuery({ queryKey: key, queryFn: ({ signal }) => api.get<ScimTokenList>(PATH, { signal }) }),
    create: useMutation({
      mutationFn: (body: { name: string; expiresOn: string }) => api.post<ScimTokenCreated>(PATH, body),
      ...done,
    }),
    revoke: useMutation({ mutationFn: (id: string) => api.delete(`${PATH}/${id}`), ...done }),
  };
}
