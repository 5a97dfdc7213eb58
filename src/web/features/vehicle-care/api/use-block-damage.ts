import type { damageResponse } from '@contracts/vehicle-care';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vehicleDetailKeys } from '@web/features/vehicles/public';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleCareKeys } from './keys';

/** POST /api/vehicles/:id/damages/:damageId/block: DEFEKT until the damage is behoben; overlapping bookings are cancelled. */
export function useBlockDamage(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (damageId: string) => api.post<z.infer<typeof damageResponse>>(`/api/vehicles/${vehicleId}/damages/${damageId}/block`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: vehicleCareKeys.damages(vehicleId) });
      void queryClient.invalidateQueries({ queryKey: vehicleCareKeys.list });
      void queryClient.invalidateQueries({ queryKey: vehicleDetailKeys.history(vehicleId) });
    },
  });
}
