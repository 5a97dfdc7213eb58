import type { EvaluationQuery, OfficeEvaluation } from '@contracts/evaluation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { evaluationSearch } from '../period';

/** GET /api/admin/evaluation/office */
export function useOfficeEvaluation(query: EvaluationQuery) {
  return useQuery({
    queryKey: ['evaluation', 'office', query],
    queryFn: ({ signal }) => api.get<OfficeEvaluation>(`/api/admin/evaluation/office?${evaluationSearch(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
