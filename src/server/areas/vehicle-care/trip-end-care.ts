import type { Db } from '@db/client';
import { soilingCrossings } from '@domain/vehicle-care';
import { membersWithPermission } from '@server/areas/people/public';
import { previousCheckOutRatings } from '@server/areas/vehicle-care/vehicle-care-repository';
import { soilingMail } from '@server/areas/vehicle-care/vehicle-care-templates';
import type { EventBus } from '@server/realtime/event-bus';
import type { UserContext } from '../../kernel/context';
import type { PendingMail } from '../../kernel/notifications/pending-mail';
import { effectiveSetting } from '../settings/public';
import { detailUrl } from './damage-mails';
import { reportTripDamage } from './trip-damages';

/**
 * What "Fahrt beenden" leaves for vehicle care, inside the check-out's
 * transaction: each reported damage becomes a damage record (fleet managers
 * mailed at once), and a cleanliness rating that crosses the tenant's soiling
 * threshold mails the fleet managers once per crossing (decision 071).
 * Mails are returned and sent after the commit.
 */
/** What the trip's end tells vehicle care of its booking (a vehicle booking record has these fields). */
export interface EndedTrip {
  id: string;
  vehicleId: string;
  vehicleLabel: string;
  licensePlate: string;
  driver: { name: string };
}

export async function tripEndCare(
  tx: Db,
  user: UserContext,
  b: EndedTrip,
  req: { damages: { description: string; receiptId: string | null }[]; cleanlinessInside: string; cleanlinessOutside: string },
  origin: string,
  events: Pick<EventBus, 'publish'>,
): Promise<PendingMail[]> {
  const tenantId = user.tenant.id;
  const vehicle = { id: b.vehicleId, label: b.vehicleLabel, plate: b.licensePlate };
  const now = new Date();
  const mails: PendingMail[] = [];
  for (const d of req.damages) {
    const reported = await reportTripDamage(
      tx,
      user,
      b,
      { description: d.description, photos: d.receiptId ? [d.receiptId] : [] },
      origin,
      events,
    );
    mails.push(...reported.mails);
  }
  const previous = await previousCheckOutRatings(tx, tenantId, b.vehicleId, b.id);
  const limitInside = await effectiveSetting(tx, tenantId, null, 'verschmutzungsgrenzeInnen');
  const limitOutside = await effectiveSetting(tx, tenantId, null, 'verschmutzungsgrenzeAussen');
  const crossed = soilingCrossings({
    inside: { previous: previous?.inside ?? null, current: req.cleanlinessInside, threshold: limitInside },
    outside: { previous: previous?.outside ?? null, current: req.cleanlinessOutside, threshold: limitOutside },
  });
  if (crossed.length > 0) {
    for (const m of await membersWithPermission(tx, tenantId, 'fahrzeug_pflege')) {
      mails.push({
        to: m.email,
        recipientId: m.id,
        render: (locale) =>
          soilingMail({
            name: m.name,
            vehicle: vehicle.label,
            plate: vehicle.plate,
            url: detailUrl(origin, vehicle.id),
            driver: b.driver.name,
            at: now,
            inside: req.cleanlinessInside,
            outside: req.cleanlinessOutside,
            limitInside,
            limitOutside,
            locale,
          }),
      });
    }
  }
  return mails;
}
