import type { damageResponse } from '@contracts/vehicle-care';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vehicleDetailKeys } from '@web/features/vehicles/public';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleCareKeys } from './keys';

/** POST /api/vehicles/:id/damages/:damageId/status: behoben also lifts a DEFEKT block. */
export function useChangeDamageStatus(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ damageId, status, note }: { damageId: string; status: string; note: string | null }) =>
      api.post<z.infer<typeof damageResponse>>(`/api/vehicles/${vehicleId}/damages/${damageId}/status`, { status, note }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: vehicleCareKeys.damages(vehicleId) });
      void queryClient.invalidateQueries({ queryKey: vehicleCareKeys.list });
      void queryClient.invalidateQueries({ queryKey: vehicleDetailKeys.history(vehicleId) });
    },
  });
}
