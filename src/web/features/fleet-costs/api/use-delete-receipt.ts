import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { fleetCostKeys } from './keys';

/** DELETE /api/vehicles/:id/fuel-receipts/:receiptId (fleet). */
export function useDeleteReceipt(vehicleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (receiptId: string) => api.delete(`/api/vehicles/${vehicleId}/fuel-receipts/${receiptId}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: fleetCostKeys.receipts(vehicleId) });
      void qc.invalidateQueries({ queryKey: fleetCostKeys.report });
    },
  });
}
