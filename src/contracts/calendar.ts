import { isIsoDay, isValidTime } from '@domain/time';
import { z } from 'zod';

/**
 * The three shapes of time every route takes, in one place: a calendar day
 * (YYYY-MM-DD, a day that exists), a time of day (HH:mm, 00:00–23:59) and an
 * instant (ISO 8601 with offset). A value of the right shape that does not
 * exist (2026-02-30, 24:00) is refused here, before it can reach a database.
 * Each carries a `format` in the OpenAPI document (`date`, `time-of-day`,
 * `date-time`), so tests and clients can find every such field of every route.
 */
export const CALENDAR_FORMATS = { date: 'date', time: 'time-of-day', instant: 'date-time' } as const;
export const INVALID_DATE = 'Invalid date format';
export const INVALID_TIME = 'Ungültige Uhrzeit (HH:mm, 00:00–23:59)';

export const calendarDate = z
  .string()
  .refine(isIsoDay, { message: INVALID_DATE })
  .meta({ description: 'Kalendertag YYYY-MM-DD', format: CALENDAR_FORMATS.date, example: '2026-11-24' });

export const timeOfDay = z
  .string()
  .refine(isValidTime, { message: INVALID_TIME })
  .meta({ description: 'Uhrzeit HH:mm', format: CALENDAR_FORMATS.time, example: '08:00' });

export const instant = z.iso
  .datetime({ offset: true, message: INVALID_DATE })
  // ISO 8601 has a year 0000, PostgreSQL has not: refused here instead of failing in the database.
  .refine((v) => isIsoDay(v.slice(0, 10)), { message: INVALID_DATE })
  .meta({ description: 'Zeitpunkt ISO 8601', format: CALENDAR_FORMATS.instant, example: '2026-11-24T08:00:00+01:00' });
