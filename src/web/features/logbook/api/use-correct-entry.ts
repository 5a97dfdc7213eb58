import type { CorrectionRequest, correctionResponse } from '@contracts/logbook';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { logbookKeys } from './keys';

/** POST /api/logbook/:id/corrections: a new version of the entry. */
export function useCorrectEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CorrectionRequest }) =>
      api.post<z.infer<typeof correctionResponse>>(`/api/logbook/${id}/corrections`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: logbookKeys.all }),
  });
}
