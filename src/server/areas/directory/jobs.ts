import { z } from 'zod';
import type { Deps } from '../../deps';
import { tenantsDueForSync } from './directory-repository';
import { syncDirectory } from './sync';

export const DIRECTORY_SCHEDULE_JOB = 'directory-sync-schedule';
export const DIRECTORY_SYNC_JOB = 'directory-sync';

/**
 * Every five minutes the schedule queues one sync per tenant whose interval
 * has passed; `singletonKey` keeps one pending sync per tenant, so a slow
 * directory never piles them up. The sync itself is idempotent.
 */
export function registerDirectoryJobs(deps: Deps): void {
  deps.jobs.register({
    name: DIRECTORY_SCHEDULE_JOB,
    schema: z.object({}).passthrough(),
    cron: '*/5 * * * *',
    handler: async () => {
      for (const tenantId of await tenantsDueForSync(deps.database.db)) {
        await deps.jobs.send(DIRECTORY_SYNC_JOB, { tenantId }, { singletonKey: `directory-sync|${tenantId}` });
      }
    },
  });
  deps.jobs.register({
    name: DIRECTORY_SYNC_JOB,
    schema: z.object({ tenantId: z.uuid() }),
    handler: async ({ tenantId }) => {
      try {
        const summary = await syncDirectory(deps, tenantId, null);
        deps.log.info({ tenantId, ...summary, skipped: summary.skipped.length }, 'directory sync done');
      } catch (err) {
        // Kept as the last result for the admin; a retry would only hit the same server again before the next interval.
        deps.log.warn({ err, tenantId }, 'directory sync failed');
      }
    },
  });
}
