import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@web/lib/api-client';
import { accessKeys } from './keys';

/** DELETE /api/admin/{roles|groups}/:id?confirm=true, sent after the admin confirmed the list of who loses rights. */
export function useDeleteRoleOrGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'roles' | 'groups'; id: string }) =>
      request<{ ok: true; message?: string }>('DELETE', `/api/admin/${kind}/${encodeURIComponent(id)}?confirm=true`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accessKeys.roles }),
        queryClient.invalidateQueries({ queryKey: accessKeys.groups }),
      ]),
  });
}
