import type { createPersonRequest } from '@contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { type UserSummary, usersQueryKey } from './use-users';

/** POST /api/users: creates the person and mails the invitation; the list pages are fetched again. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof createPersonRequest>) => api.post<UserSummary>('/api/users', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
