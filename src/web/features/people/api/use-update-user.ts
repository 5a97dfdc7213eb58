import type { updateUserRequest } from '@contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { type UserSummary, usersQueryKey } from './use-users';

export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

/** PATCH /api/users/:id → the updated user; the list pages are fetched again. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateUserRequest }) =>
      api.patch<UserSummary>(`/api/users/${encodeURIComponent(id)}`, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
