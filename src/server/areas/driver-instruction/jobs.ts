import { z } from 'zod';
import type { Deps } from '../../deps';
import { sendInstructionReminders } from './instruction-reminders';

export const INSTRUCTION_REMINDER_JOB = 'driver-instruction-reminders';

/**
 * Driver-instruction reminders: hourly in office hours (Europe/Berlin). Each due day of each driver is
 * claimed once in instruction_reminders, so every run after the first of a day is a no-op, and a server
 * that was down sends what it missed at its first run.
 */
export function registerInstructionJobs(deps: Deps): void {
  deps.jobs.register({
    name: INSTRUCTION_REMINDER_JOB,
    schema: z.object({}).passthrough(),
    cron: '15 6-20 * * *',
    handler: async () => {
      await sendInstructionReminders(deps);
    },
  });
}
