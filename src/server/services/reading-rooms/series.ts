import type { SeriesDate, SeriesRequest, SeriesResponse } from '@contracts/reading-rooms';
import { type Db, withTenant } from '@db/client';
import { expandSeries, refusalOf } from '@domain/booking-series';
import { AppError } from '@domain/errors';
import { addDays, berlinDay, germanDay } from '@domain/opening-hours';
import { formatTime } from '@domain/time';
import type { Deps } from '@server/deps';
import { translate } from '@server/http/messages';
import { withIcs } from '@server/mail/render';
import { seriesSummaryMail } from '@server/mail/series-templates';
import {
  cancelSeriesBookings,
  endSeries,
  insertSeries,
  lockSeriesToExtend,
  type SeriesRecord,
  seriesBookedDays,
  setBookedThrough,
} from '@server/repositories/booking-series-repository';
import { type BookingRecord, findBooking } from '@server/repositories/reading-room-booking-repository';
import { findObject, lockObject } from '@server/repositories/reading-room-repository';
import { listTenantIds } from '@server/repositories/tenant-repository';
import { findMemberById } from '@server/repositories/user-repository';
import { seatsIcs } from '../calendar/booking-events';
import type { UserContext } from '../context';
import { type PendingMail, sendAll } from '../notifications/pending-mail';
import { tenantOrigins } from '../notifications/tenant-origins';
import { effectiveSetting } from '../settings/effective-settings';
import { cancelBooking, placeOnObject } from './bookings';
import { loadLimits, notFound, requireArea, SEAT_TOPIC, sqlState } from './common';

/**
 * Booking series of seats and desks (decision 091). The rule's days are
 * booked one by one through placeOnObject, the same rules as a single
 * booking; a refused day is reported with its reason, never booked around.
 * Saving books every bookable day in one transaction (each day in its own
 * savepoint, so a day lost to a parallel booking does not undo the others).
 * Days beyond the booking window are booked by the extension job once the
 * window reaches them.
 */

/** The earlier of two ISO days (ISO days sort as text). */
const earlierDay = (a: string, b: string) => [a, b].sort()[0]!;

type Obj = NonNullable<Awaited<ReturnType<typeof findObject>>>;
type Locale = UserContext['locale'];

interface Walk {
  dates: SeriesDate[];
  bookedIds: string[];
}

function refused(date: string, err: AppError, locale: Locale): SeriesDate {
  return {
    date,
    state: 'abgelehnt',
    reason: refusalOf(err.code),
    message: translate(err.code, err.message, locale, err.params as Record<string, string | number>),
    bookingId: null,
  };
}

/** Goes through the days: checks each (preview) or books each in a savepoint (save). */
async function walk(
  deps: Deps,
  tx: Db,
  actor: { tenantId: string; memberId: string },
  obj: Obj,
  days: readonly string[],
  req: Pick<SeriesRequest, 'mode' | 'von' | 'bis' | 'groupSize'>,
  horizon: string,
  locale: Locale,
  now: Date,
  save: { seriesId: string } | null,
): Promise<Walk> {
  const dates: SeriesDate[] = [];
  const bookedIds: string[] = [];
  // The preview books nothing, so the weekly limit counts the days it would book before this one itself.
  const perWeek = new Map<string, number>();
  const input = { mode: req.mode, von: req.von, bis: req.bis, groupSize: req.groupSize };
  for (const date of days) {
    if (date > horizon) {
      dates.push({ date, state: 'spaeter', reason: null, message: null, bookingId: null });
      continue;
    }
    try {
      if (save) {
        const placed = await tx.transaction((sp) =>
          placeOnObject(deps, sp as unknown as Db, actor, obj, { ...input, date }, now, { insert: true, seriesId: save.seriesId }),
        );
        bookedIds.push(placed!.id);
        dates.push({ date, state: 'gebucht', reason: null, message: null, bookingId: placed!.id });
      } else {
        let monday = '';
        await placeOnObject(deps, tx, actor, obj, { ...input, date }, now, {
          insert: false,
          alsoThisWeek: (m) => {
            monday = m;
            return perWeek.get(m) ?? 0;
          },
        });
        perWeek.set(monday, (perWeek.get(monday) ?? 0) + 1);
        dates.push({ date, state: 'buchbar', reason: null, message: null, bookingId: null });
      }
    } catch (err) {
      if (err instanceof AppError) dates.push(refused(date, err, locale));
      else if (sqlState(err) === '23P01') {
        const taken = new AppError('reading_object_booked', `Der Platz ${obj.designation} ist im gewählten Zeitraum bereits belegt.`, 409, {
          name: obj.designation,
        });
        dates.push(refused(date, taken, locale));
      } else throw err;
    }
  }
  return { dates, bookedIds };
}

async function loadBookable(tx: Db, tenantId: string, objectId: string, lock: boolean): Promise<Obj> {
  const obj = await findObject(tx, tenantId, objectId);
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
    const limits = await loadLimits(tx, tenantId, user.member.id);
    const horizon = addDays(berlinDay(now), limits.daysAhead);
    const actor = { tenantId, memberId: user.member.id };
    const { dates } = await walk(deps, tx, actor, obj, days, input, horizon, user.locale, now, null);
    return { seriesId: null, dates };
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
  const { result, mail } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const obj = await loadBookable(tx, tenantId, input.objectId, true);
    requireArea(user, obj.area);
    const limits = await loadLimits(tx, tenantId, user.member.id);
    const horizon = addDays(berlinDay(now), limits.daysAhead);
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
    const actor = { tenantId, memberId: user.member.id };
    const { dates, bookedIds } = await walk(deps, tx, actor, obj, days, input, horizon, user.locale, now, { seriesId });
    if (bookedIds.length === 0 && !dates.some((d) => d.state === 'spaeter')) {
      throw new AppError('series_nothing_bookable', 'Kein Termin der Serie ist buchbar. Es wurde nichts gespeichert.', 409);
    }
    const booked: BookingRecord[] = [];
    for (const id of bookedIds) booked.push((await findBooking(tx, tenantId, id))!);
    const refusedDates = dates.filter((d) => d.state === 'abgelehnt');
    const mail: PendingMail = {
      to: user.member.email,
      recipientId: user.member.id,
      render: (locale) =>
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
          seatsIcs(booked, locale),
        ),
    };
    return { result: { seriesId, dates }, mail };
  });
  await sendAll(deps, tenantId, [mail]);
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
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const b = await findBooking(tx, tenantId, bookingId);
    if (!b || (b.bookerId !== user.member.id && b.confirmingId !== user.member.id)) throw notFound('Buchung');
    requireArea(user, b.area);
    if (!b.seriesId) throw new AppError('series_none', 'Diese Buchung gehört zu keiner Serie.', 409);
    if (b.bookerId !== user.member.id)
      throw new AppError('reading_booking_not_party', 'Nur die buchende oder die vorgemerkte Person kann diese Buchung ändern.', 403);
    const from = scope === 'alle' ? now : b.von < now ? now : b.von;
    const ids = await cancelSeriesBookings(tx, tenantId, b.seriesId, scope === 'alle' ? new Date(0) : from, now, SERIES_CANCEL_REASON);
    await endSeries(tx, tenantId, b.seriesId, now);
    for (const id of ids) await deps.events.publish(tx, { tenantId, topic: SEAT_TOPIC, type: 'cancelled', id, scope: b.floorPlanId });
    return { cancelled: ids.length };
  });
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
  const obj = await findObject(tx, tenantId, s.readingRoomId);
  const rule = s.rule as SeriesRecord['rule'] & { mode?: SeriesRequest['mode'] };
  const all = expandSeries(rule);
  const lastDay = all.at(-1) ?? rule.startDate;
  if (person?.status !== 'aktiv' || !obj) {
    await endSeries(tx, tenantId, s.id, now);
    return { booked: 0, mail: null };
  }
  const limits = await loadLimits(tx, tenantId, s.bookerId);
  const horizon = addDays(today, limits.daysAhead);
  const through = earlierDay(lastDay, horizon);
  if (through <= s.bookedThrough) return { booked: 0, mail: null };
  const already = await seriesBookedDays(tx, tenantId, s.id);
  const days = all.filter((d) => d > s.bookedThrough && d <= through && d >= today && !already.has(d));
  await lockObject(tx, tenantId, obj.id, 'book');
  const en = (await effectiveSetting(tx, tenantId, s.bookerId, 'sprache')) === 'en-us';
  const req = { mode: rule.mode ?? 'ganztags', von: s.fromTime || undefined, bis: s.toTime || undefined, groupSize: s.groupSize };
  const actor = { tenantId, memberId: s.bookerId };
  const inactive = !obj.active || !obj.planActive;
  const { dates, bookedIds } = inactive
    ? {
        dates: days.map((d) =>
          refused(
            d,
            new AppError('reading_object_inactive', `${obj.designation} ist derzeit nicht buchbar.`, 409, { name: obj.designation }),
            en ? 'en-us' : 'de-de',
          ),
        ),
        bookedIds: [] as string[],
      }
    : await walk(deps, tx, actor, obj, days, req, horizon, en ? 'en-us' : 'de-de', now, { seriesId: s.id });
  await setBookedThrough(tx, tenantId, s.id, through);
  if (through >= lastDay) await endSeries(tx, tenantId, s.id, now);
  const refusedDates = dates.filter((d) => d.state === 'abgelehnt');
  if (refusedDates.length === 0) return { booked: bookedIds.length, mail: null };
  const booked: BookingRecord[] = [];
  for (const id of bookedIds) booked.push((await findBooking(tx, tenantId, id))!);
  return {
    booked: bookedIds.length,
    mail: {
      to: person.email,
      recipientId: person.id,
      render: (l) => {
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
        return booked.length > 0 ? withIcs(m, seatsIcs(booked, l)) : m;
      },
    },
  };
}
