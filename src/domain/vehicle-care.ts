import { AppError } from './errors';
import { meetsCleanlinessThreshold } from './settings';

/** Vehicle care after the trip: service booklet, damage status flow, soiling mails, due dates. */

export const SERVICE_KINDS = ['Inspektion', 'Ölwechsel', 'Reifenwechsel', 'Hauptuntersuchung', 'Reparatur', 'Sonstiges'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** Kinds whose "next due" date the vehicle list watches (next Hauptuntersuchung and next inspection). */
export const DUE_KINDS: readonly ServiceKind[] = ['Hauptuntersuchung', 'Inspektion'];

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

export function parseDamageStatus(value: string): DamageStatus {
  if (!(DAMAGE_STATUSES as readonly string[]).includes(value)) {
    throw new AppError('status_unknown', `Status ${value} unbekannt`, 400, { status: value });
  }
  return value as DamageStatus;
}

/**
 * gemeldet → in Reparatur → behoben, and gemeldet → behoben directly (a small
 * scratch needs no workshop). behoben is final: a damage that comes back is a
 * new report, so the history of the old one stays true.
 */
export function nextDamageStatus(from: DamageStatus, to: DamageStatus): DamageStatus {
  if (from === 'behoben') throw new AppError('damage_resolved', CARE_MESSAGES.alreadyResolved, 409);
  if (from === to) throw new AppError('damage_same_status', CARE_MESSAGES.sameStatus, 409);
  if (from === 'in Reparatur' && to === 'gemeldet') {
    throw new AppError('damage_status_back', `Statuswechsel von ${from} nach ${to} ist nicht möglich.`, 409, { from, to });
  }
  return to;
}

/** A DEFEKT block can only be put on a vehicle from an open damage that has none yet. */
export function assertMayBlock(d: { status: DamageStatus; blocked: boolean }): void {
  if (d.status === 'behoben') throw new AppError('damage_resolved_no_block', CARE_MESSAGES.resolvedNoBlock, 409);
  if (d.blocked) throw new AppError('damage_already_blocked', CARE_MESSAGES.alreadyBlocked, 409);
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
  if (performedOn > today) throw new AppError('service_future', CARE_MESSAGES.futureDate, 400);
  if (nextDueOn !== null && nextDueOn <= performedOn) throw new AppError('service_due_order', CARE_MESSAGES.dueBeforeDone, 400);
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
    throw new AppError('cost_invalid', 'Die Kosten müssen ein Betrag ab 0 mit höchstens zwei Nachkommastellen sein.', 400);
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
