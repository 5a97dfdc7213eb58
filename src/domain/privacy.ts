/**
 * Privacy rules (DSGVO): progress of a person's data export (decision 105).
 * Pure functions, no I/O.
 */

export type ExportStatus = 'wartend' | 'laeuft' | 'fertig' | 'fehler';

/** Hours a finished export stays downloadable, like the logbook exports (decision 075). */
export const PERSONAL_EXPORT_KEEP_HOURS = 24;

/**
 * Percent shown for an export: 100 only when it is done, otherwise the share of
 * finished steps, capped at 99 so a bar never shows "full" before the file exists.
 */
export function exportPercent(status: ExportStatus, done: number, total: number): number {
  if (status === 'fertig') return 100;
  if (total <= 0 || done <= 0) return 0;
  return Math.min(99, Math.floor((Math.min(done, total) / total) * 100));
}

/** When an export started at `createdAt` is removed. */
export function exportExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PERSONAL_EXPORT_KEEP_HOURS * 3_600_000);
}

/**
 * Other people in a person's data export (decision 193). Art. 15 (4) DSGVO:
 * the copy must not disclose others without need, so a colleague who acted on
 * the person's data is named by the capacity they acted in, unless the tenant
 * chose to name them (setting datenexportNamenAndererPersonen). The person's
 * own name is always shown.
 */
export const EXPORT_ROLES = [
  'buchende',
  'vorgemerkte',
  'fremdbuchung',
  'fahrer',
  'fuehrerscheinpruefung',
  'gast',
  'unterweisung',
  'fuhrparkleitung',
] as const;
export type ExportRole = (typeof EXPORT_ROLES)[number];
export type ExportLocale = 'de-de' | 'en-us';

export const EXPORT_ROLE_LABELS: Record<ExportLocale, Record<ExportRole, string>> = {
  'de-de': {
    buchende: 'Buchende Person (Vormerkung)',
    vorgemerkte: 'Vorgemerkte Person',
    fremdbuchung: 'Fremdbuchung (Buchung für Sie)',
    fahrer: 'Fahrerin oder Fahrer',
    fuehrerscheinpruefung: 'Führerscheinprüfung',
    gast: 'Gast',
    unterweisung: 'Unterweisende Person',
    fuhrparkleitung: 'Fuhrparkleitung',
  },
  'en-us': {
    buchende: 'Booker (pre-booking)',
    vorgemerkte: 'Person pre-booked',
    fremdbuchung: 'Booking on your behalf',
    fahrer: 'Driver',
    fuehrerscheinpruefung: 'Licence check',
    gast: 'Guest',
    unterweisung: 'Instructor',
    fuhrparkleitung: 'Fleet management',
  },
};

/** Someone named in an exported record, as the repository reads it: their name, whether it is the person, and the capacity. */
export interface ExportParty {
  name: string | null;
  self: boolean;
  role: ExportRole;
}

const ROLE_SET = new Set<string>(EXPORT_ROLES);

export function isExportParty(value: unknown): value is ExportParty {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    Object.keys(v).length === 3 &&
    (v.name === null || typeof v.name === 'string') &&
    typeof v.self === 'boolean' &&
    typeof v.role === 'string' &&
    ROLE_SET.has(v.role)
  );
}

/** What the export says about one party: the own name, another person's name only when the tenant allows it, else the role. */
export function partyInExport(party: ExportParty, options: { namesOthers: boolean; locale: ExportLocale }): string | null {
  if (party.name === null || party.name.trim() === '') return null;
  if (party.self || options.namesOthers) return party.name;
  return EXPORT_ROLE_LABELS[options.locale][party.role];
}

/** A record as it goes into the files: every party replaced by what may be said about it, all other values untouched. */
export function recordForExport(
  row: Readonly<Record<string, unknown>>,
  options: { namesOthers: boolean; locale: ExportLocale },
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, isExportParty(v) ? partyInExport(v, options) : v]));
}
