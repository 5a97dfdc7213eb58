import type { CostQuery, CostReport } from '@contracts/fleet-costs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { fleetCostKeys } from './keys';

export const costSearch = (q: CostQuery, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams({ from: q.from, to: q.to, ...extra });
  if (q.locationId) params.set('locationId', q.locationId);
  return params.toString();
};

/** GET /api/admin/evaluation/costs */
export function useCostReport(query: CostQuery) {
  return useQuery({
    queryKey: [...fleetCostKeys.report, query],
    queryFn: ({ signal }) => api.get<CostReport>(`/api/admin/evaluation/costs?${costSearch(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
