import { randomUUID } from 'node:crypto';
import type { Db } from '@db/client';
import {
  tripCheckAnswers,
  tripChecklistCategories,
  tripChecklistItems,
  tripChecklists,
  tripChecklistVersions,
  tripChecks,
} from '@db/schema/index';
import type { ChecklistItem } from '@domain/trip-checklist';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/**
 * The SQL of the check before the trip (decision 228). A checklist's points are
 * those of its newest version; versions, points, checks and answers are only
 * ever inserted (the database refuses anything else, migration 0051).
 */

export interface ChecklistRecord {
  id: string;
  name: string;
  categories: string[];
  version: number;
  versionId: string;
  publishedAt: Date;
  items: ChecklistItem[];
}

interface HeadRow {
  id: string;
  name: string;
  version: number;
  version_id: string;
  published_at: string | Date;
}

async function itemsOf(db: Db, tenantId: string, versionIds: string[]): Promise<Map<string, ChecklistItem[]>> {
  const out = new Map<string, ChecklistItem[]>(versionIds.map((v) => [v, []]));
  if (versionIds.length === 0) return out;
  const rows = rowsOf<{ id: string; version_id: string; item_key: string; label: string; critical: boolean; position: number }>(
    await db.execute(sql`
      select id::text, version_id::text, item_key::text, label, critical, position
        from trip_checklist_items
       where tenant_id = ${tenantId} and version_id in (${sql.join(
         versionIds.map((v) => sql`${v}::uuid`),
         sql`, `,
       )})
       order by position`),
  );
  for (const r of rows) {
    out.get(r.version_id)!.push({ id: r.id, key: r.item_key, label: r.label, critical: r.critical, position: r.position });
  }
  return out;
}

async function categoriesOf(db: Db, tenantId: string, checklistIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(checklistIds.map((c) => [c, []]));
  if (checklistIds.length === 0) return out;
  const rows = rowsOf<{ checklist_id: string; category: string }>(
    await db.execute(sql`
      select checklist_id::text, category from trip_checklist_categories
       where tenant_id = ${tenantId} and checklist_id in (${sql.join(
         checklistIds.map((c) => sql`${c}::uuid`),
         sql`, `,
       )})
       order by category`),
  );
  for (const r of rows) out.get(r.checklist_id)!.push(r.category);
  return out;
}

/** The newest version of each active checklist (or of the one named), newest checklist last. */
async function heads(db: Db, tenantId: string, only: string | null): Promise<HeadRow[]> {
  return rowsOf<HeadRow>(
    await db.execute(sql`
      select c.id::text, c.name, v.version, v.id::text as version_id, v.published_at
        from trip_checklists c
        join lateral (
          select id, version, published_at from trip_checklist_versions
           where tenant_id = c.tenant_id and checklist_id = c.id
           order by version desc limit 1) v on true
       where c.tenant_id = ${tenantId} and c.retired_at is null ${only ? sql`and c.id = ${only}::uuid` : sql``}
       order by c.created_at, c.name, c.id`),
  );
}

async function withParts(db: Db, tenantId: string, rows: HeadRow[]): Promise<ChecklistRecord[]> {
  const items = await itemsOf(
    db,
    tenantId,
    rows.map((r) => r.version_id),
  );
  const categories = await categoriesOf(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    categories: categories.get(r.id) ?? [],
    version: Number(r.version),
    versionId: r.version_id,
    publishedAt: new Date(r.published_at),
    items: items.get(r.version_id) ?? [],
  }));
}

export async function listChecklists(db: Db, tenantId: string): Promise<ChecklistRecord[]> {
  return withParts(db, tenantId, await heads(db, tenantId, null));
}

/** Serialises the fleet's saves of one tenant's checklists, so two saves never both claim a category. */
export async function lockTenantChecklists(db: Db, tenantId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`trip-checklists:${tenantId}`}, 0))`);
}

/** One active checklist with its newest version. */
export async function findChecklist(db: Db, tenantId: string, id: string): Promise<ChecklistRecord | null> {
  const [row] = await withParts(db, tenantId, await heads(db, tenantId, id));
  return row ?? null;
}

/** The checklist a category is checked with (by its key), with the points of its newest version; null when there is none. */
export async function checklistOfCategory(db: Db, tenantId: string, categoryKey: string): Promise<ChecklistRecord | null> {
  const [owner] = rowsOf<{ checklist_id: string }>(
    await db.execute(sql`
      select checklist_id::text from trip_checklist_categories where tenant_id = ${tenantId} and category_key = ${categoryKey}`),
  );
  return owner ? findChecklist(db, tenantId, owner.checklist_id) : null;
}

/** The checklists that already hold some of these category keys. */
export async function categoryOwners(db: Db, tenantId: string, keys: string[]) {
  if (keys.length === 0) return [];
  return rowsOf<{ category_key: string; category: string; checklist_id: string; name: string }>(
    await db.execute(sql`
      select k.category_key, k.category, k.checklist_id::text, c.name
        from trip_checklist_categories k
        join trip_checklists c on c.tenant_id = k.tenant_id and c.id = k.checklist_id
       where k.tenant_id = ${tenantId} and k.category_key in (${sql.join(
         keys.map((k) => sql`${k}`),
         sql`, `,
       )})`),
  );
}

/** The categories of the tenant's active vehicles as entered, with how many vehicles carry each. */
export async function vehicleCategoryCounts(db: Db, tenantId: string) {
  return rowsOf<{ category: string; n: number }>(
    await db.execute(sql`
      select category, count(*)::int as n from vehicles
       where tenant_id = ${tenantId} and not deactivated
       group by category order by category`),
  );
}

export async function insertChecklist(db: Db, tenantId: string, name: string): Promise<string> {
  const [row] = await db.insert(tripChecklists).values({ tenantId, name }).returning({ id: tripChecklists.id });
  return row!.id;
}

export async function renameChecklist(db: Db, tenantId: string, id: string, name: string): Promise<void> {
  await db
    .update(tripChecklists)
    .set({ name })
    .where(and(eq(tripChecklists.tenantId, tenantId), eq(tripChecklists.id, id)));
}

/** A retired checklist applies to no category; its versions stay for the checks answered with them. */
export async function retireChecklist(db: Db, tenantId: string, id: string): Promise<void> {
  await db
    .delete(tripChecklistCategories)
    .where(and(eq(tripChecklistCategories.tenantId, tenantId), eq(tripChecklistCategories.checklistId, id)));
  await db
    .update(tripChecklists)
    .set({ retiredAt: new Date() })
    .where(and(eq(tripChecklists.tenantId, tenantId), eq(tripChecklists.id, id)));
}

export async function replaceCategories(
  db: Db,
  tenantId: string,
  checklistId: string,
  categories: { key: string; category: string }[],
): Promise<void> {
  await db
    .delete(tripChecklistCategories)
    .where(and(eq(tripChecklistCategories.tenantId, tenantId), eq(tripChecklistCategories.checklistId, checklistId)));
  if (categories.length === 0) return;
  await db
    .insert(tripChecklistCategories)
    .values(categories.map((c) => ({ tenantId, checklistId, categoryKey: c.key, category: c.category })));
}

/** Publishes version `version` with the points in their order; a point without key is new and gets one. */
export async function insertVersion(
  db: Db,
  tenantId: string,
  checklistId: string,
  version: number,
  items: readonly { key: string | null; label: string; critical: boolean }[],
): Promise<string> {
  const [row] = await db
    .insert(tripChecklistVersions)
    .values({ tenantId, checklistId, version })
    .returning({ id: tripChecklistVersions.id });
  await db.insert(tripChecklistItems).values(
    items.map((i, n) => ({
      tenantId,
      versionId: row!.id,
      itemKey: i.key ?? randomUUID(),
      position: n + 1,
      label: i.label,
      critical: i.critical,
    })),
  );
  return row!.id;
}

/**
 * The damages still open (not behoben) that earlier answers „nicht in Ordnung“
 * of these points (by key) left on the vehicle, newest per point.
 */
export async function openDamagesOfPoints(db: Db, tenantId: string, vehicleId: string, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = rowsOf<{ item_key: string; damage_id: string }>(
    await db.execute(sql`
      select distinct on (i.item_key) i.item_key::text, a.damage_id::text
        from trip_check_answers a
        join trip_checks c on c.tenant_id = a.tenant_id and c.id = a.check_id
        join trip_checklist_items i on i.tenant_id = a.tenant_id and i.id = a.item_id
        join vehicle_damages d on d.tenant_id = a.tenant_id and d.id = a.damage_id
       where a.tenant_id = ${tenantId} and c.vehicle_id = ${vehicleId}::uuid and d.status <> 'behoben'
         and i.item_key in (${sql.join(
           keys.map((k) => sql`${k}::uuid`),
           sql`, `,
         )})
       order by i.item_key, c.answered_at desc`),
  );
  return new Map(rows.map((r) => [r.item_key, r.damage_id]));
}

export async function insertCheck(
  db: Db,
  tenantId: string,
  c: {
    bookingId: string;
    vehicleId: string;
    versionId: string;
    outcome: 'angetreten' | 'abgelehnt';
    answers: { itemId: string; ok: boolean; note: string | null; damageId: string | null }[];
  },
): Promise<string> {
  const [row] = await db
    .insert(tripChecks)
    .values({ tenantId, bookingId: c.bookingId, vehicleId: c.vehicleId, versionId: c.versionId, outcome: c.outcome })
    .returning({ id: tripChecks.id });
  await db.insert(tripCheckAnswers).values(
    c.answers.map((a) => ({
      tenantId,
      checkId: row!.id,
      versionId: c.versionId,
      itemId: a.itemId,
      ok: a.ok,
      note: a.note,
      damageId: a.damageId,
    })),
  );
  return row!.id;
}

export interface CheckRecord {
  id: string;
  bookingId: string;
  answeredAt: Date;
  outcome: 'angetreten' | 'abgelehnt';
  checklist: string;
  version: number;
  driver: string | null;
  answers: { label: string; critical: boolean; ok: boolean; note: string | null; damageId: string | null }[];
}

/** The newest checks of a vehicle, with the wording of the version each was answered with and the booking's driver. */
export async function listChecksOfVehicle(db: Db, tenantId: string, vehicleId: string, limit: number): Promise<CheckRecord[]> {
  const checks = rowsOf<{
    id: string;
    booking_id: string;
    answered_at: string | Date;
    outcome: 'angetreten' | 'abgelehnt';
    name: string;
    version: number;
    driver: string | null;
  }>(
    await db.execute(sql`
      select c.id::text, c.booking_id::text, c.answered_at, c.outcome, l.name, v.version,
             nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as driver
        from trip_checks c
        join trip_checklist_versions v on v.tenant_id = c.tenant_id and v.id = c.version_id
        join trip_checklists l on l.tenant_id = v.tenant_id and l.id = v.checklist_id
        join vehicle_bookings b on b.tenant_id = c.tenant_id and b.id = c.booking_id
        left join users u on u.tenant_id = b.tenant_id and u.id = b.driver_id
       where c.tenant_id = ${tenantId} and c.vehicle_id = ${vehicleId}::uuid
       order by c.answered_at desc, c.id
       limit ${limit}`),
  );
  if (checks.length === 0) return [];
  const answers = rowsOf<{
    check_id: string;
    label: string;
    critical: boolean;
    ok: boolean;
    note: string | null;
    damage_id: string | null;
  }>(
    await db.execute(sql`
      select a.check_id::text, i.label, i.critical, a.ok, a.note, a.damage_id::text
        from trip_check_answers a
        join trip_checklist_items i on i.tenant_id = a.tenant_id and i.id = a.item_id
       where a.tenant_id = ${tenantId} and a.check_id in (${sql.join(
         checks.map((c) => sql`${c.id}::uuid`),
         sql`, `,
       )})
       order by i.position`),
  );
  return checks.map((c) => ({
    id: c.id,
    bookingId: c.booking_id,
    answeredAt: new Date(c.answered_at),
    outcome: c.outcome,
    checklist: c.name,
    version: Number(c.version),
    driver: c.driver,
    answers: answers
      .filter((a) => a.check_id === c.id)
      .map((a) => ({ label: a.label, critical: a.critical, ok: a.ok, note: a.note, damageId: a.damage_id })),
  }));
}
