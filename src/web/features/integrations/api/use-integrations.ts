import type { deliveryList, tokenCreated, tokenList, webhookList, webhookSaved } from '@contracts/integrations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

export type TokenList = z.infer<typeof tokenList>;
export type TokenCreated = z.infer<typeof tokenCreated>;
export type WebhookList = z.infer<typeof webhookList>;
export type WebhookSaved = z.infer<typeof webhookSaved>;
export type DeliveryList = z.infer<typeof deliveryList>;

/** The personal tokens (`/api/integrations/tokens`) or the tenant's (`/api/integrations/tenant-tokens`). */
export type TokenPath = '/api/integrations/tokens' | '/api/integrations/tenant-tokens';

export function useTokens(path: TokenPath) {
  const queryClient = useQueryClient();
  const key = ['integrations', path];
  const done = { onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) };
  return {
    list: useQuery({ queryKey: key, queryFn: ({ signal }) => api.get<TokenList>(path, { signal }) }),
    create: useMutation({
      mutationFn: (body: { name: string; scopes: string[]; expiresOn: string }) => api.post<TokenCreated>(path, body),
      ...done,
    }),
    revoke: useMutation({ mutationFn: (id: string) => api.delete(`${path}/${id}`), ...done }),
  };
}

const WEBHOOKS = '/api/integrations/webhooks';
const webhooksKey = ['integrations', 'webhooks'];

export function useWebhooks() {
  const queryClient = useQueryClient();
  const done = { onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }) };
  return {
    list: useQuery({ queryKey: webhooksKey, queryFn: ({ signal }) => api.get<WebhookList>(WEBHOOKS, { signal }) }),
    create: useMutation({
      mutationFn: (body: { name: string; url: string; events: string[]; scopes: string[] }) => api.post<WebhookSaved>(WEBHOOKS, body),
      ...done,
    }),
    change: useMutation({
      mutationFn: ({ id, ...body }: { id: string; active?: boolean; newSecret?: boolean }) =>
        api.patch<WebhookSaved>(`${WEBHOOKS}/${id}`, body),
      ...done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`${WEBHOOKS}/${id}`), ...done }),
  };
}

export const useDeliveries = (id: string) =>
  useQuery({
    queryKey: [...webhooksKey, id, 'deliveries'],
    queryFn: ({ signal }) => api.get<DeliveryList>(`${WEBHOOKS}/${id}/deliveries`, { signal }),
  });
