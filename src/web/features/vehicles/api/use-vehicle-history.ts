import type { historyList } from '@contracts/vehicles';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { vehicleDetailKeys } from './keys';

export type HistoryEntry = z.infer<typeof historyList>['entries'][number];

/** GET /api/vehicles/:id/history (fleet management only; `enabled` false for everybody else). */
export function useVehicleHistory(id: string, enabled: boolean) {
  return useQuery({
    queryKey: vehicleDetailKeys.history(id),
    queryFn: ({ signal }) => api.get<z.infer<typeof historyList>>(`/api/vehicles/${id}/history`, { signal }),
    enabled,
  });
}
