import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@web/lib/api-client';
import { accessKeys } from './keys';

/** PUT or DELETE /api/admin/groups/:id/members/:userId. */
export function useGroupMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, userId, member }: { groupId: string; userId: string; member: boolean }) =>
      request<{ ok: true; message?: string }>(
        member ? 'PUT' : 'DELETE',
        `/api/admin/groups/${encodeURIComponent(groupId)}/members/${encodeURIComponent(userId)}`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.groups }),
  });
}
