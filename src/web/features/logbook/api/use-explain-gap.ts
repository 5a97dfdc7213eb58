import type { correctionResponse, gapRequest } from '@contracts/logbook';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { logbookKeys } from './keys';

/** POST /api/vehicles/:id/logbook/gaps: an entry of its own that explains (part of) a gap. */
export function useExplainGap(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof gapRequest>) =>
      api.post<z.infer<typeof correctionResponse>>(`/api/vehicles/${vehicleId}/logbook/gaps`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: logbookKeys.all }),
  });
}
