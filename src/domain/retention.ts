import type { SettingName } from './settings';
import { berlinDay, startOfDay } from './vehicle-time';

/**
 * Retention (DSGVO Art. 5 Abs. 1 lit. e, decision 150): which stored row falls
 * under which period, and when that period has run out. Pure functions, no I/O;
 * the retention run computes its cut-offs here and the repository applies them.
 */

/** The three periods a tenant sets, in months; 0 = keep without limit. */
export type RetentionPeriod = 'buchungen' | 'fahrtdetails' | 'gaeste';

export interface RetentionMonths {
  buchungen: number;
  fahrtdetails: number;
  gaeste: number;
}

/** The tenant settings behind each period. */
export const RETENTION_SETTINGS: Readonly<Record<RetentionPeriod, SettingName>> = {
  buchungen: 'aufbewahrungBuchungenMonate',
  fahrtdetails: 'aufbewahrungFahrtdetailsMonate',
  gaeste: 'aufbewahrungGaestedatenMonate',
};

export const RETENTION_DEFAULTS: RetentionMonths = { buchungen: 24, fahrtdetails: 24, gaeste: 6 };

/** Logbook entries are kept ten years after the end of the year of the trip (§ 147 Abs. 3, 4 AO). */
export const LOGBOOK_KEEP_YEARS = 10;

/** The display name that replaces a person erased on request. */
export const ERASED_PERSON = { firstName: 'Gelöschte', lastName: 'Person' } as const;
/** The display name that replaces a person in bookings past their retention period. */
export const ANONYMISED_PERSON = { firstName: 'Anonymisierte', lastName: 'Person' } as const;
/** What a guest's name becomes once guest data is past its period. */
export const ANONYMISED_GUEST = 'Anonymisierter Gast';

/**
 * The placeholders are stored German (they are rows and texts in the database);
 * en-us readers see them in English. Each German form a screen may receive —
 * "First Last", "Last, First", first and last name as two JSON fields — maps to
 * its English words. Applied to the JSON text of an answer, so every screen
 * gets them without knowing about placeholders.
 */
const PLACEHOLDERS_EN: readonly { de: { firstName: string; lastName: string }; en: { firstName: string; lastName: string } }[] = [
  { de: ERASED_PERSON, en: { firstName: 'Deleted', lastName: 'person' } },
  { de: ANONYMISED_PERSON, en: { firstName: 'Anonymised', lastName: 'person' } },
];
const ANONYMISED_GUEST_EN = 'Anonymised guest';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const word = (s: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(s)}(?![\\p{L}\\p{N}])`, 'gu');
const PLACEHOLDER_RULES: readonly [RegExp, string][] = [
  ...PLACEHOLDERS_EN.flatMap(({ de, en }): [RegExp, string][] => [
    [
      new RegExp(`"firstName":"${escapeRegExp(de.firstName)}","lastName":"${escapeRegExp(de.lastName)}"`, 'g'),
      `"firstName":"${en.firstName}","lastName":"${en.lastName}"`,
    ],
    [word(`${de.firstName} ${de.lastName}`), `${en.firstName} ${en.lastName}`],
    [word(`${de.lastName}, ${de.firstName}`), `${en.firstName} ${en.lastName}`],
  ]),
  [word(ANONYMISED_GUEST), ANONYMISED_GUEST_EN],
];
const ANY_PLACEHOLDER = /Gelöschte|Anonymisierte|Anonymisierter/;

/** The JSON text of an answer with the placeholder names in English (unchanged when it holds none). */
export function placeholderNamesInEnglish(json: string): string {
  if (!ANY_PLACEHOLDER.test(json)) return json;
  let out = json;
  for (const [pattern, english] of PLACEHOLDER_RULES) out = out.replace(pattern, english);
  return out;
}

/** YYYY-MM-DD minus whole calendar months; a day that does not exist in the target month becomes its last day. */
export function subtractMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The instant before which a period has run out: Berlin midnight of today minus
 * the months. Null when the tenant keeps without limit (0 or no number).
 */
export function retentionCutoff(now: Date, months: number): Date | null {
  if (!Number.isSafeInteger(months) || months <= 0) return null;
  return startOfDay(subtractMonths(berlinDay(now), months));
}

/** A row the retention run may look at: a seat booking, a vehicle booking, or the guest data of a vehicle booking. */
export interface RetentionCandidate {
  kind: 'seat' | 'vehicle' | 'guest';
  bis: Date;
  status: string;
  /** Vehicle bookings: a logbook entry exists for it (the trip was driven). */
  driven?: boolean;
}

/**
 * Which period a row falls under. A driven trip's details (reason, destination,
 * passengers, …) are copied into the logbook, which the law keeps; the booking's
 * own copy and its booker follow `fahrtdetails`. Everything else a booking holds
 * follows `buchungen`; a guest's name, e-mail and phone follow `gaeste`.
 */
export function periodOf(c: RetentionCandidate): RetentionPeriod {
  if (c.kind === 'guest') return 'gaeste';
  if (c.kind === 'vehicle' && c.driven === true) return 'fahrtdetails';
  return 'buchungen';
}

/** A running trip is never anonymised, however late its check-out is. */
export const isRunning = (c: RetentionCandidate): boolean => c.kind !== 'seat' && c.status === 'aktiv';

/** Whether the period of a row has run out at `now`. */
export function isDue(c: RetentionCandidate, months: RetentionMonths, now: Date): boolean {
  if (isRunning(c)) return false;
  const cutoff = retentionCutoff(now, months[periodOf(c)]);
  return cutoff !== null && c.bis.getTime() < cutoff.getTime();
}

/** The first instant at which a logbook entry of a trip ending at `endedAt` may go: 1 January, ten years after the trip's year ends. */
export function logbookKeptUntil(endedAt: Date): Date {
  const year = Number(berlinDay(endedAt).slice(0, 4));
  return startOfDay(`${String(year + 1 + LOGBOOK_KEEP_YEARS).padStart(4, '0')}-01-01`);
}

/**
 * The retention run may remove logbook entries that ended before this instant:
 * 1 January of the year ten years back (Berlin), so every entry it removes has
 * passed `logbookKeptUntil`. The database refuses any later cut-off (migration 0035).
 */
export function logbookPurgeBefore(now: Date): Date {
  const year = Number(berlinDay(now).slice(0, 4));
  return startOfDay(`${String(year - LOGBOOK_KEEP_YEARS).padStart(4, '0')}-01-01`);
}

/**
 * The audit trail (changes and reads of others' data) is kept three years after
 * the end of an entry's year — the regular limitation period of §§ 195, 199 BGB,
 * within which a person may still claim for a wrong access or change (decision 169).
 */
export const AUDIT_KEEP_YEARS = 3;

/** Rows of the logging table (level, category, message) serve troubleshooting and incident analysis: kept twelve months (decision 169). */
export const LOG_KEEP_MONTHS = 12;

/** Audit entries written before this instant may go: 1 January of the year three years back (Berlin). */
export function auditPurgeBefore(now: Date): Date {
  const year = Number(berlinDay(now).slice(0, 4));
  return startOfDay(`${String(year - AUDIT_KEEP_YEARS).padStart(4, '0')}-01-01`);
}

/** Settings as read (numbers, or anything else from a broken value) → months; anything unusable keeps. */
export function retentionMonthsOf(values: Partial<Record<RetentionPeriod, unknown>>): RetentionMonths {
  const months = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : v === undefined ? fallback : 0;
  return {
    buchungen: months(values.buchungen, RETENTION_DEFAULTS.buchungen),
    fahrtdetails: months(values.fahrtdetails, RETENTION_DEFAULTS.fahrtdetails),
    gaeste: months(values.gaeste, RETENTION_DEFAULTS.gaeste),
  };
}
