import type { GuestDriverListDto, RecordGuestCheckRequest } from '@contracts/driving-licences';
import { withTenant } from '@db/client';
import { assertLicenceGate, type LicenceClass, type LicenceState, validateCheck } from '@domain/driving-licence';
import { berlinDay } from '@domain/vehicle-time';
import {
  guestLicenceOfBooking,
  insertGuestCheck,
  listGuestDrivers as listGuestDriverRows,
} from '@server/areas/driving-licences/guest-licence-repository';
import { findGuestOfBooking } from '@server/areas/guests/public';
import { findBooking, findVehicleCore, lockBooking } from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { listScopeLines, recordAccessOfMany } from '../privacy/public';
import { drivingLicencesErrors } from './errors';
import { LICENCE_DEFAULTS } from './licence-settings';
import { toRecord } from './licences';

/**
 * Guests' licences (decision 140): the reception records the licence a guest
 * shows for a booking of a vehicle that requires a class; the trip start of that
 * booking is gated on it, and examiners see guest drivers in their own list.
 */

export const GUEST_LICENCE_CLOSED_MESSAGE = drivingLicencesErrors.entries.guest_licence_closed.de;

const bookingNotFound = () => drivingLicencesErrors.fail('booking_not_found');

/**
 * Records the check and runs the gate for the booking's period on it in one
 * transaction: a licence that does not allow the vehicle is refused with the
 * gate's message and nothing is stored.
 */
export async function recordGuestCheck(deps: Deps, user: UserContext, bookingId: string, req: RecordGuestCheckRequest) {
  const tenantId = user.tenant.id;
  const classes = [...(req.classes ?? [])];
  const check = {
    checkedOn: req.checkedOn,
    issueDate: req.issueDate,
    classes,
    banFrom: req.banFrom ?? null,
    banTo: req.banTo ?? null,
  };
  validateCheck(check, berlinDay(new Date()));
  return withTenant(deps.database.db, tenantId, async (tx) => {
    if (!(await lockBooking(tx, tenantId, bookingId))) throw bookingNotFound();
    const guest = await findGuestOfBooking(tx, tenantId, bookingId);
    const b = guest ? await findBooking(tx, tenantId, bookingId) : null;
    if (!guest || !b) throw bookingNotFound();
    if (b.status === 'storniert' || b.status === 'durchgeführt') {
      throw drivingLicencesErrors.fail('guest_licence_closed');
    }
    await insertGuestCheck(tx, tenantId, {
      bookingId,
      guestName: guest.name,
      guestEmail: guest.email,
      examinerId: user.member.id,
      checkedOn: req.checkedOn,
      method: req.method,
      classes,
      licenceNumber: req.licenceNumber,
      issueDate: req.issueDate,
      banFrom: check.banFrom,
      banTo: check.banTo,
      remark: req.remark ?? null,
    });
    const { licence } = await guestLicenceOfBooking(tx, tenantId, bookingId, LICENCE_DEFAULTS);
    const v = await findVehicleCore(tx, tenantId, b.vehicleId);
    const requiredClass = v?.requiredLicenseClass?.trim() || null;
    // Thrown inside the transaction: the refused check is rolled back with it.
    if (requiredClass) assertLicenceGate({ requiredClass, licence, von: b.von, bis: b.bis }, guest.name);
    return {
      bookingId,
      licence: { classes: licence!.classes as LicenceClass[], checkedOn: licence!.lastCheck, examinerName: licence!.examinerName },
    };
  });
}

/** Guest drivers with their recorded licence, for examiners. */
export async function listGuestDrivers(
  deps: Deps,
  user: UserContext,
  q: { q?: string | undefined; page: number; pageSize: number },
): Promise<GuestDriverListDto> {
  const tenantId = user.tenant.id;
  const { rows, total } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const page = await listGuestDriverRows(tx, tenantId, {
      today: berlinDay(new Date()),
      defaults: LICENCE_DEFAULTS,
      ...(q.q ? { search: q.q } : {}),
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    // a guest is known by e-mail (decision 140), so that is the id the entry names
    await recordAccessOfMany(
      tx,
      tenantId,
      user.member,
      page.rows.map((r) => ({ id: r.guestEmail, name: r.guestName })),
      'gastfuehrerscheinliste',
      listScopeLines(q),
    );
    return page;
  });
  return {
    items: rows.map((r) => ({
      guestName: r.guestName,
      guestEmail: r.guestEmail,
      vehicleLabel: r.vehicleLabel,
      lastBookingFrom: r.lastBookingFrom.toISOString(),
      state: r.state as LicenceState,
      licence: toRecord({ ...r, extraInfo: null })!,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
