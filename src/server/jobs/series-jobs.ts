import { z } from 'zod';
import type { Deps } from '../deps';
import { extendSeries } from '../services/reading-rooms/series';

export const SERIES_EXTEND_JOB = 'booking-series-extend';

/** Daily at 00:15 (Berlin): series book the days that came into the booking window (decision 091). */
export function registerSeriesJobs(deps: Deps): void {
  deps.jobs.register({
    name: SERIES_EXTEND_JOB,
    schema: z.object({}).passthrough(),
    cron: '15 0 * * *',
    handler: async () => {
      const n = await extendSeries(deps);
      if (n > 0) deps.log.info({ booked: n }, 'Serien: neue Tage im Buchungszeitraum gebucht');
    },
  });
}
