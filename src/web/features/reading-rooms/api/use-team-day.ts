import type { TeamDayResponse } from '@contracts/team-seating';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { readingRoomKeys } from './keys';

/** GET /api/team/day: where the colleagues the person may see sit on a day (decision 110); workplace area only. */
export function useTeamDay(date: string | null, enabled: boolean) {
  return useQuery({
    queryKey: readingRoomKeys.team(date ?? ''),
    queryFn: ({ signal }) => api.get<TeamDayResponse>(`/api/team/day?date=${date}`, { signal }),
    enabled: enabled && date !== null,
  });
}
