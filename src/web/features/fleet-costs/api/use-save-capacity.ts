import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { fleetCostKeys } from './keys';

/** PUT /api/vehicles/:id/capacity (fleet). */
export function useSaveCapacity(vehicleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { tankLitres: number | null; batteryKwh: number | null }) => api.put(`/api/vehicles/${vehicleId}/capacity`, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: fleetCostKeys.receipts(vehicleId) }),
  });
}
