import type { createRoleRequest, updateRoleRequest } from '@contracts/access-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { accessKeys } from './keys';
import type { Role } from './use-roles';

/** POST /api/admin/roles (id null) or PATCH /api/admin/roles/:id; roles and groups are fetched again. */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: z.input<typeof createRoleRequest> | z.input<typeof updateRoleRequest> }) =>
      id ? api.patch<Role>(`/api/admin/roles/${encodeURIComponent(id)}`, body) : api.post<Role>('/api/admin/roles', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accessKeys.roles }),
        queryClient.invalidateQueries({ queryKey: accessKeys.groups }),
      ]),
  });
}
