import type { Db } from '@db/client';
import {
  departments,
  locations,
  objectAttributes,
  parkingSpaces,
  vehicleAttributeValues,
  vehicleDepartments,
  vehicles,
} from '@db/schema/index';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

/** Vehicles, their departments and attribute values, locations and object attributes. Always tenant-scoped. */

export interface VehicleRecord {
  id: string;
  validFrom: string | null;
  validTo: string | null;
  locationId: string;
  locationName: string;
  category: string;
  brand: string;
  model: string;
  licensePlate: string;
  fuel: string;
  powerKw: number | null;
  gearbox: string | null;
  trunkBags: number | null;
  seats: number | null;
  doors: number | null;
  colour: string | null;
  requiredLicenseClass: string | null;
  airConditioning: boolean;
  navigation: boolean;
  cruiseControl: boolean;
  seatHeating: boolean;
  imagePath: string | null;
  imageContentType: string | null;
  guestBookingPossible: boolean;
  bookingOutsidePossible: boolean;
  bookingTimes: { weekdays: string[]; from: string; to: string };
  deactivated: boolean;
  departmentIds: string[];
  attributes: Record<string, string>;
}

export type VehicleWrite = Omit<
  VehicleRecord,
  'id' | 'locationName' | 'imagePath' | 'imageContentType' | 'deactivated' | 'departmentIds' | 'attributes'
>;

const columns = {
  id: vehicles.id,
  validFrom: vehicles.validFrom,
  validTo: vehicles.validTo,
  locationId: vehicles.locationId,
  locationName: locations.name,
  category: vehicles.category,
  brand: vehicles.brand,
  model: vehicles.model,
  licensePlate: vehicles.licensePlate,
  fuel: vehicles.fuel,
  powerKw: vehicles.powerKw,
  gearbox: vehicles.gearbox,
  trunkBags: vehicles.trunkBags,
  seats: vehicles.seats,
  doors: vehicles.doors,
  colour: vehicles.colour,
  requiredLicenseClass: vehicles.requiredLicenseClass,
  airConditioning: vehicles.airConditioning,
  navigation: vehicles.navigation,
  cruiseControl: vehicles.cruiseControl,
  seatHeating: vehicles.seatHeating,
  imagePath: vehicles.imagePath,
  imageContentType: vehicles.imageContentType,
  guestBookingPossible: vehicles.guestBookingPossible,
  bookingOutsidePossible: vehicles.bookingOutsidePossible,
  bookingWeekdays: vehicles.bookingWeekdays,
  bookingFrom: vehicles.bookingFrom,
  bookingTo: vehicles.bookingTo,
  deactivated: vehicles.deactivated,
};

/** Vehicles with departments and attribute values in three queries, whatever their number. */
export async function findVehicles(
  db: Db,
  tenantId: string,
  opts: { ids?: string[]; includeDeactivated?: boolean; locationId?: string; category?: string } = {},
): Promise<VehicleRecord[]> {
  const conds = [eq(vehicles.tenantId, tenantId)];
  if (!opts.includeDeactivated) conds.push(eq(vehicles.deactivated, false));
  if (opts.ids) {
    if (opts.ids.length === 0) return [];
    conds.push(inArray(vehicles.id, opts.ids));
  }
  if (opts.locationId) conds.push(eq(vehicles.locationId, opts.locationId));
  if (opts.category) conds.push(eq(vehicles.category, opts.category));
  const rows = await db
    .select(columns)
    .from(vehicles)
    .innerJoin(locations, and(eq(locations.tenantId, vehicles.tenantId), eq(locations.id, vehicles.locationId)))
    .where(and(...conds))
    .orderBy(asc(locations.name), asc(vehicles.brand), asc(vehicles.model), asc(vehicles.licensePlate));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [deps, values] = await Promise.all([
    db
      .select({ vehicleId: vehicleDepartments.vehicleId, departmentId: vehicleDepartments.departmentId })
      .from(vehicleDepartments)
      .where(and(eq(vehicleDepartments.tenantId, tenantId), inArray(vehicleDepartments.vehicleId, ids))),
    db
      .select({
        vehicleId: vehicleAttributeValues.vehicleId,
        attributeId: vehicleAttributeValues.attributeId,
        value: vehicleAttributeValues.value,
      })
      .from(vehicleAttributeValues)
      .where(and(eq(vehicleAttributeValues.tenantId, tenantId), inArray(vehicleAttributeValues.vehicleId, ids))),
  ]);
  return rows.map(({ bookingWeekdays, bookingFrom, bookingTo, ...r }) => ({
    ...r,
    bookingTimes: { weekdays: bookingWeekdays, from: bookingFrom, to: bookingTo },
    departmentIds: deps.filter((d) => d.vehicleId === r.id).map((d) => d.departmentId),
    attributes: Object.fromEntries(values.filter((v) => v.vehicleId === r.id).map((v) => [v.attributeId, v.value])),
  }));
}

export async function findVehicle(db: Db, tenantId: string, id: string, includeDeactivated = false): Promise<VehicleRecord | null> {
  const [v] = await findVehicles(db, tenantId, { ids: [id], includeDeactivated });
  return v ?? null;
}

/** One vehicle without departments and attribute values (one query): what availability checks need. */
export async function findVehicleCore(db: Db, tenantId: string, id: string): Promise<VehicleRecord | null> {
  const [r] = await db
    .select(columns)
    .from(vehicles)
    .innerJoin(locations, and(eq(locations.tenantId, vehicles.tenantId), eq(locations.id, vehicles.locationId)))
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.id, id), eq(vehicles.deactivated, false)));
  if (!r) return null;
  const { bookingWeekdays, bookingFrom, bookingTo, ...rest } = r;
  return { ...rest, bookingTimes: { weekdays: bookingWeekdays, from: bookingFrom, to: bookingTo }, departmentIds: [], attributes: {} };
}

/** Locks the vehicle row for the rest of the transaction (admin changes serialise against each other). */
export async function lockVehicle(db: Db, tenantId: string, id: string): Promise<boolean> {
  const r = await db.execute(sql`select id from vehicles where tenant_id = ${tenantId} and id = ${id} for update`);
  return (r as unknown as { rows: unknown[] }).rows.length > 0;
}

const writeColumns = (v: VehicleWrite) => ({
  validFrom: v.validFrom,
  validTo: v.validTo,
  locationId: v.locationId,
  category: v.category,
  brand: v.brand,
  model: v.model,
  licensePlate: v.licensePlate,
  fuel: v.fuel,
  powerKw: v.powerKw,
  gearbox: v.gearbox,
  trunkBags: v.trunkBags,
  seats: v.seats,
  doors: v.doors,
  colour: v.colour,
  requiredLicenseClass: v.requiredLicenseClass,
  airConditioning: v.airConditioning,
  navigation: v.navigation,
  cruiseControl: v.cruiseControl,
  seatHeating: v.seatHeating,
  guestBookingPossible: v.guestBookingPossible,
  bookingOutsidePossible: v.bookingOutsidePossible,
  bookingWeekdays: v.bookingTimes.weekdays,
  bookingFrom: v.bookingTimes.from,
  bookingTo: v.bookingTimes.to,
});

export async function insertVehicle(db: Db, tenantId: string, v: VehicleWrite): Promise<string> {
  const [row] = await db
    .insert(vehicles)
    .values({ tenantId, ...writeColumns(v) })
    .returning({ id: vehicles.id });
  return row!.id;
}

export async function updateVehicleRow(db: Db, tenantId: string, id: string, v: VehicleWrite): Promise<void> {
  await db
    .update(vehicles)
    .set(writeColumns(v))
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.id, id)));
}

export async function saveBookingTimesRow(
  db: Db,
  tenantId: string,
  id: string,
  t: { weekdays: string[]; from: string; to: string },
): Promise<boolean> {
  const r = await db
    .update(vehicles)
    .set({ bookingWeekdays: t.weekdays, bookingFrom: t.from, bookingTo: t.to })
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.id, id), eq(vehicles.deactivated, false)))
    .returning({ id: vehicles.id });
  return r.length > 0;
}

export async function setVehicleImage(db: Db, tenantId: string, id: string, path: string, contentType: string): Promise<void> {
  await db
    .update(vehicles)
    .set({ imagePath: path, imageContentType: contentType })
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.id, id)));
}

export async function deactivateVehicleRow(db: Db, tenantId: string, id: string): Promise<void> {
  await db
    .update(vehicles)
    .set({ deactivated: true })
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.id, id)));
}

export async function replaceDepartments(db: Db, tenantId: string, vehicleId: string, departmentIds: string[]): Promise<void> {
  await db.delete(vehicleDepartments).where(and(eq(vehicleDepartments.tenantId, tenantId), eq(vehicleDepartments.vehicleId, vehicleId)));
  if (departmentIds.length) {
    await db.insert(vehicleDepartments).values(departmentIds.map((departmentId) => ({ tenantId, vehicleId, departmentId })));
  }
}

export async function replaceAttributeValues(db: Db, tenantId: string, vehicleId: string, values: Record<string, string>): Promise<void> {
  await db
    .delete(vehicleAttributeValues)
    .where(and(eq(vehicleAttributeValues.tenantId, tenantId), eq(vehicleAttributeValues.vehicleId, vehicleId)));
  const entries = Object.entries(values);
  if (entries.length) {
    await db.insert(vehicleAttributeValues).values(entries.map(([attributeId, value]) => ({ tenantId, vehicleId, attributeId, value })));
  }
}

export async function countDepartments(db: Db, tenantId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), inArray(departments.id, ids)));
  return r.length;
}

export async function listDepartments(db: Db, tenantId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.tenantId, tenantId))
    .orderBy(asc(departments.name));
}

// ───────────────────────── locations ─────────────────────────

export interface LocationRecord {
  id: string;
  name: string;
  parkingSpaces: { id: string; name: string }[];
}

export async function listLocations(db: Db, tenantId: string): Promise<LocationRecord[]> {
  const [locs, spaces] = await Promise.all([
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.tenantId, tenantId))
      .orderBy(asc(locations.name)),
    db
      .select({ id: parkingSpaces.id, name: parkingSpaces.name, locationId: parkingSpaces.locationId })
      .from(parkingSpaces)
      // A deactivated space (still named by history) is no longer offered at a trip's end.
      .where(and(eq(parkingSpaces.tenantId, tenantId), eq(parkingSpaces.active, true)))
      .orderBy(asc(parkingSpaces.name)),
  ]);
  return locs.map((l) => ({ ...l, parkingSpaces: spaces.filter((s) => s.locationId === l.id).map(({ id, name }) => ({ id, name })) }));
}

// ───────────────────────── object attributes ─────────────────────────

export interface AttributeRecord {
  id: string;
  target: string;
  type: string;
  label: string;
  choices: { key: string; text: string }[];
  conditions: { type: string; value: string | null; dependentAttributeId: string | null }[];
  sortOrder: number;
}

export async function listAttributes(db: Db, tenantId: string, target?: string): Promise<AttributeRecord[]> {
  const conds = [eq(objectAttributes.tenantId, tenantId)];
  if (target) conds.push(eq(objectAttributes.target, target));
  return db
    .select({
      id: objectAttributes.id,
      target: objectAttributes.target,
      type: objectAttributes.type,
      label: objectAttributes.label,
      choices: objectAttributes.choices,
      conditions: objectAttributes.conditions,
      sortOrder: objectAttributes.sortOrder,
    })
    .from(objectAttributes)
    .where(and(...conds))
    .orderBy(asc(objectAttributes.sortOrder), asc(objectAttributes.label));
}

export async function insertAttribute(db: Db, tenantId: string, a: Omit<AttributeRecord, 'id'>): Promise<string> {
  const [row] = await db
    .insert(objectAttributes)
    .values({ tenantId, ...a })
    .returning({ id: objectAttributes.id });
  return row!.id;
}

export async function updateAttribute(db: Db, tenantId: string, id: string, a: Omit<AttributeRecord, 'id'>): Promise<boolean> {
  const r = await db
    .update(objectAttributes)
    .set(a)
    .where(and(eq(objectAttributes.tenantId, tenantId), eq(objectAttributes.id, id)))
    .returning({ id: objectAttributes.id });
  return r.length > 0;
}
