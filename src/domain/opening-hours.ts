import { defineErrors } from './errors';
import type { PublicHoliday } from './public-holidays';
import { combineDateAndTime, formatDate, isIsoDay, isValidTime } from './time';

/** The refusals of this rule in both languages (decision 198). */
const openingHoursErrors = defineErrors({
  date_invalid: { status: 400, de: 'Invalid date format', en: 'Invalid date format' },
  deviation_range_invalid: {
    status: 400,
    de: '„Gültig bis“ darf nicht vor „Gültig von“ liegen.',
    en: '"Valid to" must not be before "valid from".',
  },
  time_invalid: {
    status: 400,
    texts: (p: { value: string }) => ({
      de: `Zeit ${p.value} ist keine gültige Uhrzeit im Format HH:mm`,
      en: `Time ${p.value} is not a valid time in the format HH:mm.`,
    }),
  },
  opening_hours_invalid: {
    status: 400,
    texts: (p: { von: string }) => ({
      de: `Die Öffnungszeit muss nach ${p.von} Uhr enden.`,
      en: `The opening hours must end after ${p.von}.`,
    }),
  },
  period_name_missing: {
    status: 400,
    de: 'Bitte einen Namen für den Zeitraum angeben, z. B. „Vorlesungszeit“.',
    en: 'Please give the period a name, e.g. "Lecture period".',
  },
  period_name_too_long: {
    status: 400,
    de: 'Der Name des Zeitraums darf höchstens 80 Zeichen lang sein.',
    en: 'The name of the period must not be longer than 80 characters.',
  },
  period_range_invalid: {
    status: 400,
    de: '„Gültig bis“ darf nicht vor „Gültig von“ liegen.',
    en: '"Valid to" must not be before "valid from".',
  },
  period_too_long: {
    status: 400,
    de: 'Ein Zeitraum darf höchstens zwei Jahre umfassen.',
    en: 'A period must not span more than two years.',
  },
  period_weekdays: {
    status: 400,
    de: 'Ein Zeitraum braucht die Öffnungszeiten aller sieben Wochentage.',
    en: 'A period needs the opening hours of all seven weekdays.',
  },
  period_overlap: {
    status: 409,
    texts: (p: { name: string; from: string; to: string }) => ({
      de: `Der Zeitraum überschneidet sich mit „${p.name}“ (${p.from} bis ${p.to}); Zeiträume eines Grundrisses dürfen sich nicht überschneiden.`,
      en: `The period overlaps "${p.name}" (${p.from} to ${p.to}); the periods of a floor plan must not overlap.`,
    }),
  },
  status_unknown: {
    status: 400,
    texts: (p: { status: string }) => ({ de: `Status ${p.status} unbekannt`, en: `Status ${p.status} unknown` }),
  },
});

/**
 * Opening hours of a floor plan (Öffnungszeit) and deviating opening hours
 * (abweichende Öffnungszeit), and the day bookability rule of docs/product.md#day-bookability. Days are
 * ISO calendar days (`YYYY-MM-DD`) in Europe/Berlin; weekdays ISO 1 (Monday) … 7.
 */

export const DEFAULT_OPEN_FROM = '08:00';
export const DEFAULT_OPEN_TO = '18:00';

export interface RegularOpeningHour {
  weekday: number;
  von: string;
  bis: string;
  open: boolean;
}

export interface DeviatingOpeningHour {
  validFrom: string;
  validTo: string;
  von: string;
  bis: string;
  status: 'offen' | 'geschlossen';
}

/**
 * Öffnungszeitraum: a named set of weekly hours valid from `validFrom` to `validTo` (inclusive), e.g. the
 * Vorlesungszeit; it replaces the weekly default on the days it covers.
 */
export interface OpeningPeriod {
  name: string;
  validFrom: string;
  validTo: string;
  /** The seven weekdays' hours (completeRegularHours fills missing ones as closed). */
  hours: readonly RegularOpeningHour[];
}

/** What a plan's days are decided on besides its weekly default and deviations. */
export interface OpeningCalendar {
  periods: readonly OpeningPeriod[];
  /** Public holidays of the tenant's Bundesland (public-holidays.ts); empty where none is chosen. */
  holidays: readonly PublicHoliday[];
}

export const NO_CALENDAR: OpeningCalendar = { periods: [], holidays: [] };

export type DaySource =
  | 'regulaer'
  | 'abweichend-offen'
  | 'abweichend-geschlossen'
  | 'wochentag-geschlossen'
  | 'zeitraum'
  | 'zeitraum-geschlossen'
  | 'feiertag';

export interface DayOpening {
  date: string;
  bookable: boolean;
  von: string | null;
  bis: string | null;
  source: DaySource;
  /** The period whose hours apply (sources zeitraum, zeitraum-geschlossen). */
  period?: string;
  /** The public holiday on this day, also when a deviation opens the plan on it. */
  holiday?: { de: string; en: string };
}

function assertIsoDay(value: string): void {
  if (!isIsoDay(value)) throw openingHoursErrors.fail('date_invalid');
}

/** ISO weekday 1 (Monday) … 7 (Sunday) of a calendar day. */
export function isoWeekday(day: string): number {
  assertIsoDay(day);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wd = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return wd === 0 ? 7 : wd;
}

export function addDays(day: string, n: number): string {
  assertIsoDay(day);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  assertIsoDay(a);
  assertIsoDay(b);
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The Berlin calendar day of an instant. */
export function berlinDay(instant: Date): string {
  const [dd, mm, yyyy] = formatDate(instant).split('.');
  return `${yyyy}-${mm}-${dd}`;
}

export function germanDay(day: string): string {
  assertIsoDay(day);
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

/** The instant Berlin clocks show `time` on `day`. */
export function instantOf(day: string, time: string): Date {
  return combineDateAndTime(germanDay(day), time);
}

/** Monday of the ISO week the day belongs to. */
export function weekStart(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
}

export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The seven regular days with the default 08:00–18:00 where nothing is stored (docs/product.md#opening-hours). */
export function completeRegularHours(
  stored: readonly RegularOpeningHour[],
  openByDefault: (weekday: number) => boolean = () => true,
): RegularOpeningHour[] {
  return [1, 2, 3, 4, 5, 6, 7].map(
    (weekday) =>
      stored.find((s) => s.weekday === weekday) ?? { weekday, von: DEFAULT_OPEN_FROM, bis: DEFAULT_OPEN_TO, open: openByDefault(weekday) },
  );
}

export function validateOpeningHours(von: string, bis: string): void {
  if (!isValidTime(von) || !isValidTime(bis)) {
    throw openingHoursErrors.fail('time_invalid', { value: !isValidTime(von) ? von : bis });
  }
  if (minutesOf(bis) <= minutesOf(von)) {
    throw openingHoursErrors.fail('opening_hours_invalid', { von });
  }
}

export function validateDeviation(d: DeviatingOpeningHour): void {
  assertIsoDay(d.validFrom);
  assertIsoDay(d.validTo);
  if (d.validTo < d.validFrom) {
    throw openingHoursErrors.fail('deviation_range_invalid');
  }
  if (d.status !== 'offen' && d.status !== 'geschlossen') {
    throw openingHoursErrors.fail('status_unknown', { status: String(d.status) });
  }
  validateOpeningHours(d.von, d.bis);
}

const MAX_PERIOD_DAYS = 731;

/** Checks a period on its own: name, range, the seven weekdays and their hours. */
export function validatePeriod(p: OpeningPeriod): void {
  const name = p.name.trim();
  if (name === '') throw openingHoursErrors.fail('period_name_missing');
  if (name.length > 80) throw openingHoursErrors.fail('period_name_too_long');
  assertIsoDay(p.validFrom);
  assertIsoDay(p.validTo);
  if (p.validTo < p.validFrom) throw openingHoursErrors.fail('period_range_invalid');
  if (daysBetween(p.validFrom, p.validTo) >= MAX_PERIOD_DAYS) throw openingHoursErrors.fail('period_too_long');
  const weekdays = new Set(p.hours.map((h) => h.weekday));
  if (p.hours.length !== 7 || weekdays.size !== 7 || [...weekdays].some((w) => !Number.isInteger(w) || w < 1 || w > 7)) {
    throw openingHoursErrors.fail('period_weekdays');
  }
  for (const h of p.hours) validateOpeningHours(h.von, h.bis);
}

/** Refuses a period that shares a day with another of the plan's periods (`others` without the period itself). */
export function assertNoPeriodOverlap(p: Pick<OpeningPeriod, 'validFrom' | 'validTo'>, others: readonly OpeningPeriod[]): void {
  const clash = others.find((o) => o.validFrom <= p.validTo && p.validFrom <= o.validTo);
  if (clash) {
    throw openingHoursErrors.fail('period_overlap', { name: clash.name, from: germanDay(clash.validFrom), to: germanDay(clash.validTo) });
  }
}

/** The period covering a day: the one that starts latest, then the first by name (the admin refuses overlaps). */
export function periodOn(day: string, periods: readonly OpeningPeriod[]): OpeningPeriod | null {
  let chosen: OpeningPeriod | null = null;
  for (const p of periods) {
    if (p.validFrom > day || day > p.validTo) continue;
    if (!chosen || p.validFrom > chosen.validFrom || (p.validFrom === chosen.validFrom && p.name < chosen.name)) chosen = p;
  }
  return chosen;
}

/**
 * Effective opening hours of a day (docs/product.md#day-bookability, decisions 021 and 235), the one rule the map,
 * the series preview and the booking rules share. In this order:
 * 1. a deviating opening time covering the day: `geschlossen` wins (closing is the safe reading), else the `offen`
 *    entry that starts latest (the most specific) – this is also how an admin opens a plan on a public holiday;
 * 2. a public holiday of the tenant's Bundesland closes the plan;
 * 3. an opening period covering the day gives its hours of the weekday;
 * 4. the weekly default.
 */
export function dayOpening(
  day: string,
  regular: readonly RegularOpeningHour[],
  deviating: readonly DeviatingOpeningHour[],
  calendar: OpeningCalendar = NO_CALENDAR,
): DayOpening {
  assertIsoDay(day);
  const found = calendar.holidays.find((h) => h.date === day);
  const holiday = found ? { holiday: { de: found.de, en: found.en } } : {};
  const covering = deviating.filter((d) => d.validFrom <= day && day <= d.validTo);
  if (covering.length > 0) {
    if (covering.some((d) => d.status === 'geschlossen'))
      return { date: day, bookable: false, von: null, bis: null, source: 'abweichend-geschlossen', ...holiday };
    const chosen = [...covering].sort((a, b) => (a.validFrom < b.validFrom ? 1 : a.validFrom > b.validFrom ? -1 : 0))[0]!;
    return { date: day, bookable: true, von: chosen.von, bis: chosen.bis, source: 'abweichend-offen', ...holiday };
  }
  if (found) return { date: day, bookable: false, von: null, bis: null, source: 'feiertag', ...holiday };
  const weekday = isoWeekday(day);
  const period = periodOn(day, calendar.periods);
  if (period) {
    const hours = period.hours.find((r) => r.weekday === weekday);
    if (!hours?.open) return { date: day, bookable: false, von: null, bis: null, source: 'zeitraum-geschlossen', period: period.name };
    return { date: day, bookable: true, von: hours.von, bis: hours.bis, source: 'zeitraum', period: period.name };
  }
  const reg = regular.find((r) => r.weekday === weekday);
  if (!reg?.open) return { date: day, bookable: false, von: null, bis: null, source: 'wochentag-geschlossen' };
  return { date: day, bookable: true, von: reg.von, bis: reg.bis, source: 'regulaer' };
}
