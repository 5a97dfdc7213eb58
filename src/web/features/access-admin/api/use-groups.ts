import type { groupDetailResponse, groupList } from '@contracts/access-admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { accessKeys } from './keys';

export type GroupSummary = z.infer<typeof groupList>['groups'][number];
export type GroupDetail = z.infer<typeof groupDetailResponse>;

/** GET /api/admin/groups. */
export function useGroups() {
  return useQuery({
    queryKey: accessKeys.groups,
    queryFn: ({ signal }) => api.get<z.infer<typeof groupList>>('/api/admin/groups', { signal }),
  });
}

/** GET /api/admin/groups/:id with roles and members. */
export function useGroup(id: string | null) {
  return useQuery({
    queryKey: accessKeys.group(id ?? ''),
    queryFn: ({ signal }) => api.get<GroupDetail>(`/api/admin/groups/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });
}
