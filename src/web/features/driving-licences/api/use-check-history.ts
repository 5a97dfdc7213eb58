import type { CheckHistoryDto } from '@contracts/driving-licences';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { licenceKeys } from '@web/lib/licence-keys';

/** GET /api/driving-licences/:userId/checks: a person's current record and every check, newest first. */
export function useCheckHistory(userId: string | null) {
  return useQuery({
    queryKey: licenceKeys.history(userId ?? ''),
    queryFn: ({ signal }) => api.get<CheckHistoryDto>(`/api/driving-licences/${userId}/checks`, { signal }),
    enabled: userId !== null,
  });
}
