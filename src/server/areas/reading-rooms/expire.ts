import { withTenant } from '@db/client';
import { expireBookings } from '@server/areas/reading-rooms/reading-room-booking-repository';
import { listTenantIds } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { SEAT_TOPIC } from './common';

/**
 * The scheduled clean-up of docs/product.md#pre-bookings-and-check-in: pre-bookings not confirmed by their start
 * and reservations without check-in after the window become storniert. One
 * statement per tenant; running it twice changes nothing the second time.
 */
export async function expireReadingRoomBookings(deps: Deps, now = new Date()): Promise<number> {
  let changed = 0;
  for (const tenantId of await listTenantIds(deps.database.db)) {
    changed += await withTenant(deps.database.db, tenantId, async (tx) => {
      const rows = await expireBookings(tx, tenantId, now);
      for (const r of rows)
        await deps.events.publish(tx, { tenantId, topic: SEAT_TOPIC, type: 'cancelled', id: r.id, scope: r.floorPlanId });
      return rows.length;
    });
  }
  return changed;
}
