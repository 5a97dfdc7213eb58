import { z } from 'zod';
import type { Deps } from '../../deps';
import { sendServiceDueReminders } from '../vehicle-care/service-reminders';
import { autoCancelWithoutCheckIn, remindMissingCheckOut } from './trips';

export const VEHICLE_AUTO_CANCEL_JOB = 'vehicle-auto-cancel-without-check-in';
export const VEHICLE_CHECK_OUT_REMINDER_JOB = 'vehicle-check-out-reminder';
export const SERVICE_DUE_REMINDER_JOB = 'vehicle-service-due-reminders';

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
  // Hourly in office hours: the claim per due date makes every run after the first of a day a no-op,
  // and a server that was down sends what it missed at its first run.
  deps.jobs.register({
    name: SERVICE_DUE_REMINDER_JOB,
    schema: z.object({}).passthrough(),
    cron: '10 6-20 * * *',
    handler: async () => {
      await sendServiceDueReminders(deps);
    },
  });
}
