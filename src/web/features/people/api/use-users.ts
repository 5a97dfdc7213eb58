import type { peoplePage, userSummary } from '@contracts/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

export type UserSummary = z.infer<typeof userSummary>;
export type UserList = z.infer<typeof peoplePage>;

export const usersQueryKey = ['admin', 'users'] as const;

export interface UsersParams {
  search: string;
  dir: 'asc' | 'desc';
  page: number;
}

export const USERS_PAGE_SIZE = 50;

/** GET /api/users (benutzer_pflegen): search, sort and paging happen on the server, so 10,000 people stay fast. */
export const usersQueryOptions = (p: UsersParams = { search: '', dir: 'asc', page: 1 }) =>
  queryOptions({
    queryKey: [...usersQueryKey, p],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ sort: 'name', dir: p.dir, page: String(p.page), pageSize: String(USERS_PAGE_SIZE) });
      if (p.search.trim()) query.set('search', p.search.trim());
      return api.get<UserList>(`/api/users?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export function useUsers(p: UsersParams) {
  return useQuery(usersQueryOptions(p));
}
