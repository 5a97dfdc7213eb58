import { z } from 'zod';
import type { Deps } from '../../deps';
import { sendServiceDueReminders } from './service-reminders';

export const SERVICE_DUE_REMINDER_JOB = 'vehicle-service-due-reminders';

/** Scheduled jobs of the vehicle care (pg-boss, Europe/Berlin); every handler is idempotent. */
export function registerVehicleCareJobs(deps: Deps): void {
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
