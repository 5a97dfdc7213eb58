import { z } from 'zod';
import type { Deps } from '../../deps';
import { autoCancelWithoutCheckIn, remindMissingCheckOut } from './trips';

export const VEHICLE_AUTO_CANCEL_JOB = 'vehicle-auto-cancel-without-check-in';
export const VEHICLE_CHECK_OUT_REMINDER_JOB = 'vehicle-check-out-reminder';

/** Scheduled vehicle jobs (pg-boss, Europe/Berlin); every handler is idempotent. */
export function registerVehicleJobs(deps: Deps): void {
  deps.jobs.register({
    name: VEHICLE_AUTO_CANCEL_JOB,
    schema: z.object({}).passthrough(),
    cron: '*/5 * * * *',
    handler: async () => {
      await autoCancelWithoutCheckIn(deps);
    },
  });
  deps.jobs.register({
    name: VEHICLE_CHECK_OUT_REMINDER_JOB,
    schema: z.object({}).passthrough(),
    cron: '*/5 * * * *',
    handler: async () => {
      await remindMissingCheckOut(deps, deps.config.publicUrl);
    },
  });
}
