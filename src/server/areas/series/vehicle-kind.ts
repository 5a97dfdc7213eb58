import type { VehicleSeriesDate, VehicleSeriesRequest } from '@contracts/vehicles';
import type { Db } from '@db/client';
import { type SeriesPeriod, seriesPeriods, vehicleRefusalOf } from '@domain/booking-series';
import { AppError } from '@domain/errors';
import { berlinDay, germanDay } from '@domain/opening-hours';
import { formatTime } from '@domain/time';
import { blockedUntil, bookingWindowEnd, type ExistingBooking, vehicleBookingErrors } from '@domain/vehicle-booking';
import { calendarEntryMail, calendarEntryMails, vehicleEvent, vehiclesIcs } from '@server/areas/calendar/public';
import { instructionGateFor } from '@server/areas/driver-instruction/public';
import { licenceGateFor } from '@server/areas/driving-licences/public';
import { findMemberById, type MemberRecord, membersWithPermission } from '@server/areas/people/public';
import { seriesSummaryMail } from '@server/areas/series/series-templates';
import { careGate } from '@server/areas/vehicle-care/public';
import {
  approvalRequestMail,
  assertDepartment,
  type BookingRecord,
  type BookingWrite,
  bookingsInRange,
  cancelBooking,
  canManageBooking,
  checkPeriodAgainst,
  details,
  findBooking,
  findBookingsByIds,
  findVehicle,
  lockBooking,
  lockVehicle,
  notFound,
  resolveDriver,
  toExisting,
  VEHICLE_TOPIC,
  type VehicleRecord,
  type VehicleSettings,
  vehicleSettings,
} from '@server/areas/vehicles/public';
import { type Locale as MailLocale, withIcs } from '@server/kernel/mail/render';
import type { PendingMail } from '../../kernel/notifications/pending-mail';
import { seriesErrors } from './errors';
import type { PlannedDate, SeriesKind } from './series-engine';
import { insertApproversForAll, type VehicleSeriesDetails, type VehicleSeriesRecord, vehicleSeriesStore } from './series-repository';

/**
 * Vehicle series (decision 115), the vehicle kind of the series engine
 * (decision 202). Every date meets the rules of a single booking
 * (checkPeriodAgainst, the licence gate, the department check) – but the
 * vehicle's bookings, its open defect, the settings and the driver's licence
 * are read once for the whole series. The vehicle row is locked first, as for
 * a single booking, so two series of the same vehicle are checked one after
 * the other.
 */

/** The last Berlin day inside the (exclusive) booking window end. */
const lastWindowDay = (windowEnd: Date) => berlinDay(new Date(windowEnd.getTime() - 1));

/** Who booked and who drives, as the bookings' records name them. */
interface Person {
  id: string;
  name: string;
  email: string;
}

const personOf = (m: MemberRecord): Person => ({ id: m.id, name: `${m.firstName} ${m.lastName}`, email: m.email });

interface Ride {
  tenantId: string;
  vehicle: VehicleRecord;
  settings: VehicleSettings;
  driver: MemberRecord;
  bookedBy: Person;
  fromTime: string;
  toTime: string;
  details: VehicleSeriesDetails;
  windowEnd: Date;
}

type RideWrite = { needsApproval: boolean };

interface Booked {
  booked: BookingRecord[];
  approvers: Person[];
}

/** Reads what the rules need for all periods at once: defect and UVV gate, bookings over the whole span, the licence. */
async function loadContext(tx: Db, ride: Ride, periods: SeriesPeriod[], now: Date) {
  const { tenantId, vehicle: v, settings: s, driver } = ride;
  const first = periods[0]?.von ?? now;
  const last = new Date(Math.max(first.getTime(), ...periods.map((p) => p.bis.getTime())));
  const driverRef = { id: driver.id, name: `${driver.firstName} ${driver.lastName}` };
  const [care, existing, licenceGate, instruction] = [
    await careGate(tx, tenantId, v.id),
    await bookingsInRange(tx, tenantId, first, last, { vehicleIds: [v.id], statuses: 'blocking', gapMinutes: s.minGapMinutes }),
    await licenceGateFor(tx, tenantId, v.requiredLicenseClass, driverRef, 'booking'),
    await instructionGateFor(tx, tenantId, v.category, driverRef),
  ];
  // Each date meets the licence gate and then the instruction gate, as a single booking does.
  const licence = (von: Date, bis: Date) => {
    licenceGate(von, bis);
    instruction(von, bis);
  };
  return { openDefect: care.openDefect, uvv: care.uvv, existing: existing.map(toExisting) as ExistingBooking[], licence };
}

async function loadVehicle(tx: Db, tenantId: string, vehicleId: string, lock: boolean): Promise<VehicleRecord> {
  if (lock && !(await lockVehicle(tx, tenantId, vehicleId))) throw notFound();
  const v = await findVehicle(tx, tenantId, vehicleId);
  if (!v) throw notFound();
  return v;
}

const bookedLine = (b: BookingRecord) => `${germanDay(berlinDay(b.von))} ${formatTime(b.von)}–${formatTime(b.bis)}`;

function summaryMail(
  to: Person,
  v: VehicleRecord,
  booked: BookingRecord[],
  dates: VehicleSeriesDate[],
  extended: boolean,
  origin: string,
  driver: boolean,
) {
  const refused = dates.filter((d) => d.state === 'abgelehnt').map((d) => ({ date: germanDay(d.date), message: d.message ?? '' }));
  return {
    to: to.email,
    recipientId: to.id,
    // Only the driver's calendar holds the trips; who booked them for the driver gets the plain file (decision 217).
    ...(driver ? { invitee: to.name } : {}),
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
  } satisfies PendingMail;
}

function approvalMails(approvers: Person[], booked: BookingRecord[], origin: string): PendingMail[] {
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

const SERIES_CANCEL_REASON = 'Serie storniert';

export const vehicleSeries: SeriesKind<
  VehicleSeriesRequest,
  Ride,
  RideWrite,
  VehicleSeriesDate,
  Booked,
  VehicleSeriesRecord,
  BookingWrite
> = {
  store: vehicleSeriesStore,
  topic: VEHICLE_TOPIC,
  refusalOf: vehicleRefusalOf,

  async open(tx, user, req, lock, now) {
    const tenantId = user.tenant.id;
    const driver = await resolveDriver(tx, user, req.forUserId);
    // Locked like a single booking: series and single bookings of one vehicle are checked one after the other.
    const v = await loadVehicle(tx, tenantId, req.vehicleId, lock);
    const s = await vehicleSettings(tx, tenantId, user.member.id);
    assertDepartment(s, v, driver);
    return {
      tenantId,
      vehicle: v,
      settings: s,
      driver,
      bookedBy: personOf(user.member),
      fromTime: req.fromTime,
      toTime: req.toTime,
      details: details(req),
      windowEnd: bookingWindowEnd(now, s.daysAhead, s.windowWeekday, s.windowHour),
    };
  },

  async reopen(tx, tenantId, s, now) {
    const driver = await findMemberById(tx, tenantId, s.driverId);
    const v =
      driver?.status === 'aktiv' && (await lockVehicle(tx, tenantId, s.vehicleId)) ? await findVehicle(tx, tenantId, s.vehicleId) : null;
    // People are never removed, only anonymised (decision 150), so the booker is always found.
    const bookedBy = driver && v ? (s.bookedById === driver.id ? driver : await findMemberById(tx, tenantId, s.bookedById)) : null;
    if (!driver || !v || !bookedBy) return null;
    const settings = await vehicleSettings(tx, tenantId, s.bookedById);
    let wholeSeries: AppError | null = null;
    try {
      assertDepartment(settings, v, driver);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      wholeSeries = err;
    }
    return {
      tenantId,
      vehicle: v,
      settings,
      driver,
      bookedBy: personOf(bookedBy),
      fromTime: s.fromTime,
      toTime: s.toTime,
      details: s.details,
      windowEnd: bookingWindowEnd(now, settings.daysAhead, settings.windowWeekday, settings.windowHour),
      wholeSeries,
    };
  },

  horizon: (ride) => lastWindowDay(ride.windowEnd),
  speakerOf: (ride) => ride.driver.id,

  /**
   * Every period through the single booking's rules, in order; a bookable
   * period joins the bookings the next ones are checked against (two dates of
   * one series must keep the minimum gap too). Beyond the window: later.
   */
  async plan(tx, ride, days, now, wholeSeries) {
    const periods = seriesPeriods(days, ride.fromTime, ride.toTime);
    const ctx = await loadContext(tx, ride, periods, now);
    const out: PlannedDate<RideWrite>[] = [];
    for (const p of periods) {
      if (p.bis > p.von && p.bis > ride.windowEnd) {
        out.push({ date: p.date, state: 'spaeter' });
        continue;
      }
      try {
        if (wholeSeries) throw wholeSeries;
        const needsApproval = checkPeriodAgainst(ride.vehicle, ride.settings, p.von, p.bis, now, ctx);
        ctx.licence(p.von, p.bis);
        ctx.existing.push({ id: `serie-${p.date}`, von: p.von, bis: p.bis, status: 'reserviert' });
        out.push({ ...p, state: 'buchbar', needsApproval });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        out.push({ date: p.date, state: 'abgelehnt', error: err });
      }
    }
    return out;
  },

  seriesRow: (ride, req) => ({
    vehicleId: ride.vehicle.id,
    bookedById: ride.bookedBy.id,
    driverId: ride.driver.id,
    rule: req.rule,
    fromTime: req.fromTime,
    toTime: req.toTime,
    details: ride.details,
  }),

  write: (tx, ride, seriesId, bookable) =>
    vehicleSeriesStore.insertBookings(
      tx,
      ride.tenantId,
      seriesId,
      bookable.map((p) => ({
        vehicleId: ride.vehicle.id,
        von: p.von,
        bis: p.bis,
        blockedUntil: blockedUntil(p.bis, ride.settings.minGapMinutes),
        type: 'BUCHUNG',
        status: 'reserviert',
        bookedById: ride.bookedBy.id,
        driverId: ride.driver.id,
        ...ride.details,
        needsApproval: p.needsApproval,
      })),
    ),

  taken: () => vehicleBookingErrors.fail('already_booked'),

  present(ride, o, base) {
    const period = o.state === 'buchbar' ? o : seriesPeriods([o.date], ride.fromTime, ride.toTime)[0]!;
    const approval = o.state === 'buchbar' && (base.state === 'buchbar' || base.state === 'gebucht') && o.needsApproval;
    return { ...base, von: period.von.toISOString(), bis: period.bis.toISOString(), needsApproval: approval };
  },

  /**
   * Approver rows for special trips in one more statement; the booked records
   * for the mails put together from the vehicle, the people and the approvers
   * this transaction read and what the insert returned, rather than read back.
   */
  async finish(tx, ride, seriesId, inserted, written) {
    const { tenantId, vehicle: v, bookedBy } = ride;
    const special = new Set(written.filter((w) => w.needsApproval).map((w) => w.bookingId));
    const approvers =
      special.size > 0
        ? (await membersWithPermission(tx, tenantId, 'fahrzeug_freigabe_von_sonderfahrten'))
            .filter((a) => a.id !== ride.driver.id)
            .map((a) => ({ id: a.id, name: a.name, email: a.email }))
        : [];
    await insertApproversForAll(
      tx,
      tenantId,
      [...special],
      approvers.map((a) => a.id),
    );
    const driver = personOf(ride.driver);
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
          ...ride.details,
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
  },

  scopeOf: (ride) => ride.vehicle.id,

  /**
   * On saving: the booker, the approvers of special trips and a driver other than the booker; on extending: the approvers,
   * and the driver: the summary when a date could not be booked, else the calendar entry mail of the added dates.
   */
  mails({ vehicle: v, bookedBy, driver }, { booked, approvers }, dates, extended, origin) {
    const approvals = approvalMails(approvers, booked, origin);
    if (extended) {
      if (dates.some((d) => d.state === 'abgelehnt'))
        return [...approvals, summaryMail(personOf(driver), v, booked, dates, true, origin, true)];
      // The dates the job added reach the driver's calendar too; without invitations no mail (decision 217).
      return booked.length > 0
        ? [
            ...approvals,
            calendarEntryMail(
              personOf(driver),
              booked.map((b) => vehicleEvent(b)),
            ),
          ]
        : approvals;
    }
    const mails = [summaryMail(bookedBy, v, booked, dates, false, origin, bookedBy.id === driver.id), ...approvals];
    if (driver.id !== bookedBy.id) mails.push(summaryMail(personOf(driver), v, booked, dates, false, origin, true));
    return mails;
  },

  /** The cancelled dates leave the driver's calendar. */
  cancelledMails: async (tx, tenantId, ids) =>
    calendarEntryMails((await findBookingsByIds(tx, tenantId, ids)).map((b) => ({ to: b.driver, event: vehicleEvent(b) }))),

  cancelOne: (deps, user, bookingId) => cancelBooking(deps, user, bookingId),

  async seriesBookingOf(tx, user, bookingId) {
    const tenantId = user.tenant.id;
    if (!(await lockBooking(tx, tenantId, bookingId))) throw notFound('Buchung');
    const b = (await findBooking(tx, tenantId, bookingId))!;
    if (!canManageBooking(user, b)) throw notFound('Buchung');
    if (!b.seriesId) throw seriesErrors.fail('series_none');
    return { seriesId: b.seriesId, von: b.von, scope: b.vehicleId };
  },

  allFrom: (now) => now,
  cancelReason: (user) => `${SERIES_CANCEL_REASON} von ${user.member.firstName} ${user.member.lastName}`,
};
