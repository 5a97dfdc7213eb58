import type { Db } from '@db/client';
import { assertLicenceGate } from '@domain/driving-licence';
import { guestLicenceOfBooking } from '@server/areas/driving-licences/guest-licence-repository';
import { licenceForGate } from '@server/areas/driving-licences/licence-repository';
import { findGuestOfBooking } from '@server/areas/guests/public';
import { LICENCE_DEFAULTS } from './licence-settings';

/**
 * The booking gate for one driver and vehicle: nothing is read for
 * vehicles without a required class, one statement otherwise. At trip start the
 * tenant's maximum gap applies (decision 046); on booking it does not.
 */
export async function assertDriverLicensed(
  tx: Db,
  tenantId: string,
  requiredClass: string | null,
  driver: { id: string; name: string },
  von: Date,
  bis: Date,
  moment: 'booking' | 'trip_start',
): Promise<void> {
  (await licenceGateFor(tx, tenantId, requiredClass, driver, moment))(von, bis);
}

/**
 * The gate read once for many periods (the dates of a vehicle series): one
 * statement, then every period is checked by the same domain rule as a single booking.
 */
export async function licenceGateFor(
  tx: Db,
  tenantId: string,
  requiredClass: string | null,
  driver: { id: string; name: string },
  moment: 'booking' | 'trip_start',
): Promise<(von: Date, bis: Date) => void> {
  if (!requiredClass?.trim()) return () => {};
  const { licence, graceDays } = await licenceForGate(tx, tenantId, driver.id, LICENCE_DEFAULTS);
  return (von, bis) =>
    assertLicenceGate({ requiredClass, licence, von, bis, graceDays: moment === 'trip_start' ? graceDays : 0 }, driver.name);
}

/**
 * The gate at trip start. A guest booking is driven by the guest, not by the
 * receptionist who stands in the booking as driver: its gate is the guest's
 * licence recorded for this booking (decision 140).
 */
export async function assertTripStartLicensed(
  tx: Db,
  tenantId: string,
  requiredClass: string | null,
  b: { id: string; driver: { id: string; name: string }; von: Date; bis: Date },
): Promise<void> {
  if (!requiredClass?.trim()) return;
  const guest = await findGuestOfBooking(tx, tenantId, b.id);
  if (!guest) return assertDriverLicensed(tx, tenantId, requiredClass, b.driver, b.von, b.bis, 'trip_start');
  const { licence, graceDays } = await guestLicenceOfBooking(tx, tenantId, b.id, LICENCE_DEFAULTS);
  assertLicenceGate({ requiredClass, licence, von: b.von, bis: b.bis, graceDays }, guest.name);
}
