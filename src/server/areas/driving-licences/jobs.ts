import { z } from 'zod';
import type { Deps } from '../../deps';
import { sendLicenceReminders } from './licence-reminders';

export const LICENCE_REMINDER_JOB = 'licence-check-reminders';

/**
 * Driving-licence reminders: hourly in office hours (Europe/Berlin). The handler
 * is idempotent per due date, so the hourly runs only matter after downtime:
 * what a stopped server missed goes out at the first run after the next start.
 */
export function registerLicenceJobs(deps: Deps): void {
  deps.jobs.register({
    name: LICENCE_REMINDER_JOB,
    schema: z.object({}).passthrough(),
    cron: '5 6-20 * * *',
    handler: async () => {
      await sendLicenceReminders(deps);
    },
  });
}
