import { nextCheckDate } from './driving-licence';
import { type AppError, defineErrors } from './errors';
import { addDays, berlinDay, isoToGerman } from './vehicle-time';

/**
 * Driver instruction (Fahrerunterweisung, docs/product.md#driver-instruction): the tenant publishes
 * instruction material in versions, general or for one vehicle category; a driver confirms having read the
 * current version, or the fleet records an in-person instruction. The next instruction falls due the
 * tenant's interval after the latest one; the gate refuses a booking or a trip start whose period reaches
 * that day. Days are Berlin calendar days (YYYY-MM-DD).
 */

/** The category of the general instruction, which every vehicle needs; a vehicle category names its own. */
export const GENERAL_TOPIC = '';

export const INSTRUCTION_KINDS = ['app', 'praesenz'] as const;
export type InstructionKind = (typeof INSTRUCTION_KINDS)[number];

export const INSTRUCTION_STATES = ['gueltig', 'bald_faellig', 'ueberfaellig', 'keine'] as const;
export type InstructionState = (typeof INSTRUCTION_STATES)[number];
/** States that count as "an instruction is due" (the list's due filter, the count and the export). */
export const DUE_INSTRUCTION_STATES: readonly InstructionState[] = ['bald_faellig', 'ueberfaellig', 'keine'];

export const MAX_TITLE = 200;
export const MAX_BODY = 50_000;
export const MAX_CATEGORY = 100;
export const MAX_INSTRUCTOR = 200;
export const MAX_NOTE = 1000;

const instructionErrors = defineErrors({
  instruction_missing: {
    status: 409,
    texts: (p: { name: string; title: string }) => ({
      de: `Für ${p.name} liegt keine Fahrerunterweisung vor; vor der Fahrt ist die Unterweisung „${p.title}“ zu bestätigen.`,
      en: `No driver instruction is on record for ${p.name}; the instruction "${p.title}" must be confirmed before driving.`,
    }),
  },
  instruction_due: {
    status: 409,
    texts: (p: { name: string; title: string; date: string }) => ({
      de: `Die nächste Fahrerunterweisung „${p.title}“ von ${p.name} ist am ${p.date} fällig, nicht nach dem Ende des Zeitraums.`,
      en: `The next driver instruction "${p.title}" of ${p.name} is due on ${p.date}, not after the end of the period.`,
    }),
  },
  instruction_in_future: {
    status: 400,
    de: 'Das Datum der Unterweisung darf nicht in der Zukunft liegen.',
    en: 'The date of the instruction must not lie in the future.',
  },
  instruction_before_version: {
    status: 400,
    texts: (p: { date: string }) => ({
      de: `Das Datum der Unterweisung darf nicht vor der Veröffentlichung dieser Fassung (${p.date}) liegen.`,
      en: `The date of the instruction must not lie before this version was published (${p.date}).`,
    }),
  },
});

/** The tenant's interval after the latest instruction (month ends stay in the target month, as for licences). */
export const nextInstructionDate = (lastOn: string, months: number): string => nextCheckDate(lastOn, months);

/** A driver's state for one topic on `today`: none yet, overdue, due within the reminder days, or valid. */
export function instructionState(lastOn: string | null, today: string, months: number, reminderDays: number): InstructionState {
  if (!lastOn) return 'keine';
  const next = nextInstructionDate(lastOn, months);
  if (next <= today) return 'ueberfaellig';
  if (addDays(next, -reminderDays) <= today) return 'bald_faellig';
  return 'gueltig';
}

/** One topic the vehicle needs: its current version's title, and the driver's latest instruction in it. */
export interface GateTopic {
  category: string;
  title: string;
  lastOn: string | null;
}

export type InstructionGateFailure =
  | { reason: 'missing'; category: string; title: string }
  | { reason: 'due'; category: string; title: string; nextDue: string };

/**
 * The instruction gate (docs/product.md#driver-instruction): every topic the vehicle needs (the general one
 * and its category's, where the tenant published them) must have an instruction whose next due day lies
 * after the period's last day. The general topic is checked first; the first failure is returned.
 */
export function instructionGate(input: {
  topics: readonly GateTopic[];
  months: number;
  von: Date;
  bis: Date;
}): InstructionGateFailure | null {
  // Half-open [von, bis): the last day is the day of the last instant inside the period.
  const last = berlinDay(new Date(Math.max(input.von.getTime(), input.bis.getTime() - 1)));
  const ordered = [...input.topics].sort((a, b) => a.category.localeCompare(b.category));
  for (const t of ordered) {
    if (!t.lastOn) return { reason: 'missing', category: t.category, title: t.title };
    const nextDue = nextInstructionDate(t.lastOn, input.months);
    if (nextDue <= last) return { reason: 'due', category: t.category, title: t.title, nextDue };
  }
  return null;
}

/** The refusal naming the failed topic, in both languages. */
export function instructionGateError(f: InstructionGateFailure, driverName: string): AppError {
  return f.reason === 'missing'
    ? instructionErrors.fail('instruction_missing', { name: driverName, title: f.title })
    : instructionErrors.fail('instruction_due', { name: driverName, title: f.title, date: isoToGerman(f.nextDue) });
}

/** Throws the refusal when the gate fails. */
export function assertInstructionGate(input: { topics: readonly GateTopic[]; months: number; von: Date; bis: Date }, driverName: string) {
  const failure = instructionGate(input);
  if (failure) throw instructionGateError(failure, driverName);
}

/**
 * Rules of a recorded instruction beyond its shape: not in the future, and not before the version it
 * instructs was published (an instruction on a text that did not yet exist proves nothing).
 */
export function validateInstructionDate(on: string, today: string, publishedOn: string): void {
  if (on > today) throw instructionErrors.fail('instruction_in_future');
  if (on < publishedOn) throw instructionErrors.fail('instruction_before_version', { date: isoToGerman(publishedOn) });
}

/** The topic's label: the vehicle category, or nothing for the general instruction (the screens name it). */
export const isGeneralTopic = (category: string): boolean => category === GENERAL_TOPIC;
