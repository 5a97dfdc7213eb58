import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { adminSettingsQueryKey } from './use-admin-settings';

/** PUT /api/settings/:name at layer MANDANT; tenant values feed everyone's effective settings too. */
export function useSaveTenantSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, value }: { name: string; value: unknown }) =>
      api.put<unknown>(`/api/settings/${encodeURIComponent(name)}`, { layer: 'MANDANT', value }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['settings'] }),
      ]),
  });
}
