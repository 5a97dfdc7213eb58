import type { EffectiveSetting, settingsResponse } from '@contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

export type { EffectiveSetting };
export type SettingsResponse = z.infer<typeof settingsResponse>;

export const adminSettingsQueryKey = ['admin', 'settings'] as const;

/** GET /api/admin/settings: every option's value at the tenant layer (source MANDANT or DEFAULT). */
export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminSettingsQueryKey,
    queryFn: ({ signal }) => api.get<SettingsResponse>('/api/admin/settings', { signal }),
  });

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
