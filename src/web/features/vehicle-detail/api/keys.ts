/** Query keys of the vehicle detail screen; the logbook key is shared by list and correction. */
export const detailKeys = {
  vehicle: (id: string) => ['vehicle-detail', 'vehicle', id] as const,
  history: (id: string) => ['vehicle-detail', 'history', id] as const,
  logbookAll: ['vehicle-detail', 'logbook'] as const,
  service: (id: string) => ['vehicle-detail', 'service', id] as const,
  damages: (id: string) => ['vehicle-detail', 'damages', id] as const,
  care: ['vehicle-care'] as const,
  logbook: (params: Record<string, string | number | undefined>) => ['vehicle-detail', 'logbook', params] as const,
};
