import type { createGroupRequest, updateGroupRequest } from '@contracts/access-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { accessKeys } from './keys';
import type { GroupSummary } from './use-groups';

/** POST /api/admin/groups (id null) or PATCH /api/admin/groups/:id. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: z.input<typeof createGroupRequest> | z.input<typeof updateGroupRequest> }) =>
      id ? api.patch<GroupSummary>(`/api/admin/groups/${encodeURIComponent(id)}`, body) : api.post<GroupSummary>('/api/admin/groups', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.groups }),
  });
}
