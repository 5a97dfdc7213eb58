import { defineErrors } from './errors';
import {
  addDays,
  type DeviatingOpeningHour,
  dayOpening,
  daysBetween,
  isoWeekday,
  minutesOf,
  type RegularOpeningHour,
} from './opening-hours';
import { counted } from './plural';

/** The refusals of this rule in both languages (decision 198). */
const evaluationErrors = defineErrors({
  evaluation_period_order: {
    status: 400,
    de: 'Das Ende des Zeitraums liegt vor dem Beginn.',
    en: 'The end of the period is before its start.',
  },
  evaluation_period_too_long: {
    status: 400,
    texts: (p: { max: number }) => ({
      de: `Der Zeitraum darf höchstens ${counted('de', p.max, 'day')} umfassen.`,
      en: `The period may cover at most ${counted('en', p.max, 'day')}.`,
    }),
  },
});

/**
 * Rules of the evaluation screens (Auswertung, Büroauslastung). The numbers
 * themselves come from SQL aggregation; this module decides which period may
 * be asked for, how shares are rounded and how a table becomes a CSV file.
 */

/** A year and a leap day: one period may cover a whole calendar year, never more. */
export const MAX_PERIOD_DAYS = 366;

export interface EvaluationPeriod {
  /** First day, YYYY-MM-DD (Europe/Berlin). */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

export function validatePeriod(period: EvaluationPeriod): EvaluationPeriod {
  const span = daysBetween(period.from, period.to);
  if (span < 0) throw evaluationErrors.fail('evaluation_period_order');
  if (span + 1 > MAX_PERIOD_DAYS) throw evaluationErrors.fail('evaluation_period_too_long', { max: MAX_PERIOD_DAYS });
  return period;
}

/** Number of days of the inclusive period. */
export function periodDays(period: EvaluationPeriod): number {
  return daysBetween(period.from, period.to) + 1;
}

/** How often each ISO weekday (index 0 = Monday … 6 = Sunday) occurs in the period. */
export function weekdayCounts(period: EvaluationPeriod): number[] {
  const days = periodDays(period);
  const counts = Array.from({ length: 7 }, () => Math.floor(days / 7));
  const first = isoWeekday(period.from) - 1;
  for (let i = 0; i < days % 7; i++) {
    const index = (first + i) % 7;
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts;
}

/**
 * A share in percent with one decimal. Nothing offered means nothing used:
 * 0 instead of a division by zero, and never above 100 where bookings reach
 * past a closing time the capacity does not know about.
 */
export function percent(part: number, whole: number): number {
  if (!(whole > 0) || !(part > 0)) return 0;
  return Math.min(100, Math.round((part / whole) * 1000) / 10);
}

/**
 * Open minutes of a floor plan per ISO weekday (index 0 = Monday) over the
 * period, by the same day rule the booking screens use (docs/product.md#day-bookability): the
 * capacity a seat offers, against which its booked minutes are measured.
 */
export function openMinutesByWeekday(
  period: EvaluationPeriod,
  regular: readonly RegularOpeningHour[],
  deviating: readonly DeviatingOpeningHour[],
): number[] {
  const minutes = [0, 0, 0, 0, 0, 0, 0];
  const days = periodDays(period);
  for (let i = 0; i < days; i++) {
    const day = addDays(period.from, i);
    const opening = dayOpening(day, regular, deviating);
    if (!opening.bookable || !opening.von || !opening.bis) continue;
    const index = isoWeekday(day) - 1;
    minutes[index] = (minutes[index] ?? 0) + minutesOf(opening.bis) - minutesOf(opening.von);
  }
  return minutes;
}

/** Five colour steps of the heat map: 0 (unused) … 4 (75 % and more). */
export function heatLevel(share: number): 0 | 1 | 2 | 3 | 4 {
  if (!(share > 0)) return 0;
  if (share < 25) return 1;
  if (share < 50) return 2;
  if (share < 75) return 3;
  return 4;
}

/** The months (YYYY-MM) a period touches, in order. */
export function periodMonths(period: EvaluationPeriod): string[] {
  const months: string[] = [];
  let day = `${period.from.slice(0, 7)}-01`;
  while (day <= period.to) {
    months.push(day.slice(0, 7));
    const [y, m] = day.split('-').map(Number) as [number, number];
    day = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return months;
}

/** The last day of the period plus one: the exclusive end used in SQL. */
export function periodEnd(period: EvaluationPeriod): string {
  return addDays(period.to, 1);
}

/**
 * The whole calendar months inside the days [from, toExclusive) (decision 126):
 * the roll-up answers them from one month row per object and the days before
 * `start` and from `end` on from day rows. Without a whole month, start = end =
 * toExclusive, so every day comes from day rows.
 */
export function wholeMonths(from: string, toExclusive: string): { start: string; end: string } {
  const firstOfNext = (day: string) => {
    const [y, m] = day.split('-').map(Number) as [number, number];
    return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  };
  const start = from.endsWith('-01') ? from : firstOfNext(from);
  const end = `${toExclusive.slice(0, 8)}01`;
  return start < end ? { start, end } : { start: toExclusive, end: toExclusive };
}

/** One range of roll-up rows: day rows or month rows (keyed by their first day) in [from, to), added or taken away. */
export interface RollupPart {
  wholeMonth: boolean;
  from: string;
  to: string;
  sign: 1 | -1;
}

/**
 * The roll-up rows that sum the days [from, toExclusive) with the fewest rows read (docs/performance/fleet-costs.md):
 * a month covered entirely is its month row; a month covered for more than half its days is its month row minus
 * the day rows it leaves out; a month covered for half or less is the day rows it covers. So an edge month costs at
 * most half a month of day rows, where plain day rows would cost up to all of them.
 */
export function rollupPlan(from: string, toExclusive: string): RollupPart[] {
  const months: RollupPart[] = [];
  const days: RollupPart[] = [];
  const monthAfter = (first: string) => {
    const [y, m] = first.split('-').map(Number) as [number, number];
    return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  };
  const push = (list: RollupPart[], p: RollupPart) => {
    const last = list.at(-1);
    // neighbouring ranges of the same kind and sign are one range
    if (last && last.sign === p.sign && last.to === p.from) last.to = p.to;
    else list.push(p);
  };
  for (let month = `${from.slice(0, 8)}01`; month < toExclusive; month = monthAfter(month)) {
    const next = monthAfter(month);
    const start = from > month ? from : month;
    const end = toExclusive < next ? toExclusive : next;
    if (start >= end) continue;
    const covered = daysBetween(start, end);
    if (covered * 2 <= daysBetween(month, next)) {
      push(days, { wholeMonth: false, from: start, to: end, sign: 1 });
      continue;
    }
    push(months, { wholeMonth: true, from: month, to: next, sign: 1 });
    if (start > month) push(days, { wholeMonth: false, from: month, to: start, sign: -1 });
    if (end < next) push(days, { wholeMonth: false, from: end, to: next, sign: -1 });
  }
  return [...months, ...days];
}

export type CsvCell = string | number | null;

/**
 * Cells that a spreadsheet would run as a formula start with one of these;
 * a leading apostrophe keeps them text (CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * CSV as German Excel opens it without an import dialog: semicolon as
 * separator, decimal comma, CRLF line ends and a byte-order mark for UTF-8.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Reads back what toCsv wrote (tests and imports of our own files). */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const WEEKDAY_NAMES = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'];

/**
 * How often each ISO weekday occurs in each month (YYYY-MM) of the period,
 * counted without a loop over days. The same for every vehicle: an evaluation
 * of hundreds of vehicles works it out once (see bookableMinutesByMonth).
 */
export function monthWeekdayCounts(period: EvaluationPeriod): Map<string, number[]> {
  const result = new Map<string, number[]>();
  for (const month of periodMonths(period)) {
    const first = `${month}-01`;
    const start = first > period.from ? first : period.from;
    const [y, m] = month.split('-').map(Number) as [number, number];
    const last = addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1);
    const end = last < period.to ? last : period.to;
    result.set(month, weekdayCounts({ from: start, to: end }));
  }
  return result;
}

/**
 * Bookable minutes of a vehicle per month (YYYY-MM) within the period: its
 * individual booking time (from–to) on each of its booking weekdays. The
 * measure of a vehicle's utilisation, as the fleet plans with these hours.
 * `counts` is monthWeekdayCounts(period), passed in when many vehicles share it.
 */
export function bookableMinutesByMonth(
  period: EvaluationPeriod,
  weekdays: readonly string[],
  from: string,
  to: string,
  counts: ReadonlyMap<string, readonly number[]> = monthWeekdayCounts(period),
): Map<string, number> {
  const perDay = Math.max(0, minutesOf(to) - minutesOf(from));
  const open = [...new Set(weekdays.map((w) => WEEKDAY_NAMES.indexOf(w)).filter((i) => i >= 0))];
  const result = new Map<string, number>();
  for (const [month, perWeekday] of counts) {
    result.set(month, perDay * open.reduce((sum, i) => sum + (perWeekday[i] ?? 0), 0));
  }
  return result;
}
