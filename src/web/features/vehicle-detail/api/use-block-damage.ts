import type { damageResponse } from '@contracts/vehicle-care';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { detailKeys } from './keys';

/** POST /api/vehicles/:id/damages/:damageId/block: DEFEKT until the damage is behoben; overlapping bookings are cancelled. */
export function useBlockDamage(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (damageId: string) => api.post<z.infer<typeof damageResponse>>(`/api/vehicles/${vehicleId}/damages/${damageId}/block`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: detailKeys.damages(vehicleId) });
      void queryClient.invalidateQueries({ queryKey: detailKeys.care });
      void queryClient.invalidateQueries({ queryKey: detailKeys.history(vehicleId) });
    },
  });
}
