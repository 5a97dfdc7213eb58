import type { DriverListDto } from '@contracts/driving-licences';
import type { LicenceState } from '@domain/driving-licence';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { licenceKeys } from '@web/lib/licence-keys';

export interface DriverParams {
  q: string;
  states: LicenceState[];
  page: number;
  pageSize: number;
}

/** GET /api/driving-licences: one page of drivers with their licence state (search, filter and paging on the server). */
export function useDrivers(p: DriverParams) {
  const search = new URLSearchParams({ page: String(p.page), pageSize: String(p.pageSize) });
  if (p.q.trim()) search.set('q', p.q.trim());
  if (p.states.length) search.set('state', p.states.join(','));
  return useQuery({
    queryKey: licenceKeys.list(p),
    queryFn: ({ signal }) => api.get<DriverListDto>(`/api/driving-licences?${search.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
