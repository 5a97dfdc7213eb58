import { defineErrors } from './errors';
import { meetsCleanlinessThreshold } from './settings';

/** Vehicle care after the trip: service booklet, damage status flow, soiling mails, due dates. */

export const SERVICE_KINDS = [
  'Inspektion',
  'Ölwechsel',
  'Reifenwechsel',
  'Hauptuntersuchung',
  'UVV-Prüfung',
  'Reparatur',
  'Sonstiges',
] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** Kinds whose "next due" date the vehicle list and the reminder watch (Hauptuntersuchung, inspection, UVV inspection). */
export const DUE_KINDS: readonly ServiceKind[] = ['Hauptuntersuchung', 'Inspektion', 'UVV-Prüfung'];

export const DAMAGE_STATUSES = ['gemeldet', 'in Reparatur', 'behoben'] as const;
export type DamageStatus = (typeof DAMAGE_STATUSES)[number];

export const CARE_MESSAGES = {
  alreadyResolved: 'Der Schaden ist bereits behoben.',
  sameStatus: 'Der Schaden hat diesen Status bereits.',
  alreadyBlocked: 'Das Fahrzeug ist wegen dieses Schadens bereits gesperrt.',
  resolvedNoBlock: 'Ein behobener Schaden sperrt das Fahrzeug nicht.',
  futureDate: 'Das Datum darf nicht in der Zukunft liegen.',
  dueBeforeDone: 'Die nächste Fälligkeit muss nach dem Datum der Leistung liegen.',
} as const;

/** The refusals of this rule in both languages (decision 198). */
const vehicleCareErrors = defineErrors({
  cost_invalid: {
    status: 400,
    de: 'Die Kosten müssen ein Betrag ab 0 mit höchstens zwei Nachkommastellen sein.',
    en: 'The cost must be an amount of 0 or more with at most two decimal places.',
  },
  damage_resolved: { status: 409, de: CARE_MESSAGES.alreadyResolved, en: 'The damage has already been repaired.' },
  damage_same_status: { status: 409, de: CARE_MESSAGES.sameStatus, en: 'The damage already has this status.' },
  damage_resolved_no_block: { status: 409, de: CARE_MESSAGES.resolvedNoBlock, en: 'A repaired damage does not block the vehicle.' },
  damage_already_blocked: { status: 409, de: CARE_MESSAGES.alreadyBlocked, en: 'The vehicle is already blocked because of this damage.' },
  service_future: { status: 400, de: CARE_MESSAGES.futureDate, en: 'The date must not be in the future.' },
  service_due_order: { status: 400, de: CARE_MESSAGES.dueBeforeDone, en: 'The next due date must be after the date of the service.' },
  status_unknown: {
    status: 400,
    texts: (p: { status: string }) => ({ de: `Status ${p.status} unbekannt`, en: `Status ${p.status} unknown` }),
  },
  damage_status_back: {
    status: 409,
    texts: (p: { from: string; to: string }) => ({
      de: `Statuswechsel von ${p.from} nach ${p.to} ist nicht möglich.`,
      en: `The status cannot change from ${p.from} to ${p.to}.`,
    }),
  },
});

export function parseDamageStatus(value: string): DamageStatus {
  if (!(DAMAGE_STATUSES as readonly string[]).includes(value)) {
    throw vehicleCareErrors.fail('status_unknown', { status: value });
  }
  return value as DamageStatus;
}

/**
 * gemeldet → in Reparatur → behoben, and gemeldet → behoben directly (a small
 * scratch needs no workshop). behoben is final: a damage that comes back is a
 * new report, so the history of the old one stays true.
 */
export function nextDamageStatus(from: DamageStatus, to: DamageStatus): DamageStatus {
  if (from === 'behoben') throw vehicleCareErrors.fail('damage_resolved');
  if (from === to) throw vehicleCareErrors.fail('damage_same_status');
  if (from === 'in Reparatur' && to === 'gemeldet') {
    throw vehicleCareErrors.fail('damage_status_back', { from, to });
  }
  return to;
}

/** A DEFEKT block can only be put on a vehicle from an open damage that has none yet. */
export function assertMayBlock(d: { status: DamageStatus; blocked: boolean }): void {
  if (d.status === 'behoben') throw vehicleCareErrors.fail('damage_resolved_no_block');
  if (d.blocked) throw vehicleCareErrors.fail('damage_already_blocked');
}

/**
 * Whether a check-out's rating crosses a soiling threshold: the rating
 * reaches it and the vehicle's previous check-out (under the same threshold)
 * did not. A vehicle that stays dirty over several trips mails once; it mails
 * again only after it was reported below the threshold in between.
 */
export function crossesSoilingThreshold(previous: string | null, current: string, threshold: string): boolean {
  if (!meetsCleanlinessThreshold(current, threshold)) return false;
  return previous === null || !meetsCleanlinessThreshold(previous, threshold);
}

export interface SoilingCheck {
  inside: { previous: string | null; current: string; threshold: string };
  outside: { previous: string | null; current: string; threshold: string };
}

/** Which sides (inside, outside) cross their threshold at this check-out; empty when no mail is due. */
export function soilingCrossings(c: SoilingCheck): ('innen' | 'außen')[] {
  const out: ('innen' | 'außen')[] = [];
  if (crossesSoilingThreshold(c.inside.previous, c.inside.current, c.inside.threshold)) out.push('innen');
  if (crossesSoilingThreshold(c.outside.previous, c.outside.current, c.outside.threshold)) out.push('außen');
  return out;
}

/** Service booklet dates (ISO days): done today or earlier; the next due date after the service. */
export function validateServiceDates(performedOn: string, nextDueOn: string | null, today: string): void {
  if (performedOn > today) throw vehicleCareErrors.fail('service_future');
  if (nextDueOn !== null && nextDueOn <= performedOn) throw vehicleCareErrors.fail('service_due_order');
}

export type DueState = 'ueberfaellig' | 'faellig';

/** A due date is overdue once passed, due within `leadDays` before it, otherwise nothing to mark. */
export function dueState(nextDueOn: string | null, today: string, leadDays: number): DueState | null {
  if (nextDueOn === null) return null;
  if (nextDueOn < today) return 'ueberfaellig';
  const lead = new Date(`${today}T12:00:00Z`);
  lead.setUTCDate(lead.getUTCDate() + leadDays);
  return nextDueOn <= lead.toISOString().slice(0, 10) ? 'faellig' : null;
}

/** Euros as entered (up to two decimals) to cents; refuses negatives and more precision than a cent. */
export function euroToCents(euro: number): number {
  const cents = Math.round(euro * 100);
  if (cents < 0 || Math.abs(cents - euro * 100) > 1e-6) {
    throw vehicleCareErrors.fail('cost_invalid');
  }
  return cents;
}

/**
 * A DEFEKT block from a damage has no planned end: it is booked this many days
 * ahead (beyond any booking window) and ended when the damage is behoben.
 */
export const DEFECT_BLOCK_DAYS = 730;

/** The end of a block released now: now, but never before its own start plus a minute (a range must not be empty). */
export function releasedBlockEnd(von: Date, now: Date): Date {
  return new Date(Math.max(now.getTime(), von.getTime() + 60_000));
}

/**
 * The window of a DEFEKT block placed now: from now (or the end of a block
 * that already covers now) up to the start of the next existing block (blocks
 * never give way), at most DEFECT_BLOCK_DAYS ahead, keeping the minimum gap
 * to neighbouring blocks. Null when no minute is free. Booking and starting
 * stay refused for the whole time the damage is open (see the services), the
 * window only paints the block on the timeline.
 */
export function defectBlockWindow(
  now: Date,
  blocks: readonly { von: Date; bis: Date }[],
  gapMinutes: number,
): { von: Date; bis: Date } | null {
  const gap = gapMinutes * 60_000;
  const sorted = [...blocks].sort((a, b) => a.von.getTime() - b.von.getTime());
  let von = now.getTime();
  for (const b of sorted) if (b.von.getTime() - gap <= von && b.bis.getTime() + gap > von) von = b.bis.getTime() + gap;
  let bis = now.getTime() + DEFECT_BLOCK_DAYS * 86_400_000;
  const next = sorted.find((b) => b.von.getTime() - gap > von);
  if (next) bis = Math.min(bis, next.von.getTime() - gap);
  return bis - von >= 60_000 ? { von: new Date(von), bis: new Date(bis) } : null;
}
