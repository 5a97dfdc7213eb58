import { type AppError, defineErrors } from './errors';
import { addDays, berlinDay, isoToGerman } from './vehicle-time';

/** The refusals of this rule in both languages (decision 198). */
const drivingLicenceErrors = defineErrors({
  licence_check_in_future: {
    status: 400,
    de: 'Das Prüfdatum darf nicht in der Zukunft liegen.',
    en: 'The check date must not lie in the future.',
  },
  licence_issue_after_check: {
    status: 400,
    de: 'Das Ausstellungsdatum darf nicht nach dem Prüfdatum liegen.',
    en: 'The issue date must not lie after the check date.',
  },
  licence_ban_incomplete: {
    status: 400,
    de: 'Für ein Fahrverbot bitte Beginn und Ende angeben.',
    en: 'For a driving ban please enter both start and end.',
  },
  licence_ban_order: {
    status: 400,
    de: 'Das Ende des Fahrverbots darf nicht vor seinem Beginn liegen.',
    en: 'The end of the driving ban must not lie before its start.',
  },
  licence_class_twice: {
    status: 400,
    de: 'Jede Führerscheinklasse darf nur einmal angegeben werden.',
    en: 'Each driving licence class may be given only once.',
  },
  licence_missing: {
    status: 409,
    texts: (p: { name: string; cls: string }) => ({
      de: `Für ${p.name} liegt keine Führerscheinprüfung vor; das Fahrzeug verlangt die Führerscheinklasse ${p.cls}.`,
      en: `No driving licence check is on record for ${p.name}; the vehicle requires licence class ${p.cls}.`,
    }),
  },
  licence_class_missing: {
    status: 409,
    texts: (p: { name: string; cls: string }) => ({
      de: `Der Führerschein von ${p.name} enthält die Klasse ${p.cls} nicht, die das Fahrzeug verlangt.`,
      en: `The driving licence of ${p.name} does not include class ${p.cls}, which the vehicle requires.`,
    }),
  },
  licence_issued_too_late: {
    status: 409,
    texts: (p: { name: string; date: string }) => ({
      de: `Der Führerschein von ${p.name} wurde am ${p.date} ausgestellt, nicht vor Beginn des Zeitraums.`,
      en: `The driving licence of ${p.name} was issued on ${p.date}, not before the start of the period.`,
    }),
  },
  licence_issue_date_missing: {
    status: 409,
    texts: (p: { name: string }) => ({
      de: `Für den Führerschein von ${p.name} ist kein Ausstellungsdatum erfasst.`,
      en: `No issue date is recorded for the driving licence of ${p.name}.`,
    }),
  },
  licence_check_due: {
    status: 409,
    texts: (p: { name: string; date: string }) => ({
      de: `Die nächste Führerscheinprüfung von ${p.name} ist am ${p.date} fällig, nicht nach dem Ende des Zeitraums.`,
      en: `The next driving licence check of ${p.name} is due on ${p.date}, not after the end of the period.`,
    }),
  },
  licence_driving_ban: {
    status: 409,
    texts: (p: { name: string; from: string; to: string }) => ({
      de: `Für ${p.name} gilt vom ${p.from} bis ${p.to} ein Fahrverbot, das den Zeitraum überschneidet.`,
      en: `${p.name} has a driving ban from ${p.from} to ${p.to} that overlaps the period.`,
    }),
  },
  licence_class_unknown: {
    status: 400,
    texts: (p: { classes: string }) => ({
      de: `Unbekannte Führerscheinklasse: ${p.classes}`,
      en: `Unknown driving licence class: ${p.classes}`,
    }),
  },
});

/**
 * Driving licences (docs/product.md#driving-licences): the classes, the next check date, the state an
 * examiner sees, and the one rule that decides whether a driver may drive a
 * vehicle that requires a class in a period. Days are Berlin calendar days
 * (YYYY-MM-DD).
 */

export const LICENCE_CLASSES = ['AM', 'A1', 'A2', 'A', 'B1', 'B', 'C1', 'C', 'D1', 'D', 'BE', 'C1E', 'CE', 'D1E', 'DE', 'L', 'T'] as const;
export type LicenceClass = (typeof LICENCE_CLASSES)[number];
export const isLicenceClass = (v: string): v is LicenceClass => (LICENCE_CLASSES as readonly string[]).includes(v);

export const CHECK_METHODS = ['persoenlich', 'video', 'dokument'] as const;
export type CheckMethod = (typeof CHECK_METHODS)[number];

export const LICENCE_STATES = ['gueltig', 'bald_faellig', 'ueberfaellig', 'fahrverbot', 'keine_daten'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];
/** States that count as "a check is due" (the licence-check count of docs/product.md#driving-licences). */
export const DUE_STATES: readonly LicenceState[] = ['bald_faellig', 'ueberfaellig', 'keine_daten'];

export const MAX_LICENCE_NUMBER = 50;
export const MAX_REMARK = 1000;

/** What the gate and the screens need of the current record (the latest check). */
export interface LicenceRecord {
  classes: readonly string[];
  issueDate: string | null;
  lastCheck: string;
  nextCheck: string;
  banFrom: string | null;
  banTo: string | null;
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Last check plus whole months; a day the target month lacks becomes its last
 * day (31.08. + 6 months = 28.02., or 29.02. in a leap year), as PostgreSQL's
 * `date + interval 'n months'` does.
 */
export function nextCheckDate(lastCheck: string, months: number): string {
  const [y, m, d] = lastCheck.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The examiner's view of one driver on `today`. A ban wins over the check dates: it stops driving at once. */
export function licenceState(record: LicenceRecord | null, today: string, reminderDays: number): LicenceState {
  if (!record) return 'keine_daten';
  if (record.banFrom && record.banTo && record.banFrom <= today && today <= record.banTo) return 'fahrverbot';
  if (record.nextCheck <= today) return 'ueberfaellig';
  if (addDays(record.nextCheck, -reminderDays) <= today) return 'bald_faellig';
  return 'gueltig';
}

export type GateFailure =
  | { reason: 'missing' }
  | { reason: 'class_missing' }
  | { reason: 'issued_too_late'; issueDate: string | null }
  | { reason: 'check_due'; nextCheck: string }
  | { reason: 'driving_ban'; banFrom: string; banTo: string };

export interface GateInput {
  /** The vehicle's required class; null or empty means the vehicle is not gated. */
  requiredClass: string | null;
  licence: LicenceRecord | null;
  von: Date;
  bis: Date;
  /**
   * Days a missed check date may lie before the period's end (the maximum gap,
   * decision 046). 0 when booking; the tenant's setting when a trip starts.
   */
  graceDays?: number;
}

/**
 * The licence gate (docs/product.md#driving-licences): the class counts as valid if held, the issue date is before the
 * period's first day and the next check is after its last day; and no driving
 * ban may overlap the period. The first condition that fails is returned.
 */
export function licenceGate(input: GateInput): GateFailure | null {
  const required = input.requiredClass?.trim();
  if (!required) return null;
  const l = input.licence;
  if (!l) return { reason: 'missing' };
  if (!l.classes.includes(required)) return { reason: 'class_missing' };
  const first = berlinDay(input.von);
  // Half-open [von, bis): the last day is the day of the last instant inside the period.
  const last = berlinDay(new Date(Math.max(input.von.getTime(), input.bis.getTime() - 1)));
  if (!l.issueDate || l.issueDate >= first) return { reason: 'issued_too_late', issueDate: l.issueDate };
  if (addDays(l.nextCheck, input.graceDays ?? 0) <= last) return { reason: 'check_due', nextCheck: l.nextCheck };
  if (l.banFrom && l.banTo && l.banFrom <= last && l.banTo >= first) return { reason: 'driving_ban', banFrom: l.banFrom, banTo: l.banTo };
  return null;
}

/** The refusal naming the failed condition, in both languages. */
export function gateError(f: GateFailure, driverName: string, requiredClass: string): AppError {
  const name = driverName;
  const cls = requiredClass;
  switch (f.reason) {
    case 'missing':
      return drivingLicenceErrors.fail('licence_missing', { name, cls });
    case 'class_missing':
      return drivingLicenceErrors.fail('licence_class_missing', { name, cls });
    case 'issued_too_late': {
      return f.issueDate
        ? drivingLicenceErrors.fail('licence_issued_too_late', { name, date: isoToGerman(f.issueDate) })
        : drivingLicenceErrors.fail('licence_issue_date_missing', { name });
    }
    case 'check_due': {
      return drivingLicenceErrors.fail('licence_check_due', { name, date: isoToGerman(f.nextCheck) });
    }
    case 'driving_ban': {
      return drivingLicenceErrors.fail('licence_driving_ban', { name, from: isoToGerman(f.banFrom), to: isoToGerman(f.banTo) });
    }
  }
}

/** Throws the refusal when the gate fails. */
export function assertLicenceGate(input: GateInput, driverName: string): void {
  const failure = licenceGate(input);
  if (failure) throw gateError(failure, driverName, input.requiredClass!.trim());
}

export interface CheckInput {
  checkedOn: string;
  issueDate: string | null;
  classes: readonly string[];
  banFrom: string | null;
  banTo: string | null;
}

/** Rules of a recorded check beyond its shape (the contract already refuses unknown classes and long texts). */
export function validateCheck(c: CheckInput, today: string): void {
  if (c.checkedOn > today) throw drivingLicenceErrors.fail('licence_check_in_future');
  if (c.issueDate && c.issueDate > c.checkedOn) {
    throw drivingLicenceErrors.fail('licence_issue_after_check');
  }
  if ((c.banFrom === null) !== (c.banTo === null)) {
    throw drivingLicenceErrors.fail('licence_ban_incomplete');
  }
  if (c.banFrom && c.banTo && c.banTo < c.banFrom) {
    throw drivingLicenceErrors.fail('licence_ban_order');
  }
  const unknown = c.classes.filter((k) => !isLicenceClass(k));
  if (unknown.length > 0) {
    throw drivingLicenceErrors.fail('licence_class_unknown', { classes: unknown.join(', ') });
  }
  if (new Set(c.classes).size !== c.classes.length) {
    throw drivingLicenceErrors.fail('licence_class_twice');
  }
}
