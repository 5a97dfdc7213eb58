import { z } from 'zod';
import type { Deps } from '../../deps';
import { expireRentalRequests, releaseUnconfirmedGuestBookings } from './housekeeping';

export const GUEST_RELEASE_JOB = 'guest-release-unconfirmed';
export const RENTAL_EXPIRY_JOB = 'rental-request-expiry';

/** Guest jobs (pg-boss, every 5 minutes); both handlers are idempotent. */
export function registerGuestJobs(deps: Deps): void {
  deps.jobs.register({
    name: GUEST_RELEASE_JOB,
    schema: z.object({}).passthrough(),
    cron: '*/5 * * * *',
    handler: async () => {
      await releaseUnconfirmedGuestBookings(deps);
    },
  });
  deps.jobs.register({
    name: RENTAL_EXPIRY_JOB,
    schema: z.object({}).passthrough(),
    cron: '*/5 * * * *',
    handler: async () => {
      await expireRentalRequests(deps);
    },
  });
}
