import type { Receipt, ReceiptRequest } from '@contracts/fleet-costs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { fleetCostKeys } from './keys';

/** POST /api/vehicles/:id/fuel-receipts */
export function useRecordReceipt(vehicleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptRequest) => api.post<{ receipt: Receipt }>(`/api/vehicles/${vehicleId}/fuel-receipts`, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: fleetCostKeys.receipts(vehicleId) });
      void qc.invalidateQueries({ queryKey: fleetCostKeys.report });
    },
  });
}
