import type { Db } from '@db/client';
import { occupancyEmbedding, occupancyFloorPlans } from '@db/schema/index';
import { DEFAULT_COLOUR } from '@domain/occupancy';
import { stampOf } from '@server/kernel/change-version-repository';
import { rowsOf } from '@server/kernel/rows';
import { and, eq, sql } from 'drizzle-orm';

const GLOBAL_TENANT = '00000000-0000-0000-0000-000000000000';

/** What a public occupancy answer is built from: the plans and their bookings, the switches and websites, the tenant's logo. */
export const OCCUPANCY_SUBJECTS = ['reading_rooms', 'reading_room_bookings', 'occupancy', 'tenants'] as const;

/**
 * The stamp of everything a public occupancy answer shows, in one primary-key
 * read of change_versions, outside any transaction (the owner reads it as
 * resolve-user and the host cache read theirs): the tenant's reading rooms,
 * their bookings and the occupancy switches, and the global `tenants` version
 * (the tenant's logo lives on its row).
 */
export async function occupancyStamp(db: Db, tenantId: string): Promise<string> {
  const rows = rowsOf<{ subject: string; version: string | number }>(
    await db.execute(sql`
      select subject, version from change_versions
       where (tenant_id = ${tenantId} and subject in ('reading_rooms', 'reading_room_bookings', 'occupancy'))
          or (tenant_id = ${GLOBAL_TENANT} and subject = 'tenants')`),
  );
  return stampOf(OCCUPANCY_SUBJECTS, new Map(rows.map((r) => [r.subject, r.version])));
}

export interface EmbeddingRecord {
  origins: string[];
  colour: string;
  hasLogo: boolean;
}

/** The tenant's websites, colour and whether it has a logo; the defaults while nothing was saved. */
export async function findEmbedding(db: Db, tenantId: string): Promise<EmbeddingRecord> {
  const [row] = rowsOf<{ origins: string[] | string | null; colour: string | null; has_logo: boolean }>(
    await db.execute(sql`
      select e.origins, e.colour, (t.logo_path is not null) as has_logo
        from tenants t left join occupancy_embedding e on e.tenant_id = t.id
       where t.id = ${tenantId}`),
  );
  const origins = row?.origins ?? [];
  return {
    // node-postgres hands a text[] over as an array, PGlite may as its literal
    origins: Array.isArray(origins) ? origins : parseTextArray(origins),
    colour: row?.colour ?? DEFAULT_COLOUR,
    hasLogo: row?.has_logo ?? false,
  };
}

const parseTextArray = (literal: string): string[] =>
  literal === '{}'
    ? []
    : literal
        .slice(1, -1)
        .split(',')
        .map((s) => s.replace(/^"|"$/g, ''));

export async function saveEmbedding(db: Db, tenantId: string, value: { origins: string[]; colour: string }): Promise<void> {
  await db
    .insert(occupancyEmbedding)
    .values({ tenantId, ...value })
    .onConflictDoUpdate({ target: occupancyEmbedding.tenantId, set: { ...value, updatedAt: sql`now()` } });
}

/** Ids of the tenant's floor plans that show their occupancy. */
export async function enabledPlanIds(db: Db, tenantId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: occupancyFloorPlans.floorPlanId })
    .from(occupancyFloorPlans)
    .where(eq(occupancyFloorPlans.tenantId, tenantId));
  return new Set(rows.map((r) => r.id));
}

/** Ids of the floor plans of a location that show their occupancy, active ones only, by name. */
export async function enabledPlanIdsOfLocation(db: Db, tenantId: string, locationId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select p.id::text as id from occupancy_floor_plans o
        join floor_plans p on p.tenant_id = o.tenant_id and p.id = o.floor_plan_id
       where o.tenant_id = ${tenantId} and p.location_id = ${locationId} and p.active
       order by p.name`),
  );
  return rows.map((r) => r.id);
}

export async function setPlanEnabled(db: Db, tenantId: string, floorPlanId: string, enabled: boolean): Promise<void> {
  if (enabled) await db.insert(occupancyFloorPlans).values({ tenantId, floorPlanId }).onConflictDoNothing();
  else
    await db
      .delete(occupancyFloorPlans)
      .where(and(eq(occupancyFloorPlans.tenantId, tenantId), eq(occupancyFloorPlans.floorPlanId, floorPlanId)));
}
