import type { Db } from '@db/client';
import { serviceEntries, users, vehicleBookings, vehicleDamageEvents, vehicleDamages } from '@db/schema/index';
import type { LatestUvv } from '@domain/uvv-inspection';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/** Service booklet, damage records with their events, and the care state the vehicle list shows. Always tenant-scoped. */

const userName = sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`;

// ───────────────────────── service booklet ─────────────────────────

export interface ServiceWrite {
  kind: string;
  description: string;
  performedOn: string;
  odometer: number | null;
  costCents: number | null;
  workshop: string | null;
  nextDueOn: string | null;
  inspector: string | null;
  uvvResult: string | null;
  receipts: string[];
}

export async function listServiceEntries(db: Db, tenantId: string, vehicleId: string) {
  return db
    .select({
      id: serviceEntries.id,
      kind: serviceEntries.kind,
      description: serviceEntries.description,
      performedOn: serviceEntries.performedOn,
      odometer: serviceEntries.odometer,
      costCents: serviceEntries.costCents,
      workshop: serviceEntries.workshop,
      nextDueOn: serviceEntries.nextDueOn,
      inspector: serviceEntries.inspector,
      uvvResult: serviceEntries.uvvResult,
      receipts: serviceEntries.receipts,
      periodFrom: vehicleBookings.von,
      periodTo: vehicleBookings.bis,
      createdAt: serviceEntries.createdAt,
      updatedAt: serviceEntries.updatedAt,
      byName: userName,
    })
    .from(serviceEntries)
    .leftJoin(users, and(eq(users.tenantId, serviceEntries.tenantId), eq(users.id, serviceEntries.updatedById)))
    .leftJoin(
      vehicleBookings,
      and(eq(vehicleBookings.tenantId, serviceEntries.tenantId), eq(vehicleBookings.id, serviceEntries.blockBookingId)),
    )
    .where(and(eq(serviceEntries.tenantId, tenantId), eq(serviceEntries.vehicleId, vehicleId)))
    .orderBy(desc(serviceEntries.performedOn), desc(serviceEntries.createdAt))
    .limit(500);
}

export async function insertServiceEntry(
  db: Db,
  tenantId: string,
  vehicleId: string,
  userId: string,
  e: ServiceWrite & { blockBookingId: string | null },
): Promise<string> {
  const [row] = await db
    .insert(serviceEntries)
    .values({ tenantId, vehicleId, ...e, createdById: userId, updatedById: userId })
    .returning({ id: serviceEntries.id });
  return row!.id;
}

export async function updateServiceEntry(
  db: Db,
  tenantId: string,
  vehicleId: string,
  id: string,
  userId: string,
  e: ServiceWrite,
): Promise<boolean> {
  const rows = await db
    .update(serviceEntries)
    .set({ ...e, updatedById: userId, updatedAt: new Date() })
    .where(and(eq(serviceEntries.tenantId, tenantId), eq(serviceEntries.vehicleId, vehicleId), eq(serviceEntries.id, id)))
    .returning({ id: serviceEntries.id });
  return rows.length === 1;
}

export async function findServiceEntry(db: Db, tenantId: string, vehicleId: string, id: string) {
  const [row] = await db
    .select({ id: serviceEntries.id, kind: serviceEntries.kind, receipts: serviceEntries.receipts })
    .from(serviceEntries)
    .where(and(eq(serviceEntries.tenantId, tenantId), eq(serviceEntries.vehicleId, vehicleId), eq(serviceEntries.id, id)));
  return row ?? null;
}

// ───────────────────────── damages ─────────────────────────

export interface DamageRecord {
  id: string;
  vehicleId: string;
  bookingId: string | null;
  description: string;
  status: string;
  photos: string[];
  reportedAt: Date;
  reportedBy: string | null;
  blockBookingId: string | null;
  resolvedAt: Date | null;
}

const damageColumns = {
  id: vehicleDamages.id,
  vehicleId: vehicleDamages.vehicleId,
  bookingId: vehicleDamages.bookingId,
  description: vehicleDamages.description,
  status: vehicleDamages.status,
  photos: vehicleDamages.photos,
  reportedAt: vehicleDamages.reportedAt,
  reportedBy: userName,
  blockBookingId: vehicleDamages.blockBookingId,
  resolvedAt: vehicleDamages.resolvedAt,
};

export async function insertDamage(
  db: Db,
  tenantId: string,
  d: { vehicleId: string; bookingId: string | null; description: string; photos: string[]; userId: string },
): Promise<string> {
  const [row] = await db
    .insert(vehicleDamages)
    .values({
      tenantId,
      vehicleId: d.vehicleId,
      bookingId: d.bookingId,
      description: d.description,
      photos: d.photos,
      reportedById: d.userId,
    })
    .returning({ id: vehicleDamages.id });
  await insertDamageEvent(db, tenantId, row!.id, 'gemeldet', null, d.userId);
  return row!.id;
}

export async function insertDamageEvent(db: Db, tenantId: string, damageId: string, status: string, note: string | null, userId: string) {
  await db.insert(vehicleDamageEvents).values({ tenantId, damageId, status, note, userId });
}

/** The damage, locked (default) so two status changes or blocks of one damage run one after another. */
export async function lockDamage(db: Db, tenantId: string, vehicleId: string, id: string, lock = true): Promise<DamageRecord | null> {
  if (lock)
    await db.execute(
      sql`select 1 from vehicle_damages where tenant_id = ${tenantId} and vehicle_id = ${vehicleId} and id = ${id} for update`,
    );
  const [row] = await db
    .select(damageColumns)
    .from(vehicleDamages)
    .leftJoin(users, and(eq(users.tenantId, vehicleDamages.tenantId), eq(users.id, vehicleDamages.reportedById)))
    .where(and(eq(vehicleDamages.tenantId, tenantId), eq(vehicleDamages.vehicleId, vehicleId), eq(vehicleDamages.id, id)));
  return row ?? null;
}

export async function updateDamage(
  db: Db,
  tenantId: string,
  id: string,
  set: { status?: string; blockBookingId?: string; resolvedAt?: Date | null },
): Promise<void> {
  await db
    .update(vehicleDamages)
    .set(set)
    .where(and(eq(vehicleDamages.tenantId, tenantId), eq(vehicleDamages.id, id)));
}

export async function listDamages(db: Db, tenantId: string, vehicleId: string): Promise<DamageRecord[]> {
  return db
    .select(damageColumns)
    .from(vehicleDamages)
    .leftJoin(users, and(eq(users.tenantId, vehicleDamages.tenantId), eq(users.id, vehicleDamages.reportedById)))
    .where(and(eq(vehicleDamages.tenantId, tenantId), eq(vehicleDamages.vehicleId, vehicleId)))
    .orderBy(desc(vehicleDamages.reportedAt))
    .limit(500);
}

export async function listDamageEvents(db: Db, tenantId: string, damageIds: string[]) {
  if (damageIds.length === 0) return [];
  return db
    .select({
      damageId: vehicleDamageEvents.damageId,
      at: vehicleDamageEvents.at,
      status: vehicleDamageEvents.status,
      note: vehicleDamageEvents.note,
      by: userName,
    })
    .from(vehicleDamageEvents)
    .leftJoin(users, and(eq(users.tenantId, vehicleDamageEvents.tenantId), eq(users.id, vehicleDamageEvents.userId)))
    .where(and(eq(vehicleDamageEvents.tenantId, tenantId), inArray(vehicleDamageEvents.damageId, damageIds)))
    .orderBy(asc(vehicleDamageEvents.at));
}

// ───────────────────────── state for lists ─────────────────────────

/** Vehicles blocked by an open damage (partial index), and the next Hauptuntersuchung / inspection / UVV inspection per vehicle: two queries for any number of vehicles. */
export async function careStates(db: Db, tenantId: string, vehicleIds: string[] | null) {
  if (vehicleIds?.length === 0) return { defect: new Set<string>(), due: [] as { vehicleId: string; kind: string; nextDueOn: string }[] };
  const ids =
    vehicleIds === null
      ? sql`true`
      : sql`vehicle_id in (${sql.join(
          vehicleIds.map((v) => sql`${v}::uuid`),
          sql`, `,
        )})`;
  const defect = rowsOf<{ vehicle_id: string }>(
    await db.execute(sql`
      select distinct vehicle_id::text from vehicle_damages
       where tenant_id = ${tenantId} and block_booking_id is not null and status <> 'behoben' and ${ids}`),
  );
  // The newest entry of each kind decides the next due date: an old HU's date is settled by the next HU.
  const due = rowsOf<{ vehicle_id: string; kind: string; next_due_on: string | null }>(
    await db.execute(sql`
      select distinct on (vehicle_id, kind) vehicle_id::text, kind, next_due_on::text
        from service_entries
       where tenant_id = ${tenantId} and kind in ('Hauptuntersuchung', 'Inspektion', 'UVV-Prüfung') and ${ids}
       order by vehicle_id, kind, performed_on desc, created_at desc`),
  );
  return {
    defect: new Set(defect.map((r) => r.vehicle_id)),
    due: due.filter((r) => r.next_due_on !== null).map((r) => ({ vehicleId: r.vehicle_id, kind: r.kind, nextDueOn: r.next_due_on! })),
  };
}

/** The cleanliness ratings of the vehicle's check-out before this one (null for its first). */
export async function previousCheckOutRatings(db: Db, tenantId: string, vehicleId: string, bookingId: string) {
  const r = rowsOf<{ inside: string | null; outside: string | null }>(
    await db.execute(sql`
      select cleanliness_inside as inside, cleanliness_outside as outside from vehicle_history
       where tenant_id = ${tenantId} and vehicle_id = ${vehicleId} and type = 'CHECK_OUT'
         and (booking_id is null or booking_id <> ${bookingId})
       order by time desc limit 1`),
  );
  return r[0] ?? null;
}

/**
 * What booking and trip start read of a vehicle's care, in one statement: whether an open damage holds a
 * DEFEKT block (partial index), and, only when the tenant switched the UVV gate on (fahrzeugUvvSperre),
 * the newest UVV inspection. The gate's default is false, as in the settings catalogue.
 */
export async function careGate(db: Db, tenantId: string, vehicleId: string): Promise<{ openDefect: boolean; uvv: LatestUvv | null }> {
  const [row] = rowsOf<{ open_defect: boolean; performed_on: string | null; result: string | null; next_due_on: string | null }>(
    await db.execute(sql`
      with gate as (
        select coalesce((select sv.value = 'true' from setting_values sv
                          where sv.tenant_id = ${tenantId} and sv.option_name = 'fahrzeugUvvSperre' and sv.layer = 'MANDANT' limit 1), false) as enabled)
      select exists (select 1 from vehicle_damages
                      where tenant_id = ${tenantId} and vehicle_id = ${vehicleId} and block_booking_id is not null and status <> 'behoben') as open_defect,
             u.performed_on::text, u.uvv_result as result, u.next_due_on::text
        from gate
        left join lateral (
          select performed_on, uvv_result, next_due_on from service_entries
           where tenant_id = ${tenantId} and vehicle_id = ${vehicleId} and kind = 'UVV-Prüfung'
           order by performed_on desc, created_at desc limit 1) u on gate.enabled`),
  );
  const uvv = row?.performed_on ? { performedOn: row.performed_on, result: row.result, nextDueOn: row.next_due_on } : null;
  return { openDefect: row?.open_defect === true, uvv };
}

/** Active vehicles with their next Hauptuntersuchung / inspection / UVV inspection, for the daily reminder run. */
export async function serviceDueDates(db: Db, tenantId: string) {
  const { due } = await careStates(db, tenantId, null);
  if (due.length === 0) return [];
  const names = rowsOf<{ id: string; label: string; plate: string }>(
    await db.execute(sql`
      select id::text, brand || ' ' || model as label, license_plate as plate
        from vehicles where tenant_id = ${tenantId} and not deactivated`),
  );
  const byId = new Map(names.map((v) => [v.id, v]));
  return due.flatMap((d) => {
    const v = byId.get(d.vehicleId);
    return v ? [{ ...d, label: v.label, plate: v.plate }] : [];
  });
}

/** Claims one due date for its reminder; false when it was reminded already (by this or another node). */
export async function claimServiceReminder(db: Db, tenantId: string, vehicleId: string, kind: string, dueOn: string): Promise<boolean> {
  const rows = rowsOf<{ kind: string }>(
    await db.execute(sql`
      insert into service_due_reminders (tenant_id, vehicle_id, kind, due_on)
      values (${tenantId}, ${vehicleId}::uuid, ${kind}, ${dueOn}::date)
      on conflict do nothing returning kind`),
  );
  return rows.length > 0;
}
