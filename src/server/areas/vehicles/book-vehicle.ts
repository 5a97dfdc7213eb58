import type { CreateBookingRequest } from '@contracts/vehicles';
import { type Db, withTenant } from '@db/client';
import { canBookFor, resolvePermissions } from '@domain/permissions';
import { assertUvvGate, type LatestUvv } from '@domain/uvv-inspection';
import {
  assertAvailable,
  assertBookingRules,
  blockedUntil,
  bookingWindowEnd,
  defectRefusal,
  type ExistingBooking,
  nextStatus,
  overlappingDefectEnd,
  parseBookingStatus,
} from '@domain/vehicle-booking';
import { findMemberById, loadPermissionSources, type MemberRecord, membersWithPermission } from '@server/areas/people/public';
import { careGate } from '@server/areas/vehicle-care/public';
import {
  type BookingRecord,
  bookingsInRange,
  cancelBookings,
  deleteApprovers,
  findBooking,
  findBookingsOfPerson,
  insertApprovers,
  insertBooking,
  lockBooking,
  updateBookingRow,
} from '@server/areas/vehicles/vehicle-booking-repository';
import { findVehicle, lockVehicle, type VehicleRecord } from '@server/areas/vehicles/vehicle-repository';
import { approvalRequestMail, bookingCancelledMail } from '@server/areas/vehicles/vehicle-templates';
import type { Deps } from '@server/deps';
import { withIcs } from '@server/kernel/mail/render';
import type { UserContext } from '../../kernel/context';
import { kernelErrors } from '../../kernel/errors';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { calendarEntryMail, vehicleEvent, vehicleIcs } from '../calendar/public';
import { assertDriverInstructed } from '../driver-instruction/public';
import { assertDriverLicensed } from '../driving-licences/public';
import {
  availabilityVehicle,
  canManageBooking,
  canSeeBooking,
  mapOverlap,
  notFound,
  toBookingDto,
  toExisting,
  VEHICLE_TOPIC,
  type VehicleSettings,
  vehicleSettings,
} from './common';
import { vehicleErrors } from './errors';

type Details = Pick<CreateBookingRequest, 'reason' | 'passengers' | 'destination' | 'stopover' | 'contact' | 'detour' | 'infoText'>;

const forbidden = (denial: string) => kernelErrors.fail('forbidden', { denial });

/** The person the booking is for, checked against docs/product.md#booking-for-others. */
export async function resolveDriver(tx: Db, user: UserContext, forUserId: string | undefined): Promise<MemberRecord> {
  const tenantId = user.tenant.id;
  if (!forUserId || forUserId === user.member.id) {
    if (!user.permissions.has('fahrzeug_buchen')) throw forbidden('no fahrzeug_buchen');
    return user.member;
  }
  if (!user.permissions.has('fahrzeug_fremdbuchung')) throw forbidden('no fahrzeug_fremdbuchung');
  const target = await findMemberById(tx, tenantId, forUserId);
  if (target?.status !== 'aktiv') throw notFound('Person');
  const perms = resolvePermissions(await loadPermissionSources(tx, tenantId, target.id));
  if (!canBookFor({ id: user.member.id, perms: user.permissions }, { id: target.id, perms })) throw forbidden('no fahrzeug_buchen');
  return target;
}

export function assertDepartment(s: VehicleSettings, v: VehicleRecord, driver: MemberRecord): void {
  if (!s.departmentCheck || v.departmentIds.length === 0) return;
  if (!driver.department || !v.departmentIds.includes(driver.department.id)) {
    throw vehicleErrors.fail('department_not_allowed');
  }
}

/** Availability (docs/product.md#vehicle-availability) against the current bookings of the vehicle, then window and minimum duration. */
export async function checkPeriod(
  tx: Db,
  tenantId: string,
  v: VehicleRecord,
  s: VehicleSettings,
  von: Date,
  bis: Date,
  now: Date,
  excludeBookingId?: string,
) {
  const { openDefect, uvv } = await careGate(tx, tenantId, v.id);
  const existing = await bookingsInRange(tx, tenantId, von, bis > von ? bis : von, {
    vehicleIds: [v.id],
    statuses: 'blocking',
    gapMinutes: s.minGapMinutes,
  });
  return checkPeriodAgainst(v, s, von, bis, now, { openDefect, uvv, existing: existing.map(toExisting) }, excludeBookingId);
}

/**
 * The rules of checkPeriod without reading anything: a series loads the
 * vehicle's bookings and its open defect once and runs every date through
 * here, so a single booking and each date of a series meet the same rules.
 */
export function checkPeriodAgainst(
  v: VehicleRecord,
  s: VehicleSettings,
  von: Date,
  bis: Date,
  now: Date,
  state: { openDefect: boolean; uvv: LatestUvv | null; existing: readonly ExistingBooking[] },
  excludeBookingId?: string,
): boolean {
  // An open damage with a DEFEKT block refuses every booking until it is behoben, also past the block's painted window (decision 070).
  // Its end is not known: the lock holds until the damage is behoben.
  if (state.openDefect) throw defectRefusal(null);
  // Read only when the tenant's UVV gate is on (docs/product.md#vehicle-care).
  assertUvvGate(state.uvv, von, bis, now);
  const defectEnd = bis > von ? overlappingDefectEnd(state.existing, von, bis, excludeBookingId) : null;
  if (defectEnd) throw defectRefusal(defectEnd);
  const { needsApproval } = assertAvailable({
    von,
    bis,
    vehicle: availabilityVehicle(v, s),
    individualTimes: s.individualTimes,
    timesAsPickUpReturn: s.timesAsPickUpReturn,
    bookings: state.existing,
    minGapMinutes: s.minGapMinutes,
    ...(excludeBookingId ? { excludeBookingId } : {}),
  });
  assertBookingRules(von, bis, now, bookingWindowEnd(now, s.daysAhead, s.windowWeekday, s.windowHour), s.minDurationMinutes);
  return needsApproval;
}

export async function requestApprovals(tx: Db, tenantId: string, booking: BookingRecord, origin: string): Promise<PendingMail[]> {
  const approvers = (await membersWithPermission(tx, tenantId, 'fahrzeug_freigabe_von_sonderfahrten')).filter(
    (a) => a.id !== booking.driver.id,
  );
  await insertApprovers(
    tx,
    tenantId,
    booking.id,
    approvers.map((a) => a.id),
  );
  return approvers.map((a) => ({
    to: a.email,
    recipientId: a.id,
    render: (locale) =>
      approvalRequestMail({
        name: a.name,
        booker: booking.bookedBy.name,
        vehicle: booking.vehicleLabel,
        plate: booking.licensePlate,
        von: booking.von,
        bis: booking.bis,
        url: `${origin}/fahrzeuge/freigaben`,
        locale,
      }),
  }));
}

export async function createBooking(deps: Deps, user: UserContext, origin: string, req: CreateBookingRequest) {
  const tenantId = user.tenant.id;
  const now = new Date();
  const von = new Date(req.von);
  const bis = new Date(req.bis);
  const { booking, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const driver = await resolveDriver(tx, user, req.forUserId);
    // Bookings of one vehicle run one after another: racing inserts into the no-overlap constraint could
    // otherwise end in a deadlock PostgreSQL breaks with an error instead of a clean 409.
    if (!(await lockVehicle(tx, tenantId, req.vehicleId))) throw notFound();
    const v = await findVehicle(tx, tenantId, req.vehicleId);
    if (!v) throw notFound();
    const s = await vehicleSettings(tx, tenantId, user.member.id);
    assertDepartment(s, v, driver);
    const needsApproval = await checkPeriod(tx, tenantId, v, s, von, bis, now);
    const driverRef = { id: driver.id, name: `${driver.firstName} ${driver.lastName}` };
    await assertDriverLicensed(tx, tenantId, v.requiredLicenseClass, driverRef, von, bis, 'booking');
    // One statement, the tenant's setting only while its gate is off (docs/product.md#driver-instruction).
    await assertDriverInstructed(tx, tenantId, v.category, driverRef, von, bis);
    const id = await insertBooking(tx, tenantId, {
      vehicleId: v.id,
      von,
      bis,
      blockedUntil: blockedUntil(bis, s.minGapMinutes),
      type: 'BUCHUNG',
      status: 'reserviert',
      bookedById: user.member.id,
      driverId: driver.id,
      ...details(req),
      needsApproval,
    }).catch(mapOverlap);
    let b = (await findBooking(tx, tenantId, id))!;
    const mails = needsApproval ? await requestApprovals(tx, tenantId, b, origin) : [];
    if (needsApproval) b = (await findBooking(tx, tenantId, id))!;
    await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'created', id, scope: v.id });
    return { booking: b, mails: [...mails, calendarEntryMail(b.driver, [vehicleEvent(b)])] };
  });
  await sendAll(deps, tenantId, mails);
  return toBookingDto(booking);
}

export const details = (d: Details) => ({
  reason: d.reason ?? null,
  passengers: d.passengers ?? null,
  destination: d.destination ?? null,
  stopover: d.stopover ?? null,
  contact: d.contact ?? null,
  detour: d.detour ?? null,
  infoText: d.infoText ?? null,
});

async function loadManageable(tx: Db, user: UserContext, id: string): Promise<BookingRecord> {
  if (!(await lockBooking(tx, user.tenant.id, id))) throw notFound('Buchung');
  const b = (await findBooking(tx, user.tenant.id, id))!;
  if (!canManageBooking(user, b)) throw notFound('Buchung');
  return b;
}

export async function updateBooking(
  deps: Deps,
  user: UserContext,
  origin: string,
  id: string,
  req: { von: string; bis: string } & Details,
) {
  const tenantId = user.tenant.id;
  const now = new Date();
  const von = new Date(req.von);
  const bis = new Date(req.bis);
  const { booking, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const b = await loadManageable(tx, user, id);
    const status = parseBookingStatus(b.status);
    if (status !== 'reserviert' && status !== 'vorgemerkt') {
      throw vehicleErrors.fail('booking_not_editable', { status });
    }
    const v = await findVehicle(tx, tenantId, b.vehicleId);
    if (!v) throw notFound();
    const s = await vehicleSettings(tx, tenantId, user.member.id);
    const needsApproval = await checkPeriod(tx, tenantId, v, s, von, bis, now, id);
    await assertDriverLicensed(tx, tenantId, v.requiredLicenseClass, { id: b.driver.id, name: b.driver.name }, von, bis, 'booking');
    await assertDriverInstructed(tx, tenantId, v.category, { id: b.driver.id, name: b.driver.name }, von, bis);
    await updateBookingRow(tx, tenantId, id, {
      von,
      bis,
      blockedUntil: blockedUntil(bis, s.minGapMinutes),
      needsApproval,
      ...details(req),
    }).catch(mapOverlap);
    let mails: PendingMail[] = [];
    const periodChanged = b.von.getTime() !== von.getTime() || b.bis.getTime() !== bis.getTime();
    if (!needsApproval) await deleteApprovers(tx, tenantId, id);
    else if (!b.needsApproval || periodChanged) {
      await deleteApprovers(tx, tenantId, id);
      mails = await requestApprovals(tx, tenantId, (await findBooking(tx, tenantId, id))!, origin);
    }
    await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'updated', id, scope: b.vehicleId });
    const after = (await findBooking(tx, tenantId, id))!;
    return { booking: after, mails: [...mails, calendarEntryMail(after.driver, [vehicleEvent(after)])] };
  });
  await sendAll(deps, tenantId, mails);
  return toBookingDto(booking);
}

export const cancellationMail = (b: BookingRecord, reason: string): PendingMail => ({
  to: b.driver.email,
  recipientId: b.driver.id,
  invitee: b.driver.name,
  render: (locale, invite) =>
    withIcs(
      bookingCancelledMail({ name: b.driver.name, vehicle: b.vehicleLabel, plate: b.licensePlate, von: b.von, bis: b.bis, reason, locale }),
      vehicleIcs(b, locale, 'storniert', invite),
    ),
});

export async function cancelBooking(deps: Deps, user: UserContext, id: string, reason?: string) {
  const tenantId = user.tenant.id;
  const { booking, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const b = await loadManageable(tx, user, id);
    nextStatus(b.status, 'CANCEL');
    const text = reason?.trim() || `Storniert von ${user.member.firstName} ${user.member.lastName}`;
    await cancelBookings(tx, tenantId, [id], text);
    await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'cancelled', id, scope: b.vehicleId });
    // Who cancels their own booking gets no cancellation mail, only its withdrawal from their calendar.
    const mails = [
      b.driver.id !== user.member.id ? cancellationMail(b, text) : calendarEntryMail(b.driver, [vehicleEvent(b, 'storniert')]),
    ];
    return { booking: (await findBooking(tx, tenantId, id))!, mails };
  });
  await sendAll(deps, tenantId, mails);
  return toBookingDto(booking);
}

export async function getBooking(deps: Deps, user: UserContext, id: string) {
  const b = await withTenant(deps.database.db, user.tenant.id, (tx) => findBooking(tx, user.tenant.id, id));
  if (!b || !canSeeBooking(user, b)) throw notFound('Buchung');
  return toBookingDto(b);
}

export async function possibleBookers(deps: Deps, user: UserContext) {
  const tenantId = user.tenant.id;
  if (user.permissions.has('fahrzeug_fremdbuchung')) {
    const list = await withTenant(deps.database.db, tenantId, (tx) => membersWithPermission(tx, tenantId, 'fahrzeug_buchen'));
    return { bookers: list.map((m) => ({ id: m.id, name: m.name, email: m.email, departmentName: m.department_name })) };
  }
  if (user.permissions.has('fahrzeug_buchen')) {
    const m = user.member;
    return { bookers: [{ id: m.id, name: `${m.firstName} ${m.lastName}`, email: m.email, departmentName: m.department?.name ?? null }] };
  }
  return { bookers: [] };
}

/** The overview: bookings for me and bookings I made for others (from yesterday on unless includePast). */
export async function myBookings(deps: Deps, user: UserContext, includePast: boolean, status?: string) {
  const tenantId = user.tenant.id;
  const me = user.member.id;
  const only = status === undefined ? undefined : parseBookingStatus(status);
  const since = includePast ? new Date(0) : new Date(Date.now() - 86_400_000);
  const all = await withTenant(deps.database.db, tenantId, (tx) => findBookingsOfPerson(tx, tenantId, me, since));
  const list = only ? all.filter((b) => b.status === only) : all;
  const now = new Date();
  return {
    forMe: list.filter((b) => b.driver.id === me).map((b) => toBookingDto(b, now)),
    forOthers: list.filter((b) => b.driver.id !== me && b.bookedBy.id === me).map((b) => toBookingDto(b, now)),
  };
}
