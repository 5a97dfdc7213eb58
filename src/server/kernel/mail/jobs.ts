import { z } from 'zod';
import type { Deps } from '../../deps';
import { dropExpiredSealedBodies } from './outbox-repository';

export const SEALED_MAIL_EXPIRY_JOB = 'mail-outbox-sealed-expiry';

/**
 * Every five minutes, undelivered mails whose secrets stopped working lose
 * even the sealed copy (decision 190): a sign-in code lives ten minutes, and
 * the outbox must not keep it for longer (idempotent).
 */
export function registerMailJobs(deps: Deps): void {
  deps.jobs.register({
    name: SEALED_MAIL_EXPIRY_JOB,
    schema: z.object({}).passthrough(),
    cron: '*/5 * * * *',
    handler: async () => {
      const dropped = await dropExpiredSealedBodies(deps.database.db, new Date());
      if (dropped > 0) deps.log.info({ dropped }, 'expired secrets of undelivered mails removed from the outbox');
    },
  });
}
