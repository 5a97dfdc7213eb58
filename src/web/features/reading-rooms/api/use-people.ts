import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { peopleResponse } from '../../../../contracts/reading-rooms';
import { api } from '../../../lib/api-client';
import { readingRoomKeys } from './keys';

/** GET /api/reading-rooms/people: who a pre-booking can be made for (names only). */
export function usePeople(enabled: boolean) {
  return useQuery({
    queryKey: readingRoomKeys.people,
    queryFn: ({ signal }) => api.get<z.infer<typeof peopleResponse>>('/api/reading-rooms/people', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
