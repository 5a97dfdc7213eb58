import type { GuestDriverListDto } from '@contracts/driving-licences';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { licenceKeys } from '@web/lib/licence-keys';

/** GET /api/driving-licences/guests: one page of guest drivers with their recorded licence (search and paging on the server). */
export function useGuestDrivers(p: { q: string; page: number; pageSize: number }) {
  const search = new URLSearchParams({ page: String(p.page), pageSize: String(p.pageSize) });
  if (p.q.trim()) search.set('q', p.q.trim());
  return useQuery({
    queryKey: licenceKeys.list({ guests: true, ...p }),
    queryFn: ({ signal }) => api.get<GuestDriverListDto>(`/api/driving-licences/guests?${search.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
