import { z } from 'zod';
import type { Deps } from '../../deps';
import { cleanUpBackgroundExports, LOGBOOK_EXPORT_JOB, runBackgroundExport } from './background-export';
import { sendDueLogbookReports } from './logbook-reports';

export const LOGBOOK_REPORT_JOB = 'logbook-report-mails';
export const LOGBOOK_EXPORT_CLEANUP_JOB = 'logbook-export-cleanup';

/**
 * Logbook jobs. The report run is hourly (Europe/Berlin) and idempotent per
 * period and address, so only the first run after a period ends sends, and a
 * run after downtime sends what was missed and retries failed deliveries.
 */
export function registerLogbookJobs(deps: Deps): void {
  deps.jobs.register({
    name: LOGBOOK_REPORT_JOB,
    schema: z.object({}).passthrough(),
    cron: '15 * * * *',
    handler: async () => {
      await sendDueLogbookReports(deps);
    },
  });
  deps.jobs.register({
    name: LOGBOOK_EXPORT_JOB,
    schema: z.object({ tenantId: z.string().uuid(), exportId: z.string().uuid() }),
    handler: async (p) => {
      await runBackgroundExport(deps, p.tenantId, p.exportId);
    },
  });
  deps.jobs.register({
    name: LOGBOOK_EXPORT_CLEANUP_JOB,
    schema: z.object({}).passthrough(),
    cron: '40 * * * *',
    handler: async () => {
      await cleanUpBackgroundExports(deps);
    },
  });
}
