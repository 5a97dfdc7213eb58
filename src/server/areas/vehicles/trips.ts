import { randomUUID } from 'node:crypto';
import type { CheckInRequest, CheckOutRequest } from '@contracts/vehicles';
import { type Db, withTenant } from '@db/client';
import { tripFields } from '@domain/trip-fields';
import { UPLOAD_CONTENT_TYPES, validateUpload } from '@domain/uploads';
import { assertUvvGate } from '@domain/uvv-inspection';
import { parseCondition, validateAttributeValues } from '@domain/vehicle-attributes';
import {
  assertCheckInAllowed,
  defectRefusal,
  isApproved,
  isAutoCancelDue,
  MESSAGES,
  nextStatus,
  parseBookingStatus,
} from '@domain/vehicle-booking';
import { validateTripEnd } from '@domain/vehicle-changes';
import { berlinDay, berlinInstant } from '@domain/vehicle-time';
import { findGuestOfBooking, isGuestBooking } from '@server/areas/guests/public';
import { listTenantIdsWithFeature } from '@server/areas/tenant/public';
import { careGate, tripEndCare } from '@server/areas/vehicle-care/public';
import {
  type BookingRecord,
  cancelBookings,
  findBooking,
  findNotStartedTrips,
  findOverdueTrips,
  insertHistory,
  lastMileage,
  lockBooking,
  parkingSpaceOfLocation,
  updateBookingRow,
} from '@server/areas/vehicles/vehicle-booking-repository';
import { findVehicle, findVehicleCore, listAttributes } from '@server/areas/vehicles/vehicle-repository';
import { checkOutReminderMail } from '@server/areas/vehicles/vehicle-templates';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { assertTripStartInstructed } from '../driver-instruction/public';
import { assertTripStartLicensed } from '../driving-licences/public';
import { recordTrip } from '../logbook/public';
import { checkBeforeTrip } from '../trip-checklist/public';
import { cancellationMail } from './book-vehicle';
import { notFound, toBookingDto, VEHICLE_TOPIC, vehicleSettings } from './common';
import { vehicleErrors } from './errors';

/** Start and end trip (CHECK_IN / CHECK_OUT), damage receipts, and the scheduled auto-cancel and reminder handlers. */

async function loadOwnTrip(tx: Db, user: UserContext, id: string): Promise<BookingRecord> {
  if (!(await lockBooking(tx, user.tenant.id, id))) throw notFound('Buchung');
  const b = (await findBooking(tx, user.tenant.id, id))!;
  const mayDrive = b.driver.id === user.member.id || b.bookedBy.id === user.member.id || user.permissions.has('fahrzeug_pflege');
  // Any receptionist hands a guest's vehicle over and takes it back, not only the one who booked it.
  const reception = user.permissions.has('fahrzeug_gastbuchung') && (await isGuestBooking(tx, user.tenant.id, id));
  if (!mayDrive && !reception) throw notFound('Buchung');
  if (b.type !== 'BUCHUNG') throw vehicleErrors.fail('not_a_trip');
  return b;
}

export async function checkIn(deps: Deps, user: UserContext, id: string, req: CheckInRequest = {}, origin = '') {
  const tenantId = user.tenant.id;
  const now = new Date();
  const { mileage } = req;
  const { b, mails, refusal } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const b = await loadOwnTrip(tx, user, id);
    const s = await vehicleSettings(tx, tenantId, user.member.id);
    const status = nextStatus(b.status, 'CHECK_IN');
    assertCheckInAllowed({ von: b.von, bis: b.bis, approved: isApproved(b, now) }, now, s.checkInBeforeMinutes);
    // A check that lapsed after booking blocks the start with the booking's message.
    const v = await findVehicleCore(tx, tenantId, b.vehicleId);
    await assertTripStartLicensed(tx, tenantId, v?.requiredLicenseClass ?? null, b);
    // An instruction that fell due after booking blocks the start as it would block the booking.
    await assertTripStartInstructed(tx, tenantId, v?.category ?? null, b);
    // A DEFEKT block from an open damage is a booking in this period: the vehicle cannot be driven until it is behoben.
    const care = await careGate(tx, tenantId, b.vehicleId);
    if (care.openDefect) throw defectRefusal(null);
    // An overdue or failed UVV inspection stops the start when the tenant's gate is on; the trip's own period decides.
    assertUvvGate(care.uvv, b.von, b.bis, now);
    if (mileage !== undefined) {
      const last = await lastMileage(tx, tenantId, b.vehicleId);
      if (last !== null && mileage < last) {
        throw vehicleErrors.fail('mileage_too_low', { last });
      }
    }
    // The check before the trip comes last: its answers and the defects they report are kept even when a
    // critical point refuses the start, so the refusal is returned, committed, and thrown after the commit.
    const check = await checkBeforeTrip(
      tx,
      user,
      { id, vehicleId: b.vehicleId, vehicleLabel: b.vehicleLabel, licensePlate: b.licensePlate, category: v?.category ?? '' },
      req.checklist,
      origin,
      deps.events,
    );
    if (check.refusal) return { b, mails: check.mails, refusal: check.refusal };
    await updateBookingRow(tx, tenantId, id, { status });
    await insertHistory(tx, tenantId, {
      vehicleId: b.vehicleId,
      type: 'CHECK_IN',
      status,
      bookingId: id,
      mileage: mileage ?? null,
      userId: user.member.id,
    });
    await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'updated', id, scope: b.vehicleId, cause: 'trip-started' });
    return { b: (await findBooking(tx, tenantId, id))!, mails: check.mails, refusal: null };
  });
  await sendAll(deps, tenantId, mails);
  if (refusal) throw refusal;
  return toBookingDto(b);
}

export async function checkOut(deps: Deps, user: UserContext, id: string, req: CheckOutRequest, origin = '') {
  const tenantId = user.tenant.id;
  const { b, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const b = await loadOwnTrip(tx, user, id);
    const status = nextStatus(b.status, 'CHECK_OUT');
    const fields = tripFields((await findVehicle(tx, tenantId, b.vehicleId, true))!);
    if ((fields.mileage && req.mileage === undefined) || (fields.fuel && req.fuelPercent === undefined)) {
      throw vehicleErrors.fail('mandatory_missing');
    }
    const mileage = fields.mileage ? (req.mileage ?? null) : null;
    const fuelPercent = fields.fuel ? (req.fuelPercent ?? null) : null;
    if (mileage !== null && fuelPercent !== null) {
      validateTripEnd({ fuelPercent, mileage, lastMileage: await lastMileage(tx, tenantId, b.vehicleId) });
    } else if (fuelPercent !== null) validateTripEnd({ fuelPercent, mileage: 0, lastMileage: null });
    const defs = (await listAttributes(tx, tenantId, 'FAHRZEUG_VERLAUF')).map((a) => ({
      id: a.id,
      type: a.type as 'TEXT',
      label: a.label,
      choices: a.choices,
      conditions: a.conditions.map(parseCondition),
    }));
    const attributes = validateAttributeValues(defs, req.attributes);
    if (req.parkingSpaceId) {
      const v = await findVehicle(tx, tenantId, b.vehicleId, true);
      if (!v || !(await parkingSpaceOfLocation(tx, tenantId, req.parkingSpaceId, v.locationId))) {
        throw vehicleErrors.fail('parking_space_invalid');
      }
    }
    for (const d of req.damages) {
      if (d.receiptId && !d.receiptId.startsWith(`${id}/`)) throw vehicleErrors.fail('receipt_invalid');
    }
    await updateBookingRow(tx, tenantId, id, { status });
    await insertHistory(tx, tenantId, {
      vehicleId: b.vehicleId,
      type: 'CHECK_OUT',
      status,
      bookingId: id,
      mileage,
      fuelPercent,
      cleanlinessInside: req.cleanlinessInside,
      cleanlinessOutside: req.cleanlinessOutside,
      parkingSpaceId: req.parkingSpaceId,
      damages: req.damages.map((d) => ({ description: d.description, receiptId: d.receiptId ?? null })),
      attributes,
      userId: user.member.id,
    });
    // The logbook is kept for vehicles with an odometer; a bike's trip has no reading and no entry.
    // A guest's trip is written with the guest's name: the guest drove, not the receptionist who booked.
    const guest = mileage === null ? null : await findGuestOfBooking(tx, tenantId, id);
    if (mileage !== null)
      await recordTrip(tx, tenantId, {
        bookingId: id,
        vehicleId: b.vehicleId,
        von: b.von,
        endReading: mileage,
        driverId: b.driver.id,
        driverName: guest ? `${guest.name} (Gast)` : b.driver.name,
        destination: b.destination,
        stopover: b.stopover,
        reason: b.reason,
        partner: b.contact,
        detour: b.detour,
        tripKind: req.tripKind,
        createdById: user.member.id,
      });
    const mails = await tripEndCare(tx, user, b, req, origin, deps.events);
    await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'updated', id, scope: b.vehicleId, cause: 'trip-ended' });
    return { b: (await findBooking(tx, tenantId, id))!, mails };
  });
  await sendAll(deps, tenantId, mails);
  return toBookingDto(b);
}

const MAX_RECEIPT = 10 * 1024 * 1024;

/** Damage photo or receipt (png/jpg/pdf) for a trip; the id is `{bookingId}/{file}` and goes into damages[].receiptId. */
export async function uploadReceipt(deps: Deps, user: UserContext, id: string, bytes: Buffer) {
  const kind = validateUpload(bytes, { allowed: ['png', 'jpg', 'pdf'], maxBytes: MAX_RECEIPT });
  const tenantId = user.tenant.id;
  await withTenant(deps.database.db, tenantId, async (tx) => {
    const b = await findBooking(tx, tenantId, id);
    if (!b || !(b.driver.id === user.member.id || b.bookedBy.id === user.member.id || user.permissions.has('fahrzeug_pflege')))
      throw notFound('Buchung');
  });
  const file = `${randomUUID()}.${kind}`;
  await deps.storage.put('belege', tenantId, `${id}/${file}`, bytes, UPLOAD_CONTENT_TYPES[kind]);
  return { receiptId: `${id}/${file}` };
}

// ───────────────────────── scheduled jobs (handlers; idempotent) ─────────────────────────

const vehicleTenants = (deps: Deps) => listTenantIdsWithFeature(deps.database.db, 'fahrzeug');

/**
 * Cancels bookings without check-in `fahrzeugAutoStornoOhneCheckInMinuten`
 * after their start (when check-in and release after start are on) and tells
 * the bookers. Running it twice cancels nothing twice.
 */
export async function autoCancelWithoutCheckIn(deps: Deps, now = new Date()): Promise<number> {
  let total = 0;
  for (const tenantId of await vehicleTenants(deps)) {
    const mails = await withTenant(deps.database.db, tenantId, async (tx) => {
      const s = await vehicleSettings(tx, tenantId, null);
      if (!s.checkInActive || !s.autoCancelActive) return [] as PendingMail[];
      const candidates = await findNotStartedTrips(
        tx,
        tenantId,
        new Date(now.getTime() - s.autoCancelMinutes * 60_000),
        new Date(now.getTime() - 7 * 86_400_000),
      );
      const due = candidates.filter((b) =>
        isAutoCancelDue({ von: b.von, status: parseBookingStatus(b.status), type: 'BUCHUNG' }, now, s.autoCancelMinutes),
      );
      const done = await cancelBookings(
        tx,
        tenantId,
        due.map((b) => b.id),
        MESSAGES.noCheckIn,
      );
      const out: PendingMail[] = [];
      for (const b of due.filter((x) => done.includes(x.id))) {
        await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'cancelled', id: b.id, scope: b.vehicleId });
        out.push(cancellationMail(b, MESSAGES.noCheckIn));
      }
      return out;
    });
    total += mails.length;
    await sendAll(deps, tenantId, mails);
  }
  return total;
}

/**
 * Reminds drivers of trips that ended without check-out, at each configured
 * time of day (fahrzeugCheckOutErinnerungszeiten): a booking gets at most one
 * reminder per configured time that has passed since its end.
 */
export async function remindMissingCheckOut(deps: Deps, origin: string, now = new Date()): Promise<number> {
  let total = 0;
  for (const tenantId of await vehicleTenants(deps)) {
    const mails = await withTenant(deps.database.db, tenantId, async (tx) => {
      const s = await vehicleSettings(tx, tenantId, null);
      if (!s.checkInActive || s.checkOutReminderTimes.length === 0) return [] as PendingMail[];
      const open = await findOverdueTrips(tx, tenantId, now);
      const out: PendingMail[] = [];
      for (const b of open) {
        const due = remindersDue(b.bis, now, s.checkOutReminderTimes);
        if (due <= b.reminderCount) continue;
        await updateBookingRow(tx, tenantId, b.id, { reminderCount: due });
        out.push({
          to: b.driver.email,
          recipientId: b.driver.id,
          render: (locale) =>
            checkOutReminderMail({
              name: b.driver.name,
              vehicle: b.vehicleLabel,
              plate: b.licensePlate,
              von: b.von,
              bis: b.bis,
              url: `${origin}/fahrzeuge/uebersicht`,
              locale,
            }),
        });
      }
      return out;
    });
    total += mails.length;
    await sendAll(deps, tenantId, mails);
  }
  return total;
}

/** How many configured reminder moments (times of day) lie in (end, now]. */
export function remindersDue(end: Date, now: Date, times: readonly string[]): number {
  let n = 0;
  let day = berlinDay(end);
  const last = berlinDay(now);
  for (let i = 0; i < 60 && day <= last; i++) {
    for (const t of times) {
      const at = berlinInstant(day, t);
      if (at > end && at <= now) n++;
    }
    const d = new Date(`${day}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    day = d.toISOString().slice(0, 10);
  }
  return n;
}
