import type { peoplePage } from '@contracts/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { accessKeys } from './keys';

/** GET /api/users?search=…: the first 20 matches for adding a member to a group. */
export function usePeopleSearch(search: string) {
  return useQuery({
    queryKey: accessKeys.people(search),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof peoplePage>>(`/api/users?${new URLSearchParams({ search, pageSize: '20', status: 'aktiv' })}`, { signal }),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
