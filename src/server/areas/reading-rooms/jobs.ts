import { z } from 'zod';
import type { Deps } from '../../deps';
import { expireReadingRoomBookings } from './expire';
import { sendReadingRoomReminders } from './reminders';

export const READING_ROOM_EXPIRE_JOB = 'reading-room-expire';
export const READING_ROOM_REMINDER_JOB = 'reading-room-reminders';

/** Every minute: cancels unconfirmed pre-bookings at their start and no-shows after the check-in window; sends reminders before the start. */
export function registerReadingRoomJobs(deps: Deps): void {
  deps.jobs.register({
    name: READING_ROOM_EXPIRE_JOB,
    schema: z.object({}).passthrough(),
    cron: '* * * * *',
    handler: async () => {
      const n = await expireReadingRoomBookings(deps);
      if (n > 0) deps.log.info({ cancelled: n }, 'Leseraum: Vormerkungen/Reservierungen ohne Bestätigung bzw. Check-in storniert');
    },
  });
  deps.jobs.register({
    name: READING_ROOM_REMINDER_JOB,
    schema: z.object({}).passthrough(),
    cron: '* * * * *',
    handler: async () => {
      const n = await sendReadingRoomReminders(deps);
      if (n > 0) deps.log.info({ reminders: n }, 'Leseraum: Erinnerungen vor Buchungsbeginn versendet');
    },
  });
}
