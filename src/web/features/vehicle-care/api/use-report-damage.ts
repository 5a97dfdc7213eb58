import type { DamageRequest, damageResponse } from '@contracts/vehicle-care';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleCareKeys } from './keys';

/** POST /api/vehicles/:id/damages: the fleet management is mailed at once. */
export function useReportDamage(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DamageRequest) => api.post<z.infer<typeof damageResponse>>(`/api/vehicles/${vehicleId}/damages`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleCareKeys.damages(vehicleId) }),
  });
}
