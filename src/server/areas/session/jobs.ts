import { z } from 'zod';
import type { Deps } from '../../deps';
import { deleteExpiredVerifications } from './auth-security-repository';

export const EXPIRED_VERIFICATIONS_JOB = 'auth-verification-cleanup';

/**
 * Hourly removal of expired sign-in challenges and codes (idempotent). Anyone
 * may ask for a passkey challenge without an account (decision 145), so the
 * unanswered ones must not pile up.
 */
export function registerSessionJobs(deps: Deps): void {
  deps.jobs.register({
    name: EXPIRED_VERIFICATIONS_JOB,
    schema: z.object({}).passthrough(),
    cron: '50 * * * *',
    handler: async () => {
      const removed = await deleteExpiredVerifications(deps.database.db);
      if (removed > 0) deps.log.info({ removed }, 'expired sign-in challenges and codes removed');
    },
  });
}
