import type { auditResponse, logResponse } from '@contracts/access-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

export type AuditEntry = z.infer<typeof auditResponse>['entries'][number];
export type LogEntry = z.infer<typeof logResponse>['entries'][number];
export const TRAIL_PAGE_SIZE = 25;

export interface TrailFilter {
  from?: string;
  to?: string;
  page: number;
  subjectType?: string;
  level?: string;
  category?: string;
}

const query = (f: TrailFilter, keys: (keyof TrailFilter)[]) => {
  const q = new URLSearchParams({ page: String(f.page), pageSize: String(TRAIL_PAGE_SIZE) });
  for (const k of keys) {
    const v = f[k];
    if (v !== undefined && v !== '') q.set(k, String(v));
  }
  return q.toString();
};

/** GET /api/admin/audit: the append-only change trail, filtered and paged in SQL. */
export const useAudit = (f: TrailFilter) =>
  useQuery({
    queryKey: ['admin', 'audit', f],
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof auditResponse>>(`/api/admin/audit?${query(f, ['from', 'to', 'subjectType'])}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/logs: the tenant's logging table (level, category, period). */
export const useLogs = (f: TrailFilter) =>
  useQuery({
    queryKey: ['admin', 'logs', f],
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof logResponse>>(`/api/admin/logs?${query(f, ['from', 'to', 'level', 'category'])}`, { signal }),
    placeholderData: keepPreviousData,
  });
