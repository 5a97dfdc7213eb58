import type { Db } from '@db/client';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/**
 * Cancels the future bookings of a deactivated person in one statement per
 * kind and answers what was cancelled, for the mail. Running trips and seats
 * already in use stay: they end as usual.
 */
export async function cancelFutureBookingsOf(db: Db, tenantId: string, userId: string, reason: string, now: Date) {
  const vehicles = rowsOf<{ id: string; vehicle_id: string; label: string; von: Date | string; bis: Date | string }>(
    await db.execute(sql`
      update vehicle_bookings b
         set status = 'storniert', cancel_reason = ${reason}, updated_at = now()
        from vehicles v
       where b.tenant_id = ${tenantId} and v.tenant_id = b.tenant_id and v.id = b.vehicle_id
         and b.driver_id = ${userId}::uuid and b.von > ${now.toISOString()}::timestamptz
         and b.status not in ('storniert', 'durchgeführt', 'aktiv')
      returning b.id::text as id, b.vehicle_id::text as vehicle_id, concat_ws(' ', v.brand, v.model, v.license_plate) as label, b.von, b.bis`),
  );
  const seats = rowsOf<{ id: string; label: string; von: Date | string; bis: Date | string }>(
    await db.execute(sql`
      update reading_room_bookings b
         set status = 'storniert', cancel_reason = ${reason}, cancelled_at = now()
        from reading_rooms r
       where b.tenant_id = ${tenantId} and r.tenant_id = b.tenant_id and r.id = b.reading_room_id
         and b.booker_id = ${userId}::uuid and b.von > ${now.toISOString()}::timestamptz
         and b.status in ('vorgemerkt', 'reserviert')
      returning b.id::text as id, r.designation as label, b.von, b.bis`),
  );
  return { vehicles, seats };
}
