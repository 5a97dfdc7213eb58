import { z } from 'zod';
import type { Deps } from '../../deps';
import { cleanUpPersonalDataExports, PERSONAL_DATA_EXPORT_JOB, runPersonalDataExport } from './personal-data-export';

export const PERSONAL_DATA_EXPORT_CLEANUP_JOB = 'personal-data-export-cleanup';

/** Privacy jobs: a person's data export and the hourly removal of exports older than a day (both idempotent). */
export function registerPrivacyJobs(deps: Deps): void {
  deps.jobs.register({
    name: PERSONAL_DATA_EXPORT_JOB,
    schema: z.object({ tenantId: z.string().uuid(), exportId: z.string().uuid() }),
    handler: async (p) => {
      await runPersonalDataExport(deps, p.tenantId, p.exportId);
    },
  });
  deps.jobs.register({
    name: PERSONAL_DATA_EXPORT_CLEANUP_JOB,
    schema: z.object({}).passthrough(),
    cron: '45 * * * *',
    handler: async () => {
      await cleanUpPersonalDataExports(deps);
    },
  });
}
