import { combineDateAndTime, formatDate, formatTime } from './time';

/**
 * Berlin calendar helpers for the vehicle rules, built on src/domain/time.ts
 * (Intl based, exact on DST days).
 */

export const MINUTE_MS = 60_000;

/** JS weekday (0 = Sunday) → the stored German plural names (montags, …). */
const WEEKDAY_BY_JS = ['sonntags', 'montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags'] as const;
export type WeekdayName = (typeof WEEKDAY_BY_JS)[number];

/** YYYY-MM-DD → DD.MM.YYYY */
export const isoToGerman = (day: string): string => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
/** DD.MM.YYYY → YYYY-MM-DD */
export const germanToIso = (day: string): string => `${day.slice(6, 10)}-${day.slice(3, 5)}-${day.slice(0, 2)}`;

/** The Berlin calendar day of an instant, as YYYY-MM-DD. */
export const berlinDay = (d: Date): string => germanToIso(formatDate(d));

/** The instant of a Berlin wall time (HH:mm; '24:00' = next midnight) on a YYYY-MM-DD day. */
export function berlinInstant(day: string, time: string): Date {
  if (time === '24:00') return startOfDay(addDays(day, 1));
  return combineDateAndTime(isoToGerman(day), time);
}

export const startOfDay = (day: string): Date => berlinInstant(day, '00:00');

/** The last millisecond of a Berlin day: a token valid "until 31.12." counts all of that day. */
export const endOfDay = (day: string): Date => new Date(startOfDay(addDays(day, 1)).getTime() - 1);

/** Calendar arithmetic on YYYY-MM-DD (no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function weekdayOf(day: string): WeekdayName {
  return WEEKDAY_BY_JS[new Date(`${day}T12:00:00Z`).getUTCDay()]!;
}

/** Minutes since Berlin midnight of the instant's own day. */
export function minutesOfDay(d: Date): number {
  const [h, m] = formatTime(d).split(':').map(Number);
  return h! * 60 + m!;
}

/** Every Berlin day the half-open range [von, bis) touches. */
export function daysTouched(von: Date, bis: Date): string[] {
  const days: string[] = [];
  let day = berlinDay(von);
  const last = berlinDay(new Date(bis.getTime() - 1));
  while (day <= last) {
    days.push(day);
    day = addDays(day, 1);
  }
  return days;
}

export const addMinutes = (d: Date, minutes: number): Date => new Date(d.getTime() + minutes * MINUTE_MS);
