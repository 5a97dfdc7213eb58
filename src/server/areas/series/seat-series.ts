import type { SeriesDate, SeriesRequest, SeriesResponse } from '@contracts/reading-rooms';
import { type Db, withTenant } from '@db/client';
import {
  expandSeries,
  nothingBookable,
  planSeatSeries,
  refusalOf,
  type SeatSeriesOutcome,
  type SeatSeriesState,
} from '@domain/booking-series';
import { AppError } from '@domain/errors';
import { addDays, berlinDay, completeRegularHours, germanDay, instantOf, weekStart } from '@domain/opening-hours';
import { occupiedError } from '@domain/reading-room-booking';
import { formatTime } from '@domain/time';
import { findMemberById } from '@server/areas/people/user-repository';
import {
  type BookingRecord,
  countBookerBookingsByWeek,
  findBooking,
  listObjectSlots,
  listOwnHeld,
  lockBooker,
  movePlaces,
} from '@server/areas/reading-rooms/reading-room-booking-repository';
import {
  findObjectWithoutEquipment,
  listDeviatingHours,
  listRegularHours,
  lockObject,
} from '@server/areas/reading-rooms/reading-room-repository';
import {
  cancelSeriesBookings,
  endSeries,
  insertSeries,
  insertSeriesBookings,
  lockSeriesToExtend,
  type SeriesRecord,
  seriesBookedDays,
  setBookedThrough,
} from '@server/areas/series/booking-series-repository';
import { seriesSummaryMail } from '@server/areas/series/series-templates';
import { listTenantIds } from '@server/areas/tenant/tenant-repository';
import type { Deps } from '@server/deps';
import { translate } from '@server/http/messages';
import { withIcs } from '@server/kernel/mail/render';
import type { UserContext } from '../../kernel/context';
import { type PendingMail, recipientLocales, sendAll } from '../../kernel/notifications/pending-mail';
import { tenantOrigins } from '../../kernel/notifications/tenant-origins';
import { seatsIcs } from '../calendar/booking-events';
import { cancelledSeatEntries } from '../calendar/entries';
import { cancelBooking } from '../reading-rooms/bookings';
import { loadSeatRules, notFound, requireArea, SEAT_TOPIC, toPlaceItem } from '../reading-rooms/common';
import { effectiveSetting } from '../settings/effective-settings';

/**
 * Booking series of seats and desks (decisions 091 and 160). Every day meets
 * the rules of a single booking (checkSeatBooking), but what they are checked
 * against – limits, opening hours, the booker's weekly counts and held
 * places, the object's bookings – is read once for the whole series, and all
 * bookable days are written by one multi-row insert: a constant number of
 * statements whatever the number of days. The object and the booker are
 * locked first, as for a single booking; the exclusion constraints stay the
 * last wall (a day they refuse is reported as taken). Days beyond the booking
 * window are booked by the extension job once the window reaches them.
 */

/** The earlier of two ISO days (ISO days sort as text). */
const earlierDay = (a: string, b: string) => [a, b].sort()[0]!;

type Obj = NonNullable<Awaited<ReturnType<typeof findObjectWithoutEquipment>>>;
type Locale = UserContext['locale'];
type Period = Pick<SeriesRequest, 'mode' | 'von' | 'bis' | 'groupSize'>;

function refused(date: string, err: AppError, locale: Locale): SeriesDate {
  return {
    date,
    state: 'abgelehnt',
    reason: refusalOf(err.code),
    message: translate(err.code, err.message, locale, err.params as Record<string, string | number>),
    bookingId: null,
  };
}

type Rules = Awaited<ReturnType<typeof loadSeatRules>>;

/** Reads once what the rules of all days need: opening hours, weekly counts, held places, the object's bookings. */
async function loadState(
  tx: Db,
  tenantId: string,
  memberId: string,
  obj: Obj,
  days: readonly string[],
  { limits, onePlacePerPerson }: Rules,
): Promise<SeatSeriesState | null> {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const from = instantOf(first, '00:00');
  const to = instantOf(addDays(last, 1), '00:00');
  const state: SeatSeriesState = {
    limits,
    object: obj,
    regular: completeRegularHours(await listRegularHours(tx, tenantId, [obj.floorPlanId])),
    deviating: await listDeviatingHours(tx, tenantId, [obj.floorPlanId], first, last),
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

/** Every day through the single booking's rules on state read once; nothing is written. */
async function planDays(
  tx: Db,
  tenantId: string,
  memberId: string,
  obj: Obj,
  days: readonly string[],
  req: Period,
  now: Date,
  rules: Rules,
): Promise<SeatSeriesOutcome[]> {
  const horizon = horizonOf(now, rules.limits.daysAhead);
  const state = await loadState(
    tx,
    tenantId,
    memberId,
    obj,
    days.filter((d) => d <= horizon),
    rules,
  );
  if (!state) return days.map((date) => ({ date, state: 'spaeter' as const }));
  return planSeatSeries(days, { mode: req.mode, von: req.von, bis: req.bis, groupSize: req.groupSize }, state, horizon, now);
}

const asDate = (o: SeatSeriesOutcome, locale: Locale): SeriesDate =>
  o.state === 'abgelehnt'
    ? refused(o.date, o.error, locale)
    : { date: o.date, state: o.state, reason: null, message: null, bookingId: null };

/** Who books a series, as its bookings' records name them. */
interface Booker {
  id: string;
  name: string;
  email: string;
}

/**
 * Writes the planned days: the places some of them move (group rooms) in one
 * go, all bookings in one insert. A day the exclusion constraints refused
 * after all is reported as taken. Returns the dates and the booked records,
 * put together from the object and booker this transaction holds and what
 * the insert returned, rather than read back.
 */
async function bookPlanned(
  deps: Deps,
  tx: Db,
  tenantId: string,
  booker: Booker,
  obj: Obj,
  seriesId: string,
  planned: SeatSeriesOutcome[],
  req: Period,
  onePlace: boolean,
  locale: Locale,
): Promise<{ dates: SeriesDate[]; booked: BookingRecord[] }> {
  const bookable = planned.flatMap((o) => (o.state === 'buchbar' ? [o] : []));
  await movePlaces(
    tx,
    tenantId,
    bookable.flatMap((o) => o.moves),
  );
  const inserted = await insertSeriesBookings(
    tx,
    tenantId,
    seriesId,
    bookable.map((o) => ({
      readingRoomId: obj.id,
      von: o.von,
      bis: o.bis,
      bookerId: booker.id,
      groupSize: req.groupSize,
      placeFrom: o.place,
      exclusivePersonId: onePlace ? booker.id : null,
    })),
  );
  const byStart = new Map(inserted.map((r) => [r.von.getTime(), r.id]));
  const taken = occupiedError(obj.kind, obj.designation);
  const dates = planned.map((o): SeriesDate => {
    if (o.state !== 'buchbar') return asDate(o, locale);
    const id = byStart.get(o.von.getTime());
    return id ? { date: o.date, state: 'gebucht', reason: null, message: null, bookingId: id } : refused(o.date, taken, locale);
  });
  // Maps refresh on any event of their plan, so one event stands for all days.
  if (inserted.length > 0)
    await deps.events.publish(tx, { tenantId, topic: SEAT_TOPIC, type: 'created', id: inserted[0]!.id, scope: obj.floorPlanId });
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
  return { dates, booked };
}

async function loadBookable(tx: Db, tenantId: string, objectId: string, lock: boolean): Promise<Obj> {
  const obj = await findObjectWithoutEquipment(tx, tenantId, objectId);
  if (!obj) throw notFound('Platz');
  const live = lock ? await lockObject(tx, tenantId, obj.id, 'book') : obj;
  const planActive = lock ? (live as { planActive: boolean } | null)?.planActive : obj.planActive;
  if (!live?.active || !planActive)
    throw new AppError('reading_object_inactive', `${obj.designation} ist derzeit nicht buchbar.`, 409, { name: obj.designation });
  return obj;
}

/** The preview: every day of the rule with bookable, refused (and why) or later; nothing is saved. */
export async function previewSeries(deps: Deps, user: UserContext, input: SeriesRequest, now = new Date()): Promise<SeriesResponse> {
  const tenantId = user.tenant.id;
  const days = expandSeries(input.rule);
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const obj = await loadBookable(tx, tenantId, input.objectId, false);
    requireArea(user, obj.area);
    const rules = await loadSeatRules(tx, tenantId, user.member.id);
    const planned = await planDays(tx, tenantId, user.member.id, obj, days, input, now, rules);
    return { seriesId: null, dates: planned.map((o) => asDate(o, user.locale)) };
  });
}

const bookedLine = (b: BookingRecord) => `${germanDay(berlinDay(b.von))} ${formatTime(b.von)}–${formatTime(b.bis)}`;

/** Saves the series and books every bookable day within the booking window, in one transaction; one mail with all events. */
export async function createSeries(
  deps: Deps,
  user: UserContext,
  input: SeriesRequest,
  origin: string,
  now = new Date(),
): Promise<SeriesResponse> {
  const tenantId = user.tenant.id;
  const days = expandSeries(input.rule);
  const { result, mail, locales } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const obj = await loadBookable(tx, tenantId, input.objectId, true);
    requireArea(user, obj.area);
    // One booker's bookings run one after another, so the weekly limit and one place per person cannot be raced.
    await lockBooker(tx, tenantId, user.member.id);
    const rules = await loadSeatRules(tx, tenantId, user.member.id);
    const horizon = horizonOf(now, rules.limits.daysAhead);
    const planned = await planDays(tx, tenantId, user.member.id, obj, days, input, now, rules);
    if (!planned.some((o) => o.state === 'buchbar' || o.state === 'spaeter')) {
      throw nothingBookable();
    }
    const lastDay = days.at(-1) ?? input.rule.startDate;
    const seriesId = await insertSeries(tx, tenantId, {
      bookerId: user.member.id,
      readingRoomId: obj.id,
      // The mode is kept with the rule, so the extension job books the same period.
      rule: { ...input.rule, mode: input.mode },
      fromTime: input.von ?? '',
      toTime: input.bis ?? '',
      groupSize: input.groupSize,
      bookedThrough: earlierDay(lastDay, horizon),
    });
    const { dates, booked } = await bookPlanned(
      deps,
      tx,
      tenantId,
      { id: user.member.id, name: `${user.member.firstName} ${user.member.lastName}`, email: user.member.email },
      obj,
      seriesId,
      planned,
      input,
      rules.onePlacePerPerson,
      user.locale,
    );
    if (booked.length === 0 && !dates.some((d) => d.state === 'spaeter')) {
      throw nothingBookable();
    }
    const refusedDates = dates.filter((d) => d.state === 'abgelehnt');
    const mail: PendingMail = {
      to: user.member.email,
      recipientId: user.member.id,
      invitee: `${user.member.firstName} ${user.member.lastName}`,
      render: (locale, invite) =>
        withIcs(
          seriesSummaryMail({
            locale,
            name: `${user.member.firstName} ${user.member.lastName}`,
            objectName: obj.designation,
            floorPlanName: obj.floorPlanName,
            booked: booked.map(bookedLine),
            refused: refusedDates.map((d) => ({ date: germanDay(d.date), message: d.message ?? '' })),
            extended: false,
            url: `${origin}/${obj.area}/karte`,
          }),
          seatsIcs(booked, locale, invite),
        ),
    };
    return { result: { seriesId, dates }, mail, locales: await recipientLocales(tx, tenantId, [mail]) };
  });
  await sendAll(deps, tenantId, [mail], locales);
  return result;
}

const SERIES_CANCEL_REASON = 'Serie von der buchenden Person storniert';

/** Cancels one booking of a series, it and all following, or the whole series; only the booker may cancel more than one. */
export async function cancelInSeries(
  deps: Deps,
  user: UserContext,
  bookingId: string,
  scope: 'eine' | 'folgende' | 'alle',
  now = new Date(),
): Promise<{ cancelled: number }> {
  if (scope === 'eine') {
    await cancelBooking(deps, user, bookingId, now);
    return { cancelled: 1 };
  }
  const tenantId = user.tenant.id;
  const { cancelled, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const b = await findBooking(tx, tenantId, bookingId);
    if (!b || (b.bookerId !== user.member.id && b.confirmingId !== user.member.id)) throw notFound('Buchung');
    requireArea(user, b.area);
    if (!b.seriesId) throw new AppError('series_none', 'Diese Buchung gehört zu keiner Serie.', 409);
    if (b.bookerId !== user.member.id)
      throw new AppError('reading_booking_not_party', 'Nur die buchende oder die vorgemerkte Person kann diese Buchung ändern.', 403);
    const from = scope === 'alle' ? now : b.von < now ? now : b.von;
    const ids = await cancelSeriesBookings(tx, tenantId, b.seriesId, scope === 'alle' ? new Date(0) : from, now, SERIES_CANCEL_REASON);
    await endSeries(tx, tenantId, b.seriesId, now);
    // The dates of a series lie on one object, so on one plan: maps and kiosks refresh on any event of their plan, and one stands for all.
    if (ids.length > 0)
      await deps.events.publish(tx, { tenantId, topic: SEAT_TOPIC, type: 'cancelled', id: ids[0]!, scope: b.floorPlanId });
    return { cancelled: ids.length, mails: await cancelledSeatEntries(tx, tenantId, ids) };
  });
  await sendAll(deps, tenantId, mails);
  return { cancelled };
}

/** How many series one run of the job extends per tenant at most (the next run goes on). */
const EXTEND_BATCH = 500;

/**
 * The extension job (daily): books the days that have come into the booking
 * window since the last run and tells the person which could not be booked.
 * Idempotent: booked_through moves on in the same transaction, days the
 * series already has are skipped, and series are locked (skip locked), so
 * two runs or two nodes never book a day twice.
 */
export async function extendSeries(deps: Deps, now = new Date()): Promise<number> {
  let bookedCount = 0;
  const origin = await tenantOrigins(deps);
  const today = berlinDay(now);
  for (const tenantId of await listTenantIds(deps.database.db)) {
    const mails = await withTenant(deps.database.db, tenantId, async (tx) => {
      const out: PendingMail[] = [];
      const open = await lockSeriesToExtend(tx, tenantId, addDays(today, 400), EXTEND_BATCH);
      for (const s of open) {
        const m = await extendOne(deps, tx, tenantId, s, today, now, origin(tenantId));
        bookedCount += m.booked;
        if (m.mail) out.push(m.mail);
      }
      return out;
    });
    await sendAll(deps, tenantId, mails);
  }
  return bookedCount;
}

async function extendOne(
  deps: Deps,
  tx: Db,
  tenantId: string,
  s: SeriesRecord,
  today: string,
  now: Date,
  origin: string,
): Promise<{ booked: number; mail: PendingMail | null }> {
  const person = await findMemberById(tx, tenantId, s.bookerId);
  const obj = await findObjectWithoutEquipment(tx, tenantId, s.readingRoomId);
  const rule = s.rule as SeriesRecord['rule'] & { mode?: SeriesRequest['mode'] };
  const all = expandSeries(rule);
  const lastDay = all.at(-1) ?? rule.startDate;
  if (person?.status !== 'aktiv' || !obj) {
    await endSeries(tx, tenantId, s.id, now);
    return { booked: 0, mail: null };
  }
  await lockObject(tx, tenantId, obj.id, 'book');
  await lockBooker(tx, tenantId, s.bookerId);
  const rules = await loadSeatRules(tx, tenantId, s.bookerId);
  const horizon = addDays(today, rules.limits.daysAhead);
  const through = earlierDay(lastDay, horizon);
  if (through <= s.bookedThrough) return { booked: 0, mail: null };
  const already = await seriesBookedDays(tx, tenantId, s.id);
  const days = all.filter((d) => d > s.bookedThrough && d <= through && d >= today && !already.has(d));
  const locale = await effectiveSetting(tx, tenantId, s.bookerId, 'sprache');
  const req = { mode: rule.mode ?? 'ganztags', von: s.fromTime || undefined, bis: s.toTime || undefined, groupSize: s.groupSize };
  const inactive = !obj.active || !obj.planActive;
  const { dates, booked } = inactive
    ? {
        dates: days.map((d) =>
          refused(
            d,
            new AppError('reading_object_inactive', `${obj.designation} ist derzeit nicht buchbar.`, 409, { name: obj.designation }),
            locale,
          ),
        ),
        booked: [] as BookingRecord[],
      }
    : await bookPlanned(
        deps,
        tx,
        tenantId,
        { id: person.id, name: `${person.firstName} ${person.lastName}`, email: person.email },
        obj,
        s.id,
        await planDays(tx, tenantId, s.bookerId, obj, days, req, now, rules),
        req,
        rules.onePlacePerPerson,
        locale,
      );
  await setBookedThrough(tx, tenantId, s.id, through);
  if (through >= lastDay) await endSeries(tx, tenantId, s.id, now);
  const refusedDates = dates.filter((d) => d.state === 'abgelehnt');
  if (refusedDates.length === 0) return { booked: booked.length, mail: null };
  return {
    booked: booked.length,
    mail: {
      to: person.email,
      recipientId: person.id,
      invitee: `${person.firstName} ${person.lastName}`,
      render: (l, invite) => {
        const m = seriesSummaryMail({
          locale: l,
          name: `${person.firstName} ${person.lastName}`,
          objectName: obj.designation,
          floorPlanName: obj.floorPlanName,
          booked: booked.map(bookedLine),
          refused: refusedDates.map((d) => ({ date: germanDay(d.date), message: d.message ?? '' })),
          extended: true,
          url: `${origin}/${obj.area}/karte`,
        });
        return booked.length > 0 ? withIcs(m, seatsIcs(booked, l, invite)) : m;
      },
    },
  };
}
