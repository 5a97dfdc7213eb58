import { defineErrors } from './errors';

/**
 * Spinde (/officelocker): lockers placed on office floor plans. A person with
 * a desk booking for a day holds at most one locker that day, and a locker
 * holds at most one person a day; the database enforces both (migration 0011),
 * these rules decide what to offer and which message to show.
 */

export const LOCKER_MESSAGES = {
  noDesk: 'Für diesen Tag haben Sie keine Schreibtischbuchung auf diesem Grundriss.',
  taken: 'Dieser Spind ist an diesem Tag bereits vergeben.',
  alreadyHolding: 'Sie haben für diesen Tag bereits einen Spind.',
  noneFree: 'Auf diesem Grundriss ist an diesem Tag kein Spind mehr frei.',
  pastDay: 'Spinde können nur für heute oder künftige Tage vergeben werden.',
  notOffice: 'Spinde gibt es nur auf Grundrissen der Arbeitswelt.',
  duplicateNumber: 'Auf diesem Grundriss gibt es bereits einen Spind mit dieser Nummer.',
  inactive: 'Dieser Spind ist außer Betrieb.',
} as const;

/** The refusals of this rule in both languages (decision 198). */
const lockersErrors = defineErrors({
  locker_number_invalid: {
    status: 400,
    de: 'Die Spindnummer muss 1 bis 20 Zeichen lang sein.',
    en: 'The locker number must have 1 to 20 characters.',
  },
  locker_past_day: { status: 400, de: LOCKER_MESSAGES.pastDay, en: 'Lockers can only be handed out for today or later days.' },
  locker_none_free: { status: 409, de: LOCKER_MESSAGES.noneFree, en: 'No locker is free on this floor plan for this day.' },
});

/** A day before today (Europe/Berlin) is over: nothing is handed out or given back for it. */
export function assertLockerDay(day: string, today: string): void {
  if (day < today) throw lockersErrors.fail('locker_past_day');
}

/**
 * Order of locker numbers as people read them: "2" before "10", "A-2" before
 * "A-10"; ties broken by plain text so the order is total.
 */
export function compareLockerNumbers(a: string, b: string): number {
  const split = (s: string) => s.split(/(\d+)/).filter((p) => p !== '');
  const pa = split(a);
  const pb = split(b);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i] as string;
    const y = pb[i] as string;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny && Number(x) !== Number(y)) return Number(x) - Number(y);
    if (x !== y && !(nx && ny)) return x.localeCompare(y, 'de');
  }
  if (pa.length !== pb.length) return pa.length - pb.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface LockerChoice {
  id: string;
  number: string;
}

/** "Give me one": the free locker with the lowest number, or the refusal that none is free. */
export function chooseFreeLocker<T extends LockerChoice>(free: readonly T[]): T {
  const sorted = [...free].sort((a, b) => compareLockerNumbers(a.number, b.number));
  const first = sorted[0];
  if (!first) throw lockersErrors.fail('locker_none_free');
  return first;
}

/** Locker numbers are short labels printed on the door. */
export function normaliseLockerNumber(raw: string): string {
  const number = raw.trim();
  if (number === '' || number.length > 20) throw lockersErrors.fail('locker_number_invalid');
  return number;
}
