import { defineErrors } from './errors';
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

export type DaySource = 'regulaer' | 'abweichend-offen' | 'abweichend-geschlossen' | 'wochentag-geschlossen';

export interface DayOpening {
  date: string;
  bookable: boolean;
  von: string | null;
  bis: string | null;
  source: DaySource;
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

/**
 * Day bookability (docs/product.md#day-bookability): a day is bookable if the regular opening time of its
 * weekday is open and no deviating opening time covers it; a covering deviating
 * entry with status `offen` makes it bookable with that entry's hours, one with
 * `geschlossen` makes it not bookable. Where several entries cover a day,
 * `geschlossen` wins (closing is the safe reading), then the entry that starts
 * latest (the most specific) – see decision 021.
 */
export function dayOpening(day: string, regular: readonly RegularOpeningHour[], deviating: readonly DeviatingOpeningHour[]): DayOpening {
  assertIsoDay(day);
  const covering = deviating.filter((d) => d.validFrom <= day && day <= d.validTo);
  if (covering.length > 0) {
    if (covering.some((d) => d.status === 'geschlossen'))
      return { date: day, bookable: false, von: null, bis: null, source: 'abweichend-geschlossen' };
    const chosen = [...covering].sort((a, b) => (a.validFrom < b.validFrom ? 1 : a.validFrom > b.validFrom ? -1 : 0))[0]!;
    return { date: day, bookable: true, von: chosen.von, bis: chosen.bis, source: 'abweichend-offen' };
  }
  const weekday = isoWeekday(day);
  const reg = regular.find((r) => r.weekday === weekday);
  if (!reg?.open) return { date: day, bookable: false, von: null, bis: null, source: 'wochentag-geschlossen' };
  return { date: day, bookable: true, von: reg.von, bis: reg.bis, source: 'regulaer' };
}
