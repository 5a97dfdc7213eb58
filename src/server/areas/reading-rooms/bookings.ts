import type { CreateBookingRequest, MyBookingsResponse, ReadingRoomBookingDto } from '@contracts/reading-rooms';
import { type Db, withTenant } from '@db/client';
import { addDays, dayOpening, instantOf, weekStart } from '@domain/opening-hours';
import {
  cancelTransition,
  checkInTransition,
  checkSeatBooking,
  holderOf,
  isInCheckInWindow,
  occupiedError,
  onePlacePerPersonError,
  resolvePreBooking,
} from '@domain/reading-room-booking';
import { REMOVAL_REASONS } from '@domain/reading-room-removal';
import { formatDate, formatTime } from '@domain/time';
import { findMemberById, searchActiveMembers } from '@server/areas/people/public';
import {
  type BookingRecord,
  countBookerBookings,
  findBooking,
  findOwnOverlapping,
  insertBooking,
  listBookingsOfUser,
  listObjectSlots,
  listOwnHeld,
  lockBooker,
  movePlaces,
  transitionBooking,
} from '@server/areas/reading-rooms/reading-room-booking-repository';
import { findObject, lockObject } from '@server/areas/reading-rooms/reading-room-repository';
import { preBookingOutcomeMail, preBookingRequestMail } from '@server/areas/reading-rooms/reading-room-templates';
import type { Deps } from '@server/deps';
import { withIcs } from '@server/kernel/mail/render';
import type { UserContext } from '../../kernel/context';
import { sendAll } from '../../kernel/notifications/pending-mail';
import { calendarEntryMail, invitationFor, seatEvent, seatHolder, seatIcs } from '../calendar/public';
import { effectiveSetting } from '../settings/public';
import { constraintOf, loadSeatRules, notFound, requireArea, SEAT_TOPIC, sqlState, toBookingDto, toPlaceItem } from './common';
import { readingRoomsErrors } from './errors';
import { loadPlanHours } from './opening-calendar';

const BOOKING = 'Buchung';

async function localeOf(tx: Db, tenantId: string, userId: string): Promise<'de' | 'en'> {
  return (await effectiveSetting(tx, tenantId, userId, 'sprache')) === 'en-us' ? 'en' : 'de';
}

function mailData(b: BookingRecord) {
  return {
    objectName: b.objectName,
    floorPlanName: b.floorPlanName,
    date: formatDate(b.von),
    von: formatTime(b.von),
    bis: formatTime(b.bis),
  };
}

/**
 * Books a seat or room. Rules are the domain's (planBooking); places come from
 * the object's bookings of the day (placeBooking, packed again for a group when
 * needed). Bookings of one object run one after another (object lock); the
 * database's exclusion constraint is the last word against any other path: a
 * violation (23P01) or a broken deadlock (40P01) is retried with fresh data
 * and then reported as occupied, so of many parallel requests for the last
 * place exactly one wins.
 */
export async function createBooking(
  deps: Deps,
  user: UserContext,
  input: CreateBookingRequest,
  origin: string,
  now = new Date(),
): Promise<ReadingRoomBookingDto> {
  const tenantId = user.tenant.id;
  for (let attempt = 0; ; attempt++) {
    try {
      const { booking, mail } = await withTenant(deps.database.db, tenantId, async (tx) => {
        const obj = await findObject(tx, tenantId, input.objectId);
        if (!obj) throw notFound('Platz');
        requireArea(user, obj.area);
        // Bookings of this object run one after another; a concurrent deactivation waits for this booking (and then cancels it) or wins first.
        const live = await lockObject(tx, tenantId, obj.id, 'book');
        if (!live?.active || !live.planActive) throw readingRoomsErrors.fail('reading_object_inactive', { name: obj.designation });
        const { id, confirmingId } = await placeOnObject(deps, tx, { tenantId, memberId: user.member.id }, obj, input, now);
        const booking = (await findBooking(tx, tenantId, id))!;
        const mail = confirmingId
          ? withIcs(
              preBookingRequestMail({
                locale: await localeOf(tx, tenantId, confirmingId),
                tenantName: user.tenant.name,
                recipientName: booking.confirmingName ?? '',
                bookerName: booking.bookerName,
                ...mailData(booking),
                url: `${origin}/${obj.area}/karte?bestaetigen=${id}`,
              }),
              seatIcs(
                booking,
                await localeOf(tx, tenantId, confirmingId),
                undefined,
                await invitationFor(tx, deps, tenantId, {
                  id: confirmingId,
                  email: booking.confirmingEmail ?? '',
                  name: booking.confirmingName ?? '',
                }),
              ),
            )
          : null;
        return { booking, mail };
      });
      if (mail && booking.confirmingEmail) await deps.mailer.send({ tenantId, to: booking.confirmingEmail, ...mail });
      // One's own booking: only its calendar invitation tells of it.
      else await sendAll(deps, tenantId, [calendarEntryMail(seatHolder(booking), [seatEvent(booking)])]);
      return toBookingDto(booking, user.member.id, now);
    } catch (err) {
      // 23P01: a booking made past the object lock (another path) won; 40P01: PostgreSQL broke a deadlock. Both: try again with fresh data.
      if (sqlState(err) === '23P01' || sqlState(err) === '40P01') {
        if (attempt < 2) continue;
        if (constraintOf(err) === 'reading_room_bookings_one_place_per_person') throw onePlacePerPersonError(null);
        const obj = await withTenant(deps.database.db, tenantId, (tx) => findObject(tx, tenantId, input.objectId));
        throw occupiedError(obj?.kind ?? 'platz', obj?.designation ?? '');
      }
      throw err;
    }
  }
}

/**
 * Every rule of a single booking on one object that is already locked: the
 * person booked for, then the day's state is read (weekly count, opening
 * hours, settings, places the person holds, the object's bookings of the day)
 * and checked by checkSeatBooking – the same check a series runs on state it
 * reads once for all its days (decision 160).
 */
export async function placeOnObject(
  deps: Deps,
  tx: Db,
  actor: { tenantId: string; memberId: string },
  obj: { id: string; floorPlanId: string; kind: string; designation: string; capacity: number },
  input: Omit<CreateBookingRequest, 'objectId'>,
  now: Date,
): Promise<{ id: string; confirmingId: string | null; von: Date; bis: Date }> {
  const { tenantId, memberId } = actor;
  let confirmingId: string | null = null;
  if (input.forUserId && input.forUserId !== memberId) {
    const person = await findMemberById(tx, tenantId, input.forUserId);
    if (person?.status !== 'aktiv') throw notFound('Person');
    confirmingId = person.id;
  }
  // One booker's bookings run one after another, so the weekly limit cannot be raced.
  await lockBooker(tx, tenantId, memberId);
  const { limits, onePlacePerPerson } = await loadSeatRules(tx, tenantId, memberId);
  const { regular, deviating, calendar } = await loadPlanHours(tx, tenantId, obj.floorPlanId, input.date, input.date);
  const monday = weekStart(input.date);
  const bookingsThisWeek = await countBookerBookings(
    tx,
    tenantId,
    memberId,
    instantOf(monday, '00:00'),
    instantOf(addDays(monday, 7), '00:00'),
  );
  const dayStart = instantOf(input.date, '00:00');
  const dayEnd = instantOf(addDays(input.date, 1), '00:00');
  // One place per person at a time (decision 036): checked here under the booker lock for a message naming
  // the place already held; the exclusion constraint on exclusive_person_id holds it against any other path.
  const onePlace = !confirmingId && onePlacePerPerson;
  const held = onePlace ? await listOwnHeld(tx, tenantId, memberId, dayStart, dayEnd) : null;
  // The whole day of the object: a group that finds no consecutive places may have the day packed again.
  const slots = await listObjectSlots(tx, tenantId, obj.id, dayStart, dayEnd);
  const placed = checkSeatBooking({
    request: input,
    limits,
    object: obj,
    day: { opening: dayOpening(input.date, regular, deviating, calendar), bookingsThisWeek, held, slots: slots.map(toPlaceItem) },
    now,
  });
  await movePlaces(tx, tenantId, placed.moves);
  const id = await insertBooking(tx, {
    tenantId,
    readingRoomId: obj.id,
    von: placed.von,
    bis: placed.bis,
    status: confirmingId ? 'vorgemerkt' : 'reserviert',
    bookerId: memberId,
    confirmingId,
    groupSize: input.groupSize,
    placeFrom: placed.place,
    exclusivePersonId: onePlace ? memberId : null,
  });
  await deps.events.publish(tx, { tenantId, topic: SEAT_TOPIC, type: 'created', id, scope: obj.floorPlanId });
  return { id, confirmingId, von: placed.von, bis: placed.bis };
}

type Action = 'cancel' | 'confirm' | 'check-in';

/** Runs one state transition of a booking the user is party to; foreign or unknown ids are 404. */
async function transition(deps: Deps, user: UserContext, id: string, action: Action, now: Date): Promise<ReadingRoomBookingDto> {
  const tenantId = user.tenant.id;
  const { booking, notify, own } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const b = await findBooking(tx, tenantId, id);
    if (!b) throw notFound(BOOKING);
    requireArea(user, b.area);
    const state = { status: b.status, von: b.von, bis: b.bis, bookerId: b.bookerId, confirmingId: b.confirmingId };
    const actor = user.member.id;
    let to: string;
    let extra: { checkedInAt?: Date; cancelledAt?: Date; cancelReason?: string } = {};
    if (action === 'cancel') {
      to = cancelTransition(state, actor);
      extra = {
        cancelledAt: now,
        cancelReason: actor === b.bookerId ? 'Von der buchenden Person storniert' : 'Von der vorgemerkten Person storniert',
      };
    } else if (action === 'confirm') {
      to = resolvePreBooking(state, actor, now);
      if (to === 'storniert') extra = { cancelledAt: now, cancelReason: 'Vormerkung zurückgezogen' };
      else if (await effectiveSetting(tx, tenantId, actor, 'leseraumEinPlatzProPerson')) {
        // Confirming makes the place the person's own (decision 036): checked under the same person lock as their own bookings.
        await lockBooker(tx, tenantId, actor);
        const held = await findOwnOverlapping(tx, tenantId, actor, b.von, b.bis, b.id);
        if (held) throw onePlacePerPersonError(held);
      }
    } else {
      to = checkInTransition(state, actor, now);
      extra = { checkedInAt: now };
    }
    if (!(await transitionBooking(tx, tenantId, id, [b.status], to, extra))) {
      throw readingRoomsErrors.fail('reading_booking_changed');
    }
    await deps.events.publish(tx, {
      tenantId,
      topic: SEAT_TOPIC,
      type: to === 'storniert' ? 'cancelled' : 'changed',
      id,
      scope: b.floorPlanId,
    });
    const after = (await findBooking(tx, tenantId, id))!;
    // The booker learns the outcome of a pre-booking decided by someone else.
    const notify =
      b.status === 'vorgemerkt' && actor !== b.bookerId
        ? withIcs(
            preBookingOutcomeMail({
              locale: await localeOf(tx, tenantId, b.bookerId),
              tenantName: user.tenant.name,
              recipientName: b.bookerName,
              bookerName: b.bookerName,
              ...mailData(b),
              url: '',
              confirmed: to === 'reserviert',
            }),
            // The seat is in the colleague's calendar, not the booker's: the booker gets the plain file (decision 217).
            seatIcs(after, await localeOf(tx, tenantId, b.bookerId)),
          )
        : null;
    // The holder's calendar follows a cancellation (theirs or the booker's) and their own confirmation;
    // the booker's outcome mail above goes to someone else, so it does not stand in for this one.
    const holder = seatHolder(after);
    const own =
      action !== 'check-in' && (to === 'storniert' || actor === holderOf(after)) && !(notify && holder.id === b.bookerId)
        ? [calendarEntryMail(holder, [seatEvent(after)])]
        : [];
    return { booking: after, notify, own };
  });
  if (notify) await deps.mailer.send({ tenantId, to: booking.bookerEmail, ...notify });
  await sendAll(deps, tenantId, own);
  return toBookingDto(booking, user.member.id, now);
}

export const cancelBooking = (deps: Deps, user: UserContext, id: string, now = new Date()) => transition(deps, user, id, 'cancel', now);
export const confirmBooking = (deps: Deps, user: UserContext, id: string, now = new Date()) => transition(deps, user, id, 'confirm', now);
export const checkInBooking = (deps: Deps, user: UserContext, id: string, now = new Date()) => transition(deps, user, id, 'check-in', now);

/** QR code of the kiosk: checks in the user's reservation of that object whose window is open now. */
export async function checkInObject(deps: Deps, user: UserContext, objectId: string, now = new Date()): Promise<ReadingRoomBookingDto> {
  const tenantId = user.tenant.id;
  const bookingId = await withTenant(deps.database.db, tenantId, async (tx) => {
    const obj = await findObject(tx, tenantId, objectId);
    if (!obj) throw notFound('Platz');
    requireArea(user, obj.area);
    const slots = await listObjectSlots(
      tx,
      tenantId,
      objectId,
      new Date(now.getTime() - 24 * 3600_000),
      new Date(now.getTime() + 24 * 3600_000),
    );
    const mine = slots.find(
      (s) =>
        s.status === 'reserviert' && (s.bookerId === user.member.id || s.confirmingId === user.member.id) && isInCheckInWindow(s.von, now),
    );
    if (!mine) {
      throw readingRoomsErrors.fail('reading_no_checkin_now', { name: obj.designation });
    }
    return mine.id;
  });
  return checkInBooking(deps, user, bookingId, now);
}

export async function myBookings(deps: Deps, user: UserContext, area: string, now = new Date()): Promise<MyBookingsResponse> {
  const a = requireArea(user, area);
  const tenantId = user.tenant.id;
  // Bookings the administration cancelled by deactivating their place stay visible until they would have ended.
  const rows = await withTenant(deps.database.db, tenantId, (tx) =>
    listBookingsOfUser(tx, tenantId, user.member.id, a, now, Object.values(REMOVAL_REASONS)),
  );
  const me = user.member.id;
  return {
    bookings: rows.filter((b) => b.bookerId === me).map((b) => toBookingDto(b, me, now)),
    reservations: rows.filter((b) => b.bookerId !== me && b.confirmingId === me).map((b) => toBookingDto(b, me, now)),
  };
}

/** How many people a search for a pre-booking returns at most (decision 037). */
export const PEOPLE_SEARCH_LIMIT = 10;
/** How many characters a search needs at least (decision 037). */
export const PEOPLE_SEARCH_MIN_LENGTH = 3;

/**
 * Active members a pre-booking can be made for, found by the beginning of a
 * name or e-mail address (decision 037): at least three characters, at most
 * ten people, id and name only. Nobody can list the members this way.
 */
export async function searchPeople(deps: Deps, user: UserContext, query: string) {
  const term = query.trim();
  if (term.length < PEOPLE_SEARCH_MIN_LENGTH) {
    throw readingRoomsErrors.fail('people_query_too_short');
  }
  const tenantId = user.tenant.id;
  const found = await withTenant(deps.database.db, tenantId, (tx) =>
    searchActiveMembers(tx, tenantId, term, user.member.id, PEOPLE_SEARCH_LIMIT),
  );
  return found.map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}` }));
}
