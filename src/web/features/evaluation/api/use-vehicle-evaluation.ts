import type { EvaluationQuery, VehicleEvaluation } from '@contracts/evaluation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { evaluationSearch } from '../period';

/** GET /api/admin/evaluation/vehicles */
export function useVehicleEvaluation(query: EvaluationQuery) {
  return useQuery({
    queryKey: ['evaluation', 'vehicles', query],
    queryFn: ({ signal }) => api.get<VehicleEvaluation>(`/api/admin/evaluation/vehicles?${evaluationSearch(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
