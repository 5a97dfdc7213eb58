import type { PublicGuestBooking } from '@contracts/guests';
import { type Db, withTenant } from '@db/client';
import {
  assertGuestCanCancel,
  canCancelFree,
  freeCancellationDeadline,
  guestBookingErrors,
  PUBLIC_ACTION_LIMIT,
  PUBLIC_READ_LIMIT,
  tokenOpensBooking,
} from '@domain/guest-booking';
import { parseBookingStatus } from '@domain/vehicle-booking';
import { confirmGuestRow, findGuestByTokenHash, type GuestRecord } from '@server/areas/guests/guest-repository';
import { receptionNoticeMail } from '@server/areas/guests/guest-templates';
import type { TenantRecord } from '@server/areas/tenant/public';
import {
  type BookingRecord,
  cancelBookings,
  findBooking,
  insertHistory,
  lockBooking,
  updateBookingRow,
  VEHICLE_TOPIC,
} from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { guestSettings } from './guest-settings';
import { countHit } from './rate-limit';
import { hashToken } from './tokens';

/**
 * The public cancellation page (/pub/fahrzeugbuchungstorno): the token opens
 * exactly one guest booking of the host's tenant. Every miss – malformed,
 * guessed, foreign, used or expired – gets the same neutral 404, and the
 * answer names only the vehicle, the period and the guest's own name.
 */

const invalid = () => guestBookingErrors.fail('guest_link_invalid');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

async function open(tx: Db, tenantId: string, token: string, now: Date, lock: boolean): Promise<{ guest: GuestRecord; b: BookingRecord }> {
  if (!TOKEN_SHAPE.test(token)) throw invalid();
  const guest = await findGuestByTokenHash(tx, tenantId, hashToken(token));
  if (!guest) throw invalid();
  if (lock) await lockBooking(tx, tenantId, guest.bookingId);
  const b = await findBooking(tx, tenantId, guest.bookingId);
  if (!b || !tokenOpensBooking(b, now)) throw invalid();
  return { guest, b };
}

async function view(tx: Db, tenant: TenantRecord, guest: GuestRecord, b: BookingRecord, now: Date): Promise<PublicGuestBooking> {
  const gs = await guestSettings(tx, tenant.id);
  return {
    vehicle: b.vehicleLabel,
    licensePlate: b.licensePlate,
    von: b.von.toISOString(),
    bis: b.bis.toISOString(),
    guestName: guest.name,
    status: parseBookingStatus(b.status),
    confirmed: guest.confirmed,
    freeCancellation: canCancelFree(b.von, now),
    cancelUntil: freeCancellationDeadline(b.von).toISOString(),
    contact: gs.contact,
    tenantName: tenant.name,
  };
}

export async function viewByToken(deps: Deps, tenant: TenantRecord, ip: string, token: string, now = new Date()) {
  await countHit(deps, tenant.id, PUBLIC_READ_LIMIT, ip);
  return withTenant(deps.database.db, tenant.id, async (tx) => {
    const { guest, b } = await open(tx, tenant.id, token, now, false);
    return view(tx, tenant, guest, b, now);
  });
}

const receptionNotice = (b: BookingRecord, guest: GuestRecord, what: 'cancelled' | 'confirmed'): PendingMail => ({
  to: b.bookedBy.email,
  recipientId: b.bookedBy.id,
  render: (locale) =>
    receptionNoticeMail({
      name: b.bookedBy.name,
      guestName: guest.name,
      vehicle: b.vehicleLabel,
      plate: b.licensePlate,
      von: b.von,
      bis: b.bis,
      locale,
      what,
    }),
});

/** Cancels free up to 24 hours before start; the history records the guest, the reception is told. */
export async function cancelByToken(deps: Deps, tenant: TenantRecord, ip: string, token: string, now = new Date()) {
  await countHit(deps, tenant.id, PUBLIC_ACTION_LIMIT, ip);
  const { result, mails } = await withTenant(deps.database.db, tenant.id, async (tx) => {
    const { guest, b } = await open(tx, tenant.id, token, now, true);
    assertGuestCanCancel(b, now);
    const reason = `Storniert durch den Gast ${guest.name}`;
    await cancelBookings(tx, tenant.id, [b.id], reason);
    await insertHistory(tx, tenant.id, {
      vehicleId: b.vehicleId,
      type: 'STATUSAENDERUNG',
      status: 'storniert',
      description: reason,
      bookingId: b.id,
      userId: null,
    });
    await deps.events.publish(tx, { tenantId: tenant.id, topic: VEHICLE_TOPIC, type: 'cancelled', id: b.id, scope: b.vehicleId });
    const after = (await findBooking(tx, tenant.id, b.id))!;
    return { result: { ...(await view(tx, tenant, guest, after, now)) }, mails: [receptionNotice(b, guest, 'cancelled')] };
  });
  await sendAll(deps, tenant.id, mails);
  return result;
}

/** The guest confirms an unconfirmed booking (fahrzeugGastBestaetigungNoetig): vorgemerkt → reserviert, confirmed-at stored. */
export async function confirmByToken(deps: Deps, tenant: TenantRecord, ip: string, token: string) {
  await countHit(deps, tenant.id, PUBLIC_ACTION_LIMIT, ip);
  const now = new Date();
  return withTenant(deps.database.db, tenant.id, async (tx) => {
    const { guest, b } = await open(tx, tenant.id, token, now, true);
    if (guest.confirmed) return view(tx, tenant, guest, b, now);
    if (b.status !== 'vorgemerkt') throw invalid();
    await confirmGuestRow(tx, tenant.id, b.id, now);
    await updateBookingRow(tx, tenant.id, b.id, { status: 'reserviert' });
    await deps.events.publish(tx, { tenantId: tenant.id, topic: VEHICLE_TOPIC, type: 'updated', id: b.id, scope: b.vehicleId });
    const after = (await findBooking(tx, tenant.id, b.id))!;
    return view(tx, tenant, { ...guest, confirmed: true, confirmedAt: now }, after, now);
  });
}
