import type { EvaluationQuery, VehicleMonths } from '@contracts/evaluation';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { evaluationSearch } from '../period';

/** GET /api/admin/evaluation/vehicles/months: the months of the vehicle the person picked. */
export function useVehicleMonths(query: EvaluationQuery, vehicleId: string | null) {
  const period = { from: query.from, to: query.to };
  return useQuery({
    queryKey: ['evaluation', 'vehicle-months', period, vehicleId],
    queryFn: ({ signal }) =>
      api.get<VehicleMonths>(`/api/admin/evaluation/vehicles/months?${evaluationSearch(period, { vehicleId: vehicleId! })}`, { signal }),
    enabled: vehicleId !== null,
  });
}
