import { z } from 'zod';
import type { Deps } from '../../deps';
import { seatSeries } from './seat-kind';
import { extendSeries } from './series-engine';
import { vehicleSeries } from './vehicle-kind';

export const SERIES_EXTEND_JOB = 'booking-series-extend';

/** Daily at 00:15 (Berlin): seat and vehicle series book the days that came into the booking window (decisions 091, 115). */
export function registerSeriesJobs(deps: Deps): void {
  deps.jobs.register({
    name: SERIES_EXTEND_JOB,
    schema: z.object({}).passthrough(),
    cron: '15 0 * * *',
    handler: async () => {
      const n = await extendSeries(deps, seatSeries);
      if (n > 0) deps.log.info({ booked: n }, 'Serien: neue Tage im Buchungszeitraum gebucht');
      const v = await extendSeries(deps, vehicleSeries);
      if (v > 0) deps.log.info({ booked: v }, 'Fahrzeugserien: neue Termine im Buchungszeitraum gebucht');
    },
  });
}
