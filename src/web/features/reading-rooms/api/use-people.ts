import type { peopleResponse } from '@contracts/reading-rooms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { readingRoomKeys } from './keys';

/** Characters a search needs before it is sent (the server refuses shorter ones, decision 037). */
export const PEOPLE_SEARCH_MIN = 3;

/** GET /api/reading-rooms/people?q=: people a pre-booking can be made for, by the beginning of a name or e-mail. */
export function usePeopleSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: [...readingRoomKeys.people, q],
    queryFn: ({ signal }) => api.get<z.infer<typeof peopleResponse>>(`/api/reading-rooms/people?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length >= PEOPLE_SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
