/** Query keys of the vehicle detail screen; the logbook key is shared by list and correction. */
export const detailKeys = {
  vehicle: (id: string) => ['vehicle-detail', 'vehicle', id] as const,
  history: (id: string) => ['vehicle-detail', 'history', id] as const,
  logbookAll: ['vehicle-detail', 'logbook'] as const,
  logbook: (params: Record<string, string | number | undefined>) => ['vehicle-detail', 'logbook', params] as const,
};
