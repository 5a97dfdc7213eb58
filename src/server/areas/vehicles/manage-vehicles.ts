import { randomUUID } from 'node:crypto';
import type { CreateVehicleRequest } from '@contracts/vehicles';
import { type Db, withTenant } from '@db/client';
import { isValidTime } from '@domain/time';
import { UPLOAD_CONTENT_TYPES, validateUpload } from '@domain/uploads';
import { type AttributeDefinition, parseCondition, validateAttributeValues } from '@domain/vehicle-attributes';
import { assertAvailable, blockedUntil, MESSAGES, parseBlockType } from '@domain/vehicle-booking';
import { assertBookingTimesTarget, blockReason, type Cancellation, planDeactivation, planVehicleChange } from '@domain/vehicle-changes';
import {
  type BookingRecord,
  bookingsInRange,
  cancelBookings,
  findBooking,
  findBookingsByIds,
  findOpenBookingsOfVehicle,
  insertBooking,
  insertHistory,
  listHistory,
} from '@server/areas/vehicles/vehicle-booking-repository';
import {
  type AttributeRecord,
  countDepartments,
  deactivateVehicleRow,
  findVehicle,
  insertAttribute,
  insertVehicle,
  listAttributes,
  listDepartments,
  listLocations,
  lockVehicle,
  replaceAttributeValues,
  replaceDepartments,
  saveBookingTimesRow,
  setVehicleImage,
  updateAttribute,
  updateVehicleRow,
  type VehicleRecord,
} from '@server/areas/vehicles/vehicle-repository';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { recordAccessOfMany } from '../privacy/public';
import { cancellationMail } from './book-vehicle';
import { mapOverlap, notFound, toBookingDto, toExisting, VEHICLE_TOPIC, vehicleSettings } from './common';
import { vehicleErrors } from './errors';
import { toVehicleDto } from './vehicle-catalogue';

/** Fleet administration (fahrzeug_pflege): vehicles, booking times, attributes, images, deactivation, maintenance blocks. */

const toDefinition = (a: AttributeRecord): AttributeDefinition => ({
  id: a.id,
  type: a.type as AttributeDefinition['type'],
  label: a.label,
  choices: a.choices,
  conditions: a.conditions.map(parseCondition),
});

function assertTimes(t: { from: string; to: string }): void {
  if (!isValidTime(t.from) || !isValidTime(t.to)) throw vehicleErrors.fail('time_invalid');
  if (t.to <= t.from) throw vehicleErrors.fail('booking_times_invalid');
}

async function validateVehicle(
  tx: Db,
  tenantId: string,
  v: CreateVehicleRequest,
): Promise<{ locationName: string; attributes: Record<string, string> }> {
  assertTimes(v.bookingTimes);
  if (v.validFrom && v.validTo && v.validTo < v.validFrom) {
    throw vehicleErrors.fail('validity_invalid');
  }
  const location = (await listLocations(tx, tenantId)).find((l) => l.id === v.locationId);
  if (!location) throw notFound('Standort');
  const depIds = [...new Set(v.departmentIds)];
  if ((await countDepartments(tx, tenantId, depIds)) !== depIds.length) throw notFound('Abteilung');
  const defs = (await listAttributes(tx, tenantId, 'FAHRZEUG')).map(toDefinition);
  return { locationName: location.name, attributes: validateAttributeValues(defs, v.attributes) };
}

const writeOf = (v: CreateVehicleRequest) => ({
  ...v,
  bookingTimes: { ...v.bookingTimes, weekdays: [...v.bookingTimes.weekdays] },
});

export async function createVehicle(deps: Deps, user: UserContext, v: CreateVehicleRequest) {
  const tenantId = user.tenant.id;
  const created = await withTenant(deps.database.db, tenantId, async (tx) => {
    const { attributes } = await validateVehicle(tx, tenantId, v);
    const id = await insertVehicle(tx, tenantId, writeOf(v));
    await replaceDepartments(tx, tenantId, id, [...new Set(v.departmentIds)]);
    await replaceAttributeValues(tx, tenantId, id, attributes);
    await insertHistory(tx, tenantId, {
      vehicleId: id,
      type: 'ERSTELLUNG',
      description: 'Fahrzeug wurde angelegt.',
      userId: user.member.id,
    });
    return (await findVehicle(tx, tenantId, id))!;
  });
  return toVehicleDto(created);
}

async function openBookingsOf(tx: Db, tenantId: string, vehicleId: string): Promise<BookingRecord[]> {
  return findOpenBookingsOfVehicle(tx, tenantId, vehicleId);
}

async function applyCancellations(
  deps: Deps,
  tx: Db,
  tenantId: string,
  open: BookingRecord[],
  cancellations: Cancellation[],
): Promise<PendingMail[]> {
  const mails: PendingMail[] = [];
  const byReason = new Map<string, string[]>();
  for (const c of cancellations) byReason.set(c.reason, [...(byReason.get(c.reason) ?? []), c.bookingId]);
  for (const [reason, ids] of byReason) {
    const done = await cancelBookings(tx, tenantId, ids, reason);
    for (const id of done) {
      const b = open.find((x) => x.id === id)!;
      await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'cancelled', id, scope: b.vehicleId });
      if (b.type === 'BUCHUNG') mails.push(cancellationMail(b, reason));
    }
  }
  return mails;
}

/**
 * Data change (docs/product.md#vehicle-changes-and-deactivation): cancel bookings as the location/validity change demands,
 * re-save the vehicle, its booking times and attributes, and write a
 * STAMMDATENAENDERUNG entry listing each changed field old → new.
 */
export async function updateVehicle(
  deps: Deps,
  user: UserContext,
  id: string,
  req: { old?: ReturnType<typeof toVehicleDto> | null | undefined; vehicle: CreateVehicleRequest },
) {
  const tenantId = user.tenant.id;
  const { vehicle, cancelled, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    if (!(await lockVehicle(tx, tenantId, id))) throw notFound();
    const current = await findVehicle(tx, tenantId, id);
    if (!current) throw notFound();
    if (!req.old) throw vehicleErrors.fail('old_vehicle_missing');
    const { locationName, attributes } = await validateVehicle(tx, tenantId, req.vehicle);
    const open = await openBookingsOf(tx, tenantId, id);
    const oldData = { ...toVehicleDto(current), departmentIds: [...current.departmentIds].sort() };
    const newData = { ...req.vehicle, locationName, attributes, departmentIds: [...new Set(req.vehicle.departmentIds)].sort() };
    const plan = planVehicleChange(
      oldData,
      newData,
      open.map((b) => ({ id: b.id, von: b.von, bis: b.bis, status: b.status as 'reserviert' })),
    );
    const mails = await applyCancellations(deps, tx, tenantId, open, plan.cancellations);
    await updateVehicleRow(tx, tenantId, id, writeOf(req.vehicle));
    await saveBookingTimesRow(tx, tenantId, assertBookingTimesTarget(id), writeOf(req.vehicle).bookingTimes);
    await replaceDepartments(tx, tenantId, id, newData.departmentIds);
    await replaceAttributeValues(tx, tenantId, id, attributes);
    if (plan.changes.length) {
      await insertHistory(tx, tenantId, {
        vehicleId: id,
        type: 'STAMMDATENAENDERUNG',
        description: plan.changes.join('\n'),
        userId: user.member.id,
      });
    }
    return { vehicle: (await findVehicle(tx, tenantId, id))!, cancelled: plan.cancellations.length, mails };
  });
  await sendAll(deps, tenantId, mails);
  return { vehicle: toVehicleDto(vehicle), cancelledBookings: cancelled };
}

/** Soft delete: open bookings cancelled ('Storno, weil Fahrzeug deaktiviert wurde.'), DEAKTIVIERUNG entry, bookers told. */
export async function deactivateVehicle(deps: Deps, user: UserContext, id: string) {
  const tenantId = user.tenant.id;
  const { cancelled, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    if (!(await lockVehicle(tx, tenantId, id)) || !(await findVehicle(tx, tenantId, id))) throw notFound();
    const open = await openBookingsOf(tx, tenantId, id);
    const plan = planDeactivation(open.map((b) => ({ id: b.id, von: b.von, bis: b.bis, status: b.status as 'reserviert' })));
    const mails = await applyCancellations(deps, tx, tenantId, open, plan);
    await deactivateVehicleRow(tx, tenantId, id);
    await insertHistory(tx, tenantId, {
      vehicleId: id,
      type: 'DEAKTIVIERUNG',
      description: MESSAGES.deactivationEntry,
      userId: user.member.id,
    });
    return { cancelled: plan.length, mails };
  });
  await sendAll(deps, tenantId, mails);
  return { ok: true as const, cancelledBookings: cancelled };
}

export async function saveBookingTimes(
  deps: Deps,
  user: UserContext,
  id: string | undefined,
  t: { weekdays: string[]; from: string; to: string },
) {
  const vehicleId = assertBookingTimesTarget(id);
  assertTimes(t);
  const tenantId = user.tenant.id;
  const v = await withTenant(deps.database.db, tenantId, async (tx) => {
    if (!(await saveBookingTimesRow(tx, tenantId, vehicleId, t))) throw notFound();
    return (await findVehicle(tx, tenantId, vehicleId))!;
  });
  return toVehicleDto(v);
}

export async function saveVehicleAttributes(deps: Deps, user: UserContext, id: string, values: Record<string, string>) {
  const tenantId = user.tenant.id;
  const v = await withTenant(deps.database.db, tenantId, async (tx) => {
    if (!(await findVehicle(tx, tenantId, id))) throw notFound();
    const defs = (await listAttributes(tx, tenantId, 'FAHRZEUG')).map(toDefinition);
    await replaceAttributeValues(tx, tenantId, id, validateAttributeValues(defs, values));
    return (await findVehicle(tx, tenantId, id))!;
  });
  return toVehicleDto(v);
}

const MAX_IMAGE = 5 * 1024 * 1024;

export async function uploadVehicleImage(deps: Deps, user: UserContext, id: string, bytes: Buffer) {
  const kind = validateUpload(bytes, { allowed: ['png', 'jpg'], maxBytes: MAX_IMAGE });
  const tenantId = user.tenant.id;
  const path = `${id}-${randomUUID()}.${kind}`;
  const exists = await withTenant(deps.database.db, tenantId, (tx) => findVehicle(tx, tenantId, id));
  if (!exists) throw notFound();
  await deps.storage.put('fahrzeuge', tenantId, path, bytes, UPLOAD_CONTENT_TYPES[kind]);
  await withTenant(deps.database.db, tenantId, (tx) => setVehicleImage(tx, tenantId, id, path, UPLOAD_CONTENT_TYPES[kind]));
  return { imageUrl: `/api/vehicles/${id}/image?v=${encodeURIComponent(path)}` };
}

export async function vehicleImage(deps: Deps, user: UserContext, id: string) {
  const tenantId = user.tenant.id;
  const v: VehicleRecord | null = await withTenant(deps.database.db, tenantId, (tx) => findVehicle(tx, tenantId, id, true));
  if (!v?.imagePath) throw notFound('Bild');
  const file = await deps.storage.get('fahrzeuge', tenantId, v.imagePath);
  if (!file) throw notFound('Bild');
  return file;
}

export async function saveAttribute(
  deps: Deps,
  user: UserContext,
  id: string | null,
  a: {
    target: string;
    type: string;
    label: string;
    choices: { key: string; text: string }[];
    conditions: { type: string; value: string | null; dependentAttributeId: string | null }[];
    sortOrder: number;
  },
) {
  const conditions = a.conditions.map(parseCondition);
  if ((a.type === 'RADIOS' || a.type === 'DROPDOWN') && a.choices.length === 0) {
    throw vehicleErrors.fail('attribute_choices_missing');
  }
  const tenantId = user.tenant.id;
  const saved = await withTenant(deps.database.db, tenantId, async (tx) => {
    const existing = await listAttributes(tx, tenantId);
    for (const c of conditions) {
      if (c.dependentAttributeId && !existing.some((e) => e.id === c.dependentAttributeId)) throw notFound('Attribut');
    }
    const row = { target: a.target, type: a.type, label: a.label, choices: a.choices, conditions, sortOrder: a.sortOrder };
    let attrId = id;
    if (attrId) {
      if (!(await updateAttribute(tx, tenantId, attrId, row))) throw notFound('Attribut');
    } else attrId = await insertAttribute(tx, tenantId, row);
    return (await listAttributes(tx, tenantId)).find((x) => x.id === attrId)!;
  });
  return {
    ...saved,
    target: saved.target as 'FAHRZEUG',
    type: saved.type as 'TEXT',
    conditions: saved.conditions as { type: 'MANDATORY'; value: string | null; dependentAttributeId: string | null }[],
  };
}

/**
 * Maintenance block (WARTUNG, SERVICE, DEFEKT): overlapping user bookings are
 * cancelled by the system with a reason, their bookers told, then the block is
 * booked like any booking (same constraint) and written to the history.
 */
export async function blockVehicle(
  deps: Deps,
  user: UserContext,
  id: string,
  req: { type: string; von: string; bis: string; description: string },
) {
  const type = parseBlockType(req.type);
  const tenantId = user.tenant.id;
  const { booking, cancelled, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const placed = await placeBlock(deps, tx, user, id, {
      type,
      von: new Date(req.von),
      bis: new Date(req.bis),
      description: req.description,
    });
    return { ...placed, booking: (await findBooking(tx, tenantId, placed.bookingId))! };
  });
  await sendAll(deps, tenantId, mails);
  return { booking: toBookingDto(booking), cancelledBookings: cancelled };
}

/**
 * The block itself, inside the caller's transaction (a damage's DEFEKT block
 * links the damage in the same transaction). Mails are returned, to be sent
 * after the commit.
 */
export async function placeBlock(
  deps: Deps,
  tx: Db,
  user: UserContext,
  id: string,
  req: { type: 'WARTUNG' | 'SERVICE' | 'DEFEKT'; von: Date; bis: Date; description: string },
): Promise<{ bookingId: string; cancelled: number; mails: PendingMail[] }> {
  const { type, von, bis } = req;
  const tenantId = user.tenant.id;
  if (!(await lockVehicle(tx, tenantId, id))) throw notFound();
  const v = await findVehicle(tx, tenantId, id);
  if (!v) throw notFound();
  const s = await vehicleSettings(tx, tenantId, user.member.id);
  const overlapping = await bookingsInRange(tx, tenantId, von, bis > von ? bis : von, {
    vehicleIds: [id],
    statuses: 'blocking',
    gapMinutes: s.minGapMinutes,
  });
  // Blocks never give way; user bookings do.
  const existingBlocks = overlapping.filter((b) => b.type !== 'BUCHUNG');
  assertAvailable({
    von,
    bis,
    vehicle: { validFrom: null, validTo: null, bookingTimes: v.bookingTimes as never, bookingOutsidePossible: true },
    individualTimes: false,
    bookings: existingBlocks.map(toExisting),
    minGapMinutes: s.minGapMinutes,
  });
  const toCancel = overlapping.filter((b) => b.type === 'BUCHUNG');
  const open = await findBookingsByIds(
    tx,
    tenantId,
    toCancel.map((b) => b.id),
  );
  const reason = blockReason(type);
  const mails = await applyCancellations(
    deps,
    tx,
    tenantId,
    open,
    open.map((b) => ({ bookingId: b.id, reason })),
  );
  const bookingId = await insertBooking(tx, tenantId, {
    vehicleId: id,
    von,
    bis,
    blockedUntil: blockedUntil(bis, s.minGapMinutes),
    type,
    status: 'reserviert',
    bookedById: user.member.id,
    driverId: user.member.id,
    reason: req.description,
    passengers: null,
    destination: null,
    stopover: null,
    contact: null,
    detour: null,
    infoText: req.description,
    needsApproval: false,
  }).catch(mapOverlap);
  await insertHistory(tx, tenantId, {
    vehicleId: id,
    type: type === 'SERVICE' ? 'SERVICE' : 'WARTUNG',
    status: type,
    description: req.description,
    bookingId,
    userId: user.member.id,
  });
  await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'created', id: bookingId, scope: id });
  return { bookingId, cancelled: open.length, mails };
}

export async function vehicleHistory(deps: Deps, user: UserContext, id: string) {
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const vehicle = await findVehicle(tx, tenantId, id, true);
    if (!vehicle) throw notFound();
    const rows = await listHistory(tx, tenantId, id);
    // trip starts and ends show who drove when: one access entry for the whole history (decision 155)
    await recordAccessOfMany(
      tx,
      tenantId,
      user.member,
      rows
        .filter((r) => r.userId && (r.type === 'CHECK_IN' || r.type === 'CHECK_OUT'))
        .map((r) => ({ id: r.userId, name: `${r.firstName} ${r.lastName}` })),
      'fahrzeugverlauf',
      [{ field: 'Fahrzeug', value: `${vehicle.brand} ${vehicle.model} (${vehicle.licensePlate})` }],
    );
    const last = rows.map((r) => r.mileage).filter((m): m is number => m !== null);
    return {
      entries: rows.map((r) => ({
        id: r.id,
        time: r.time.toISOString(),
        type: r.type as 'ERSTELLUNG',
        status: r.status,
        description: r.description,
        bookingId: r.bookingId,
        mileage: r.mileage,
        fuelPercent: r.fuelPercent,
        cleanlinessInside: r.cleanlinessInside,
        cleanlinessOutside: r.cleanlinessOutside,
        parkingSpaceName: r.parkingSpaceName,
        damages: r.damages,
        attributes: r.attributes,
        user: r.userId ? { id: r.userId, name: `${r.firstName} ${r.lastName}` } : null,
      })),
      lastMileage: last.length ? Math.max(...last) : null,
    };
  });
}

export async function vehicleDepartments(deps: Deps, user: UserContext) {
  return { departments: await withTenant(deps.database.db, user.tenant.id, (tx) => listDepartments(tx, user.tenant.id)) };
}
