import { type AppError, defineErrors } from './errors';
import { counted } from './plural';
import { formatDate, formatTime } from './time';
import {
  addDays,
  addMinutes,
  berlinDay,
  berlinInstant,
  daysTouched,
  MINUTE_MS,
  startOfDay,
  type WeekdayName,
  weekdayOf,
} from './vehicle-time';

/**
 * Vehicle booking rules (docs/product.md#vehicles, docs/product.md#vehicle-availability): statuses and types, the status
 * machine, availability with its four messages, approval of special trips,
 * the check-in window and the narrowing of selectable times. Pure functions.
 */

export const BOOKING_STATUSES = ['vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const VEHICLE_BOOKING_TYPES = ['BUCHUNG', 'WARTUNG', 'SERVICE', 'DEFEKT'] as const;
export type VehicleBookingType = (typeof VEHICLE_BOOKING_TYPES)[number];
export const HISTORY_TYPES = [
  'ERSTELLUNG',
  'STATUSAENDERUNG',
  'STAMMDATENAENDERUNG',
  'WARTUNG',
  'CHECK_IN',
  'CHECK_OUT',
  'SERVICE',
  'DEAKTIVIERUNG',
] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** Statuses that never block a vehicle (docs/product.md#vehicle-availability; the database constraint uses the same list). */
export const NON_BLOCKING_STATUSES: readonly BookingStatus[] = ['storniert', 'durchgeführt'];
export const blocks = (status: BookingStatus): boolean => !NON_BLOCKING_STATUSES.includes(status);

export const MESSAGES = {
  bisNotAfterVon: 'Bis nicht nach von im Zeitraum!',
  notValid: 'Fahrzeug im Zeitraum nicht gültig!',
  outsideTimes: 'Zeitraum nicht im Individuellen Buchungszeitraum und buchungAusserhalbMoeglich ist nicht aktiviert!',
  alreadyBooked: 'Fahrzeug ist bereits zum Zeitraum bereits gebucht!',
  locationChanged: 'Storno wegen Standortänderung am Fahrzeug',
  outsideValidity: 'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.',
  deactivated: 'Storno, weil Fahrzeug deaktiviert wurde.',
  deactivationEntry: 'Fahrzeug wurde deaktiviert.',
  noVehicleId: 'Fahrzeug ID nicht vorhanden, Buchungszeiten können nicht gespeichert werden!',
  approverMissing: 'User not found! Kein update der Sonderfreigabe möglich.',
  fuel: 'Fuel level must be between 0 and 100!',
  mandatory: 'Please fill in all mandatory fields.',
  noCheckIn: 'Storno, weil die Fahrt nicht rechtzeitig gestartet wurde.',
  rejected: 'Storno, weil die Sonderfahrt abgelehnt wurde.',
} as const;

/** The refusals of the vehicle booking rules, German verbatim from docs/product.md#message-catalogue (decision 198). */
export const vehicleBookingErrors = defineErrors({
  status_unknown: {
    status: 400,
    texts: (p: { status: string }) => ({ de: `Status ${p.status} unbekannt`, en: `Status ${p.status} unknown` }),
  },
  type_unknown: { status: 400, texts: (p: { type: string }) => ({ de: `Typ ${p.type} unbekannt`, en: `Type ${p.type} unknown` }) },
  block_type: {
    status: 400,
    de: 'Eine Sperre hat den Typ WARTUNG, SERVICE oder DEFEKT.',
    en: 'A block has the type WARTUNG, SERVICE or DEFEKT.',
  },
  booking_completed: {
    status: 409,
    de: 'Eine durchgeführte Fahrzeugbuchung kann nicht storniert werden.',
    en: 'A completed vehicle booking cannot be cancelled.',
  },
  booking_cancelled: { status: 409, de: 'Die Buchung ist bereits storniert.', en: 'The booking is already cancelled.' },
  check_in_status: {
    status: 409,
    texts: (p: { status: string }) => ({
      de: `Fahrt starten ist im Status ${p.status} nicht möglich.`,
      en: `A trip cannot be started in status ${p.status}.`,
    }),
  },
  check_out_status: {
    status: 409,
    texts: (p: { status: string }) => ({
      de: `Fahrt beenden ist im Status ${p.status} nicht möglich.`,
      en: `A trip cannot be ended in status ${p.status}.`,
    }),
  },
  approver_missing: { status: 404, de: MESSAGES.approverMissing, en: 'User not found! No update of the special approval possible.' },
  not_approved: { status: 409, de: 'Die Sonderfahrt ist noch nicht freigegeben.', en: 'The special trip has not been approved yet.' },
  check_in_too_early: {
    status: 409,
    texts: (p: { at: string }) => ({ de: `Fahrt starten ist erst ab ${p.at} möglich.`, en: `You can start the trip from ${p.at}.` }),
  },
  check_in_too_late: { status: 409, de: 'Der Buchungszeitraum ist bereits vorbei.', en: 'The booking period is already over.' },
  vehicle_defect_open: {
    status: 409,
    code: 'vehicle_defect',
    de: 'Das Fahrzeug ist defekt und derzeit gesperrt.',
    en: 'The vehicle is defective and blocked for now.',
  },
  vehicle_defect: {
    status: 409,
    texts: (p: { until: string }) => ({
      de: `Das Fahrzeug ist defekt und bis ${p.until} gesperrt.`,
      en: `The vehicle is defective and blocked until ${p.until}.`,
    }),
  },
  bis_not_after_von: { status: 400, de: MESSAGES.bisNotAfterVon, en: 'End is not after start in the period!' },
  vehicle_not_valid: { status: 400, de: MESSAGES.notValid, en: 'Vehicle not valid in the period!' },
  outside_booking_times: {
    status: 400,
    de: MESSAGES.outsideTimes,
    en: 'Period is outside the individual booking times and booking outside them is not enabled!',
  },
  already_booked: { status: 409, de: MESSAGES.alreadyBooked, en: 'The vehicle is already booked in this period!' },
  booking_too_short: {
    status: 400,
    texts: (p: { minutes: number }) => ({
      de: `Eine Buchung muss mindestens ${counted('de', p.minutes, 'minute')} dauern.`,
      en: `A booking must last at least ${counted('en', p.minutes, 'minute')}.`,
    }),
  },
  outside_booking_window: {
    status: 400,
    texts: (p: { date: string }) => ({ de: `Buchungen sind nur bis ${p.date} möglich.`, en: `Bookings are possible up to ${p.date}.` }),
  },
  booking_in_past: { status: 400, de: 'Der Zeitraum liegt in der Vergangenheit.', en: 'The period lies in the past.' },
});

export function parseBookingStatus(x: unknown): BookingStatus {
  if (typeof x === 'string' && (BOOKING_STATUSES as readonly string[]).includes(x)) return x as BookingStatus;
  throw vehicleBookingErrors.fail('status_unknown', { status: String(x) });
}
export function parseVehicleBookingType(x: unknown): VehicleBookingType {
  if (typeof x === 'string' && (VEHICLE_BOOKING_TYPES as readonly string[]).includes(x)) return x as VehicleBookingType;
  throw vehicleBookingErrors.fail('type_unknown', { type: String(x) });
}
/** A maintenance block is a booking of type WARTUNG, SERVICE or DEFEKT; unknown types fail like everywhere else. */
export function parseBlockType(x: unknown): Exclude<VehicleBookingType, 'BUCHUNG'> {
  const type = parseVehicleBookingType(x);
  if (type === 'BUCHUNG') throw vehicleBookingErrors.fail('block_type');
  return type;
}
export function parseHistoryType(x: unknown): HistoryType {
  if (typeof x === 'string' && (HISTORY_TYPES as readonly string[]).includes(x)) return x as HistoryType;
  throw vehicleBookingErrors.fail('type_unknown', { type: String(x) });
}

// ───────────────────────── status machine ─────────────────────────

export type BookingEvent = 'CANCEL' | 'CHECK_IN' | 'CHECK_OUT';

/**
 * The vehicle booking status machine. Bookings start as reserviert; CHECK_IN
 * makes them aktiv, CHECK_OUT durchgeführt; CANCEL makes them storniert and is
 * never applied to durchgeführt bookings.
 */
export function nextStatus(current: unknown, event: BookingEvent): BookingStatus {
  const status = parseBookingStatus(current);
  switch (event) {
    case 'CANCEL':
      if (status === 'durchgeführt') {
        throw vehicleBookingErrors.fail('booking_completed');
      }
      if (status === 'storniert') throw vehicleBookingErrors.fail('booking_cancelled');
      return 'storniert';
    case 'CHECK_IN':
      if (status !== 'reserviert' && status !== 'vorgemerkt') {
        throw vehicleBookingErrors.fail('check_in_status', { status });
      }
      return 'aktiv';
    case 'CHECK_OUT':
      if (status !== 'aktiv') {
        throw vehicleBookingErrors.fail('check_out_status', { status });
      }
      return 'durchgeführt';
  }
}

// ───────────────────────── approval (Sonderfahrten) ─────────────────────────

export interface ApproverState {
  userId: string;
  approved: boolean | null;
}

/** Approved if it starts more than one hour ago, has no approvers, or any approver approved (docs/product.md#special-trips). */
export function isApproved(booking: { von: Date; approvers: readonly ApproverState[] }, now: Date): boolean {
  if (booking.von.getTime() < now.getTime() - 60 * MINUTE_MS) return true;
  if (booking.approvers.length === 0) return true;
  return booking.approvers.some((a) => a.approved === true);
}

/** A rejection by any approver cancels the booking; the approver must be one of the booking's approvers (docs/product.md#special-trips). */
export function assertApprover(approvers: readonly ApproverState[], userId: string): void {
  if (!approvers.some((a) => a.userId === userId)) throw vehicleBookingErrors.fail('approver_missing');
}

// ───────────────────────── check-in ─────────────────────────

/** Check-in is possible from `beforeMinutes` before start until the end, never while unapproved. */
export function assertCheckInAllowed(booking: { von: Date; bis: Date; approved: boolean }, now: Date, beforeMinutes: number): void {
  if (!booking.approved) throw vehicleBookingErrors.fail('not_approved');
  const opens = addMinutes(booking.von, -beforeMinutes);
  if (now < opens) {
    throw vehicleBookingErrors.fail('check_in_too_early', { at: `${formatDate(opens)} ${formatTime(opens)}` });
  }
  if (now >= booking.bis) throw vehicleBookingErrors.fail('check_in_too_late');
}

/** A reserved booking without check-in is cancelled `autoCancelMinutes` after its start. */
export function isAutoCancelDue(
  booking: { von: Date; status: BookingStatus; type: VehicleBookingType },
  now: Date,
  autoCancelMinutes: number,
): boolean {
  return (
    booking.type === 'BUCHUNG' && booking.status === 'reserviert' && now.getTime() >= booking.von.getTime() + autoCancelMinutes * MINUTE_MS
  );
}

// ───────────────────────── availability ─────────────────────────

export interface BookingTimes {
  weekdays: readonly WeekdayName[];
  /** HH:mm */
  from: string;
  /** HH:mm; '23:59' counts as the end of the day. */
  to: string;
}

export const DEFAULT_BOOKING_TIMES: BookingTimes = {
  weekdays: ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags'],
  from: '09:00',
  to: '18:00',
};

export interface AvailabilityVehicle {
  /** YYYY-MM-DD or null (open). */
  validFrom: string | null;
  validTo: string | null;
  bookingTimes: BookingTimes;
  bookingOutsidePossible: boolean;
}

export interface ExistingBooking {
  id: string;
  von: Date;
  bis: Date;
  status: BookingStatus;
  /** BUCHUNG or a block (WARTUNG, SERVICE, DEFEKT); a DEFEKT block is refused with its own message. */
  type?: string;
}

/**
 * The refusal of a vehicle locked as DEFEKT (decision 191): it says that the
 * vehicle is defective, with the last day of the lock when it has an end (a
 * lock ending at midnight reads as the day before), instead of the catalogue's
 * "already booked", which would send the person looking for a booking.
 */
export function defectRefusal(until: Date | null): AppError {
  if (!until) return vehicleBookingErrors.fail('vehicle_defect_open');
  return vehicleBookingErrors.fail('vehicle_defect', { until: formatDate(new Date(until.getTime() - 1)) });
}

/** The end of the latest DEFEKT block overlapping [von, bis), or null when none does. */
export function overlappingDefectEnd(bookings: readonly ExistingBooking[], von: Date, bis: Date, excludeBookingId?: string): Date | null {
  let end: Date | null = null;
  for (const b of bookings) {
    if (b.type !== 'DEFEKT' || b.id === excludeBookingId || !blocks(b.status)) continue;
    if (b.von < bis && b.bis > von && (!end || b.bis > end)) end = b.bis;
  }
  return end;
}

export interface AvailabilityInput {
  von: Date;
  bis: Date;
  vehicle: AvailabilityVehicle;
  /** Setting fahrzeugIndividuelleBuchungszeiten: without it no booking-time restriction applies. */
  individualTimes: boolean;
  /** Setting fahrzeugBuchungszeitenAlsAbholRueckgabe: the booking times bound pick-up and return, not every hour (decision 032). */
  timesAsPickUpReturn?: boolean;
  bookings: readonly ExistingBooking[];
  minGapMinutes: number;
  excludeBookingId?: string;
}

export type AvailabilityResult =
  | { available: true; needsApproval: boolean }
  | {
      available: false;
      code: 'bis_not_after_von' | 'vehicle_not_valid' | 'outside_booking_times' | 'already_booked';
      message: string;
      status: number;
    };

/** Validity window: valid-from 00:00 to valid-to 23:59 (docs/product.md#vehicle-changes-and-deactivation). */
export function validityWindow(v: { validFrom: string | null; validTo: string | null }): { from: Date | null; to: Date | null } {
  return {
    from: v.validFrom ? startOfDay(v.validFrom) : null,
    to: v.validTo ? berlinInstant(v.validTo, '23:59') : null,
  };
}

export function isInsideValidity(v: { validFrom: string | null; validTo: string | null }, von: Date, bis: Date): boolean {
  const w = validityWindow(v);
  return !(w.from && von < w.from) && !(w.to && bis > w.to);
}

const endTime = (to: string): string => (to === '23:59' ? '24:00' : to);

/** The period lies inside the booking times: every day it touches is a booking weekday and its part of the day is inside from–to. */
export function isInsideBookingTimes(times: BookingTimes, von: Date, bis: Date): boolean {
  for (const day of daysTouched(von, bis)) {
    if (!times.weekdays.includes(weekdayOf(day))) return false;
    const open = berlinInstant(day, times.from);
    const close = berlinInstant(day, endTime(times.to));
    const partStart = von > startOfDay(day) ? von : startOfDay(day);
    const nextDay = startOfDay(addDays(day, 1));
    const partEnd = bis < nextDay ? bis : nextDay;
    if (partStart < open || partEnd > close) return false;
  }
  return true;
}

/**
 * Booking times read as pick-up and return times (decision 032): the start
 * lies inside the times of its day, the end inside the times of its own day,
 * and every day the period touches is a booking weekday. A period within one
 * day is judged exactly as by `isInsideBookingTimes`.
 */
export function isInsidePickUpReturnTimes(times: BookingTimes, von: Date, bis: Date): boolean {
  const days = daysTouched(von, bis);
  if (days.some((day) => !times.weekdays.includes(weekdayOf(day)))) return false;
  const first = days[0]!;
  const last = days[days.length - 1]!;
  return (
    von >= berlinInstant(first, times.from) &&
    von < berlinInstant(first, endTime(times.to)) &&
    bis > berlinInstant(last, times.from) &&
    bis <= berlinInstant(last, endTime(times.to))
  );
}

/** The booking-time check of either reading: strict (the default) or pick-up and return (docs/product.md#vehicle-availability). */
export function isInsideTimes(times: BookingTimes, von: Date, bis: Date, asPickUpReturn: boolean): boolean {
  return asPickUpReturn ? isInsidePickUpReturnTimes(times, von, bis) : isInsideBookingTimes(times, von, bis);
}

/** Two bookings conflict when they are closer than the gap on either side (the gap is a buffer on both sides). */
export function conflicts(a: { von: Date; bis: Date }, b: { von: Date; bis: Date }, gapMinutes: number): boolean {
  const gap = gapMinutes * MINUTE_MS;
  return a.von.getTime() < b.bis.getTime() + gap && b.von.getTime() < a.bis.getTime() + gap;
}

function unavailable(code: 'bis_not_after_von' | 'vehicle_not_valid' | 'outside_booking_times' | 'already_booked'): AvailabilityResult {
  const refusal = vehicleBookingErrors.fail(code);
  return { available: false, code, message: refusal.message, status: refusal.status };
}

/** Availability: the four checks in their order, each with its message (docs/product.md#vehicle-availability). */
export function checkAvailability(input: AvailabilityInput): AvailabilityResult {
  const { von, bis, vehicle } = input;
  if (!(bis > von)) return unavailable('bis_not_after_von');
  if (!isInsideValidity(vehicle, von, bis)) return unavailable('vehicle_not_valid');
  let needsApproval = false;
  if (input.individualTimes && !isInsideTimes(vehicle.bookingTimes, von, bis, input.timesAsPickUpReturn === true)) {
    if (!vehicle.bookingOutsidePossible) {
      return unavailable('outside_booking_times');
    }
    needsApproval = true;
  }
  const clash = input.bookings.some(
    (b) => b.id !== input.excludeBookingId && blocks(b.status) && conflicts(b, { von, bis }, input.minGapMinutes),
  );
  if (clash) return unavailable('already_booked');
  return { available: true, needsApproval };
}

export function assertAvailable(input: AvailabilityInput): { needsApproval: boolean } {
  const r = checkAvailability(input);
  if (!r.available) throw vehicleBookingErrors.fail(r.code);
  return { needsApproval: r.needsApproval };
}

/** The range the database exclusion constraint compares: [von, bis + gap). Two such ranges overlap exactly when `conflicts` says so. */
export function blockedUntil(bis: Date, gapMinutes: number): Date {
  return addMinutes(bis, gapMinutes);
}

// ───────────────────────── booking window and narrowing ─────────────────────────

const WEEK_ORDER: readonly WeekdayName[] = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'];

/**
 * End (exclusive) of the booking window. It extends by one day daily at 00:00
 * (end of today + daysAhead) and by one week at the set weekday and hour: from
 * that moment the whole following week up to its Sunday is bookable, counted
 * from the last extension moment + daysAhead. The later of both ends counts.
 */
export function bookingWindowEnd(now: Date, daysAhead: number, weekday: WeekdayName, hour: number): Date {
  const today = berlinDay(now);
  const daily = startOfDay(addDays(today, daysAhead + 1));
  // Last extension moment at or before now.
  let day = today;
  for (let i = 0; i < 8; i++) {
    if (weekdayOf(day) === weekday && berlinInstant(day, `${String(hour).padStart(2, '0')}:00`) <= now) break;
    day = addDays(day, -1);
  }
  const reached = addDays(day, daysAhead);
  const toSunday = (7 - 1 - WEEK_ORDER.indexOf(weekdayOf(reached))) % 7;
  const weekly = startOfDay(addDays(reached, toSunday + 1));
  // Dates, not numbers: Math.max would turn them into milliseconds.
  // biome-ignore lint/complexity/useMathMinMax: compares Date objects
  return weekly > daily ? weekly : daily;
}

export interface LimitsInput {
  /** YYYY-MM-DD Berlin day. */
  day: string;
  now: Date;
  windowEnd: Date;
  bookings: readonly ExistingBooking[];
  minGapMinutes: number;
  minDurationMinutes: number;
  stepMinutes: number;
  /** Restrict to these booking times (individual times on and booking outside them not possible); null = whole day. */
  bookingTimes: BookingTimes | null;
  excludeBookingId?: string;
}

export interface Interval {
  min: Date;
  max: Date;
}

function ceilToStep(d: Date, day: string, step: number): Date {
  const dayStart = startOfDay(day).getTime();
  const stepMs = step * MINUTE_MS;
  const k = Math.ceil((d.getTime() - dayStart) / stepMs);
  return new Date(dayStart + k * stepMs);
}

/**
 * Narrowing (docs/product.md#booking-window-and-narrowing): the selectable periods of a day. The day is cut to the
 * booking window, to now (rounded up to the step) on the same day, to the
 * booking times when they apply, and around each blocking booking plus the
 * minimum gap; pieces shorter than the minimum booking time are dropped.
 */
export function bookingLimits(input: LimitsInput): Interval[] {
  const dayStart = startOfDay(input.day);
  const dayEnd = startOfDay(addDays(input.day, 1));
  let lo = dayStart;
  let hi = dayEnd;
  if (input.windowEnd < hi) hi = input.windowEnd;
  if (input.now > lo) lo = ceilToStep(input.now, input.day, input.stepMinutes);
  if (input.bookingTimes) {
    if (!input.bookingTimes.weekdays.includes(weekdayOf(input.day))) return [];
    const open = berlinInstant(input.day, input.bookingTimes.from);
    const close = berlinInstant(input.day, endTime(input.bookingTimes.to));
    if (open > lo) lo = open;
    if (close < hi) hi = close;
  }
  if (!(hi > lo)) return [];
  let free: Interval[] = [{ min: lo, max: hi }];
  const gap = input.minGapMinutes * MINUTE_MS;
  for (const b of input.bookings) {
    if (b.id === input.excludeBookingId || !blocks(b.status)) continue;
    const bStart = new Date(b.von.getTime() - gap);
    const bEnd = new Date(b.bis.getTime() + gap);
    free = free.flatMap((iv) => {
      if (bEnd <= iv.min || bStart >= iv.max) return [iv];
      const parts: Interval[] = [];
      if (bStart > iv.min) parts.push({ min: iv.min, max: bStart });
      if (bEnd < iv.max) parts.push({ min: bEnd, max: iv.max });
      return parts;
    });
  }
  const minLen = input.minDurationMinutes * MINUTE_MS;
  return free.filter((iv) => iv.max.getTime() - iv.min.getTime() >= Math.max(minLen, 1));
}

/**
 * The period to offer when a chosen one was just taken (live update): within
 * the free intervals of the day, the earliest stretch from the old start on
 * (else the latest one before it) that holds the old duration, cut to the
 * interval but never shorter than the minimum duration; start and end on the
 * step grid counted from `gridStart` (the day's midnight). Null when none fits.
 */
export function nextFreePeriod(
  intervals: readonly Interval[],
  oldStart: Date,
  durationMs: number,
  minDurationMinutes: number,
  stepMinutes: number,
  gridStart: Date,
): { von: Date; bis: Date } | null {
  const stepMs = stepMinutes * MINUTE_MS;
  const base = gridStart.getTime();
  const ceil = (ms: number) => base + Math.ceil((ms - base) / stepMs) * stepMs;
  const floor = (ms: number) => base + Math.floor((ms - base) / stepMs) * stepMs;
  const minMs = Math.max(minDurationMinutes * MINUTE_MS, stepMs);
  const fitInto = (iv: Interval, from: number): { von: Date; bis: Date } | null => {
    const s = ceil(Math.max(iv.min.getTime(), from));
    const e = floor(Math.min(s + Math.max(durationMs, minMs), iv.max.getTime()));
    return e - s >= minMs ? { von: new Date(s), bis: new Date(e) } : null;
  };
  const sorted = [...intervals].sort((a, b) => a.min.getTime() - b.min.getTime());
  const old = oldStart.getTime();
  for (const iv of sorted) {
    if (iv.max.getTime() <= old) continue;
    const hit = fitInto(iv, old);
    if (hit) return hit;
  }
  for (const iv of sorted.reverse()) {
    if (iv.max.getTime() > old) continue;
    const hit = fitInto(iv, iv.min.getTime());
    if (hit) return hit;
  }
  return null;
}

/** Minimum booking time and booking window checks applied when a booking is saved. */
export function assertBookingRules(von: Date, bis: Date, now: Date, windowEnd: Date, minDurationMinutes: number): void {
  if (bis.getTime() - von.getTime() < minDurationMinutes * MINUTE_MS) {
    throw vehicleBookingErrors.fail('booking_too_short', { minutes: minDurationMinutes });
  }
  if (bis > windowEnd) {
    throw vehicleBookingErrors.fail('outside_booking_window', { date: formatDate(addMinutes(windowEnd, -1)) });
  }
  if (bis <= now) throw vehicleBookingErrors.fail('booking_in_past');
}
