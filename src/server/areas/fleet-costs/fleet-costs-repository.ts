import type { Db } from '@db/client';
import { fuelCards, fuelReceipts, users } from '@db/schema/index';
import { rollupPlan } from '@domain/evaluation';
import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/** Fuel and charging cards, receipts, capacities and the sums of the cost report. Always tenant-scoped. */

export interface CardRecord {
  id: string;
  kind: string;
  provider: string;
  lastFour: string;
  validUntil: string | null;
  vehicleId: string | null;
  vehiclePlate: string | null;
  note: string | null;
  retired: boolean;
}

export interface CardWrite {
  kind: string;
  provider: string;
  lastFour: string;
  validUntil: string | null;
  vehicleId: string | null;
  note: string | null;
  retired: boolean;
}

const cardColumns = sql`c.id::text as id, c.kind, c.provider, c.last_four as "lastFour", c.valid_until::text as "validUntil",
       c.vehicle_id::text as "vehicleId", v.license_plate as "vehiclePlate", c.note, c.retired`;

/** The tenant's cards (or those of one vehicle), active ones first. */
export async function listCards(db: Db, tenantId: string, vehicleId: string | null): Promise<CardRecord[]> {
  return rowsOf<CardRecord>(
    await db.execute(sql`
      select ${cardColumns}
        from fuel_cards c
        left join vehicles v on v.tenant_id = c.tenant_id and v.id = c.vehicle_id
       where c.tenant_id = ${tenantId} and (${vehicleId}::uuid is null or c.vehicle_id = ${vehicleId}::uuid)
       order by c.retired, v.license_plate nulls last, c.provider, c.last_four
       limit 2000`),
  );
}

export async function findCard(db: Db, tenantId: string, id: string): Promise<CardRecord | null> {
  const [row] = rowsOf<CardRecord>(
    await db.execute(sql`
      select ${cardColumns}
        from fuel_cards c
        left join vehicles v on v.tenant_id = c.tenant_id and v.id = c.vehicle_id
       where c.tenant_id = ${tenantId} and c.id = ${id}::uuid`),
  );
  return row ?? null;
}

export async function insertCard(db: Db, tenantId: string, c: CardWrite): Promise<string> {
  const [row] = await db
    .insert(fuelCards)
    .values({ tenantId, ...c })
    .returning({ id: fuelCards.id });
  return row!.id;
}

export async function updateCard(db: Db, tenantId: string, id: string, c: CardWrite): Promise<boolean> {
  const rows = await db
    .update(fuelCards)
    .set(c)
    .where(and(eq(fuelCards.tenantId, tenantId), eq(fuelCards.id, id)))
    .returning({ id: fuelCards.id });
  return rows.length === 1;
}

/** Tank and battery capacity of a vehicle of the tenant. */
export async function vehicleCapacity(db: Db, tenantId: string, vehicleId: string) {
  const [row] = rowsOf<{ tankLitres: number | null; batteryKwh: number | null }>(
    await db.execute(sql`
      select tank_litres as "tankLitres", battery_kwh as "batteryKwh"
        from vehicles where tenant_id = ${tenantId} and id = ${vehicleId}::uuid`),
  );
  return { tankLitres: row?.tankLitres ?? null, batteryKwh: row?.batteryKwh ?? null };
}

export async function setVehicleCapacity(
  db: Db,
  tenantId: string,
  vehicleId: string,
  tankLitres: number | null,
  batteryKwh: number | null,
) {
  await db.execute(sql`
    update vehicles set tank_litres = ${tankLitres}, battery_kwh = ${batteryKwh}
     where tenant_id = ${tenantId} and id = ${vehicleId}::uuid`);
}

/**
 * The highest odometer reading known from before the receipt's day: trips
 * that ended before the day began (logbook and check-outs) and receipts of
 * earlier days. Readings of the same day are left out on purpose: a driver
 * fills up during a trip whose end reading is higher.
 */
export async function previousOdometerBefore(
  db: Db,
  tenantId: string,
  vehicleId: string,
  dayStart: Date,
  day: string,
): Promise<number | null> {
  const [row] = rowsOf<{ last: number | null }>(
    await db.execute(sql`
      select greatest(
        (select max(odometer_end) from logbook_entries
          where tenant_id = ${tenantId} and vehicle_id = ${vehicleId}::uuid and ended_at < ${dayStart.toISOString()}::timestamptz),
        (select max(mileage) from vehicle_history
          where tenant_id = ${tenantId} and vehicle_id = ${vehicleId}::uuid and time < ${dayStart.toISOString()}::timestamptz),
        (select max(odometer) from fuel_receipts
          where tenant_id = ${tenantId} and vehicle_id = ${vehicleId}::uuid and day < ${day}::date)
      ) as last`),
  );
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

export interface ReceiptWrite {
  vehicleId: string;
  kind: string;
  day: string;
  litres: number | null;
  kwh: number | null;
  amountCents: number;
  odometer: number | null;
  cardId: string | null;
  bookingId: string | null;
  photo: string | null;
  note: string | null;
  createdById: string;
}

export async function insertReceipt(db: Db, tenantId: string, r: ReceiptWrite): Promise<string> {
  const [row] = await db
    .insert(fuelReceipts)
    .values({ tenantId, ...r })
    .returning({ id: fuelReceipts.id });
  return row!.id;
}

const byName = sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`;

/** A vehicle's receipts, newest first, with the card's last digits and who recorded them. */
export async function listReceipts(db: Db, tenantId: string, vehicleId: string, limit = 500) {
  return db
    .select({
      id: fuelReceipts.id,
      kind: fuelReceipts.kind,
      day: fuelReceipts.day,
      litres: fuelReceipts.litres,
      kwh: fuelReceipts.kwh,
      amountCents: fuelReceipts.amountCents,
      odometer: fuelReceipts.odometer,
      cardId: fuelReceipts.cardId,
      cardLastFour: fuelCards.lastFour,
      cardProvider: fuelCards.provider,
      bookingId: fuelReceipts.bookingId,
      photo: fuelReceipts.photo,
      note: fuelReceipts.note,
      createdAt: fuelReceipts.createdAt,
      by: byName,
    })
    .from(fuelReceipts)
    .leftJoin(fuelCards, and(eq(fuelCards.tenantId, fuelReceipts.tenantId), eq(fuelCards.id, fuelReceipts.cardId)))
    .leftJoin(users, and(eq(users.tenantId, fuelReceipts.tenantId), eq(users.id, fuelReceipts.createdById)))
    .where(and(eq(fuelReceipts.tenantId, tenantId), eq(fuelReceipts.vehicleId, vehicleId)))
    .orderBy(desc(fuelReceipts.day), desc(fuelReceipts.createdAt))
    .limit(limit);
}

export async function findReceipt(db: Db, tenantId: string, vehicleId: string, id: string) {
  const [row] = await db
    .select({ id: fuelReceipts.id, photo: fuelReceipts.photo })
    .from(fuelReceipts)
    .where(and(eq(fuelReceipts.tenantId, tenantId), eq(fuelReceipts.vehicleId, vehicleId), eq(fuelReceipts.id, id)));
  return row ?? null;
}

export async function deleteReceipt(db: Db, tenantId: string, vehicleId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(fuelReceipts)
    .where(and(eq(fuelReceipts.tenantId, tenantId), eq(fuelReceipts.vehicleId, vehicleId), eq(fuelReceipts.id, id)))
    .returning({ id: fuelReceipts.id });
  return rows.length === 1;
}

export interface CostSums {
  fuelCents: number;
  chargingCents: number;
  otherCents: number;
  litres: number;
  kwh: number;
  serviceCents: number;
  repairCents: number;
  /** Logbook distance of the period's trips (current revisions only). */
  kilometres: number;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/**
 * Receipt, service-booklet and logbook sums per vehicle over the days [fromDay, toDay). Receipts and distances come
 * from the roll-up of migration 0049 (month rows, and day rows added or taken away at the edges: `rollupPlan`), so a
 * year of 2,000 vehicles reads a few ten thousand index entries instead of every receipt and trip
 * (docs/performance/fleet-costs.md); the service booklet has a few entries per vehicle and a year and is summed as it
 * is. A booklet entry of kind Reparatur counts as repair, every other kind as service. Two statements whatever the
 * period or the number of vehicles.
 */
export async function costSums(db: Db, tenantId: string, fromDay: string, toDay: string): Promise<Map<string, CostSums>> {
  const parts = rollupPlan(fromDay, toDay).map(
    (p) => sql`select ${p.sign}::int as sign, vehicle_id, fuel_cents, charging_cents, other_cents, litres, kwh, kilometres
                 from fleet_cost_days
                where tenant_id = ${tenantId} and whole_month = ${p.wholeMonth} and day >= ${p.from}::date and day < ${p.to}::date`,
  );
  const rolled =
    parts.length === 0
      ? []
      : rowsOf<Record<string, unknown>>(
          await db.execute(sql`
            select x.vehicle_id::text as vehicle_id,
                   sum(x.sign * x.fuel_cents) as fuel, sum(x.sign * x.charging_cents) as charging, sum(x.sign * x.other_cents) as other,
                   sum(x.sign * x.litres) as litres, sum(x.sign * x.kwh) as kwh, sum(x.sign * x.kilometres) as km
              from (${sql.join(parts, sql` union all `)}) x
             group by x.vehicle_id`),
        );
  const service = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select vehicle_id::text as vehicle_id,
             sum(cost_cents) filter (where kind <> 'Reparatur') as service,
             sum(cost_cents) filter (where kind = 'Reparatur') as repair
        from service_entries
       where tenant_id = ${tenantId} and performed_on >= ${fromDay}::date and performed_on < ${toDay}::date and cost_cents is not null
       group by vehicle_id`),
  );
  const out = new Map<string, CostSums>();
  const at = (id: string) => {
    let s = out.get(id);
    if (!s) {
      s = { fuelCents: 0, chargingCents: 0, otherCents: 0, litres: 0, kwh: 0, serviceCents: 0, repairCents: 0, kilometres: 0 };
      out.set(id, s);
    }
    return s;
  };
  for (const r of rolled) {
    const s = at(String(r.vehicle_id));
    s.fuelCents = num(r.fuel);
    s.chargingCents = num(r.charging);
    s.otherCents = num(r.other);
    // sums of doubles taken away and added again: round off what the float arithmetic leaves behind
    s.litres = Math.round(num(r.litres) * 1000) / 1000;
    s.kwh = Math.round(num(r.kwh) * 1000) / 1000;
    s.kilometres = num(r.km);
  }
  for (const r of service) {
    const s = at(String(r.vehicle_id));
    s.serviceCents = num(r.service);
    s.repairCents = num(r.repair);
  }
  return out;
}

/** Whether the booking is one of this vehicle in the tenant. */
export async function isBookingOfVehicle(db: Db, tenantId: string, vehicleId: string, bookingId: string): Promise<boolean> {
  const r = rowsOf<{ x: number }>(
    await db.execute(sql`
      select 1 as x from vehicle_bookings where tenant_id = ${tenantId} and vehicle_id = ${vehicleId}::uuid and id = ${bookingId}::uuid`),
  );
  return r.length > 0;
}
