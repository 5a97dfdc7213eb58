import type { Receipt } from '@contracts/fleet-costs';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { fleetCostKeys } from './keys';

export interface ReceiptList {
  receipts: Receipt[];
  capacity: { tankLitres: number | null; batteryKwh: number | null };
}

/** GET /api/vehicles/:id/fuel-receipts (fleet and report holders). */
export function useReceipts(vehicleId: string) {
  return useQuery({
    queryKey: fleetCostKeys.receipts(vehicleId),
    queryFn: ({ signal }) => api.get<ReceiptList>(`/api/vehicles/${vehicleId}/fuel-receipts`, { signal }),
  });
}
