import type { VehicleSeriesDate, VehicleSeriesRequest, VehicleSeriesResponse } from '@contracts/vehicles';
import { type Db, withTenant } from '@db/client';
import { expandSeries, nothingBookable, type SeriesPeriod, type SeriesRule, seriesPeriods, vehicleRefusalOf } from '@domain/booking-series';
import { AppError } from '@domain/errors';
import { addDays, berlinDay, germanDay } from '@domain/opening-hours';
import { formatTime } from '@domain/time';
import { blockedUntil, bookingWindowEnd, type ExistingBooking, MESSAGES } from '@domain/vehicle-booking';
import { findMemberById, type MemberRecord } from '@server/areas/people/user-repository';
import { seriesSummaryMail } from '@server/areas/series/series-templates';
import {
  cancelVehicleSeriesBookings,
  endVehicleSeries,
  insertApproversForAll,
  insertSeriesBookings,
  insertVehicleSeries,
  lockVehicleSeriesToExtend,
  setVehicleSeriesBookedThrough,
  type VehicleSeriesDetails,
  type VehicleSeriesRecord,
  vehicleSeriesBookedDays,
} from '@server/areas/series/vehicle-series-repository';
import { listTenantIds } from '@server/areas/tenant/tenant-repository';
import { hasOpenDefect } from '@server/areas/vehicle-care/vehicle-care-repository';
import {
  type BookingRecord,
  bookingsInRange,
  findBooking,
  lockBooking,
  membersWithPermission,
} from '@server/areas/vehicles/vehicle-booking-repository';
import { findVehicle, lockVehicle, type VehicleRecord } from '@server/areas/vehicles/vehicle-repository';
import { approvalRequestMail } from '@server/areas/vehicles/vehicle-templates';
import type { Deps } from '@server/deps';
import { translate } from '@server/http/messages';
import { type Locale as MailLocale, withIcs } from '@server/kernel/mail/render';
import type { UserContext } from '../../kernel/context';
import { type PendingMail, recipientLocales, sendAll } from '../../kernel/notifications/pending-mail';
import { tenantOrigins } from '../../kernel/notifications/tenant-origins';
import { vehiclesIcs } from '../calendar/booking-events';
import { cancelledVehicleEntries } from '../calendar/entries';
import { licenceGateFor } from '../driving-licences/licence-gate';
import { effectiveSetting } from '../settings/effective-settings';
import { assertDepartment, cancelBooking, checkPeriodAgainst, details, resolveDriver } from '../vehicles/book-vehicle';
import { canManageBooking, notFound, toExisting, VEHICLE_TOPIC, type VehicleSettings, vehicleSettings } from '../vehicles/common';

/**
 * Vehicle series (decision 115). Every date meets the rules of a single
 * booking (checkPeriodAgainst, the licence gate, the department check) –
 * but the vehicle's bookings, its open defect, the settings and the driver's
 * licence are read once for the whole series, and all bookable dates are
 * written by one multi-row insert: a constant number of statements whatever
 * the number of dates. The vehicle row is locked first, as for a single
 * booking, so two series of the same vehicle are checked one after the other;
 * the exclusion constraint stays the last wall.
 */

type Locale = UserContext['locale'];

const earlierDay = (a: string, b: string) => (a < b ? a : b);
/** The last Berlin day inside the (exclusive) booking window end. */
const lastWindowDay = (windowEnd: Date) => berlinDay(new Date(windowEnd.getTime() - 1));

interface Planned {
  dates: VehicleSeriesDate[];
  toBook: (SeriesPeriod & { needsApproval: boolean })[];
}

function refusedDate(p: SeriesPeriod, err: AppError, locale: Locale): VehicleSeriesDate {
  return {
    date: p.date,
    von: p.von.toISOString(),
    bis: p.bis.toISOString(),
    state: 'abgelehnt',
    reason: vehicleRefusalOf(err.code),
    message: translate(err.code, err.message, locale, err.params as Record<string, string | number>),
    bookingId: null,
    needsApproval: false,
  };
}

interface Context {
  vehicle: VehicleRecord;
  settings: VehicleSettings;
  driver: MemberRecord;
  openDefect: boolean;
  existing: ExistingBooking[];
  licence: (von: Date, bis: Date) => void;
  windowEnd: Date;
}

/** Reads what the rules need for all periods at once: defect, bookings over the whole span, the licence. */
async function loadContext(
  tx: Db,
  tenantId: string,
  v: VehicleRecord,
  s: VehicleSettings,
  driver: MemberRecord,
  periods: SeriesPeriod[],
  now: Date,
) {
  const first = periods[0]?.von ?? now;
  const last = new Date(Math.max(first.getTime(), ...periods.map((p) => p.bis.getTime())));
  const [openDefect, existing, licence] = [
    await hasOpenDefect(tx, tenantId, v.id),
    await bookingsInRange(tx, tenantId, first, last, { vehicleIds: [v.id], statuses: 'blocking', gapMinutes: s.minGapMinutes }),
    await licenceGateFor(
      tx,
      tenantId,
      v.requiredLicenseClass,
      { id: driver.id, name: `${driver.firstName} ${driver.lastName}` },
      'booking',
    ),
  ];
  const windowEnd = bookingWindowEnd(now, s.daysAhead, s.windowWeekday, s.windowHour);
  return { vehicle: v, settings: s, driver, openDefect, existing: existing.map(toExisting), licence, windowEnd } satisfies Context;
}

/**
 * Every period through the single booking's rules, in order; a bookable
 * period joins the bookings the next ones are checked against (two dates of
 * one series must keep the minimum gap too). Beyond the window: later.
 */
function plan(ctx: Context, periods: readonly SeriesPeriod[], now: Date, locale: Locale, wholeSeries: AppError | null): Planned {
  const dates: VehicleSeriesDate[] = [];
  const toBook: Planned['toBook'] = [];
  for (const p of periods) {
    const base = { date: p.date, von: p.von.toISOString(), bis: p.bis.toISOString(), reason: null, message: null, bookingId: null };
    if (p.bis > p.von && p.bis > ctx.windowEnd) {
      dates.push({ ...base, state: 'spaeter', needsApproval: false });
      continue;
    }
    try {
      if (wholeSeries) throw wholeSeries;
      const needsApproval = checkPeriodAgainst(ctx.vehicle, ctx.settings, p.von, p.bis, now, ctx);
      ctx.licence(p.von, p.bis);
      ctx.existing.push({ id: `serie-${p.date}`, von: p.von, bis: p.bis, status: 'reserviert' });
      toBook.push({ ...p, needsApproval });
      dates.push({ ...base, state: 'buchbar', needsApproval });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      dates.push(refusedDate(p, err, locale));
    }
  }
  return { dates, toBook };
}

/** Who booked and who drives, as the bookings' records name them. */
interface Person {
  id: string;
  name: string;
  email: string;
}

const personOf = (m: MemberRecord): Person => ({ id: m.id, name: `${m.firstName} ${m.lastName}`, email: m.email });

/**
 * Writes the planned dates in one statement; a date the exclusion constraint
 * refused after all is reported as taken. Approver rows for special trips in
 * one more statement. Returns the booked records for the mails, put together
 * from the vehicle, the people and the approvers this transaction read and
 * what the insert returned, rather than read back.
 */
async function bookPlanned(
  deps: Deps,
  tx: Db,
  tenantId: string,
  seriesId: string,
  ctx: Context,
  planned: Planned,
  bookedBy: Person,
  d: VehicleSeriesDetails,
  locale: Locale,
): Promise<{ booked: BookingRecord[]; approvers: Person[] }> {
  const inserted = await insertSeriesBookings(
    tx,
    tenantId,
    seriesId,
    planned.toBook.map((p) => ({
      vehicleId: ctx.vehicle.id,
      von: p.von,
      bis: p.bis,
      blockedUntil: blockedUntil(p.bis, ctx.settings.minGapMinutes),
      type: 'BUCHUNG',
      status: 'reserviert',
      bookedById: bookedBy.id,
      driverId: ctx.driver.id,
      ...d,
      needsApproval: p.needsApproval,
    })),
  );
  const byStart = new Map(inserted.map((r) => [r.von.getTime(), r.id]));
  const taken = new AppError('already_booked', MESSAGES.alreadyBooked, 409);
  for (let i = 0; i < planned.dates.length; i++) {
    const date = planned.dates[i]!;
    if (date.state !== 'buchbar') continue;
    const id = byStart.get(new Date(date.von).getTime());
    planned.dates[i] = id
      ? { ...date, state: 'gebucht', bookingId: id }
      : refusedDate({ date: date.date, von: new Date(date.von), bis: new Date(date.bis) }, taken, locale);
  }
  const special = new Set(planned.dates.filter((x) => x.state === 'gebucht' && x.needsApproval).map((x) => x.bookingId!));
  const approvers =
    special.size > 0
      ? (await membersWithPermission(tx, tenantId, 'fahrzeug_freigabe_von_sonderfahrten'))
          .filter((a) => a.id !== ctx.driver.id)
          .map((a) => ({ id: a.id, name: a.name, email: a.email }))
      : [];
  await insertApproversForAll(
    tx,
    tenantId,
    [...special],
    approvers.map((a) => a.id),
  );
  if (inserted.length > 0)
    await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'created', id: inserted[0]!.id, scope: ctx.vehicle.id });
  const v = ctx.vehicle;
  const driver = personOf(ctx.driver);
  const booked = inserted
    .map(
      (r): BookingRecord => ({
        id: r.id,
        vehicleId: v.id,
        vehicleLabel: `${v.brand} ${v.model}`,
        licensePlate: v.licensePlate,
        locationName: v.locationName,
        von: r.von,
        bis: r.bis,
        status: 'reserviert',
        type: 'BUCHUNG',
        bookedBy,
        driver,
        ...d,
        cancelReason: null,
        needsApproval: special.has(r.id),
        reminderCount: 0,
        createdAt: r.createdAt,
        // Just inserted: no change counted yet.
        revision: 0,
        seriesId,
        approvers: special.has(r.id) ? approvers.map((a) => ({ userId: a.id, name: a.name, email: a.email, approved: null })) : [],
      }),
    )
    .sort((a, b) => a.von.getTime() - b.von.getTime());
  return { booked, approvers };
}

const bookedLine = (b: BookingRecord) => `${germanDay(berlinDay(b.von))} ${formatTime(b.von)}–${formatTime(b.bis)}`;

function summaryMail(
  to: { id: string; email: string; name: string },
  v: VehicleRecord,
  booked: BookingRecord[],
  dates: VehicleSeriesDate[],
  extended: boolean,
  origin: string,
): PendingMail {
  const refused = dates.filter((d) => d.state === 'abgelehnt').map((d) => ({ date: germanDay(d.date), message: d.message ?? '' }));
  return {
    to: to.email,
    recipientId: to.id,
    invitee: to.name,
    render: (locale: MailLocale, invite) => {
      const m = seriesSummaryMail({
        locale,
        name: to.name,
        objectName: `${v.brand} ${v.model}`,
        floorPlanName: v.licensePlate,
        booked: booked.map(bookedLine),
        refused,
        extended,
        url: `${origin}/fahrzeuge`,
        kind: 'fahrzeug',
      });
      return booked.length > 0 ? withIcs(m, vehiclesIcs(booked, locale, invite)) : m;
    },
  };
}

function approvalMails(approvers: { id: string; name: string; email: string }[], booked: BookingRecord[], origin: string): PendingMail[] {
  return booked
    .filter((b) => b.needsApproval)
    .flatMap((b) =>
      approvers.map((a) => ({
        to: a.email,
        recipientId: a.id,
        render: (locale: MailLocale) =>
          approvalRequestMail({
            name: a.name,
            booker: b.bookedBy.name,
            vehicle: b.vehicleLabel,
            plate: b.licensePlate,
            von: b.von,
            bis: b.bis,
            url: `${origin}/fahrzeuge/freigaben`,
            locale,
          }),
      })),
    );
}

async function loadVehicle(tx: Db, tenantId: string, vehicleId: string, lock: boolean): Promise<VehicleRecord> {
  if (lock && !(await lockVehicle(tx, tenantId, vehicleId))) throw notFound();
  const v = await findVehicle(tx, tenantId, vehicleId);
  if (!v) throw notFound();
  return v;
}

const periodsOf = (rule: SeriesRule, from: string, to: string) => seriesPeriods(expandSeries(rule), from, to);

/** The preview: every date with bookable (and whether it is a special trip), refused with the single booking's message, or later. */
export async function previewVehicleSeries(
  deps: Deps,
  user: UserContext,
  req: VehicleSeriesRequest,
  now = new Date(),
): Promise<VehicleSeriesResponse> {
  const tenantId = user.tenant.id;
  const periods = periodsOf(req.rule, req.fromTime, req.toTime);
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const driver = await resolveDriver(tx, user, req.forUserId);
    const v = await loadVehicle(tx, tenantId, req.vehicleId, false);
    const s = await vehicleSettings(tx, tenantId, user.member.id);
    assertDepartment(s, v, driver);
    const ctx = await loadContext(tx, tenantId, v, s, driver, periods, now);
    return { seriesId: null, dates: plan(ctx, periods, now, user.locale, null).dates };
  });
}

/** Saves the series and books every bookable date inside the window in one transaction; one mail with all events. */
export async function createVehicleSeries(
  deps: Deps,
  user: UserContext,
  origin: string,
  req: VehicleSeriesRequest,
  now = new Date(),
): Promise<VehicleSeriesResponse> {
  const tenantId = user.tenant.id;
  const days = expandSeries(req.rule);
  const periods = seriesPeriods(days, req.fromTime, req.toTime);
  const { result, mails, locales } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const driver = await resolveDriver(tx, user, req.forUserId);
    // Locked like a single booking: series and single bookings of one vehicle are checked one after the other.
    const v = await loadVehicle(tx, tenantId, req.vehicleId, true);
    const s = await vehicleSettings(tx, tenantId, user.member.id);
    assertDepartment(s, v, driver);
    const ctx = await loadContext(tx, tenantId, v, s, driver, periods, now);
    const planned = plan(ctx, periods, now, user.locale, null);
    if (planned.toBook.length === 0 && !planned.dates.some((d) => d.state === 'spaeter')) {
      throw nothingBookable();
    }
    const d = details(req);
    const seriesId = await insertVehicleSeries(tx, tenantId, {
      vehicleId: v.id,
      bookedById: user.member.id,
      driverId: driver.id,
      rule: req.rule,
      fromTime: req.fromTime,
      toTime: req.toTime,
      details: d,
      bookedThrough: earlierDay(days.at(-1) ?? req.rule.startDate, lastWindowDay(ctx.windowEnd)),
    });
    const me = personOf(user.member);
    const { booked, approvers } = await bookPlanned(deps, tx, tenantId, seriesId, ctx, planned, me, d, user.locale);
    // Every date refused by the exclusion constraint after all (a booking that came past the vehicle lock): as above, nothing is kept.
    if (booked.length === 0 && !planned.dates.some((x) => x.state === 'spaeter')) {
      throw nothingBookable();
    }
    const mails = [summaryMail(me, v, booked, planned.dates, false, origin), ...approvalMails(approvers, booked, origin)];
    if (driver.id !== user.member.id) mails.push(summaryMail(personOf(driver), v, booked, planned.dates, false, origin));
    return { result: { seriesId, dates: planned.dates }, mails, locales: await recipientLocales(tx, tenantId, mails) };
  });
  await sendAll(deps, tenantId, mails, locales);
  return result;
}

const SERIES_CANCEL_REASON = 'Serie storniert';

/** Cancels one date (the ordinary cancellation), it and all following, or the whole series (dates not yet started). */
export async function cancelInVehicleSeries(
  deps: Deps,
  user: UserContext,
  bookingId: string,
  scope: 'eine' | 'folgende' | 'alle',
  now = new Date(),
): Promise<{ cancelled: number }> {
  if (scope === 'eine') {
    await cancelBooking(deps, user, bookingId);
    return { cancelled: 1 };
  }
  const tenantId = user.tenant.id;
  const { cancelled, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    if (!(await lockBooking(tx, tenantId, bookingId))) throw notFound('Buchung');
    const b = (await findBooking(tx, tenantId, bookingId))!;
    if (!canManageBooking(user, b)) throw notFound('Buchung');
    if (!b.seriesId) throw new AppError('series_none', 'Diese Buchung gehört zu keiner Serie.', 409);
    const from = scope === 'alle' || b.von < now ? now : b.von;
    const text = `${SERIES_CANCEL_REASON} von ${user.member.firstName} ${user.member.lastName}`;
    const ids = await cancelVehicleSeriesBookings(tx, tenantId, b.seriesId, from, text);
    await endVehicleSeries(tx, tenantId, b.seriesId, now);
    if (ids.length > 0)
      await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'cancelled', id: ids[0]!, scope: b.vehicleId });
    return { cancelled: ids.length, mails: await cancelledVehicleEntries(tx, tenantId, ids) };
  });
  await sendAll(deps, tenantId, mails);
  return { cancelled };
}

/** How many series one run of the job extends per tenant at most (the next run goes on). */
const EXTEND_BATCH = 500;

/**
 * The extension job (daily, with the seat series): books the dates that came
 * into the booking window and mails the person which could not be booked.
 * Idempotent: booked_through moves on in the same transaction, days the
 * series already has are skipped, series are locked with skip locked.
 */
export async function extendVehicleSeries(deps: Deps, now = new Date()): Promise<number> {
  let bookedCount = 0;
  const origin = await tenantOrigins(deps);
  const today = berlinDay(now);
  for (const tenantId of await listTenantIds(deps.database.db)) {
    const mails = await withTenant(deps.database.db, tenantId, async (tx) => {
      const out: PendingMail[] = [];
      for (const s of await lockVehicleSeriesToExtend(tx, tenantId, addDays(today, 400), EXTEND_BATCH)) {
        const r = await extendOne(deps, tx, tenantId, s, today, now, origin(tenantId));
        bookedCount += r.booked;
        out.push(...r.mails);
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
  s: VehicleSeriesRecord,
  today: string,
  now: Date,
  origin: string,
): Promise<{ booked: number; mails: PendingMail[] }> {
  const all = expandSeries(s.rule);
  const lastDay = all.at(-1) ?? s.rule.startDate;
  const driver = await findMemberById(tx, tenantId, s.driverId);
  const v =
    driver?.status === 'aktiv' && (await lockVehicle(tx, tenantId, s.vehicleId)) ? await findVehicle(tx, tenantId, s.vehicleId) : null;
  // People are never removed, only anonymised (decision 150), so the booker is always found.
  const bookedBy = driver && v ? (s.bookedById === driver.id ? driver : await findMemberById(tx, tenantId, s.bookedById)) : null;
  if (!driver || !v || !bookedBy) {
    await endVehicleSeries(tx, tenantId, s.id, now);
    return { booked: 0, mails: [] };
  }
  const settings = await vehicleSettings(tx, tenantId, s.bookedById);
  const through = earlierDay(
    lastDay,
    lastWindowDay(bookingWindowEnd(now, settings.daysAhead, settings.windowWeekday, settings.windowHour)),
  );
  if (through <= s.bookedThrough) return { booked: 0, mails: [] };
  const already = await vehicleSeriesBookedDays(tx, tenantId, s.id);
  const periods = seriesPeriods(
    all.filter((d) => d > s.bookedThrough && d <= through && d >= today && !already.has(d)),
    s.fromTime,
    s.toTime,
  );
  const locale = await effectiveSetting(tx, tenantId, s.driverId, 'sprache');
  let wholeSeries: AppError | null = null;
  try {
    assertDepartment(settings, v, driver);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    wholeSeries = err;
  }
  const ctx = await loadContext(tx, tenantId, v, settings, driver, periods, now);
  const planned = plan(ctx, periods, now, locale, wholeSeries);
  const { booked, approvers } = await bookPlanned(deps, tx, tenantId, s.id, ctx, planned, personOf(bookedBy), s.details, locale);
  await setVehicleSeriesBookedThrough(tx, tenantId, s.id, through);
  if (through >= lastDay) await endVehicleSeries(tx, tenantId, s.id, now);
  const mails = approvalMails(approvers, booked, origin);
  if (planned.dates.some((d) => d.state === 'abgelehnt')) {
    mails.push(summaryMail(personOf(driver), v, booked, planned.dates, true, origin));
  }
  return { booked: booked.length, mails };
}
