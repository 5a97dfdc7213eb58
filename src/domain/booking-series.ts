import { AppError, defineErrors } from './errors';
import {
  addDays,
  type DeviatingOpeningHour,
  dayOpening,
  daysBetween,
  instantOf,
  isoWeekday,
  type OpeningCalendar,
  type RegularOpeningHour,
  weekStart,
} from './opening-hours';
import { type BookingRequest, checkSeatBooking, type HeldPlace, type PlaceItem, type ReadingRoomLimits } from './reading-room-booking';

/** The refusals of this rule in both languages (decision 198). */
const bookingSeriesErrors = defineErrors({
  series_nothing_bookable: {
    status: 409,
    de: 'Kein Termin der Serie ist buchbar. Es wurde nichts gespeichert.',
    en: 'No date of the series can be booked. Nothing was saved.',
  },
  series_weekdays: {
    status: 400,
    de: 'Bitte mindestens einen Wochentag für die Serie wählen.',
    en: 'Please choose at least one weekday for the series.',
  },
  series_interval: {
    status: 400,
    de: 'Der Abstand der Serie muss zwischen 1 und 12 Wochen liegen.',
    en: 'The interval of the series must be between 1 and 12 weeks.',
  },
  series_end_missing: {
    status: 400,
    de: 'Bitte ein Enddatum oder eine Anzahl von Terminen für die Serie angeben.',
    en: 'Please give an end date or a number of dates for the series.',
  },
  series_count: {
    status: 400,
    texts: (p: { max: number }) => ({ de: `Eine Serie hat 1 bis ${p.max} Termine.`, en: `A series has 1 to ${p.max} dates.` }),
  },
  series_end_before_start: {
    status: 400,
    de: 'Das Enddatum der Serie liegt vor ihrem Beginn.',
    en: 'The end date of the series is before its start.',
  },
  series_too_long: { status: 400, de: 'Eine Serie darf höchstens ein Jahr umfassen.', en: 'A series may span at most one year.' },
});

/** A series of which no date can be booked now or later is not saved at all (decisions 091 and 115). */
export const nothingBookable = () => bookingSeriesErrors.fail('series_nothing_bookable');

/**
 * Booking series (decision 091): a rule of calendar days, expanded here;
 * every day becomes an ordinary booking that passes every single-booking rule.
 * Days are ISO calendar days and turn into instants only with the Berlin wall
 * clock (instantOf), so a series keeps its 08:00 across the change to and
 * from daylight-saving time.
 */

export interface SeriesRule {
  /** First day of the series (ISO). */
  startDate: string;
  /** ISO weekdays 1 (Monday) … 7 (Sunday). */
  weekdays: readonly number[];
  /** Every N weeks, counted from the week of startDate. */
  intervalWeeks: number;
  /** Last day (inclusive); with count, whichever comes first. */
  until?: string | null;
  /** At most this many days. */
  count?: number | null;
}

/** The most days one series may have (a year of weekly dates, twice). */
export const MAX_SERIES_DATES = 104;
/** A series without count ends at the latest this many days after its start. */
export const MAX_SERIES_SPAN_DAYS = 366;

export function validateSeriesRule(rule: SeriesRule): void {
  if (rule.weekdays.length === 0 || rule.weekdays.some((d) => !Number.isInteger(d) || d < 1 || d > 7))
    throw bookingSeriesErrors.fail('series_weekdays');
  if (!Number.isInteger(rule.intervalWeeks) || rule.intervalWeeks < 1 || rule.intervalWeeks > 12)
    throw bookingSeriesErrors.fail('series_interval');
  if (!rule.until && !rule.count) throw bookingSeriesErrors.fail('series_end_missing');
  if (rule.count != null && (!Number.isInteger(rule.count) || rule.count < 1 || rule.count > MAX_SERIES_DATES))
    throw bookingSeriesErrors.fail('series_count', { max: MAX_SERIES_DATES });
  if (rule.until && rule.until < rule.startDate) throw bookingSeriesErrors.fail('series_end_before_start');
  if (rule.until && daysBetween(rule.startDate, rule.until) > MAX_SERIES_SPAN_DAYS) throw bookingSeriesErrors.fail('series_too_long');
}

/** Whether the day belongs to the series pattern (ignoring start, end and count). */
export function matchesPattern(rule: Pick<SeriesRule, 'startDate' | 'weekdays' | 'intervalWeeks'>, day: string): boolean {
  if (!rule.weekdays.includes(isoWeekday(day))) return false;
  const weeks = daysBetween(weekStart(rule.startDate), weekStart(day)) / 7;
  return weeks >= 0 && weeks % rule.intervalWeeks === 0;
}

/**
 * All days of the series in order, up to `through` (inclusive) when given.
 * The count is taken from the start of the series, so expanding in pieces
 * (the extension job) never yields more days than the whole series has.
 */
export function expandSeries(rule: SeriesRule, through?: string): string[] {
  validateSeriesRule(rule);
  const limit = Math.min(rule.count ?? MAX_SERIES_DATES, MAX_SERIES_DATES);
  let last = rule.until ?? addDays(rule.startDate, MAX_SERIES_SPAN_DAYS);
  if (through && through < last) last = through;
  const out: string[] = [];
  // matchesPattern by arithmetic: a day's weekday and week follow from its distance to the start, so the
  // up to 366 days are not each parsed and formatted again; only the matching ones become ISO days.
  const sinceMonday = isoWeekday(rule.startDate) - 1;
  const span = daysBetween(rule.startDate, last);
  for (let k = 0; k <= span && out.length < limit; k++) {
    const d = sinceMonday + k;
    if (rule.weekdays.includes((d % 7) + 1) && Math.floor(d / 7) % rule.intervalWeeks === 0) out.push(addDays(rule.startDate, k));
  }
  return out;
}

/** Why a day of a series cannot be booked, as the preview groups it. */
export type SeriesRefusal = 'geschlossen' | 'belegt' | 'limit' | 'regel';

const CLOSED = new Set(['reading_day_closed', 'reading_half_day_closed', 'reading_outside_opening', 'reading_weekday_not_bookable']);
const TAKEN = new Set(['reading_object_booked', 'reading_one_place_per_person', 'reading_one_place_per_person_held']);
const LIMIT = new Set(['reading_week_limit', 'reading_too_far_ahead']);

/** The group of a single-booking refusal (by its error code). */
export function refusalOf(code: string): SeriesRefusal {
  if (CLOSED.has(code)) return 'geschlossen';
  if (TAKEN.has(code)) return 'belegt';
  if (LIMIT.has(code)) return 'limit';
  return 'regel';
}

// ───────────────────────── seat series on loaded state (decision 160) ─────────────────────────

/** What a seat or desk series is checked against, read once for all its days. */
export interface SeatSeriesState {
  limits: ReadingRoomLimits;
  object: { capacity: number; kind: string; designation: string };
  regular: readonly RegularOpeningHour[];
  deviating: readonly DeviatingOpeningHour[];
  /** Opening periods and public holidays of the plan (decision 235). */
  calendar?: OpeningCalendar;
  /** Holding bookings the booker already has per ISO week (key: the Monday). */
  weekCounts: ReadonlyMap<string, number>;
  /** Places the booker holds for themself over the series' span; null when one place per person does not apply. */
  held: readonly HeldPlace[] | null;
  /** The object's bookings that occupy places over the series' span. */
  slots: readonly PlaceItem[];
}

export type SeatSeriesOutcome =
  | { date: string; state: 'spaeter' }
  | { date: string; state: 'buchbar'; von: Date; bis: Date; place: number; moves: { id: string; from: number }[] }
  | { date: string; state: 'abgelehnt'; error: AppError };

/** The id a planned date carries among the slots until it is written. */
export const plannedSlotId = (date: string) => `serie-${date}`;

/**
 * Every day of a seat series through the single booking's rules
 * (checkSeatBooking) on state read once. A bookable day joins what the next
 * days are checked against – its week's count, the person's held places,
 * the object's places (with any places it moved) – exactly as if it had been
 * booked before them. Days after `horizon` are booked later by the job.
 */
export function planSeatSeries(
  days: readonly string[],
  request: Omit<BookingRequest, 'date'>,
  state: SeatSeriesState,
  horizon: string,
  now: Date,
): SeatSeriesOutcome[] {
  const weekCounts = new Map(state.weekCounts);
  const held = state.held ? [...state.held] : null;
  let slots = [...state.slots];
  const out: SeatSeriesOutcome[] = [];
  for (const date of days) {
    if (date > horizon) {
      out.push({ date, state: 'spaeter' });
      continue;
    }
    const monday = weekStart(date);
    const start = instantOf(date, '00:00');
    const end = instantOf(addDays(date, 1), '00:00');
    try {
      const placed = checkSeatBooking({
        request: { ...request, date },
        limits: state.limits,
        object: state.object,
        day: {
          opening: dayOpening(date, state.regular, state.deviating, state.calendar),
          bookingsThisWeek: weekCounts.get(monday) ?? 0,
          held,
          slots: slots.filter((s) => s.von < end && start < s.bis),
        },
        now,
      });
      weekCounts.set(monday, (weekCounts.get(monday) ?? 0) + 1);
      held?.push({ objectName: state.object.designation, von: placed.von, bis: placed.bis });
      const moved = new Map(placed.moves.map((m) => [m.id, m.from]));
      slots = slots.map((s) => (moved.has(s.id) ? { ...s, from: moved.get(s.id)! } : s));
      slots.push({ id: plannedSlotId(date), von: placed.von, bis: placed.bis, from: placed.place, size: request.groupSize, fixed: false });
      out.push({ date, state: 'buchbar', ...placed });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push({ date, state: 'abgelehnt', error: err });
    }
  }
  return out;
}

// ───────────────────────── vehicle series (decision 115) ─────────────────────────

/** One date of a vehicle series: the Berlin day and its period from the wall-clock times. */
export interface SeriesPeriod {
  date: string;
  von: Date;
  bis: Date;
}

/**
 * The periods of a vehicle series: `from`–`to` (HH:mm, Berlin) on every day.
 * A `to` not after `from` is kept as it is: the single booking's availability
 * check refuses it with the catalogue's message, so the series says the same.
 */
export function seriesPeriods(days: readonly string[], from: string, to: string): SeriesPeriod[] {
  return days.map((date) => ({ date, von: instantOf(date, from), bis: instantOf(date, to) }));
}

const VEHICLE_CLOSED = new Set(['outside_booking_times', 'vehicle_not_valid', 'vehicle_inactive']);
const VEHICLE_TAKEN = new Set(['already_booked']);
const VEHICLE_LIMIT = new Set(['outside_booking_window', 'booking_in_past']);

/** The group of a single vehicle booking's refusal (by its error code); licence and other rules are `regel`. */
export function vehicleRefusalOf(code: string): SeriesRefusal {
  if (VEHICLE_CLOSED.has(code)) return 'geschlossen';
  if (VEHICLE_TAKEN.has(code)) return 'belegt';
  if (VEHICLE_LIMIT.has(code)) return 'limit';
  return 'regel';
}
