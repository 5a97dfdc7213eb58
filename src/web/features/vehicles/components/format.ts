import { formatDate, formatTime } from '@domain/time';
import { addDays, berlinInstant, startOfDay, type WeekdayName, weekdayOf } from '@domain/vehicle-time';
import type { TFunction } from 'i18next';
import type { ObjectAttribute } from '../api/use-vehicle-attributes';

/** "23.11.2026 10:00–12:00" or "23.11.2026 10:00 – 24.11.2026 09:00" (Europe/Berlin). */
export function formatPeriod(von: string | Date, bis: string | Date): string {
  const sameDay =
    formatDate(von) === formatDate(bis) || (formatTime(bis) === '00:00' && new Date(bis).getTime() - new Date(von).getTime() <= 86_400_000);
  return sameDay
    ? `${formatDate(von)} ${formatTime(von)}–${formatTime(bis) === '00:00' ? '24:00' : formatTime(bis)}`
    : `${formatDate(von)} ${formatTime(von)} – ${formatDate(bis)} ${formatTime(bis)}`;
}

export const vehicleName = (v: { brand: string; model: string }) => `${v.brand} ${v.model}`;

const YES_WORDS = new Set(['ja', 'yes', 'true']);
const NO_WORDS = new Set(['nein', 'no', 'false']);

/**
 * Display text of a stored attribute value (choice text, yes/no); kept apart from the input components so cards do not load them.
 * A choice whose text is a plain yes or no word is shown in the reader's language.
 */
export function attributeText(a: Pick<ObjectAttribute, 'type' | 'choices'>, value: string | undefined, yes: string, no: string): string {
  if (value === undefined || value === '') return '';
  if (a.type === 'CHECKBOX') return value === 'true' ? yes : no;
  if (a.type === 'RADIOS' || a.type === 'DROPDOWN') {
    const text = a.choices.find((c) => c.key === value)?.text ?? value;
    const word = text.trim().toLowerCase();
    return YES_WORDS.has(word) ? yes : NO_WORDS.has(word) ? no : text;
  }
  return value;
}

/**
 * The table of known words per language. Asked with `returnObjects`, i18next
 * copies and interpolates the whole table on every call, and every vehicle
 * card asks three times: on a phone that was most of a card's render time.
 */
const knownValues = new Map<string, Record<string, string>>();

function knownValuesOf(t: TFunction<'vehicles'>): Record<string, string> {
  // A t() of react-i18next or getFixedT() names its language; without one, nothing is kept.
  const language = (t as unknown as { lng?: unknown }).lng;
  const kept = typeof language === 'string' ? knownValues.get(language) : undefined;
  if (kept) return kept;
  const table = t('values', { returnObjects: true }) as unknown;
  // Before the catalogue has loaded, t() answers with the key: that is not kept.
  if (typeof table !== 'object' || table === null) return {};
  if (typeof language === 'string') knownValues.set(language, table as Record<string, string>);
  return table as Record<string, string>;
}

/** A stored vehicle value (fuel, gearbox, category) in the reader's language when it is a known word; otherwise as entered. */
export function valueText(t: TFunction<'vehicles'>, value: string): string {
  const known = knownValuesOf(t);
  return Object.hasOwn(known, value) ? known[value]! : value;
}

const WEEK: readonly WeekdayName[] = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'];

/** Booking weekdays as short names in the reader's language, Monday first: "Mo, Di, Mi" / "Mon, Tue, Wed". */
export function weekdayList(t: TFunction<'vehicles'>, days: readonly WeekdayName[]): string {
  return WEEK.filter((d) => days.includes(d))
    .map((d) => t(`weekdayNames.${d}`))
    .join(', ');
}

/** The hours a vehicle can be booked in; null = around the clock. */
export interface BookableTimes {
  weekdays: readonly WeekdayName[];
  from: string;
  to: string;
}

/** The stretches of [startDay, startDay + days) outside the booking times: non-bookable weekdays whole, other days before from and after to. */
export function unbookableStretches(times: BookableTimes | null, startDay: string, days: number): { from: number; to: number }[] {
  if (!times) return [];
  const out: { from: number; to: number }[] = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(startDay, i);
    const dayStart = startOfDay(day).getTime();
    const dayEnd = startOfDay(addDays(day, 1)).getTime();
    if (!times.weekdays.includes(weekdayOf(day))) {
      out.push({ from: dayStart, to: dayEnd });
      continue;
    }
    const open = berlinInstant(day, times.from).getTime();
    const close = times.to === '23:59' ? dayEnd : berlinInstant(day, times.to).getTime();
    if (open > dayStart) out.push({ from: dayStart, to: open });
    if (close < dayEnd) out.push({ from: close, to: dayEnd });
  }
  return out;
}
