import { withTenant } from '@db/client';
import { RELEASE_REASON } from '@domain/guest-booking';
import {
  dueUnconfirmedGuestBookings,
  expireRequests,
  findGuestOfBooking,
  tenantName as findTenantName,
} from '@server/areas/guests/guest-repository';
import { guestReleasedMail, receptionNoticeMail } from '@server/areas/guests/guest-templates';
import { listTenantIdsWithFeature } from '@server/areas/tenant/public';
import { cancelBookings, findBookingsByIds, insertHistory, VEHICLE_TOPIC } from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import { withIcs } from '@server/kernel/mail/render';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { guestVehicleIcs, invitationFor } from '../calendar/public';
import { guestSettings } from './guest-settings';

/**
 * Scheduled guest work, both idempotent: a rerun finds nothing left to do.
 * Release: an unconfirmed guest booking (fahrzeugGastBestaetigungNoetig) is
 * cancelled fahrzeugGastFreigabeVorBeginnMinuten before start; guest and
 * reception are told. Expiry: open rental requests past their time end.
 */
export async function releaseUnconfirmedGuestBookings(deps: Deps, now = new Date()): Promise<number> {
  let released = 0;
  for (const tenantId of await listTenantIdsWithFeature(deps.database.db, 'fahrzeug')) {
    const out = await withTenant(deps.database.db, tenantId, async (tx) => {
      const gs = await guestSettings(tx, tenantId);
      const ids = await dueUnconfirmedGuestBookings(tx, tenantId, now, gs.releaseMinutes);
      const done = await cancelBookings(tx, tenantId, ids, RELEASE_REASON);
      if (done.length === 0)
        return { done, mails: [] as PendingMail[], direct: [] as { to: string; mail: ReturnType<typeof guestReleasedMail> }[] };
      const tenantName = await findTenantName(tx, tenantId);
      const mails: PendingMail[] = [];
      const direct: { to: string; mail: ReturnType<typeof guestReleasedMail> }[] = [];
      for (const b of await findBookingsByIds(tx, tenantId, done)) {
        const guest = (await findGuestOfBooking(tx, tenantId, b.id))!;
        await insertHistory(tx, tenantId, {
          vehicleId: b.vehicleId,
          type: 'STATUSAENDERUNG',
          status: 'storniert',
          description: RELEASE_REASON,
          bookingId: b.id,
        });
        await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'cancelled', id: b.id, scope: b.vehicleId });
        const invite = await invitationFor(tx, deps, tenantId, { id: null, email: guest.email, name: guest.name });
        const info = { guestName: guest.name, vehicle: b.vehicleLabel, plate: b.licensePlate, von: b.von, bis: b.bis };
        direct.push({
          to: guest.email,
          mail: withIcs(
            guestReleasedMail({ ...info, tenantName, locale: guest.locale, contact: gs.contact }),
            guestVehicleIcs(
              {
                id: b.id,
                von: b.von,
                bis: b.bis,
                vehicle: b.vehicleLabel,
                plate: b.licensePlate,
                location: b.locationName,
                revision: b.revision,
              },
              guest.locale,
              'storniert',
              now,
              invite,
            ),
          ),
        });
        mails.push({
          to: b.bookedBy.email,
          recipientId: b.bookedBy.id,
          render: (locale) => receptionNoticeMail({ ...info, name: b.bookedBy.name, locale, what: 'released' }),
        });
      }
      return { done, mails, direct };
    });
    for (const d of out.direct) await deps.mailer.send({ tenantId, to: d.to, ...d.mail });
    await sendAll(deps, tenantId, out.mails);
    released += out.done.length;
  }
  return released;
}

export async function expireRentalRequests(deps: Deps, now = new Date()): Promise<number> {
  let expired = 0;
  for (const tenantId of await listTenantIdsWithFeature(deps.database.db, 'fahrzeug')) {
    expired += await withTenant(deps.database.db, tenantId, (tx) => expireRequests(tx, tenantId, now));
  }
  return expired;
}
