import type { BackgroundExport, backgroundExportRequest, reportRequest, reportResponse, reportSettings } from '@contracts/logbook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { z } from 'zod';
import { logbookKeys } from './keys';

/** POST /api/logbook/exports: starts a large export in the background. */
export function useStartExport() {
  return useMutation({
    mutationFn: (body: z.input<typeof backgroundExportRequest>) => api.post<BackgroundExport>('/api/logbook/exports', body),
  });
}

/** GET /api/logbook/exports/:id, polled every second until the export is done or failed. */
export function useExportProgress(id: string | null) {
  return useQuery({
    queryKey: logbookKeys.export(id),
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

/** GET /api/logbook/report-settings: rhythm and recipients of the logbook report. */
export function useReportSettings() {
  return useQuery({
    queryKey: logbookKeys.reportSettings,
    queryFn: ({ signal }) => api.get<z.infer<typeof reportSettings>>('/api/logbook/report-settings', { signal }),
  });
}

/** Saves both report settings for the tenant (PUT /api/settings/:name, layer MANDANT). */
export function useSaveReportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { rhythm: string; addresses: string[] }) => {
      await api.put('/api/settings/fahrzeugReportRhythmus', { layer: 'MANDANT', value: v.rhythm });
      await api.put('/api/settings/fahrzeugReportMailadressen', { layer: 'MANDANT', value: v.addresses });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: logbookKeys.reportSettings }),
  });
}
