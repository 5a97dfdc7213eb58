import type { CheckHistoryDto, RecordCheckRequest } from '@contracts/driving-licences';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { licenceKeys } from '@web/lib/licence-keys';

/** POST /api/driving-licences/:userId/checks; refreshes the list, the due count in the menu and the history. */
export function useRecordCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: RecordCheckRequest }) =>
      api.post<CheckHistoryDto>(`/api/driving-licences/${userId}/checks`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: licenceKeys.all }),
  });
}
