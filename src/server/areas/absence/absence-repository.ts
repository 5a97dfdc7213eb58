import type { Db } from '@db/client';
import { readingRoomBookings } from '@db/schema/index';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/** What an absence cancels (decision 092). Always tenant-scoped. */

/** Vehicle bookings the person drives that have not started (vorgemerkt, reserviert) and overlap [from, to). */
export async function vehicleBookingIdsInRange(db: Db, tenantId: string, personId: string, from: Date, to: Date): Promise<string[]> {
  const r = await db.execute(sql`
    select id::text from vehicle_bookings
     where tenant_id = ${tenantId} and driver_id = ${personId} and type = 'BUCHUNG'
       and status in ('vorgemerkt', 'reserviert')
       and von < ${to.toISOString()}::timestamptz and bis > ${from.toISOString()}::timestamptz
     order by von`);
  return rowsOf<{ id: string }>(r).map((x) => x.id);
}

/** Vehicle bookings the person made for another driver that have not started and overlap [from, to) (decision 111). */
export async function vehicleBookingIdsForOthersInRange(
  db: Db,
  tenantId: string,
  personId: string,
  from: Date,
  to: Date,
): Promise<string[]> {
  const r = await db.execute(sql`
    select id::text from vehicle_bookings
     where tenant_id = ${tenantId} and booked_by_id = ${personId} and driver_id <> ${personId} and type = 'BUCHUNG'
       and status in ('vorgemerkt', 'reserviert')
       and von < ${to.toISOString()}::timestamptz and bis > ${from.toISOString()}::timestamptz
     order by von`);
  return rowsOf<{ id: string }>(r).map((x) => x.id);
}

/** Hands vehicle bookings over to their drivers: the driver becomes the booker; trips under way or done stay as they are. */
export async function handOverVehicleBookings(db: Db, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const r = await db.execute(sql`
    update vehicle_bookings set booked_by_id = driver_id
     where tenant_id = ${tenantId} and id = any(array[${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )}]::uuid[])
       and status in ('vorgemerkt', 'reserviert')
    returning id::text`);
  return rowsOf<{ id: string }>(r).map((x) => x.id);
}

/**
 * Holding seat bookings of the person in [from, to) that have not ended:
 * their own, those made for them, and the pre-bookings they made for others.
 */
export async function seatBookingIdsInRange(
  db: Db,
  tenantId: string,
  personId: string,
  from: Date,
  to: Date,
  now: Date,
): Promise<string[]> {
  const r = await db.execute(sql`
    select id::text from reading_room_bookings
     where tenant_id = ${tenantId} and (booker_id = ${personId} or confirming_id = ${personId})
       and status in ('vorgemerkt', 'reserviert')
       and von < ${to.toISOString()}::timestamptz and bis > ${from.toISOString()}::timestamptz
       and bis > ${now.toISOString()}::timestamptz
     order by von`);
  return rowsOf<{ id: string }>(r).map((x) => x.id);
}

export async function cancelSeatBookings(db: Db, tenantId: string, ids: readonly string[], at: Date, reason: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(readingRoomBookings)
    .set({ status: 'storniert', cancelledAt: at, cancelReason: reason })
    .where(
      and(
        eq(readingRoomBookings.tenantId, tenantId),
        inArray(readingRoomBookings.id, [...ids]),
        inArray(readingRoomBookings.status, ['vorgemerkt', 'reserviert']),
      ),
    )
    .returning({ id: readingRoomBookings.id });
  return rows.map((r) => r.id);
}
