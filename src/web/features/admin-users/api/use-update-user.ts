import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateUserRequest } from '../../../../contracts/users';
import { api } from '../../../lib/api-client';
import { usersQueryKey, type UserList, type UserSummary } from './use-users';

export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

/** PATCH /api/users/:id → the updated user, written into the list. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateUserRequest }) =>
      api.patch<UserSummary>(`/api/users/${encodeURIComponent(id)}`, changes),
    onSuccess: (user) => {
      queryClient.setQueryData<UserList>(usersQueryKey, (list) =>
        list ? { users: list.users.map((u) => (u.id === user.id ? user : u)) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
