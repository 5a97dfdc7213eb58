import type { SeriesDate, SeriesRequest } from '@contracts/reading-rooms';
import type { Db } from '@db/client';
import { planSeatSeries, refusalOf, type SeatSeriesState } from '@domain/booking-series';
import { addDays, berlinDay, germanDay, instantOf, weekStart } from '@domain/opening-hours';
import { occupiedError, readingRoomBookingErrors } from '@domain/reading-room-booking';
import { formatTime } from '@domain/time';
import { calendarEntryMail, calendarEntryMails, seatEvent, seatHolder, seatsIcs } from '@server/areas/calendar/public';
import { findMemberById } from '@server/areas/people/public';
import {
  type BookingRecord,
  cancelBooking,
  countBookerBookingsByWeek,
  findBooking,
  findBookingsByIds,
  findObjectWithoutEquipment,
  listObjectSlots,
  listOwnHeld,
  loadPlanHours,
  loadSeatRules,
  lockBooker,
  lockObject,
  movePlaces,
  notFound,
  readingRoomsErrors,
  requireArea,
  SEAT_TOPIC,
  toPlaceItem,
} from '@server/areas/reading-rooms/public';
import { seriesSummaryMail } from '@server/areas/series/series-templates';
import { withIcs } from '@server/kernel/mail/render';
import { seriesErrors } from './errors';
import type { SeriesKind } from './series-engine';
import { type SeatSeriesBookingWrite, type SeatSeriesRecord, seatSeriesStore } from './series-repository';

/**
 * Series of seats and desks (decisions 091 and 160), the seat kind of the
 * series engine (decision 202). Every day meets the rules of a single
 * booking (checkSeatBooking), but what they are checked against – limits,
 * opening hours, the booker's weekly counts and held places, the object's
 * bookings – is read once for the whole series. The object and the booker
 * are locked first, as for a single booking.
 */

type Obj = NonNullable<Awaited<ReturnType<typeof findObjectWithoutEquipment>>>;
type Rules = Awaited<ReturnType<typeof loadSeatRules>>;
type Period = Pick<SeriesRequest, 'mode' | 'von' | 'bis' | 'groupSize'>;

/** Who books a series, as its bookings' records name them. */
interface Booker {
  id: string;
  name: string;
  email: string;
}

interface Seat {
  tenantId: string;
  obj: Obj;
  rules: Rules;
  booker: Booker;
  req: Period;
}

/** What a bookable day writes besides its period: its first place and the places it moves (group rooms). */
type SeatWrite = { place: number; moves: { id: string; from: number }[] };

/** Reads once what the rules of all days need: opening hours, weekly counts, held places, the object's bookings. */
async function loadState(tx: Db, seat: Seat, days: readonly string[]): Promise<SeatSeriesState | null> {
  const { tenantId, obj } = seat;
  const { limits, onePlacePerPerson } = seat.rules;
  const memberId = seat.booker.id;
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const from = instantOf(first, '00:00');
  const to = instantOf(addDays(last, 1), '00:00');
  const hours = await loadPlanHours(tx, tenantId, obj.floorPlanId, first, last);
  const state: SeatSeriesState = {
    limits,
    object: obj,
    ...hours,
    weekCounts: await countBookerBookingsByWeek(
      tx,
      tenantId,
      memberId,
      instantOf(weekStart(first), '00:00'),
      instantOf(addDays(weekStart(last), 7), '00:00'),
    ),
    held: onePlacePerPerson ? await listOwnHeld(tx, tenantId, memberId, from, to) : null,
    slots: (await listObjectSlots(tx, tenantId, obj.id, from, to)).map(toPlaceItem),
  };
  return state;
}

/** The days up to the booking window's end are checked; those after it are booked later. */
const horizonOf = (now: Date, daysAhead: number) => addDays(berlinDay(now), daysAhead);

const inactive = (obj: Obj) => readingRoomsErrors.fail('reading_object_inactive', { name: obj.designation });

async function loadBookable(tx: Db, tenantId: string, objectId: string, lock: boolean): Promise<Obj> {
  const obj = await findObjectWithoutEquipment(tx, tenantId, objectId);
  if (!obj) throw notFound('Platz');
  const live = lock ? await lockObject(tx, tenantId, obj.id, 'book') : obj;
  const planActive = lock ? (live as { planActive: boolean } | null)?.planActive : obj.planActive;
  if (!live?.active || !planActive) throw inactive(obj);
  return obj;
}

const bookedLine = (b: BookingRecord) => `${germanDay(berlinDay(b.von))} ${formatTime(b.von)}–${formatTime(b.bis)}`;

const SERIES_CANCEL_REASON = 'Serie von der buchenden Person storniert';

export const seatSeries: SeriesKind<
  SeriesRequest,
  Seat,
  SeatWrite,
  SeriesDate,
  { booked: BookingRecord[] },
  SeatSeriesRecord,
  SeatSeriesBookingWrite
> = {
  store: seatSeriesStore,
  topic: SEAT_TOPIC,
  refusalOf,

  async open(tx, user, input, lock) {
    const tenantId = user.tenant.id;
    const obj = await loadBookable(tx, tenantId, input.objectId, lock);
    requireArea(user, obj.area);
    // One booker's bookings run one after another, so the weekly limit and one place per person cannot be raced.
    if (lock) await lockBooker(tx, tenantId, user.member.id);
    const rules = await loadSeatRules(tx, tenantId, user.member.id);
    const booker = { id: user.member.id, name: `${user.member.firstName} ${user.member.lastName}`, email: user.member.email };
    return { tenantId, obj, rules, booker, req: { mode: input.mode, von: input.von, bis: input.bis, groupSize: input.groupSize } };
  },

  async reopen(tx, tenantId, s) {
    const person = await findMemberById(tx, tenantId, s.bookerId);
    const obj = await findObjectWithoutEquipment(tx, tenantId, s.readingRoomId);
    if (person?.status !== 'aktiv' || !obj) return null;
    await lockObject(tx, tenantId, obj.id, 'book');
    await lockBooker(tx, tenantId, s.bookerId);
    const rules = await loadSeatRules(tx, tenantId, s.bookerId);
    // The mode is kept with the rule, so the job books the same period.
    const rule = s.rule as SeatSeriesRecord['rule'] & { mode?: SeriesRequest['mode'] };
    return {
      tenantId,
      obj,
      rules,
      booker: { id: person.id, name: `${person.firstName} ${person.lastName}`, email: person.email },
      req: { mode: rule.mode ?? 'ganztags', von: s.fromTime || undefined, bis: s.toTime || undefined, groupSize: s.groupSize },
      wholeSeries: !obj.active || !obj.planActive ? inactive(obj) : null,
    };
  },

  horizon: (seat, now) => horizonOf(now, seat.rules.limits.daysAhead),
  speakerOf: (seat) => seat.booker.id,

  /** Every day through the single booking's rules on state read once; nothing is written. */
  async plan(tx, seat, days, now, wholeSeries) {
    if (wholeSeries) return days.map((date) => ({ date, state: 'abgelehnt' as const, error: wholeSeries }));
    const horizon = horizonOf(now, seat.rules.limits.daysAhead);
    const state = await loadState(
      tx,
      seat,
      days.filter((d) => d <= horizon),
    );
    if (!state) return days.map((date) => ({ date, state: 'spaeter' as const }));
    return planSeatSeries(days, seat.req, state, horizon, now);
  },

  seriesRow: (seat, input) => ({
    bookerId: seat.booker.id,
    readingRoomId: seat.obj.id,
    // The mode is kept with the rule, so the extension job books the same period.
    rule: { ...input.rule, mode: input.mode },
    fromTime: input.von ?? '',
    toTime: input.bis ?? '',
    groupSize: input.groupSize,
  }),

  /** The places some days move (group rooms) in one go, then all bookings in one insert. */
  async write(tx, seat, seriesId, bookable) {
    await movePlaces(
      tx,
      seat.tenantId,
      bookable.flatMap((o) => o.moves),
    );
    return seatSeriesStore.insertBookings(
      tx,
      seat.tenantId,
      seriesId,
      bookable.map((o) => ({
        readingRoomId: seat.obj.id,
        von: o.von,
        bis: o.bis,
        bookerId: seat.booker.id,
        groupSize: seat.req.groupSize,
        placeFrom: o.place,
        exclusivePersonId: seat.rules.onePlacePerPerson ? seat.booker.id : null,
      })),
    );
  },

  taken: (seat) => occupiedError(seat.obj.kind, seat.obj.designation),
  present: (_seat, _o, base) => base,

  /** The booked records, put together from the object and booker this transaction holds and what the insert returned, rather than read back. */
  async finish(_tx, { obj, booker, req }, seriesId, inserted) {
    const booked = inserted
      .map(
        (r): BookingRecord => ({
          id: r.id,
          objectId: obj.id,
          objectName: obj.designation,
          objectKind: obj.kind,
          floorPlanId: obj.floorPlanId,
          floorPlanName: obj.floorPlanName,
          area: obj.area,
          von: r.von,
          bis: r.bis,
          status: 'reserviert',
          groupSize: req.groupSize,
          bookerId: booker.id,
          bookerName: booker.name,
          bookerEmail: booker.email,
          confirmingId: null,
          confirmingName: null,
          confirmingEmail: null,
          cancelReason: null,
          createdAt: r.createdAt,
          // Just inserted: no change counted yet.
          revision: 0,
          seriesId,
        }),
      )
      .sort((a, b) => a.von.getTime() - b.von.getTime());
    return { booked };
  },

  // Maps refresh on any event of their plan.
  scopeOf: (seat) => seat.obj.floorPlanId,

  /** On saving one mail with all events; on extending the summary when a day could not be booked, else the calendar entry mail of the added days. */
  mails({ obj, booker }, { booked }, dates, extended, origin) {
    const refusedDates = dates.filter((d) => d.state === 'abgelehnt');
    // The dates the job added reach the booker's calendar too; without invitations no mail (decision 217).
    if (extended && refusedDates.length === 0)
      return booked.length > 0
        ? [
            calendarEntryMail(
              booker,
              booked.map((b) => seatEvent(b)),
            ),
          ]
        : [];
    return [
      {
        to: booker.email,
        recipientId: booker.id,
        invitee: booker.name,
        render: (locale, invite) => {
          const m = seriesSummaryMail({
            locale,
            name: booker.name,
            objectName: obj.designation,
            floorPlanName: obj.floorPlanName,
            booked: booked.map(bookedLine),
            refused: refusedDates.map((d) => ({ date: germanDay(d.date), message: d.message ?? '' })),
            extended,
            url: `${origin}/${obj.area}/karte`,
          });
          return !extended || booked.length > 0 ? withIcs(m, seatsIcs(booked, locale, invite)) : m;
        },
      },
    ];
  },

  /** A pre-booked date leaves the confirming colleague's calendar, any other the booker's. */
  cancelledMails: async (tx, tenantId, ids) =>
    calendarEntryMails((await findBookingsByIds(tx, tenantId, ids)).map((b) => ({ to: seatHolder(b), event: seatEvent(b) }))),

  cancelOne: (deps, user, bookingId, now) => cancelBooking(deps, user, bookingId, now),

  /** Only the booker may cancel more than one date. */
  async seriesBookingOf(tx, user, bookingId) {
    const tenantId = user.tenant.id;
    const b = await findBooking(tx, tenantId, bookingId);
    if (!b || (b.bookerId !== user.member.id && b.confirmingId !== user.member.id)) throw notFound('Buchung');
    requireArea(user, b.area);
    if (!b.seriesId) throw seriesErrors.fail('series_none');
    if (b.bookerId !== user.member.id) throw readingRoomBookingErrors.fail('reading_booking_not_party');
    // The dates of a series lie on one object, so on one plan: one event stands for all.
    return { seriesId: b.seriesId, von: b.von, scope: b.floorPlanId };
  },

  // „alle“ cancels every holding booking of the series, also one whose time has begun without a check-in.
  allFrom: () => new Date(0),
  cancelReason: () => SERIES_CANCEL_REASON,
};
