import type { Db } from '@db/client';
import {
  equipment,
  floorPlanDeviatingHours,
  floorPlanOpeningHours,
  floorPlanOpeningPeriods,
  floorPlans,
  kioskLinks,
  locations,
  readingRoomEquipment,
  readingRooms,
} from '@db/schema/index';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';
import type { SlotRecord } from './reading-room-booking-repository';

/** Floor plans, objects (seats and rooms), equipment, opening hours and kiosk links. Always tenant-scoped. */

export interface FloorPlanRecord {
  id: string;
  name: string;
  area: string;
  locationId: string | null;
  locationName: string | null;
  imagePath: string | null;
  imageType: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  active: boolean;
  objectCount: number;
}

const planColumns = {
  id: floorPlans.id,
  name: floorPlans.name,
  area: floorPlans.area,
  locationId: floorPlans.locationId,
  locationName: locations.name,
  imagePath: floorPlans.imagePath,
  imageType: floorPlans.imageType,
  imageWidth: floorPlans.imageWidth,
  imageHeight: floorPlans.imageHeight,
  active: floorPlans.active,
  objectCount: sql<number>`(select count(*)::int from reading_rooms r where r.tenant_id = ${floorPlans.tenantId} and r.floor_plan_id = ${floorPlans.id} and r.active)`,
};

function selectPlans(db: Db, tenantId: string) {
  return db
    .select(planColumns)
    .from(floorPlans)
    .leftJoin(locations, and(eq(locations.tenantId, floorPlans.tenantId), eq(locations.id, floorPlans.locationId)))
    .where(eq(floorPlans.tenantId, tenantId))
    .$dynamic();
}

/** Plans of the tenant (of one area); `onlyActive` leaves deactivated plans out (booking screens). */
export async function listFloorPlans(db: Db, tenantId: string, area?: string, onlyActive = false): Promise<FloorPlanRecord[]> {
  const q = selectPlans(db, tenantId);
  q.where(
    and(
      eq(floorPlans.tenantId, tenantId),
      area ? eq(floorPlans.area, area) : undefined,
      onlyActive ? eq(floorPlans.active, true) : undefined,
    ),
  );
  return (await q.orderBy(asc(floorPlans.name))) as FloorPlanRecord[];
}

export async function findFloorPlan(db: Db, tenantId: string, id: string): Promise<FloorPlanRecord | null> {
  const [row] = await selectPlans(db, tenantId).where(and(eq(floorPlans.tenantId, tenantId), eq(floorPlans.id, id)));
  return (row as FloorPlanRecord | undefined) ?? null;
}

export async function insertFloorPlan(
  db: Db,
  v: { tenantId: string; name: string; area: string; locationId: string | null },
): Promise<string> {
  const [row] = await db.insert(floorPlans).values(v).returning({ id: floorPlans.id });
  return row!.id;
}

export async function updateFloorPlan(
  db: Db,
  tenantId: string,
  id: string,
  patch: Partial<{
    name: string;
    area: string;
    locationId: string | null;
    imagePath: string;
    imageType: string;
    imageWidth: number | null;
    imageHeight: number | null;
    active: boolean;
  }>,
): Promise<boolean> {
  const rows = await db
    .update(floorPlans)
    .set(patch)
    .where(and(eq(floorPlans.tenantId, tenantId), eq(floorPlans.id, id)))
    .returning({ id: floorPlans.id });
  return rows.length > 0;
}

export async function locationExists(db: Db, tenantId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.tenantId, tenantId), eq(locations.id, id)));
  return !!row;
}

export async function listLocations(db: Db, tenantId: string) {
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.tenantId, tenantId))
    .orderBy(asc(locations.name));
}

// ---- objects ----

export interface ObjectRecord {
  id: string;
  floorPlanId: string;
  kind: string;
  designation: string;
  capacity: number;
  x: number;
  y: number;
  description: string;
  conditions: string;
  active: boolean;
  equipment: { id: string; name: string; count: number }[];
}

const objectColumns = {
  id: readingRooms.id,
  floorPlanId: readingRooms.floorPlanId,
  kind: readingRooms.kind,
  designation: readingRooms.designation,
  capacity: readingRooms.capacity,
  x: readingRooms.posX,
  y: readingRooms.posY,
  description: readingRooms.description,
  conditions: readingRooms.conditions,
  active: readingRooms.active,
};

async function withEquipment(db: Db, tenantId: string, rows: Omit<ObjectRecord, 'equipment'>[]): Promise<ObjectRecord[]> {
  if (rows.length === 0) return [];
  const eqRows = await db
    .select({ roomId: readingRoomEquipment.readingRoomId, id: equipment.id, name: equipment.name, count: readingRoomEquipment.count })
    .from(readingRoomEquipment)
    .innerJoin(equipment, and(eq(equipment.tenantId, readingRoomEquipment.tenantId), eq(equipment.id, readingRoomEquipment.equipmentId)))
    .where(
      and(
        eq(readingRoomEquipment.tenantId, tenantId),
        sql`${readingRoomEquipment.readingRoomId} = any(${sql.param(rows.map((r) => r.id))}::uuid[])`,
      ),
    )
    .orderBy(asc(equipment.name));
  const byRoom = new Map<string, ObjectRecord['equipment']>();
  for (const e of eqRows) {
    const list = byRoom.get(e.roomId) ?? [];
    list.push({ id: e.id, name: e.name, count: e.count });
    byRoom.set(e.roomId, list);
  }
  return rows.map((r) => ({ ...r, equipment: byRoom.get(r.id) ?? [] }));
}

/** Objects of a floor plan with their equipment: two queries whatever the number of objects. */
export async function listObjects(db: Db, tenantId: string, floorPlanId: string): Promise<ObjectRecord[]> {
  const rows = await db
    .select(objectColumns)
    .from(readingRooms)
    .where(and(eq(readingRooms.tenantId, tenantId), eq(readingRooms.floorPlanId, floorPlanId)))
    .orderBy(asc(readingRooms.kind), asc(readingRooms.designation));
  return withEquipment(db, tenantId, rows);
}

export async function findObject(
  db: Db,
  tenantId: string,
  id: string,
): Promise<(ObjectRecord & { area: string; floorPlanName: string; planActive: boolean }) | null> {
  const row = await findObjectWithoutEquipment(db, tenantId, id);
  if (!row) return null;
  const [withEq] = await withEquipment(db, tenantId, [row]);
  return { ...withEq!, area: row.area, floorPlanName: row.floorPlanName, planActive: row.planActive };
}

/** An object with its plan's name, area and state, without its equipment: what booking it needs (one query). */
export async function findObjectWithoutEquipment(
  db: Db,
  tenantId: string,
  id: string,
): Promise<(Omit<ObjectRecord, 'equipment'> & { area: string; floorPlanName: string; planActive: boolean }) | null> {
  const [row] = await db
    .select({ ...objectColumns, area: floorPlans.area, floorPlanName: floorPlans.name, planActive: floorPlans.active })
    .from(readingRooms)
    .innerJoin(floorPlans, and(eq(floorPlans.tenantId, readingRooms.tenantId), eq(floorPlans.id, readingRooms.floorPlanId)))
    .where(and(eq(readingRooms.tenantId, tenantId), eq(readingRooms.id, id)));
  return row ?? null;
}

/**
 * Locks an object and its plan row for the rest of the transaction and returns
 * whether both are active. `book` takes the object exclusively and the plan
 * shared: bookings of one object run one after another (concurrent inserts
 * into the no-overlap constraint could otherwise end in deadlocks, and a
 * group room packed again moves other bookings), bookings of different
 * objects of a plan do not wait for each other. `update` (deactivating or
 * deleting) excludes both, so a booking can never slip past a deactivation:
 * whichever commits first, the other sees its result.
 */
export async function lockObject(
  db: Db,
  tenantId: string,
  id: string,
  mode: 'book' | 'update',
): Promise<{ id: string; floorPlanId: string; kind: string; designation: string; active: boolean; planActive: boolean } | null> {
  const result = await db.execute<{
    id: string;
    floor_plan_id: string;
    kind: string;
    designation: string;
    active: boolean;
    plan_active: boolean;
  }>(sql`
    select r.id::text as id, r.floor_plan_id::text as floor_plan_id, r.kind, r.designation, r.active, p.active as plan_active
      from reading_rooms r
      join floor_plans p on p.tenant_id = r.tenant_id and p.id = r.floor_plan_id
     where r.tenant_id = ${tenantId} and r.id = ${id}
     ${mode === 'book' ? sql`for no key update of r for share of p` : sql`for update of r`}`);
  const row = (
    result as unknown as {
      rows: { id: string; floor_plan_id: string; kind: string; designation: string; active: boolean; plan_active: boolean }[];
    }
  ).rows[0];
  return row
    ? {
        id: row.id,
        floorPlanId: row.floor_plan_id,
        kind: row.kind,
        designation: row.designation,
        active: row.active,
        planActive: row.plan_active,
      }
    : null;
}

/** Locks a floor plan row (deactivating or deleting it); false when there is no such plan in the tenant. */
export async function lockFloorPlan(db: Db, tenantId: string, id: string): Promise<boolean> {
  const result = await db.execute(sql`select id from floor_plans where tenant_id = ${tenantId} and id = ${id} for update`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function setObjectActive(db: Db, tenantId: string, id: string, active: boolean): Promise<void> {
  await db
    .update(readingRooms)
    .set({ active })
    .where(and(eq(readingRooms.tenantId, tenantId), eq(readingRooms.id, id)));
}

/** Deletes an object (its equipment rows go with it); bookings referring to it make the database refuse (23503). */
export async function deleteObject(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(readingRooms)
    .where(and(eq(readingRooms.tenantId, tenantId), eq(readingRooms.id, id)))
    .returning({ id: readingRooms.id });
  return rows.length > 0;
}

/** Deletes a plan with its objects, opening hours and kiosk links (cascades); bookings make the database refuse (23503). */
export async function deleteFloorPlan(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(floorPlans)
    .where(and(eq(floorPlans.tenantId, tenantId), eq(floorPlans.id, id)))
    .returning({ id: floorPlans.id });
  return rows.length > 0;
}

/** The ids among `ids` that are objects of the tenant (favourites may name deleted seats). */
export async function existingObjectIds(db: Db, tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: readingRooms.id })
    .from(readingRooms)
    .where(and(eq(readingRooms.tenantId, tenantId), sql`${readingRooms.id} = any(${sql.param(ids)}::uuid[])`));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => found.has(id));
}

export interface ObjectInput {
  kind: string;
  designation: string;
  capacity: number;
  x: number;
  y: number;
  description: string;
  conditions: string;
  active: boolean;
}

export async function insertObject(db: Db, tenantId: string, floorPlanId: string, v: ObjectInput): Promise<string> {
  const [row] = await db
    .insert(readingRooms)
    .values({
      tenantId,
      floorPlanId,
      kind: v.kind,
      designation: v.designation,
      capacity: v.capacity,
      posX: v.x,
      posY: v.y,
      description: v.description,
      conditions: v.conditions,
      active: v.active,
    })
    .returning({ id: readingRooms.id });
  return row!.id;
}

export async function updateObject(db: Db, tenantId: string, id: string, v: Partial<ObjectInput>): Promise<void> {
  const set: Partial<typeof readingRooms.$inferInsert> = {};
  if (v.kind !== undefined) set.kind = v.kind;
  if (v.designation !== undefined) set.designation = v.designation;
  if (v.capacity !== undefined) set.capacity = v.capacity;
  if (v.x !== undefined) set.posX = v.x;
  if (v.y !== undefined) set.posY = v.y;
  if (v.description !== undefined) set.description = v.description;
  if (v.conditions !== undefined) set.conditions = v.conditions;
  if (v.active !== undefined) set.active = v.active;
  if (Object.keys(set).length === 0) return;
  await db
    .update(readingRooms)
    .set(set)
    .where(and(eq(readingRooms.tenantId, tenantId), eq(readingRooms.id, id)));
}

export async function replaceObjectEquipment(
  db: Db,
  tenantId: string,
  roomId: string,
  items: { id: string; count: number }[],
): Promise<void> {
  await db
    .delete(readingRoomEquipment)
    .where(and(eq(readingRoomEquipment.tenantId, tenantId), eq(readingRoomEquipment.readingRoomId, roomId)));
  if (items.length)
    await db
      .insert(readingRoomEquipment)
      .values(items.map((i) => ({ tenantId, readingRoomId: roomId, equipmentId: i.id, count: i.count })));
}

/** Saves dragged positions in one statement; returns how many objects of that plan were updated. */
export async function updatePositions(
  db: Db,
  tenantId: string,
  floorPlanId: string,
  positions: { id: string; x: number; y: number }[],
): Promise<number> {
  const ids = positions.map((p) => p.id);
  const xs = positions.map((p) => p.x);
  const ys = positions.map((p) => p.y);
  const result = await db.execute(sql`
    update reading_rooms r set pos_x = p.x, pos_y = p.y
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(xs)}::float8[], ${sql.param(ys)}::float8[]) as p(id, x, y)
     where r.tenant_id = ${tenantId} and r.floor_plan_id = ${floorPlanId} and r.id = p.id
     returning r.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

// ---- equipment ----

export async function listEquipment(db: Db, tenantId: string) {
  return db
    .select({ id: equipment.id, name: equipment.name })
    .from(equipment)
    .where(eq(equipment.tenantId, tenantId))
    .orderBy(asc(equipment.name));
}

export async function countEquipment(db: Db, tenantId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(equipment)
    .where(and(eq(equipment.tenantId, tenantId), inArray(equipment.id, ids)));
  return row?.n ?? 0;
}

export async function insertEquipment(db: Db, tenantId: string, name: string) {
  const [row] = await db.insert(equipment).values({ tenantId, name }).returning({ id: equipment.id, name: equipment.name });
  return row!;
}

export async function updateEquipment(db: Db, tenantId: string, id: string, name: string) {
  const [row] = await db
    .update(equipment)
    .set({ name })
    .where(and(eq(equipment.tenantId, tenantId), eq(equipment.id, id)))
    .returning({ id: equipment.id, name: equipment.name });
  return row ?? null;
}

export async function deleteEquipment(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(equipment)
    .where(and(eq(equipment.tenantId, tenantId), eq(equipment.id, id)))
    .returning({ id: equipment.id });
  return rows.length > 0;
}

// ---- opening hours ----

export async function listRegularHours(db: Db, tenantId: string, floorPlanIds: string[]) {
  if (floorPlanIds.length === 0) return [];
  return db
    .select({
      floorPlanId: floorPlanOpeningHours.floorPlanId,
      weekday: floorPlanOpeningHours.weekday,
      von: floorPlanOpeningHours.von,
      bis: floorPlanOpeningHours.bis,
      open: floorPlanOpeningHours.open,
    })
    .from(floorPlanOpeningHours)
    .where(and(eq(floorPlanOpeningHours.tenantId, tenantId), inArray(floorPlanOpeningHours.floorPlanId, floorPlanIds)));
}

const deviatingColumns = {
  id: floorPlanDeviatingHours.id,
  floorPlanId: floorPlanDeviatingHours.floorPlanId,
  validFrom: floorPlanDeviatingHours.validFrom,
  validTo: floorPlanDeviatingHours.validTo,
  von: floorPlanDeviatingHours.von,
  bis: floorPlanDeviatingHours.bis,
  status: floorPlanDeviatingHours.status,
};
export type DeviatingRecord = {
  id: string;
  floorPlanId: string;
  validFrom: string;
  validTo: string;
  von: string;
  bis: string;
  status: 'offen' | 'geschlossen';
};

/** Deviating hours of the plans that end on or after `fromDay` (and start on or before `toDay`). */
export async function listDeviatingHours(
  db: Db,
  tenantId: string,
  floorPlanIds: string[],
  fromDay?: string,
  toDay?: string,
): Promise<DeviatingRecord[]> {
  if (floorPlanIds.length === 0) return [];
  const rows = await db
    .select(deviatingColumns)
    .from(floorPlanDeviatingHours)
    .where(
      and(
        eq(floorPlanDeviatingHours.tenantId, tenantId),
        inArray(floorPlanDeviatingHours.floorPlanId, floorPlanIds),
        fromDay ? gte(floorPlanDeviatingHours.validTo, fromDay) : undefined,
        toDay ? lte(floorPlanDeviatingHours.validFrom, toDay) : undefined,
      ),
    )
    .orderBy(asc(floorPlanDeviatingHours.validFrom));
  return rows as DeviatingRecord[];
}

export async function replaceRegularHours(
  db: Db,
  tenantId: string,
  floorPlanId: string,
  days: { weekday: number; von: string; bis: string; open: boolean }[],
) {
  await db
    .delete(floorPlanOpeningHours)
    .where(and(eq(floorPlanOpeningHours.tenantId, tenantId), eq(floorPlanOpeningHours.floorPlanId, floorPlanId)));
  await db.insert(floorPlanOpeningHours).values(days.map((d) => ({ tenantId, floorPlanId, ...d })));
}

export async function insertDeviating(
  db: Db,
  tenantId: string,
  floorPlanId: string,
  v: Omit<DeviatingRecord, 'id' | 'floorPlanId'>,
): Promise<DeviatingRecord> {
  const [row] = await db
    .insert(floorPlanDeviatingHours)
    .values({ tenantId, floorPlanId, ...v })
    .returning(deviatingColumns);
  return row as DeviatingRecord;
}

export async function findDeviating(db: Db, tenantId: string, id: string): Promise<DeviatingRecord | null> {
  const [row] = await db
    .select(deviatingColumns)
    .from(floorPlanDeviatingHours)
    .where(and(eq(floorPlanDeviatingHours.tenantId, tenantId), eq(floorPlanDeviatingHours.id, id)));
  return (row as DeviatingRecord | undefined) ?? null;
}

export async function updateDeviating(
  db: Db,
  tenantId: string,
  id: string,
  v: Omit<DeviatingRecord, 'id' | 'floorPlanId'>,
): Promise<DeviatingRecord | null> {
  const [row] = await db
    .update(floorPlanDeviatingHours)
    .set(v)
    .where(and(eq(floorPlanDeviatingHours.tenantId, tenantId), eq(floorPlanDeviatingHours.id, id)))
    .returning(deviatingColumns);
  return (row as DeviatingRecord | undefined) ?? null;
}

export async function deleteDeviating(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(floorPlanDeviatingHours)
    .where(and(eq(floorPlanDeviatingHours.tenantId, tenantId), eq(floorPlanDeviatingHours.id, id)))
    .returning({ id: floorPlanDeviatingHours.id });
  return rows.length > 0;
}

// ---- kiosk links ----

export async function insertKioskLink(db: Db, v: { tenantId: string; floorPlanId: string; name: string; tokenHash: string }) {
  const [row] = await db.insert(kioskLinks).values(v).returning({ id: kioskLinks.id, createdAt: kioskLinks.createdAt });
  return row!;
}

export async function listKioskLinks(db: Db, tenantId: string) {
  return db
    .select({
      id: kioskLinks.id,
      floorPlanId: kioskLinks.floorPlanId,
      floorPlanName: floorPlans.name,
      name: kioskLinks.name,
      createdAt: kioskLinks.createdAt,
    })
    .from(kioskLinks)
    .innerJoin(floorPlans, and(eq(floorPlans.tenantId, kioskLinks.tenantId), eq(floorPlans.id, kioskLinks.floorPlanId)))
    .where(eq(kioskLinks.tenantId, tenantId))
    .orderBy(asc(kioskLinks.createdAt));
}

export async function deleteKioskLink(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(kioskLinks)
    .where(and(eq(kioskLinks.tenantId, tenantId), eq(kioskLinks.id, id)))
    .returning({ id: kioskLinks.id });
  return rows.length > 0;
}

export async function findKioskLinkByHash(db: Db, tenantId: string, tokenHash: string) {
  const [row] = await db
    .select({ id: kioskLinks.id, floorPlanId: kioskLinks.floorPlanId })
    .from(kioskLinks)
    .where(and(eq(kioskLinks.tenantId, tenantId), eq(kioskLinks.tokenHash, tokenHash)));
  return row ?? null;
}

// ---- the map in one statement ----

/** A booking's places in time, as the map needs it: the same record the booking repository reads. */
export type MapSlotRow = SlotRecord;

/**
 * The objects of a plan with their equipment as one JSON value: one row
 * instead of ~500 keeps PGlite's per-row cost out of the hot path.
 */
export async function loadPlanObjects(db: Db, tenantId: string, floorPlanId: string): Promise<ObjectRecord[]> {
  const result = await db.execute<{ objects: ObjectRecord[] | string }>(sql`
    select coalesce(json_agg(json_build_object(
             'id', o.id, 'floorPlanId', o.floor_plan_id, 'kind', o.kind, 'designation', o.designation, 'capacity', o.capacity,
             'x', o.pos_x, 'y', o.pos_y, 'description', o.description, 'conditions', o.conditions, 'active', o.active,
             'equipment', coalesce((select json_agg(json_build_object('id', e.id, 'name', e.name, 'count', re.count) order by e.name)
                                      from reading_room_equipment re
                                      join equipment e on e.tenant_id = re.tenant_id and e.id = re.equipment_id
                                     where re.tenant_id = o.tenant_id and re.reading_room_id = o.id), '[]'::json)
           ) order by o.kind, o.designation), '[]'::json) as objects
      from reading_rooms o
     where o.tenant_id = ${tenantId} and o.floor_plan_id = ${floorPlanId}`);
  return parseJson<ObjectRecord[]>(rowsOf<{ objects: unknown }>(result)[0]!.objects);
}

/**
 * The holding bookings of a plan's objects touching [from, to) as one JSON
 * value; they use the (tenant_id, reading_room_id, von) index through an array
 * of the plan's ids computed once (no join order the planner could get wrong
 * without statistics).
 */
export async function loadPlanSlots(db: Db, tenantId: string, floorPlanId: string, from: Date, to: Date): Promise<MapSlotRow[]> {
  const result = await db.execute<{ slots: unknown }>(sql`
    select coalesce(json_agg(json_build_object(
             'id', b.id, 'objectId', b.reading_room_id, 'von', b.von, 'bis', b.bis, 'status', b.status,
             'placeFrom', b.place_from, 'placeTo', b.place_to, 'bookerId', b.booker_id, 'confirmingId', b.confirming_id
           )), '[]'::json) as slots
      from reading_room_bookings b
     where b.tenant_id = ${tenantId}
       and b.reading_room_id = any(array(select r.id from reading_rooms r where r.tenant_id = ${tenantId} and r.floor_plan_id = ${floorPlanId}))
       and b.status <> 'storniert'
       and b.von < ${to.toISOString()}::timestamptz
       and b.bis > ${from.toISOString()}::timestamptz`);
  const rows = parseJson<(Omit<MapSlotRow, 'von' | 'bis'> & { von: string; bis: string })[]>(rowsOf<{ slots: unknown }>(result)[0]!.slots);
  return rows.map((s) => ({ ...s, von: new Date(s.von), bis: new Date(s.bis) }));
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

// ---- opening periods (decision 235) ----

const periodColumns = {
  id: floorPlanOpeningPeriods.id,
  floorPlanId: floorPlanOpeningPeriods.floorPlanId,
  name: floorPlanOpeningPeriods.name,
  validFrom: floorPlanOpeningPeriods.validFrom,
  validTo: floorPlanOpeningPeriods.validTo,
  hours: floorPlanOpeningPeriods.hours,
};
export type PeriodRecord = {
  id: string;
  floorPlanId: string;
  name: string;
  validFrom: string;
  validTo: string;
  hours: { weekday: number; von: string; bis: string; open: boolean }[];
};

/** Opening periods of the plans that end on or after `fromDay` (and start on or before `toDay`), by start. */
export async function listPeriods(
  db: Db,
  tenantId: string,
  floorPlanIds: string[],
  fromDay?: string,
  toDay?: string,
): Promise<PeriodRecord[]> {
  if (floorPlanIds.length === 0) return [];
  return db
    .select(periodColumns)
    .from(floorPlanOpeningPeriods)
    .where(
      and(
        eq(floorPlanOpeningPeriods.tenantId, tenantId),
        inArray(floorPlanOpeningPeriods.floorPlanId, floorPlanIds),
        fromDay ? gte(floorPlanOpeningPeriods.validTo, fromDay) : undefined,
        toDay ? lte(floorPlanOpeningPeriods.validFrom, toDay) : undefined,
      ),
    )
    .orderBy(asc(floorPlanOpeningPeriods.validFrom), asc(floorPlanOpeningPeriods.name));
}

export async function insertPeriod(
  db: Db,
  tenantId: string,
  floorPlanId: string,
  v: Omit<PeriodRecord, 'id' | 'floorPlanId'>,
): Promise<PeriodRecord> {
  const [row] = await db
    .insert(floorPlanOpeningPeriods)
    .values({ tenantId, floorPlanId, ...v })
    .returning(periodColumns);
  return row!;
}

export async function findPeriod(db: Db, tenantId: string, id: string): Promise<PeriodRecord | null> {
  const [row] = await db
    .select(periodColumns)
    .from(floorPlanOpeningPeriods)
    .where(and(eq(floorPlanOpeningPeriods.tenantId, tenantId), eq(floorPlanOpeningPeriods.id, id)));
  return row ?? null;
}

export async function updatePeriod(
  db: Db,
  tenantId: string,
  id: string,
  v: Omit<PeriodRecord, 'id' | 'floorPlanId'>,
): Promise<PeriodRecord | null> {
  const [row] = await db
    .update(floorPlanOpeningPeriods)
    .set(v)
    .where(and(eq(floorPlanOpeningPeriods.tenantId, tenantId), eq(floorPlanOpeningPeriods.id, id)))
    .returning(periodColumns);
  return row ?? null;
}

export async function deletePeriod(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(floorPlanOpeningPeriods)
    .where(and(eq(floorPlanOpeningPeriods.tenantId, tenantId), eq(floorPlanOpeningPeriods.id, id)))
    .returning({ id: floorPlanOpeningPeriods.id });
  return rows.length > 0;
}
