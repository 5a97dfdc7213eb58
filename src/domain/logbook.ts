import { defineErrors } from './errors';
import { counted } from './plural';
import { reportRhythmMonths } from './settings';
import { formatDateTime } from './time';

/**
 * Fahrtenbuch rules: trip kinds, odometer continuity and gaps
 * (Lücken), who may correct an entry and what, the revision chain of an
 * append-only logbook, totals per trip kind and report periods per rhythm.
 * Pure functions; the database keeps the rows append-only (migration 0007).
 */

export const TRIP_KINDS = ['dienstlich', 'privat', 'Arbeitsweg'] as const;
export type TripKind = (typeof TRIP_KINDS)[number];
export const DEFAULT_TRIP_KIND: TripKind = 'dienstlich';

/** FAHRT: made from an ended trip. LUECKE: a fleet manager's explanation of an odometer jump between two trips. */
export const ENTRY_KINDS = ['FAHRT', 'LUECKE'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const LOGBOOK_MESSAGES = {
  tripKindNotAllowed: (kind: string) => `Die Fahrtart ${kind} ist in Ihrer Organisation nicht zugelassen.`,
  correctionPeriodOver: (days: number) =>
    `Die Korrekturfrist (${counted('de', days, 'day')}) ist abgelaufen. Bitte wenden Sie sich an die Fuhrparkleitung.`,
  correctionForbidden: 'Sie dürfen diesen Fahrtenbucheintrag nicht korrigieren.',
  driverFieldLocked: 'Datum, Uhrzeiten und Kilometerstände kann nur die Fuhrparkleitung korrigieren.',
  alreadyCorrected: 'Dieser Eintrag wurde inzwischen korrigiert. Bitte laden Sie das Fahrtenbuch neu.',
  nothingChanged: 'Die Korrektur ändert nichts am Eintrag.',
  odometerOrder: 'Der Kilometerstand am Ende darf nicht kleiner sein als der am Anfang.',
  timeOrder: 'Das Ende der Fahrt muss nach dem Beginn liegen.',
  inFuture: 'Ein Fahrtenbucheintrag darf nicht in der Zukunft liegen.',
  noSuchGap: 'Für diesen Kilometerbereich gibt es keine offene Lücke im Fahrtenbuch.',
  periodOrder: 'Das Ende des Zeitraums muss nach dem Beginn liegen.',
  gapOutsideWindow: (from: string, to: string) =>
    `Die Fahrt zur Lücke muss zwischen dem Ende der vorherigen Fahrt (${from}) und dem Beginn der nächsten Fahrt (${to}) liegen.`,
} as const;

/** The refusals of this rule in both languages (decision 198). */
const logbookErrors = defineErrors({
  no_such_gap: { status: 409, de: LOGBOOK_MESSAGES.noSuchGap, en: 'There is no open gap in the logbook for this odometer range.' },
  correction_forbidden: { status: 403, de: LOGBOOK_MESSAGES.correctionForbidden, en: 'You may not correct this logbook entry.' },
  driver_field_locked: {
    status: 403,
    de: LOGBOOK_MESSAGES.driverFieldLocked,
    en: 'Only the fleet management can correct the date, times and odometer readings.',
  },
  nothing_changed: { status: 400, de: LOGBOOK_MESSAGES.nothingChanged, en: 'The correction does not change the entry.' },
  odometer_order: { status: 400, de: LOGBOOK_MESSAGES.odometerOrder, en: 'The odometer at the end must not be lower than at the start.' },
  time_order: { status: 400, de: LOGBOOK_MESSAGES.timeOrder, en: 'The end of the trip must be after its start.' },
  in_future: { status: 400, de: LOGBOOK_MESSAGES.inFuture, en: 'A logbook entry must not lie in the future.' },
  period_order: { status: 400, de: LOGBOOK_MESSAGES.periodOrder, en: 'The end of the period must be after its start.' },
  trip_kind_not_allowed: {
    status: 400,
    texts: (p: { kind: string }) => ({
      de: LOGBOOK_MESSAGES.tripKindNotAllowed(p.kind),
      en: `The trip kind ${p.kind} is not allowed in your organisation.`,
    }),
  },
  gap_outside_window: {
    status: 400,
    texts: (p: { from: string; to: string }) => ({
      de: LOGBOOK_MESSAGES.gapOutsideWindow(p.from, p.to),
      en: `The trip explaining the gap must lie between the end of the previous trip (${p.from}) and the start of the next trip (${p.to}).`,
    }),
  },
  correction_period_over: {
    status: 403,
    texts: (p: { days: number }) => ({
      de: LOGBOOK_MESSAGES.correctionPeriodOver(p.days),
      en: `The correction period (${counted('en', p.days, 'day')}) has ended. Please contact the fleet management.`,
    }),
  },
});

export function isTripKind(value: string): value is TripKind {
  return (TRIP_KINDS as readonly string[]).includes(value);
}

/** Refuses a trip kind the tenant does not allow (`fahrtenbuchFahrtarten`); dienstlich is always allowed. */
export function assertTripKindAllowed(kind: string, allowed: readonly string[]): TripKind {
  if (!isTripKind(kind) || (kind !== DEFAULT_TRIP_KIND && !allowed.includes(kind))) {
    throw logbookErrors.fail('trip_kind_not_allowed', { kind });
  }
  return kind;
}

/**
 * Odometer at the start of a trip: the reading entered at Fahrt starten when
 * there is one (a jump from the previous end then shows as a gap), otherwise
 * the end reading of the vehicle's previous trip, otherwise the end reading
 * itself (a first trip without any reading covers no known distance).
 */
export function tripStartReading(previousEnd: number | null, checkInReading: number | null, endReading: number): number {
  const start = checkInReading ?? previousEnd ?? endReading;
  return Math.min(start, endReading);
}

/**
 * When a trip really happened: from its CHECK_IN (Fahrt starten) to its
 * CHECK_OUT (Fahrt beenden), never the booked period. A trip is always
 * started before it is ended; a booking without a CHECK_IN event (data older
 * than the events) falls back to its booked start, and a span that would not
 * be positive (both events in the same instant) gets one minute, as the
 * table's check asks for it.
 */
export function tripPeriod(checkInAt: Date | null, checkOutAt: Date, bookedFrom: Date): { startedAt: Date; endedAt: Date } {
  const start = checkInAt ?? bookedFrom;
  const startedAt = start < checkOutAt ? start : new Date(checkOutAt.getTime() - 60_000);
  return { startedAt, endedAt: checkOutAt };
}

export interface OdometerSpan {
  id: string;
  startedAt: Date;
  odometerStart: number;
  odometerEnd: number;
}

export interface Gap {
  /** The entry before the jump and the entry after it. */
  afterId: string;
  beforeId: string;
  fromKm: number;
  toKm: number;
}

/**
 * Gaps (Lücken) of one vehicle: places where an entry starts above the end
 * reading of the entry before it. Entries are ordered by odometer, then time,
 * so a late-entered explanation closes the gap it fills.
 */
export function findGaps(entries: readonly OdometerSpan[]): Gap[] {
  const sorted = [...entries].sort(
    (a, b) => a.odometerStart - b.odometerStart || a.startedAt.getTime() - b.startedAt.getTime() || a.odometerEnd - b.odometerEnd,
  );
  const gaps: Gap[] = [];
  let reach: OdometerSpan | null = null;
  for (const e of sorted) {
    if (reach && e.odometerStart > reach.odometerEnd) {
      gaps.push({ afterId: reach.id, beforeId: e.id, fromKm: reach.odometerEnd, toKm: e.odometerStart });
    }
    if (!reach || e.odometerEnd > reach.odometerEnd) reach = e;
  }
  return gaps;
}

/** An explanation of a gap must lie inside one open gap. */
export function assertInsideGap(gaps: readonly Gap[], fromKm: number, toKm: number): Gap {
  const gap = gaps.find((g) => g.fromKm <= fromKm && toKm <= g.toKm && fromKm < toKm);
  if (!gap) throw logbookErrors.fail('no_such_gap');
  return gap;
}

/** The time a gap's explanation must lie in: from the end of the entry before the jump to the start of the entry after it. */
export interface GapWindow {
  from: Date;
  to: Date;
}

const MINUTE_MS = 60_000;
const toMinute = (d: Date) => new Date(Math.floor(d.getTime() / MINUTE_MS) * MINUTE_MS);

/**
 * The window of a gap between the entry before it and the entry after it, to
 * the minute: a logbook states minutes, so the bounds are the minutes the
 * logbook shows (10:37:25 reads 10:37, and 10:37 is inside).
 */
export function gapWindowBetween(previousEndedAt: Date, nextStartedAt: Date): GapWindow {
  return { from: toMinute(previousEndedAt), to: toMinute(nextStartedAt) };
}

/** The window of `gap` among the spans `findGaps` found it in. */
export function gapWindow(spans: readonly (OdometerSpan & { endedAt: Date })[], gap: Gap): GapWindow {
  const after = spans.find((s) => s.id === gap.afterId)!;
  const before = spans.find((s) => s.id === gap.beforeId)!;
  return gapWindowBetween(after.endedAt, before.startedAt);
}

/**
 * An explanation of a gap happened between the trip before the gap and the
 * trip after it; otherwise times and odometer contradict each other (a trip
 * that starts at the gap's first kilometre cannot lie before the trip that
 * ended there). Bounds are inclusive.
 */
export function assertInsideGapWindow(window: GapWindow, startedAt: Date, endedAt: Date): void {
  if (startedAt < window.from || endedAt > window.to) {
    const from = formatDateTime(window.from);
    const to = formatDateTime(window.to);
    throw logbookErrors.fail('gap_outside_window', { from, to });
  }
}

// ───────────────────────── corrections ─────────────────────────

export const LOCKED_FOR_DRIVER = ['startedAt', 'endedAt', 'odometerStart', 'odometerEnd'] as const;
export const CORRECTABLE = [...LOCKED_FOR_DRIVER, 'destination', 'stopover', 'reason', 'partner', 'detour', 'tripKind'] as const;
export type CorrectableField = (typeof CORRECTABLE)[number];

export interface CorrectableValues {
  startedAt: Date;
  endedAt: Date;
  odometerStart: number;
  odometerEnd: number;
  destination: string | null;
  stopover: string | null;
  reason: string | null;
  partner: string | null;
  detour: string | null;
  tripKind: TripKind;
}

export type CorrectionRole = 'driver' | 'report';

export interface CorrectionActor {
  isDriver: boolean;
  /** Holds fahrzeug_logbuch_report. */
  mayReport: boolean;
}

const DAY_MS = 86_400_000;

/**
 * Who corrects: a holder of fahrzeug_logbuch_report always (as 'report'); the
 * driver of the trip within `periodDays` after the original entry was
 * written; anyone else never.
 */
export function correctionRole(actor: CorrectionActor, originalCreatedAt: Date, now: Date, periodDays: number): CorrectionRole {
  if (actor.mayReport) return 'report';
  if (!actor.isDriver) throw logbookErrors.fail('correction_forbidden');
  if (now.getTime() - originalCreatedAt.getTime() > periodDays * DAY_MS) {
    throw logbookErrors.fail('correction_period_over', { days: periodDays });
  }
  return 'driver';
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

/** Fields a correction changes compared to the current revision. */
export function changedFields(current: CorrectableValues, next: CorrectableValues): CorrectableField[] {
  return CORRECTABLE.filter((f) => !same(current[f], next[f]));
}

/**
 * The values of the new revision: the current one with the requested changes.
 * Refuses a driver's change of date, times or odometer, a correction that
 * changes nothing, and readings or times out of order or in the future.
 */
export function applyCorrection(
  current: CorrectableValues,
  changes: Partial<CorrectableValues>,
  role: CorrectionRole,
  now: Date,
): { values: CorrectableValues; changed: CorrectableField[] } {
  const next = {} as CorrectableValues;
  for (const f of CORRECTABLE) (next as unknown as Record<string, unknown>)[f] = current[f];
  for (const f of CORRECTABLE) {
    if (changes[f] !== undefined) (next as unknown as Record<string, unknown>)[f] = changes[f];
  }
  const changed = changedFields(current, next);
  if (role === 'driver' && changed.some((f) => (LOCKED_FOR_DRIVER as readonly string[]).includes(f))) {
    throw logbookErrors.fail('driver_field_locked');
  }
  if (changed.length === 0) throw logbookErrors.fail('nothing_changed');
  assertSpan(next, now);
  return { values: next, changed };
}

/** Odometer and time order of an entry; nothing in the future. */
export function assertSpan(v: { startedAt: Date; endedAt: Date; odometerStart: number; odometerEnd: number }, now: Date): void {
  if (v.odometerEnd < v.odometerStart) throw logbookErrors.fail('odometer_order');
  if (v.endedAt.getTime() <= v.startedAt.getTime()) throw logbookErrors.fail('time_order');
  if (v.endedAt.getTime() > now.getTime()) throw logbookErrors.fail('in_future');
}

export interface Revision {
  id: string;
  entryId: string;
  revision: number;
  supersedesId: string | null;
}

/**
 * The current revision of every chain: the one nobody supersedes. A chain
 * is one original (revision 1, supersedes nothing) and its corrections, each
 * superseding the one before it.
 */
export function currentRevisions<T extends Revision>(rows: readonly T[]): T[] {
  const superseded = new Set(rows.map((r) => r.supersedesId).filter((x): x is string => x !== null));
  return rows.filter((r) => !superseded.has(r.id));
}

/** Whether rows form well-formed chains: revisions 1..n per entry, each superseding its predecessor. */
export function isWellFormedChain<T extends Revision>(rows: readonly T[]): boolean {
  const byEntry = new Map<string, T[]>();
  for (const r of rows) byEntry.set(r.entryId, [...(byEntry.get(r.entryId) ?? []), r]);
  for (const chain of byEntry.values()) {
    chain.sort((a, b) => a.revision - b.revision);
    for (let i = 0; i < chain.length; i++) {
      const r = chain[i]!;
      if (r.revision !== i + 1) return false;
      if (i === 0 ? r.supersedesId !== null || r.id !== r.entryId : r.supersedesId !== chain[i - 1]!.id) return false;
    }
  }
  return true;
}

// ───────────────────────── totals ─────────────────────────

export function totalsByKind(
  entries: readonly { tripKind: TripKind; odometerStart: number; odometerEnd: number }[],
): Record<TripKind, number> {
  const totals: Record<TripKind, number> = { dienstlich: 0, privat: 0, Arbeitsweg: 0 };
  for (const e of entries) totals[e.tripKind] += e.odometerEnd - e.odometerStart;
  return totals;
}

// ───────────────────────── periods ─────────────────────────

/** A period of calendar days, `from` inclusive and `to` exclusive (YYYY-MM-DD, Europe/Berlin). */
export interface DayPeriod {
  from: string;
  to: string;
}

function monthIndex(day: string): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}
function firstOfMonth(index: number): string {
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
}

/** The report period of a rhythm that contains `day`: calendar months, quarters, half-years or years. */
export function periodContaining(day: string, rhythm: string): DayPeriod {
  const months = reportRhythmMonths(rhythm);
  const start = monthIndex(day) - (monthIndex(day) % months);
  return { from: firstOfMonth(start), to: firstOfMonth(start + months) };
}

/** The last period of a rhythm that has fully ended on `today`. */
export function lastEndedPeriod(today: string, rhythm: string): DayPeriod {
  const current = periodContaining(today, rhythm);
  const months = reportRhythmMonths(rhythm);
  return { from: firstOfMonth(monthIndex(current.from) - months), to: current.from };
}

/**
 * Periods ended by `today` that still need a report, oldest first: every
 * period after the one last sent (none sent yet: only the last ended period),
 * so periods missed while the server was down are sent after the next start.
 */
export function periodsDue(today: string, rhythm: string, lastSentTo: string | null): DayPeriod[] {
  const last = lastEndedPeriod(today, rhythm);
  if (lastSentTo === null) return [last];
  const months = reportRhythmMonths(rhythm);
  const out: DayPeriod[] = [];
  let from = periodContaining(lastSentTo, rhythm).from;
  // 120 periods are ten years of months: a guard against a far-past stamp, not a limit that matters.
  for (let i = 0; i < 120 && from < last.to; i++) {
    const p = { from, to: firstOfMonth(monthIndex(from) + months) };
    if (p.from >= lastSentTo) out.push(p);
    from = p.to;
  }
  return out;
}

export const FILTER_PERIODS = ['monat', 'quartal', 'jahr'] as const;
export type FilterPeriod = (typeof FILTER_PERIODS)[number];

/** The month, quarter or year around `day` for the logbook filter. */
export function filterPeriod(kind: FilterPeriod, day: string): DayPeriod {
  return periodContaining(day, kind === 'monat' ? 'monatlich' : kind === 'quartal' ? 'vierteljährlich' : 'jährlich');
}

export function assertPeriod(p: DayPeriod): DayPeriod {
  if (p.to <= p.from) throw logbookErrors.fail('period_order');
  return p;
}

/** The first day of the month `months` months after the month of `day` (for moving the logbook filter). */
export function addMonthsToDay(day: string, months: number): string {
  return firstOfMonth(monthIndex(day) + months);
}
