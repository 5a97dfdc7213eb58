import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userList, userSummary } from '../../../../contracts/users';
import { api } from '../../../lib/api-client';

export type UserSummary = z.infer<typeof userSummary>;
export type UserList = z.infer<typeof userList>;

export const usersQueryKey = ['admin', 'users'] as const;

/** GET /api/users (benutzer_pflegen). */
export const usersQueryOptions = () =>
  queryOptions({
    queryKey: usersQueryKey,
    queryFn: ({ signal }) => api.get<UserList>('/api/users', { signal }),
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
