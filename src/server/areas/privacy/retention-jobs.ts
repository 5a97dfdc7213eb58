import { z } from 'zod';
import type { Deps } from '../../deps';
import { runRetention } from './retention';

export const RETENTION_JOB = 'retention-anonymisation';

/** Retention (decision 150): nightly; idempotent, so a missed night is caught up by the next run. */
export function registerRetentionJobs(deps: Deps): void {
  deps.jobs.register({
    name: RETENTION_JOB,
    schema: z.object({}).passthrough(),
    cron: '30 3 * * *',
    handler: async () => {
      await runRetention(deps);
    },
  });
}
