import type { Db } from '@db/client';
import { locations, parkingSpaces } from '@db/schema/index';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/** Locations and parking spaces for their administration; every statement names the tenant. */

export interface AdminLocationRow {
  id: string;
  name: string;
  vehicles: number;
  floorPlans: number;
  parkingSpaces: { id: string; name: string; active: boolean; used: boolean }[];
}

/** Two statements whatever the number of locations: the counts come from correlated sub-queries. */
export async function listAdminLocations(db: Db, tenantId: string): Promise<AdminLocationRow[]> {
  const locs = rowsOf<{ id: string; name: string; vehicles: number; floor_plans: number }>(
    await db.execute(sql`
      select l.id::text as id, l.name,
             (select count(*)::int from vehicles v where v.tenant_id = l.tenant_id and v.location_id = l.id) as vehicles,
             (select count(*)::int from floor_plans f where f.tenant_id = l.tenant_id and f.location_id = l.id) as floor_plans
        from locations l
       where l.tenant_id = ${tenantId}
       order by l.name`),
  );
  const spaces = rowsOf<{ id: string; location_id: string; name: string; active: boolean; used: boolean }>(
    await db.execute(sql`
      select p.id::text as id, p.location_id::text as location_id, p.name, p.active,
             exists (select 1 from vehicle_history h where h.tenant_id = p.tenant_id and h.parking_space_id = p.id) as used
        from parking_spaces p
       where p.tenant_id = ${tenantId}
       order by p.name`),
  );
  return locs.map((l) => ({
    id: l.id,
    name: l.name,
    vehicles: l.vehicles,
    floorPlans: l.floor_plans,
    parkingSpaces: spaces.filter((s) => s.location_id === l.id).map(({ id, name, active, used }) => ({ id, name, active, used })),
  }));
}

export async function findLocation(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), eq(locations.id, id)));
  return row ?? null;
}

export async function insertLocation(db: Db, tenantId: string, name: string): Promise<string> {
  const [row] = await db.insert(locations).values({ tenantId, name }).returning({ id: locations.id });
  return row!.id;
}

export async function renameLocation(db: Db, tenantId: string, id: string, name: string): Promise<void> {
  await db
    .update(locations)
    .set({ name })
    .where(and(eq(locations.tenantId, tenantId), eq(locations.id, id)));
}

export async function deleteLocation(db: Db, tenantId: string, id: string): Promise<void> {
  await db.delete(locations).where(and(eq(locations.tenantId, tenantId), eq(locations.id, id)));
}

export async function findParkingSpace(db: Db, tenantId: string, id: string) {
  const r = rowsOf<{ id: string; location_id: string; name: string; active: boolean; used: boolean }>(
    await db.execute(sql`
      select p.id::text as id, p.location_id::text as location_id, p.name, p.active,
             exists (select 1 from vehicle_history h where h.tenant_id = p.tenant_id and h.parking_space_id = p.id) as used
        from parking_spaces p
       where p.tenant_id = ${tenantId} and p.id = ${id}::uuid`),
  );
  const row = r[0];
  return row ? { id: row.id, locationId: row.location_id, name: row.name, active: row.active, used: row.used } : null;
}

export async function insertParkingSpace(db: Db, tenantId: string, locationId: string, name: string): Promise<string> {
  const [row] = await db.insert(parkingSpaces).values({ tenantId, locationId, name }).returning({ id: parkingSpaces.id });
  return row!.id;
}

export async function updateParkingSpace(db: Db, tenantId: string, id: string, patch: { name?: string; active?: boolean }) {
  await db
    .update(parkingSpaces)
    .set(patch)
    .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.id, id)));
}

export async function deleteParkingSpace(db: Db, tenantId: string, id: string): Promise<void> {
  await db.delete(parkingSpaces).where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.id, id)));
}
