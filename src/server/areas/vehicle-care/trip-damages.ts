import type { Db } from '@db/client';
import { BUS_TOPICS } from '@domain/integrations';
import { insertDamage } from '@server/areas/vehicle-care/vehicle-care-repository';
import type { EventBus } from '@server/realtime/event-bus';
import type { UserContext } from '../../kernel/context';
import type { PendingMail } from '../../kernel/notifications/pending-mail';
import { damageMails } from './damage-mails';

/** The trip a damage is reported from (a vehicle booking record has these fields). */
export interface DamageTrip {
  id: string;
  vehicleId: string;
  vehicleLabel: string;
  licensePlate: string;
}

/**
 * One damage record from a trip, inside the caller's transaction: at its end
 * („Fahrt beenden“) or from the check before it (trip-checklist). It is
 * published like every reported damage, and every fleet manager gets its
 * mail after the commit; the caller sends the mails it returns.
 */
export async function reportTripDamage(
  tx: Db,
  user: UserContext,
  b: DamageTrip,
  d: { description: string; photos: string[] },
  origin: string,
  events: Pick<EventBus, 'publish'>,
): Promise<{ damageId: string; mails: PendingMail[] }> {
  const tenantId = user.tenant.id;
  const damageId = await insertDamage(tx, tenantId, {
    vehicleId: b.vehicleId,
    bookingId: b.id,
    description: d.description,
    photos: d.photos,
    userId: user.member.id,
  });
  await events.publish(tx, { tenantId, topic: BUS_TOPICS.damages, type: 'reported', id: damageId, scope: b.vehicleId });
  const mails = await damageMails(
    tx,
    tenantId,
    { id: b.vehicleId, label: b.vehicleLabel, plate: b.licensePlate },
    { description: d.description, reporter: `${user.member.firstName} ${user.member.lastName}`, at: new Date() },
    origin,
  );
  return { damageId, mails };
}
