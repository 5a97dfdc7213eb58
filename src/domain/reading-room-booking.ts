import { type AppError, defineErrors } from './errors';
import { addDays, berlinDay, type DayOpening, daysBetween, germanDay, instantOf, isoWeekday, minutesOf, timeOf } from './opening-hours';
import { counted } from './plural';
import { WEEKDAY_NAMES } from './settings';
import { formatDateTime, formatTime } from './time';

/** docs/product.md#message-catalogue, verbatim. */
export const COMPLETED_CANNOT_BE_CANCELLED = 'Eine durchgeführte LeseraumBuchung kann nicht storniert werden.';

/** The refusals of this rule in both languages (decision 198). */
export const readingRoomBookingErrors = defineErrors({
  mode_unknown: {
    status: 400,
    code: 'validation',
    texts: (p: { mode: string }) => ({ de: `Buchungsmodus ${p.mode} unbekannt`, en: `Booking mode ${p.mode} unknown` }),
  },
  reading_booking_already_cancelled: {
    status: 409,
    de: 'Die Buchung ist bereits storniert.',
    en: 'The booking has already been cancelled.',
  },
  reading_booking_not_party: {
    status: 403,
    de: 'Nur die buchende oder die vorgemerkte Person kann diese Buchung ändern.',
    en: 'Only the booker or the person it was pre-booked for can change this booking.',
  },
  reading_booking_not_prebooked: {
    status: 409,
    de: 'Nur vorgemerkte Buchungen können bestätigt werden.',
    en: 'Only pre-bookings can be confirmed.',
  },
  reading_booking_checked_in: {
    status: 409,
    de: 'Für diese Buchung wurde bereits eingecheckt.',
    en: 'This booking has already been checked in.',
  },
  reading_booking_not_reserved: {
    status: 409,
    de: 'Einchecken ist nur für reservierte Buchungen möglich.',
    en: 'Only reserved bookings can be checked in.',
  },
  reading_one_place_per_person: {
    status: 409,
    de: 'Sie haben im gewählten Zeitraum bereits einen Platz gebucht. Pro Person ist zur selben Zeit nur ein Platz möglich.',
    en: 'You already have a place booked in the chosen period. Each person can hold only one place at a time.',
  },
  reading_one_place_per_person_held: {
    status: 409,
    texts: (p: { name: string; von: string; bis: string }) => ({
      de: `Sie haben im gewählten Zeitraum bereits ${p.name} gebucht (${p.von} bis ${p.bis} Uhr). Pro Person ist zur selben Zeit nur ein Platz möglich.`,
      en: `You already have ${p.name} booked in the chosen period (${p.von} to ${p.bis}). Each person can hold only one place at a time.`,
    }),
  },
  status_unknown: {
    status: 400,
    texts: (p: { status: string }) => ({ de: `Status ${p.status} unbekannt`, en: `Status ${p.status} unknown` }),
  },
  reading_booking_completed: {
    status: 409,
    de: COMPLETED_CANNOT_BE_CANCELLED,
    en: 'A completed reading-room booking cannot be cancelled.',
  },
  reading_booking_confirm_deadline: {
    status: 409,
    texts: (p: { deadline: string }) => ({
      de: `Die Vormerkung konnte nur bis zum Beginn am ${p.deadline} Uhr bestätigt werden.`,
      en: `The pre-booking could only be confirmed until its start on ${p.deadline}.`,
    }),
  },
  reading_booking_checkin_window: {
    status: 409,
    texts: (p: { from: string; to: string }) => ({
      de: `Einchecken ist nur von 15 Minuten vor bis 15 Minuten nach Beginn möglich (${p.from} bis ${p.to} Uhr).`,
      en: `Check-in is only possible from 15 minutes before to 15 minutes after the start (${p.from} to ${p.to}).`,
    }),
  },
  reading_day_closed: {
    status: 400,
    texts: (p: { date: string }) => ({
      de: `Am ${p.date} ist geschlossen; an diesem Tag kann nicht gebucht werden.`,
      en: `Closed on ${p.date}; nothing can be booked that day.`,
    }),
  },
  reading_holiday_closed: {
    status: 400,
    // the same code as any closed day: clients and the series preview group it there
    code: 'reading_day_closed',
    texts: (p: { date: string; de: string; en: string }) => ({
      de: `Am ${p.date} ist Feiertag (${p.de}) und geschlossen; an diesem Tag kann nicht gebucht werden.`,
      en: `${p.date} is a public holiday (${p.en}) and closed; nothing can be booked that day.`,
    }),
  },
  reading_morning_closed: {
    status: 400,
    code: 'reading_half_day_closed',
    de: 'Vormittags ist an diesem Tag nicht geöffnet.',
    en: 'The morning is not open on this day.',
  },
  reading_afternoon_closed: {
    status: 400,
    code: 'reading_half_day_closed',
    de: 'Nachmittags ist an diesem Tag nicht geöffnet.',
    en: 'The afternoon is not open on this day.',
  },
  reading_hours_missing: {
    status: 400,
    de: 'Bitte Beginn und Ende der Buchung angeben.',
    en: 'Please enter the start and end of the booking.',
  },
  period_invalid: { status: 400, de: 'Bis nicht nach von im Zeitraum!', en: 'End is not after start in the period!' },
  reading_outside_opening: {
    status: 400,
    texts: (p: { von: string; bis: string }) => ({
      de: `Der Zeitraum muss innerhalb der Öffnungszeit von ${p.von} bis ${p.bis} Uhr liegen.`,
      en: `The period must lie within the opening hours from ${p.von} to ${p.bis}.`,
    }),
  },
  reading_in_past: { status: 400, de: 'Der gewählte Zeitraum liegt in der Vergangenheit.', en: 'The chosen period lies in the past.' },
  reading_weekday_not_bookable: {
    status: 400,
    texts: (p: { weekday: string }) => ({
      de: `${WEEKDAY_LABELS[p.weekday]} kann nicht gebucht werden.`,
      en: `Bookings are not possible on ${WEEKDAY_LABELS_EN[p.weekday]}.`,
    }),
  },
  reading_too_far_ahead: {
    status: 400,
    texts: (p: { days: number; until: string }) => ({
      de: `Plätze können höchstens ${counted('de', p.days, 'day')} im Voraus gebucht werden (bis ${p.until}).`,
      en: `Places can be booked at most ${counted('en', p.days, 'day')} ahead (until ${p.until}).`,
    }),
  },
  reading_interval: {
    status: 400,
    texts: (p: { minutes: number }) => ({
      de: `Beginn und Ende müssen auf das Buchungsintervall von ${counted('de', p.minutes, 'minute')} fallen.`,
      en: `Start and end must fall on the booking interval of ${counted('en', p.minutes, 'minute')}.`,
    }),
  },
  reading_too_short: {
    status: 400,
    texts: (p: { minutes: number }) => ({
      de: `Eine Buchung muss mindestens ${counted('de', p.minutes, 'minute')} dauern.`,
      en: `A booking must last at least ${counted('en', p.minutes, 'minute')}.`,
    }),
  },
  reading_too_long: {
    status: 400,
    texts: (p: { minutes: number }) => ({
      de: `Eine Buchung darf höchstens ${counted('de', p.minutes, 'minute')} dauern.`,
      en: `A booking may last at most ${counted('en', p.minutes, 'minute')}.`,
    }),
  },
  reading_group_size: {
    status: 400,
    texts: (p: { capacity: number }) => ({
      de: `Die Gruppengröße muss zwischen 1 und ${p.capacity} liegen.`,
      en: `The group size must be between 1 and ${p.capacity}.`,
    }),
  },
  reading_week_limit: {
    status: 409,
    texts: (p: { count: number; max: number }) => ({
      de: `Sie haben in dieser Woche bereits ${counted('de', p.count, 'booking')}; erlaubt sind höchstens ${p.max}.`,
      en: `You already have ${counted('en', p.count, 'booking')} this week; at most ${p.max} are allowed.`,
    }),
  },
  reading_object_booked: {
    status: 409,
    texts: (p: { room: boolean; name: string }) => ({
      de: `${p.room ? 'Der Raum' : 'Der Platz'} ${p.name} ist im gewählten Zeitraum bereits belegt.`,
      en: `${p.name} is already booked in the chosen period.`,
    }),
  },
});

/**
 * Reading-room bookings (LeseraumBuchung): states and transitions of docs/product.md#pre-bookings-and-check-in,
 * its check-in window, and the booking limits (docs/product.md#reading-room-booking-rules) from the reading-room
 * settings. Pure functions: the service loads data, these decide.
 */

export const READING_ROOM_STATUSES = ['vorgemerkt', 'reserviert', 'durchgeführt', 'storniert'] as const;
export type ReadingRoomStatus = (typeof READING_ROOM_STATUSES)[number];
/** Bookings in these states hold their object (the database's exclusion constraint uses the same list). */
export const HOLDING_STATUSES: readonly ReadingRoomStatus[] = ['vorgemerkt', 'reserviert'];

/** Check-in from 15 minutes before to 15 minutes after start (docs/product.md#pre-bookings-and-check-in). */
export const CHECK_IN_BEFORE_MINUTES = 15;
export const CHECK_IN_AFTER_MINUTES = 15;
/** Half days split at noon (decision 022). */
export const MIDDAY = '12:00';

const MINUTE = 60_000;

export interface BookingState {
  status: string;
  von: Date;
  bis: Date;
  bookerId: string;
  confirmingId: string | null;
}

/** The six booking statuses exist; any other value is an error ('Status {x} unbekannt', docs/product.md#booking-statuses). */
export const ALL_BOOKING_STATUSES = ['vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen'] as const;

export function assertKnownStatus(status: string): ReadingRoomStatus {
  if (!(ALL_BOOKING_STATUSES as readonly string[]).includes(status)) {
    throw readingRoomBookingErrors.fail('status_unknown', { status });
  }
  if (!(READING_ROOM_STATUSES as readonly string[]).includes(status)) {
    // aktiv and verschlossen are vehicle states; a reading-room booking never holds them.
    throw readingRoomBookingErrors.fail('status_unknown', { status });
  }
  return status as ReadingRoomStatus;
}

export function checkInWindow(von: Date): { from: Date; to: Date } {
  return {
    from: new Date(von.getTime() - CHECK_IN_BEFORE_MINUTES * MINUTE),
    to: new Date(von.getTime() + CHECK_IN_AFTER_MINUTES * MINUTE),
  };
}

/** Inclusive at both ends: 15 minutes before and 15 minutes after the start still count. */
export function isInCheckInWindow(von: Date, now: Date): boolean {
  const w = checkInWindow(von);
  return now.getTime() >= w.from.getTime() && now.getTime() <= w.to.getTime();
}

/** The person who uses the object: the confirming person of a pre-booking, otherwise the booker. */
export function holderOf(b: Pick<BookingState, 'bookerId' | 'confirmingId'>): string {
  return b.confirmingId ?? b.bookerId;
}

const isParty = (b: BookingState, actorId: string) => actorId === b.bookerId || actorId === b.confirmingId;

/**
 * Cancelling (→ storniert). Booker and confirming person may cancel a
 * vorgemerkt or reserviert booking; a durchgeführt one never (docs/product.md#pre-bookings-and-check-in).
 */
export function cancelTransition(b: BookingState, actorId: string): 'storniert' {
  const status = assertKnownStatus(b.status);
  if (status === 'durchgeführt') throw readingRoomBookingErrors.fail('reading_booking_completed');
  if (status === 'storniert') throw readingRoomBookingErrors.fail('reading_booking_already_cancelled');
  if (!isParty(b, actorId)) {
    throw readingRoomBookingErrors.fail('reading_booking_not_party');
  }
  return 'storniert';
}

/**
 * docs/product.md#pre-bookings-and-check-in: a vorgemerkt booking becomes reserviert if the current user is the
 * confirming person, otherwise storniert (the booker withdrawing it). The
 * confirmation deadline is the start time.
 */
export function resolvePreBooking(b: BookingState, actorId: string, now: Date): 'reserviert' | 'storniert' {
  const status = assertKnownStatus(b.status);
  if (status !== 'vorgemerkt') {
    throw readingRoomBookingErrors.fail('reading_booking_not_prebooked');
  }
  if (!isParty(b, actorId)) {
    throw readingRoomBookingErrors.fail('reading_booking_not_party');
  }
  if (actorId !== b.confirmingId) return 'storniert';
  if (now.getTime() >= b.von.getTime()) {
    throw readingRoomBookingErrors.fail('reading_booking_confirm_deadline', { deadline: formatDateTime(b.von) });
  }
  return 'reserviert';
}

/**
 * docs/product.md#pre-bookings-and-check-in: reserviert becomes durchgeführt when now is inside the check-in
 * window; outside it the check-in is refused (the booker may still cancel).
 */
export function checkInTransition(b: BookingState, actorId: string, now: Date): 'durchgeführt' {
  const status = assertKnownStatus(b.status);
  if (status === 'durchgeführt') throw readingRoomBookingErrors.fail('reading_booking_checked_in');
  if (status !== 'reserviert') {
    throw readingRoomBookingErrors.fail('reading_booking_not_reserved');
  }
  if (!isParty(b, actorId)) {
    throw readingRoomBookingErrors.fail('reading_booking_not_party');
  }
  if (!isInCheckInWindow(b.von, now)) {
    const w = checkInWindow(b.von);
    throw readingRoomBookingErrors.fail('reading_booking_checkin_window', { from: formatTime(w.from), to: formatTime(w.to) });
  }
  return 'durchgeführt';
}

/**
 * What the scheduled job does with a booking at `now`: an unconfirmed
 * pre-booking expires at its start; a reservation without check-in is
 * cancelled once the check-in window has closed (no-show). Idempotent: a
 * booking already decided yields null.
 */
export function expiryOutcome(b: Pick<BookingState, 'status' | 'von'>, now: Date): 'storniert' | null {
  if (b.status === 'vorgemerkt' && now.getTime() >= b.von.getTime()) return 'storniert';
  if (b.status === 'reserviert' && now.getTime() > checkInWindow(b.von).to.getTime()) return 'storniert';
  return null;
}

export function bookingActions(b: BookingState, actorId: string, now: Date) {
  const party = isParty(b, actorId);
  const holding = b.status === 'vorgemerkt' || b.status === 'reserviert';
  return {
    canCancel: party && holding && b.bis.getTime() > now.getTime(),
    canConfirm: b.status === 'vorgemerkt' && actorId === b.confirmingId && now.getTime() < b.von.getTime(),
    canCheckIn: b.status === 'reserviert' && party && isInCheckInWindow(b.von, now),
  };
}

// ---- Booking period and limits ----

export type BookingMode = 'ganztags' | 'vormittags' | 'nachmittags' | 'stuendlich';

export interface ReadingRoomLimits {
  /** leseraumMaxBuchungenProWoche */
  maxBookingsPerWeek: number;
  /** leseraumBuchungsintervallMinuten */
  intervalMinutes: number;
  /** leseraumMinBuchungsdauerMinuten */
  minMinutes: number;
  /** leseraumMaxBuchungsdauerMinuten */
  maxMinutes: number;
  /** leseraumBuchbareTageVoraus */
  daysAhead: number;
  /** leseraumBuchbareWochentage (montags … sonntags) */
  weekdays: readonly string[];
}

export interface BookingRequest {
  date: string;
  mode: BookingMode;
  von?: string;
  bis?: string;
  groupSize: number;
}

/** The wall-clock period a mode stands for on a day with the given opening hours. */
export function periodTimes(opening: DayOpening, req: Pick<BookingRequest, 'mode' | 'von' | 'bis'>): { von: string; bis: string } {
  if (!opening.bookable || !opening.von || !opening.bis) {
    if (opening.source === 'feiertag' && opening.holiday) {
      throw readingRoomBookingErrors.fail('reading_holiday_closed', { date: germanDay(opening.date), ...opening.holiday });
    }
    throw readingRoomBookingErrors.fail('reading_day_closed', { date: germanDay(opening.date) });
  }
  const open = minutesOf(opening.von);
  const close = minutesOf(opening.bis);
  const noon = minutesOf(MIDDAY);
  switch (req.mode) {
    case 'ganztags':
      return { von: opening.von, bis: opening.bis };
    case 'vormittags':
      if (open >= noon) throw readingRoomBookingErrors.fail('reading_morning_closed');
      return { von: opening.von, bis: timeOf(Math.min(close, noon)) };
    case 'nachmittags':
      if (close <= noon) throw readingRoomBookingErrors.fail('reading_afternoon_closed');
      return { von: timeOf(Math.max(open, noon)), bis: opening.bis };
    case 'stuendlich': {
      if (!req.von || !req.bis) throw readingRoomBookingErrors.fail('reading_hours_missing');
      if (minutesOf(req.bis) <= minutesOf(req.von)) throw readingRoomBookingErrors.fail('period_invalid');
      if (minutesOf(req.von) < open || minutesOf(req.bis) > close) {
        throw readingRoomBookingErrors.fail('reading_outside_opening', { von: opening.von, bis: opening.bis });
      }
      return { von: req.von, bis: req.bis };
    }
    default:
      throw readingRoomBookingErrors.fail('mode_unknown', { mode: String(req.mode) });
  }
}

/**
 * The period a booking really gets (decision 035): the maximum duration holds
 * for every mode. Hours longer than the maximum are refused in planBooking;
 * a whole or half day longer than it ends after the maximum, counted from
 * when the booking really starts, and never after the period's own end. On
 * the day itself a period that has begun starts now (to the minute): at 14:00
 * in a room open 08:00–20:00 with 600 minutes the reader holds 14:00–20:00,
 * before opening 08:00–18:00.
 */
export function bookedTimes(
  opening: DayOpening,
  req: Pick<BookingRequest, 'mode' | 'von' | 'bis'>,
  maxMinutes: number,
  now?: Date,
): { von: string; bis: string } {
  const times = periodTimes(opening, req);
  if (req.mode === 'stuendlich') return times;
  const end = minutesOf(times.bis);
  let start = minutesOf(times.von);
  if (now && berlinDay(now) === opening.date) {
    const current = minutesOf(formatTime(now));
    // A period already over stays as it is: planBooking refuses it as past.
    if (current > start && current < end) start = current;
  }
  return { von: timeOf(start), bis: timeOf(Math.min(end, start + maxMinutes)) };
}

const WEEKDAY_LABELS_EN: Record<string, string> = {
  montags: 'Mondays',
  dienstags: 'Tuesdays',
  mittwochs: 'Wednesdays',
  donnerstags: 'Thursdays',
  freitags: 'Fridays',
  samstags: 'Saturdays',
  sonntags: 'Sundays',
};

const WEEKDAY_LABELS: Record<string, string> = {
  montags: 'Montags',
  dienstags: 'Dienstags',
  mittwochs: 'Mittwochs',
  donnerstags: 'Donnerstags',
  freitags: 'Freitags',
  samstags: 'Samstags',
  sonntags: 'Sonntags',
};

/** The setting's weekday name (montags … sonntags) of a calendar day. */
export function weekdayName(day: string): string {
  return WEEKDAY_NAMES[isoWeekday(day) - 1]!;
}

/**
 * Checks a booking request against the day's opening hours, the settings
 * limits, the object's capacity and the booker's bookings in that week, and
 * returns the period as instants. Throws the first rule that fails, in the
 * order a person would fix them: day, weekday, window, period, size, week.
 */
export function planBooking(input: {
  request: BookingRequest;
  opening: DayOpening;
  limits: ReadingRoomLimits;
  capacity: number;
  /** Holding bookings the booker already has in the ISO week of the request's day. */
  bookingsThisWeek: number;
  now: Date;
}): { von: Date; bis: Date } {
  const { request, opening, limits, now } = input;
  const today = berlinDay(now);
  if (request.date < today) throw readingRoomBookingErrors.fail('reading_in_past');
  const name = weekdayName(request.date);
  if (!limits.weekdays.includes(name)) {
    throw readingRoomBookingErrors.fail('reading_weekday_not_bookable', { weekday: name });
  }
  if (daysBetween(today, request.date) > limits.daysAhead) {
    throw readingRoomBookingErrors.fail('reading_too_far_ahead', {
      days: limits.daysAhead,
      until: germanDay(addDays(today, limits.daysAhead)),
    });
  }
  const times = bookedTimes(opening, request, limits.maxMinutes, now);
  if (request.mode === 'stuendlich') {
    const step = limits.intervalMinutes;
    if (minutesOf(times.von) % step !== 0 || minutesOf(times.bis) % step !== 0) {
      throw readingRoomBookingErrors.fail('reading_interval', { minutes: step });
    }
    const length = minutesOf(times.bis) - minutesOf(times.von);
    if (length < limits.minMinutes) throw readingRoomBookingErrors.fail('reading_too_short', { minutes: limits.minMinutes });
    if (length > limits.maxMinutes) throw readingRoomBookingErrors.fail('reading_too_long', { minutes: limits.maxMinutes });
  }
  let von = instantOf(request.date, times.von);
  const bis = instantOf(request.date, times.bis);
  if (bis.getTime() <= now.getTime()) throw readingRoomBookingErrors.fail('reading_in_past');
  // A period that has begun starts now (to the minute): the check-in window then opens at once.
  if (von.getTime() < now.getTime()) von = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE);
  if (!Number.isInteger(input.request.groupSize) || input.request.groupSize < 1 || input.request.groupSize > input.capacity) {
    throw readingRoomBookingErrors.fail('reading_group_size', { capacity: input.capacity });
  }
  if (input.bookingsThisWeek >= limits.maxBookingsPerWeek) {
    throw readingRoomBookingErrors.fail('reading_week_limit', { count: input.bookingsThisWeek, max: limits.maxBookingsPerWeek });
  }
  return { von, bis };
}

/**
 * First free block of `size` consecutive places (1-based, half-open
 * [from, from+size)) among places taken by overlapping bookings, or null.
 * Seats have capacity 1, so they are either free (place 1) or taken.
 */
export function firstFreePlaces(capacity: number, taken: readonly { from: number; to: number }[], size: number): number | null {
  for (let start = 1; start + size - 1 <= capacity; start++) {
    const end = start + size;
    if (!taken.some((t) => t.from < end && start < t.to)) return start;
  }
  return null;
}

/** A booking of one object and day as the place assignment sees it. */
export interface PlaceItem {
  id: string;
  von: Date;
  bis: Date;
  /** Places [from, from + size). */
  from: number;
  size: number;
  /** Checked in (durchgeführt): the person sits there, so the place never changes. */
  fixed: boolean;
}

const overlapsInTime = (a: { von: Date; bis: Date }, b: { von: Date; bis: Date }) => a.von < b.bis && b.von < a.bis;

/**
 * Places for a new booking of `size` persons in [von, bis) of an object with
 * `capacity` places, given the object's other bookings of that day. Place
 * numbers are internal (nobody is shown a place number), so when no block of
 * consecutive places is free although enough places are, the day's bookings are
 * packed again: in order of start, larger groups first, checked-in ones kept
 * where they sit. Returns the new booking's first place and the bookings whose
 * places change (none when the first free block was enough), or null when the
 * group does not fit (decision 020).
 */
export function placeBooking(
  capacity: number,
  day: readonly PlaceItem[],
  request: { von: Date; bis: Date; size: number },
): { place: number; moves: { id: string; from: number }[] } | null {
  const overlapping = day.filter((d) => overlapsInTime(d, request)).map((d) => ({ from: d.from, to: d.from + d.size }));
  const direct = firstFreePlaces(capacity, overlapping, request.size);
  if (direct !== null) return { place: direct, moves: [] };

  const NEW = 'new';
  const movable = [
    ...day.filter((d) => !d.fixed),
    { id: NEW, von: request.von, bis: request.bis, from: 0, size: request.size, fixed: false },
  ];
  const t = (d: Date) => d.getTime();
  const byId = (a: PlaceItem, b: PlaceItem) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  // Greedy by start with the longest first never fails for single persons while no moment has more
  // persons than places (interval colouring); the other orders help groups.
  const orders: ((a: PlaceItem, b: PlaceItem) => number)[] = [
    (a, b) => t(a.von) - t(b.von) || t(b.bis) - t(a.bis) || b.size - a.size || byId(a, b),
    (a, b) => b.size - a.size || t(a.von) - t(b.von) || t(b.bis) - t(a.bis) || byId(a, b),
    (a, b) => t(a.von) - t(b.von) || b.size - a.size || t(b.bis) - t(a.bis) || byId(a, b),
  ];
  for (const order of orders) {
    const placed = new Map<string, { von: Date; bis: Date; from: number; to: number }>();
    for (const d of day) if (d.fixed) placed.set(d.id, { von: d.von, bis: d.bis, from: d.from, to: d.from + d.size });
    let fits = true;
    for (const item of [...movable].sort(order)) {
      const from = firstFreePlaces(
        capacity,
        [...placed.values()].filter((p) => overlapsInTime(p, item)),
        item.size,
      );
      if (from === null) {
        fits = false;
        break;
      }
      placed.set(item.id, { von: item.von, bis: item.bis, from, to: from + item.size });
    }
    if (!fits) continue;
    const moves = day.filter((d) => !d.fixed && placed.get(d.id)!.from !== d.from).map((d) => ({ id: d.id, from: placed.get(d.id)!.from }));
    return { place: placed.get(NEW)!.from, moves };
  }
  return null;
}

export interface PlacedBooking {
  von: Date;
  bis: Date;
  /** Places [from, to) the booking takes. */
  from: number;
  to: number;
}

function covers(intervals: { von: Date; bis: Date }[], von: Date, bis: Date): boolean {
  let reached = von.getTime();
  for (const i of [...intervals].sort((a, b) => a.von.getTime() - b.von.getTime())) {
    if (i.von.getTime() > reached) return false;
    reached = Math.max(reached, i.bis.getTime());
    if (reached >= bis.getTime()) return true;
  }
  return reached >= bis.getTime();
}

/**
 * Map colour of an object for a period: belegt when every place is taken for the
 * whole period, teilweise when something overlaps but not all, frei otherwise;
 * meins when the signed-in user holds one of the overlapping bookings.
 */
export function occupancyState(
  capacity: number,
  period: { von: Date; bis: Date },
  bookings: readonly PlacedBooking[],
  mine: boolean,
): 'frei' | 'teilweise' | 'belegt' | 'meins' {
  if (mine) return 'meins';
  const overlapping = bookings.filter((b) => b.von.getTime() < period.bis.getTime() && period.von.getTime() < b.bis.getTime());
  if (overlapping.length === 0) return 'frei';
  for (let place = 1; place <= capacity; place++) {
    const onPlace = overlapping.filter((b) => b.from <= place && place < b.to);
    if (!covers(onPlace, period.von, period.bis)) return 'teilweise';
  }
  return 'belegt';
}

/** Instants when a map showing these bookings must refresh: 1 ms after each start, 1 ms before each end (docs/product.md#map-and-list). */
export function refreshInstants(bookings: readonly { von: Date; bis: Date }[], now: Date): Date[] {
  const out = new Set<number>();
  for (const b of bookings) {
    out.add(b.von.getTime() + 1);
    out.add(b.bis.getTime() - 1);
  }
  return [...out]
    .filter((t) => t > now.getTime())
    .sort((a, b) => a - b)
    .map((t) => new Date(t));
}

/**
 * leseraumEinPlatzProPerson (decision 036): a person may hold one place for
 * themselves at a time; the refusal names the place they already hold.
 */
export function onePlacePerPersonError(held: { objectName: string; von: Date; bis: Date } | null): AppError {
  if (!held) {
    return readingRoomBookingErrors.fail('reading_one_place_per_person');
  }
  return readingRoomBookingErrors.fail('reading_one_place_per_person_held', {
    name: held.objectName,
    von: formatTime(held.von),
    bis: formatTime(held.bis),
  });
}

/** No place free for the period: names a room or a seat (docs/product.md#reading-room-booking-rules). */
export function occupiedError(kind: string, designation: string): AppError {
  return readingRoomBookingErrors.fail('reading_object_booked', { room: kind === 'raum', name: designation });
}

/** A place the person holds for themself (decision 036). */
export interface HeldPlace {
  objectName: string;
  von: Date;
  bis: Date;
}

/** The held place overlapping [von, bis) that starts first, or null. */
export function firstHeldOverlapping(held: readonly HeldPlace[], von: Date, bis: Date): HeldPlace | null {
  let first: HeldPlace | null = null;
  for (const h of held) if (overlapsInTime(h, { von, bis }) && (!first || h.von < first.von)) first = h;
  return first;
}

/** What one day of a seat or room booking is checked against, read beforehand. */
export interface SeatDay {
  opening: DayOpening;
  /** Holding bookings the booker already has in the ISO week of the day. */
  bookingsThisWeek: number;
  /** Places the booker holds for themself around that day; null when one place per person does not apply. */
  held: readonly HeldPlace[] | null;
  /** The object's bookings of that day that occupy places. */
  slots: readonly PlaceItem[];
}

/**
 * Every rule of one seat or room booking on state read beforehand, in the
 * order of the single booking: period and limits (planBooking), one place per
 * person (decision 036), the places of the day (placeBooking). The single
 * booking reads the state of its day; a series reads it once for all its days
 * (decision 160). Throws the first rule that fails.
 */
export function checkSeatBooking(input: {
  request: BookingRequest;
  limits: ReadingRoomLimits;
  object: { capacity: number; kind: string; designation: string };
  day: SeatDay;
  now: Date;
}): { von: Date; bis: Date; place: number; moves: { id: string; from: number }[] } {
  const { request, day, object } = input;
  const { von, bis } = planBooking({
    request,
    opening: day.opening,
    limits: input.limits,
    capacity: object.capacity,
    bookingsThisWeek: day.bookingsThisWeek,
    now: input.now,
  });
  if (day.held) {
    const held = firstHeldOverlapping(day.held, von, bis);
    if (held) throw onePlacePerPersonError(held);
  }
  const placing = placeBooking(object.capacity, day.slots, { von, bis, size: request.groupSize });
  if (!placing) throw occupiedError(object.kind, object.designation);
  return { von, bis, ...placing };
}
