/** Query keys of the logbook; a correction or a gap explanation refreshes every list of it by `all`. */
export const logbookKeys = {
  all: ['logbook'] as const,
  list: (params: Record<string, string | number | undefined>) => ['logbook', params] as const,
  // Outside `all`: a correction does not restart the progress of a running export.
  export: (id: string | null) => ['logbook-export', id] as const,
  reportSettings: ['logbook-report-settings'] as const,
};
