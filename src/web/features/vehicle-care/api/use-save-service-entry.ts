import type { ServiceEntryRequest, serviceEntryResponse } from '@contracts/vehicle-care';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vehicleDetailKeys } from '@web/features/vehicles/public';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleCareKeys } from './keys';

/** POST /api/vehicles/:id/service-entries, or PUT …/:entryId when editing. */
export function useSaveServiceEntry(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId: string | null; body: ServiceEntryRequest }) =>
      entryId
        ? api.put<z.infer<typeof serviceEntryResponse>>(`/api/vehicles/${vehicleId}/service-entries/${entryId}`, body)
        : api.post<z.infer<typeof serviceEntryResponse>>(`/api/vehicles/${vehicleId}/service-entries`, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: vehicleCareKeys.service(vehicleId) });
      void queryClient.invalidateQueries({ queryKey: vehicleCareKeys.list });
      void queryClient.invalidateQueries({ queryKey: vehicleDetailKeys.history(vehicleId) });
    },
  });
}
