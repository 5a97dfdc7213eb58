import { isIsoDay, isValidTime } from '@domain/time';
import { z } from 'zod';

/**
 * The three shapes of time every route takes, in one place: a calendar day
 * (YYYY-MM-DD, a day that exists), a time of day (HH:mm, 00:00–23:59) and an
 * instant (ISO 8601 with offset). A value of the right shape that does not
 * exist (2026-02-30, 24:00) is refused here, before it can reach a database.
 * Each carries a `format` in the OpenAPI document (`date`, `time-of-day`,
 * `date-time`), so tests and clients can find every such field of every route.
 *
 * Days and instants also lie in the years 2000–2100 (decision 191): arithmetic
 * on a day of the year 9999 (adding a gap, a booking window) leaves what a
 * JavaScript date or PostgreSQL can hold, and no booking, trip or export of
 * Buchbar needs a year outside that range. Dates of a person's past (the issue
 * date of a driving licence) use `pastCalendarDate`, which starts in 1900.
 *
 * The issue's `message` is a key, not a text: the error map
 * (server/http/messages.ts) turns it into a sentence with the field's label
 * in the reader's language.
 */
export const CALENDAR_FORMATS = { date: 'date', time: 'time-of-day', instant: 'date-time' } as const;
export const INVALID_DATE = 'calendar.date';
export const INVALID_TIME = 'calendar.time';
export const INVALID_INSTANT = 'calendar.instant';
export const DATE_OUT_OF_RANGE = 'calendar.range';
export const PAST_DATE_OUT_OF_RANGE = 'calendar.range_past';

export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;
export const FIRST_PAST_YEAR = 1900;

const yearOf = (v: string) => Number(v.slice(0, 4));
const inYears = (first: number) => (v: string) => !isIsoDay(v.slice(0, 10)) || (yearOf(v) >= first && yearOf(v) <= LAST_YEAR);

export const calendarDate = z
  .string()
  .refine(isIsoDay, { message: INVALID_DATE, abort: true })
  .refine(inYears(FIRST_YEAR), { message: DATE_OUT_OF_RANGE })
  .meta({ description: 'Kalendertag YYYY-MM-DD (2000–2100)', format: CALENDAR_FORMATS.date, example: '2026-11-24' });

/** A calendar day that may lie long ago (1900–2100): the issue date of a driving licence. */
export const pastCalendarDate = z
  .string()
  .refine(isIsoDay, { message: INVALID_DATE, abort: true })
  .refine(inYears(FIRST_PAST_YEAR), { message: PAST_DATE_OUT_OF_RANGE })
  .meta({ description: 'Kalendertag YYYY-MM-DD (1900–2100)', format: CALENDAR_FORMATS.date, example: '1998-03-02' });

export const timeOfDay = z
  .string()
  .refine(isValidTime, { message: INVALID_TIME })
  .meta({ description: 'Uhrzeit HH:mm', format: CALENDAR_FORMATS.time, example: '08:00' });

export const instant = z.iso
  .datetime({ offset: true, message: INVALID_INSTANT, abort: true })
  // ISO 8601 has a year 0000, PostgreSQL has not: refused here instead of failing in the database.
  .refine((v) => isIsoDay(v.slice(0, 10)), { message: INVALID_INSTANT, abort: true })
  .refine(inYears(FIRST_YEAR), { message: DATE_OUT_OF_RANGE })
  .meta({ description: 'Zeitpunkt ISO 8601 (2000–2100)', format: CALENDAR_FORMATS.instant, example: '2026-11-24T08:00:00+01:00' });
