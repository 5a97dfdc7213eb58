import type { logbookList } from '@contracts/logbook';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { logbookKeys } from './keys';

export type LogbookList = z.infer<typeof logbookList>;
export interface LogbookParams {
  vehicleId: string;
  from: string;
  to: string;
  driverId?: string;
  page: number;
  pageSize: number;
}

export function logbookSearch(p: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}

/** GET /api/logbook for one vehicle and period, paged on the server. */
export function useLogbook(p: LogbookParams) {
  return useQuery({
    queryKey: logbookKeys.list({ ...p }),
    queryFn: ({ signal }) => api.get<LogbookList>(`/api/logbook?${logbookSearch({ ...p })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
