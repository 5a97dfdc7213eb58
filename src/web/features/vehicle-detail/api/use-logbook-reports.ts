import type { BackgroundExport, backgroundExportRequest, reportRequest, reportResponse } from '@contracts/logbook';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';

/** POST /api/logbook/exports: starts a large export in the background. */
export function useStartExport() {
  return useMutation({
    mutationFn: (body: z.input<typeof backgroundExportRequest>) => api.post<BackgroundExport>('/api/logbook/exports', body),
  });
}

/** GET /api/logbook/exports/:id, polled every second until the export is done or failed. */
export function useExportProgress(id: string | null) {
  return useQuery({
    queryKey: ['vehicle-detail', 'export', id] as const,
    queryFn: ({ signal }) => api.get<BackgroundExport>(`/api/logbook/exports/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'fertig' || q.state.data?.status === 'fehler' ? false : 1000),
  });
}

/** POST /api/logbook/reports: the report of a period, now, to the report addresses. */
export function useSendReport() {
  return useMutation({
    mutationFn: (body: z.input<typeof reportRequest>) => api.post<z.infer<typeof reportResponse>>('/api/logbook/reports', body),
  });
}
