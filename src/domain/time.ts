import { type AppError, defineErrors } from './errors';

/** The refusals of this rule in both languages (decision 198). */
const timeErrors = defineErrors({
  date_invalid: { status: 400, de: 'Invalid date format', en: 'Invalid date format' },
  time_not_string: { status: 400, de: 'Zeit zum setzen ist kein valider String', en: 'The time to set is not a valid string.' },
  time_invalid: {
    status: 400,
    texts: (p: { value: string }) => ({
      de: `Zeit ${p.value} ist keine gültige Uhrzeit im Format HH:mm`,
      en: `Time ${p.value} is not a valid time in the format HH:mm.`,
    }),
  },
  time_step_invalid: {
    status: 400,
    texts: (p: { step: number; max: number }) => ({
      de: `Rundungsschritt ${p.step} muss eine ganze Zahl von 1 bis ${p.max} Minuten sein`,
      en: `Rounding step ${p.step} must be a whole number of minutes from 1 to ${p.max}.`,
    }),
  },
});

/**
 * Berlin wall-clock arithmetic: the EU summer-time rule for the years it
 * covers, Intl for all others (full ICU ships with Node 20 and every browser).
 * Not the dayjs timezone plugin: it has known off-by-one-hour bugs around the
 * DST switch, and these rules must be exact on exactly those days.
 */

export const ZONE = 'Europe/Berlin';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

// One shared formatter, made on first use: constructing Intl.DateTimeFormat is
// expensive (the first one with a time zone loads ICU's zone data: 80 ms on a
// desktop, four times that on a phone, in the task that starts the app), and
// the summer-time rule below answers every date of today's bookings without
// it. h23 avoids ICU's '24' hour.
let wallFormatter: Intl.DateTimeFormat | undefined;
const formatter = () =>
  (wallFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }));

/** The wall time as Intl reads it: the reference the fast path below is checked against. */
function intlWallTime(instant: Date): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter().formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    hour: parts.hour ?? NaN,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
    millisecond: instant.getUTCMilliseconds(),
  };
}

/** 0001-01-01T00:00:00Z: before it Intl counts years by era (1 BC is year 1), the UTC fields do not. */
const FIRST_YEAR_MS = -62_135_596_800_000;
/** The last instant a Date can hold. */
const LAST_MS = 8_640_000_000_000_000;

function wallTime(instant: Date): WallTime {
  const ms = instant.getTime();
  // The UTC fields of the instant moved by its offset are the wall time; a day
  // of bookings needs hundreds of these, and formatToParts is the costly part.
  if (!(ms >= FIRST_YEAR_MS + DAY_MINUTES * MINUTE_MS && ms <= LAST_MS - DAY_MINUTES * MINUTE_MS)) return intlWallTime(instant);
  const w = new Date(ms + offsetAt(ms));
  return {
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    second: w.getUTCSeconds(),
    millisecond: w.getUTCMilliseconds(),
  };
}

// Date.UTC maps years 0..99 to 1900..1999; setUTCFullYear does not.
function wallAsUtcMs(w: WallTime): number {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, w.millisecond);
  return d.getTime();
}

function intlOffsetAt(instantMs: number): number {
  return wallAsUtcMs(intlWallTime(new Date(instantMs))) - instantMs;
}

const HOUR_MS = 60 * MINUTE_MS;
/** About eleven years of hours; cleared when full, so memory stays bounded in a long-running process. */
const OFFSET_CACHE_HOURS = 100_000;
/** Offset per UTC hour, or NaN for an hour in which the offset changes. */
const hourOffsets = new Map<number, number>();

/** Years in which Berlin follows the EU summer-time rule; the property test checks every one against Intl. */
const RULE_FIRST_YEAR = 1996;
const RULE_LAST_YEAR = 2099;

/** 01:00 UTC on the last Sunday of the month (0-based), when the EU clocks change. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Berlin's offset by the EU rule in force since 1996: summer time (UTC+2) from
 * 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of
 * October, UTC+1 otherwise. Null outside those years, where Intl knows the
 * history (other end dates, double summer time, local mean time).
 */
function summerTimeRuleOffsetAt(instantMs: number): number | null {
  const year = new Date(instantMs).getUTCFullYear();
  if (!(year >= RULE_FIRST_YEAR && year <= RULE_LAST_YEAR)) return null;
  const summer = instantMs >= lastSundayOneUtc(year, 2) && instantMs < lastSundayOneUtc(year, 9);
  return summer ? 2 * HOUR_MS : HOUR_MS;
}

/**
 * Offset of Berlin from UTC at that instant, in ms (3_600_000 in winter).
 * Berlin's offset changes a few times a year, always months apart, so it is
 * read from Intl once per UTC hour: an hour whose first and last millisecond
 * have the same offset has it throughout. Today's switches fall on whole UTC
 * hours; an hour in which the offset does change (local mean time ended at
 * 23:06:32 UTC in 1893) is asked of Intl for every instant.
 */
function offsetAt(instantMs: number): number {
  const byRule = summerTimeRuleOffsetAt(instantMs);
  if (byRule !== null) return byRule;
  const hour = Math.floor(instantMs / HOUR_MS);
  let offset = hourOffsets.get(hour);
  if (offset === undefined) {
    const first = intlOffsetAt(hour * HOUR_MS);
    offset = first === intlOffsetAt((hour + 1) * HOUR_MS - 1) ? first : NaN;
    if (hourOffsets.size >= OFFSET_CACHE_HOURS) hourOffsets.clear();
    hourOffsets.set(hour, offset);
  }
  return Number.isNaN(offset) ? intlOffsetAt(instantMs) : offset;
}

/**
 * Instant at which Berlin clocks show `wallMs` (a wall time encoded as if it
 * were UTC). A wall time skipped in spring moves forward by the gap (02:30 →
 * 03:30 CEST), like a clock would; a wall time that occurs twice in autumn
 * resolves to its first occurrence (CEST).
 */
function instantFromWall(wallMs: number): number {
  const candidates = new Set<number>();
  for (const probe of [wallMs - DAY_MINUTES * MINUTE_MS, wallMs, wallMs + DAY_MINUTES * MINUTE_MS]) {
    candidates.add(wallMs - offsetAt(probe));
  }
  const exact = [...candidates].filter((c) => c + offsetAt(c) === wallMs).sort((a, b) => a - b);
  if (exact[0] !== undefined) return exact[0];
  // Skipped wall time: interpret it with the offset in force before the gap.
  return wallMs - offsetAt(wallMs - DAY_MINUTES * MINUTE_MS);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a calendar day that exists, written YYYY-MM-DD (2026-02-30, month 00 and the year 0000, which PostgreSQL has not, do not). */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1) return false;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const invalidDate = (): AppError => timeErrors.fail('date_invalid');

function toInstant(d: Date | string): Date {
  const instant = typeof d === 'string' ? new Date(d) : d;
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw invalidDate();
  return instant;
}

/** True for 'HH:mm' on a 24-hour clock, 00:00 to 23:59, nothing else. */
export function isValidTime(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 5 || value[2] !== ':') return false;
  const hh = value.slice(0, 2);
  const mm = value.slice(3);
  return isDigits(hh) && isDigits(mm) && Number(hh) <= 23 && Number(mm) <= 59;
}

export function parseTime(value: unknown): { stunden: number; minuten: number } {
  if (typeof value !== 'string') {
    throw timeErrors.fail('time_not_string');
  }
  if (!isValidTime(value)) {
    throw timeErrors.fail('time_invalid', { value });
  }
  return { stunden: Number(value.slice(0, 2)), minuten: Number(value.slice(3)) };
}

function daysInMonth(year: number, month: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}

function parseGermanDateParts(value: unknown): { year: number; month: number; day: number } {
  if (typeof value !== 'string' || value.length !== 10 || value[2] !== '.' || value[5] !== '.') throw invalidDate();
  const dd = value.slice(0, 2);
  const mm = value.slice(3, 5);
  const yyyy = value.slice(6);
  if (!isDigits(dd) || !isDigits(mm) || !isDigits(yyyy)) throw invalidDate();
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  // Strict on purpose: Date would silently roll 31.02. over into March.
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw invalidDate();
  return { year, month, day };
}

/** Strict DD.MM.YYYY of a real calendar date, as the instant of Berlin midnight that day. */
export function parseGermanDate(value: string): Date {
  const { year, month, day } = parseGermanDateParts(value);
  return new Date(instantFromWall(wallAsUtcMs({ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 })));
}

/**
 * A German date plus an HH:mm time as an instant in Berlin. Skipped and
 * doubled wall times on DST days resolve as described at instantFromWall.
 */
export function combineDateAndTime(date: string, time: string): Date {
  const { year, month, day } = parseGermanDateParts(date);
  const { stunden, minuten } = parseTime(time);
  return new Date(instantFromWall(wallAsUtcMs({ year, month, day, hour: stunden, minute: minuten, second: 0, millisecond: 0 })));
}

export function formatDate(d: Date | string): string {
  const w = wallTime(toInstant(d));
  return `${pad(w.day)}.${pad(w.month)}.${pad(w.year, 4)}`;
}

export function formatTime(d: Date | string): string {
  const w = wallTime(toInstant(d));
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

export function formatDateTime(d: Date | string): string {
  const instant = toInstant(d);
  return `${formatDate(instant)} ${formatTime(instant)}`;
}

/**
 * Rounds to the nearest multiple of `stepMinutes` counted from Berlin midnight
 * (halves round up). The grid ends at the next midnight, so steps that do not
 * divide a day never spill a remainder into the following day.
 *
 * The wall time is read and written back with the offset in force at `d`, so the
 * result is never more than half a step away in real time, even across the DST
 * switch (02:55 CEST on the last Sunday of October becomes 02:00 CET, five real
 * minutes later, not 03:00 CET an hour later). For steps that divide an hour
 * the result always lies on the wall-clock grid.
 */
export function roundToStep(d: Date, stepMinutes = 15): Date {
  if (!Number.isInteger(stepMinutes) || stepMinutes < 1 || stepMinutes > DAY_MINUTES) {
    throw timeErrors.fail('time_step_invalid', { step: stepMinutes, max: DAY_MINUTES });
  }
  const instantMs = toInstant(d).getTime();
  const offset = offsetAt(instantMs);
  const wallMs = instantMs + offset;
  const w = wallTime(new Date(instantMs));
  const midnightWallMs = wallAsUtcMs({ ...w, hour: 0, minute: 0, second: 0, millisecond: 0 });
  const stepMs = stepMinutes * MINUTE_MS;
  const sinceMidnight = wallMs - midnightWallMs;
  const below = Math.floor(sinceMidnight / stepMs) * stepMs;
  const above = Math.min(below + stepMs, DAY_MINUTES * MINUTE_MS);
  const rounded = sinceMidnight - below < above - sinceMidnight ? below : above;
  return new Date(midnightWallMs + rounded - offset);
}
