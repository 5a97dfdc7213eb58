import type { ServiceEntryRequest, serviceEntryResponse } from '@contracts/vehicle-care';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { detailKeys } from './keys';

/** POST /api/vehicles/:id/service-entries, or PUT …/:entryId when editing. */
export function useSaveServiceEntry(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId: string | null; body: ServiceEntryRequest }) =>
      entryId
        ? api.put<z.infer<typeof serviceEntryResponse>>(`/api/vehicles/${vehicleId}/service-entries/${entryId}`, body)
        : api.post<z.infer<typeof serviceEntryResponse>>(`/api/vehicles/${vehicleId}/service-entries`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: detailKeys.service(vehicleId) });
      void queryClient.invalidateQueries({ queryKey: detailKeys.care });
      void queryClient.invalidateQueries({ queryKey: detailKeys.history(vehicleId) });
    },
  });
}
