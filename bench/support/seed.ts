import { type Database, withTenant } from '@db/client';
import { floorPlans, readingRoomBookings, readingRooms, tenants, users } from '@db/schema/index';
import { instantOf } from '@domain/opening-hours';
import { eq, sql } from 'drizzle-orm';

/**
 * 200 vehicles and 100,000 bookings in the Stadtwerke tenant (bench/vehicle-availability.ts,
 * bench/http-reads.ts), each with one INSERT … SELECT generate_series. Returns the bench vehicles' ids by plate.
 */
export async function seedFleet(database: Database, vehicles = 200, bookingsPerVehicle = 500): Promise<string[]> {
  const [t] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subIdentifier, 'stadtwerke'));
  const tenantId = t!.id;
  const t0 = performance.now();
  await database.db.execute(sql`
    insert into vehicles (tenant_id, location_id, category, brand, model, license_plate, fuel, booking_weekdays, booking_from, booking_to)
    select ${tenantId}, (select id from locations where tenant_id = ${tenantId} order by name limit 1), 'Bench', 'Bench', 'Modell ' || g,
           'BE-NCH ' || g, 'Benzin', '["montags","dienstags","mittwochs","donnerstags","freitags","samstags","sonntags"]'::jsonb, '00:00', '23:59'
      from generate_series(1, ${vehicles}) g`);
  // One booking per vehicle and day, 470 days back to 29 days ahead (future bookings are bounded by the
  // booking window), 2 h at a varying hour; every 10th cancelled.
  await database.db.execute(sql`
    insert into vehicle_bookings (tenant_id, vehicle_id, von, bis, blocked_until, status, type, booked_by_id, driver_id, reason)
    select ${tenantId}, v.id, d.von, d.von + interval '2 hours', d.von + interval '2 hours 15 minutes',
           case when k % 10 = 0 then 'storniert' when d.von < now() then 'durchgeführt' else 'reserviert' end,
           'BUCHUNG', u.id, u.id, 'Benchmark'
      from (select id, row_number() over (order by id) as rn from vehicles where tenant_id = ${tenantId} and category = 'Bench') v
      cross join generate_series(0, ${bookingsPerVehicle - 1}) k
      cross join lateral (select date_trunc('day', now()) - interval '470 days' + k * interval '1 day' + ((6 + (v.rn + k) % 10) * interval '1 hour') as von) d
      cross join lateral (select id from users where tenant_id = ${tenantId} and email = 'mitarbeiter@stadtwerke.test') u`);
  await database.db.execute(sql`analyze vehicle_bookings`);
  const counts = (await database.db.execute(sql`
    select (select count(*)::int from vehicles where tenant_id = ${tenantId}) as vehicles,
           (select count(*)::int from vehicle_bookings where tenant_id = ${tenantId}) as bookings`)) as unknown as {
    rows: { vehicles: number; bookings: number }[];
  };
  console.log(
    `  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${counts.rows[0]!.vehicles} vehicles, ${counts.rows[0]!.bookings} bookings in the tenant`,
  );
  const ids = (await database.db.execute(
    sql`select id::text from vehicles where tenant_id = ${tenantId} and category = 'Bench' order by license_plate`,
  )) as unknown as { rows: { id: string }[] };
  return ids.rows.map((r) => r.id);
}

export interface SeatPlan {
  planId: string;
  bookings: number;
  tenantId: string;
  /** Seats left free on the day, for bookings made while a benchmark runs. */
  free: string[];
  booker: string;
  smallPlanId: string;
}

/** A plan with `seats` seats in the Bibliothek tenant and a day's bookings (about 60 % of the seats, mixed half days and hours). */
export async function seedSeatPlan(database: Database, day: string, seats = 500): Promise<SeatPlan> {
  const [t] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subIdentifier, 'bibliothek'));
  const tenantId = t!.id;
  return withTenant(database.db, tenantId, async (tx) => {
    const bookers = (await tx.select({ id: users.id }).from(users).where(eq(users.tenantId, tenantId))).map((u) => u.id);
    const [plan] = await tx
      .insert(floorPlans)
      .values({
        tenantId,
        name: `Benchmark ${seats}`,
        area: 'leseraum',
        imagePath: 'demo/bibliothek-eg.png',
        imageType: 'image/png',
        imageWidth: 1600,
        imageHeight: 1000,
      })
      .returning({ id: floorPlans.id });
    const rooms = await tx
      .insert(readingRooms)
      .values(
        Array.from({ length: seats }, (_, i) => ({
          tenantId,
          floorPlanId: plan!.id,
          designation: `B-${String(i + 1).padStart(3, '0')}`,
          posX: 3 + (i % 25) * 3.9,
          posY: 4 + Math.floor(i / 25) * 4.7,
        })),
      )
      .returning({ id: readingRooms.id });
    const rows: (typeof readingRoomBookings.$inferInsert)[] = [];
    rooms.forEach((s, i) => {
      if (i % 5 === 4) return;
      const slot = i % 3 === 0 ? ['08:00', '12:00'] : i % 3 === 1 ? ['12:00', '18:00'] : ['09:00', '20:00'];
      rows.push({
        tenantId,
        readingRoomId: s.id,
        von: instantOf(day, slot[0]!),
        bis: instantOf(day, slot[1]!),
        status: 'reserviert',
        bookerId: bookers[i % bookers.length]!,
      });
      if (i % 3 === 0)
        rows.push({
          tenantId,
          readingRoomId: s.id,
          von: instantOf(day, '13:00'),
          bis: instantOf(day, '17:00'),
          status: 'reserviert',
          bookerId: bookers[(i + 1) % bookers.length]!,
        });
    });
    await tx.insert(readingRoomBookings).values(rows);
    const free = rooms.filter((_, i) => i % 5 === 4).map((x) => x.id);
    const [small] = await tx.select({ id: floorPlans.id }).from(floorPlans).where(eq(floorPlans.name, 'Lesesaal Erdgeschoss'));
    return { planId: plan!.id, bookings: rows.length, tenantId, free, booker: bookers[0]!, smallPlanId: small!.id };
  });
}

/** Books the next free seat of the plan's day for ten minutes, outside any measured request: it changes the tenant's reading-room version. */
export function seatBooker(database: Database, plan: SeatPlan, day: string) {
  let next = 0;
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return () => {
    const k = next++;
    // each free seat in turn, ten minutes later on every round, so no two bookings overlap
    const start = 8 * 60 + Math.floor(k / plan.free.length) * 10;
    return withTenant(database.db, plan.tenantId, (tx) =>
      tx.insert(readingRoomBookings).values({
        tenantId: plan.tenantId,
        readingRoomId: plan.free[k % plan.free.length]!,
        von: instantOf(day, hhmm(start)),
        bis: instantOf(day, hhmm(start + 10)),
        status: 'reserviert',
        bookerId: plan.booker,
      }),
    );
  };
}
