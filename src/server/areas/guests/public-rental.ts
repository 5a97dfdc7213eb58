import type { PublicBike, RentalRequestBody } from '@contracts/guests';
import { type Db, withTenant } from '@db/client';
import type { AppError } from '@domain/errors';
import {
  assertOpenRequestsBelow,
  isRequestOpen,
  PUBLIC_ACTION_LIMIT,
  PUBLIC_READ_LIMIT,
  REQUEST_EMAIL_LIMIT,
  requestExpiresAt,
} from '@domain/guest-booking';
import { assertBookingRules, blockedUntil, bookingWindowEnd, checkAvailability } from '@domain/vehicle-booking';
import { berlinInstant } from '@domain/vehicle-time';
import {
  countOpenRequests,
  insertGuest,
  insertRequest,
  lockEmail,
  lockRequestByTokenHash,
  markRequestConfirmed,
} from '@server/areas/guests/guest-repository';
import { guestBookingMail, rentalRequestMail } from '@server/areas/guests/guest-templates';
import { membersWithPermission } from '@server/areas/people/public';
import type { TenantRecord } from '@server/areas/tenant/public';
import {
  availabilityVehicle,
  bookingsInRange,
  findVehicles,
  insertBooking,
  lockVehicle,
  mapOverlap,
  toExisting,
  VEHICLE_TOPIC,
  type VehicleRecord,
  type VehicleSettings,
  vehicleSettings,
} from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import { withIcs } from '@server/kernel/mail/render';
import { guestVehicleIcs, invitationFor } from '../calendar/public';
import { guestsErrors } from './errors';
import { cancelPageUrl, checkGuestInput } from './guest-bookings';
import { type GuestSettings, guestSettings } from './guest-settings';
import { countHit } from './rate-limit';
import { hashToken, newToken } from './tokens';

/**
 * The guest bike rental on /public (decision 052): a visitor sees the bikes
 * free for a day and time and requests one; the request blocks nothing until
 * confirmed by the mail's link (double opt-in), then it becomes a booking
 * through the same no-overlap constraint as every other booking.
 */

export const RENTAL_OFF_MESSAGE = guestsErrors.entries.rental_off.de;
export const REQUEST_LINK_INVALID_MESSAGE = guestsErrors.entries.request_link_invalid.de;
export const BIKE_TAKEN_MESSAGE = guestsErrors.entries.bike_taken.de;
export const REQUEST_SENT_MESSAGE =
  'Fast geschafft: Bitte bestätigen Sie Ihre Anfrage über den Link in der E-Mail, die wir Ihnen geschickt haben.';
export const REQUEST_CONFIRMED_MESSAGE = 'Vielen Dank! Ihr Rad ist reserviert. Die Bestätigung mit dem Stornolink kommt per E-Mail.';
export const NO_RECEPTION_MESSAGE = guestsErrors.entries.rental_no_reception.de;

const rentalOff = () => guestsErrors.fail('rental_off');

async function activeSettings(tx: Db, tenant: TenantRecord): Promise<GuestSettings> {
  const gs = await guestSettings(tx, tenant.id);
  if (!gs.rentalActive || !tenant.features.includes('fahrzeug')) throw rentalOff();
  return gs;
}

export async function rentalInfo(deps: Deps, tenant: TenantRecord, ip: string) {
  await countHit(deps, tenant.id, PUBLIC_READ_LIMIT, ip);
  const gs = await withTenant(deps.database.db, tenant.id, (tx) => guestSettings(tx, tenant.id));
  const active = gs.rentalActive && tenant.features.includes('fahrzeug');
  return { active, tenantName: tenant.name, phoneRequired: active && gs.phoneRequired, contact: active ? gs.contact : '' };
}

/** A visitor's day and times as a period, with the booking rules every booking has (minimum duration, window, not past). */
function period(s: VehicleSettings, day: string, from: string, to: string, now: Date) {
  const von = berlinInstant(day, from);
  const bis = berlinInstant(day, to);
  if (!(bis > von)) throw guestsErrors.fail('bis_not_after_von');
  if (von < now) throw guestsErrors.fail('booking_in_past');
  assertBookingRules(von, bis, now, bookingWindowEnd(now, s.daysAhead, s.windowWeekday, s.windowHour), s.minDurationMinutes);
  return { von, bis };
}

const guestVehicleList = async (tx: Db, tenantId: string) => (await findVehicles(tx, tenantId)).filter((v) => v.guestBookingPossible);

/** Free for a guest: available without a special trip (guests cannot be approved). */
async function freeOnes(tx: Db, tenantId: string, list: VehicleRecord[], s: VehicleSettings, von: Date, bis: Date) {
  if (list.length === 0) return [];
  const existing = await bookingsInRange(tx, tenantId, von, bis, {
    vehicleIds: list.map((v) => v.id),
    statuses: 'blocking',
    gapMinutes: s.minGapMinutes,
  });
  return list.filter((v) => {
    const r = checkAvailability({
      von,
      bis,
      vehicle: availabilityVehicle(v, s),
      individualTimes: s.individualTimes,
      bookings: existing.filter((b) => b.vehicleId === v.id).map(toExisting),
      minGapMinutes: s.minGapMinutes,
    });
    return r.available && !r.needsApproval;
  });
}

const toPublicBike = (v: VehicleRecord): PublicBike => ({
  key: v.licensePlate,
  label: `${v.brand} ${v.model}`,
  licensePlate: v.licensePlate,
  category: v.category,
  colour: v.colour,
  gearbox: v.gearbox,
  drive: v.fuel,
  location: v.locationName,
  hasImage: v.imagePath !== null,
});

export async function freeBikes(deps: Deps, tenant: TenantRecord, ip: string, q: { day: string; from: string; to: string }) {
  await countHit(deps, tenant.id, PUBLIC_READ_LIMIT, ip);
  const now = new Date();
  return withTenant(deps.database.db, tenant.id, async (tx) => {
    await activeSettings(tx, tenant);
    const s = await vehicleSettings(tx, tenant.id, null);
    const { von, bis } = period(s, q.day, q.from, q.to, now);
    const free = await freeOnes(tx, tenant.id, await guestVehicleList(tx, tenant.id), s, von, bis);
    return { bikes: free.map(toPublicBike) };
  });
}

export async function bikeImage(deps: Deps, tenant: TenantRecord, ip: string, key: string) {
  await countHit(deps, tenant.id, PUBLIC_READ_LIMIT, ip);
  const v = await withTenant(deps.database.db, tenant.id, async (tx) => {
    await activeSettings(tx, tenant);
    return (await guestVehicleList(tx, tenant.id)).find((x) => x.licensePlate === key);
  });
  const file = v?.imagePath ? await deps.storage.get('fahrzeuge', tenant.id, v.imagePath) : null;
  if (!file) throw guestsErrors.fail('image_not_found');
  return file;
}

const confirmUrl = (origin: string, token: string) => `${origin}/public?anfrage=${token}`;

/**
 * A visitor's request. A filled honeypot is answered like a success and stores
 * nothing; otherwise per-address and per-e-mail limits, the open-request
 * maximum per e-mail (serialised per address by an advisory lock) and the bike
 * being free now. Nothing is blocked until the mail's link is followed.
 */
export async function requestBike(deps: Deps, tenant: TenantRecord, ip: string, origin: string, body: RentalRequestBody) {
  await countHit(deps, tenant.id, PUBLIC_ACTION_LIMIT, ip);
  if (body.website?.trim()) return { message: REQUEST_SENT_MESSAGE };
  const now = new Date();
  const gsCheck = await withTenant(deps.database.db, tenant.id, (tx) => activeSettings(tx, tenant));
  const guest = checkGuestInput(body.name, body.email, body.phone, gsCheck.phoneRequired);
  await countHit(deps, tenant.id, REQUEST_EMAIL_LIMIT, guest.email);
  const token = newToken();
  const r = await withTenant(deps.database.db, tenant.id, async (tx) => {
    const gs = await activeSettings(tx, tenant);
    const s = await vehicleSettings(tx, tenant.id, null);
    const { von, bis } = period(s, body.day, body.from, body.to, now);
    const v = (await guestVehicleList(tx, tenant.id)).find((x) => x.licensePlate === body.bike);
    if (!v) throw guestsErrors.fail('bike_unknown');
    if ((await freeOnes(tx, tenant.id, [v], s, von, bis)).length === 0) throw guestsErrors.fail('bike_taken');
    await lockEmail(tx, tenant.id, guest.email);
    assertOpenRequestsBelow(await countOpenRequests(tx, tenant.id, guest.email, now), gs.maxOpenRequests);
    await insertRequest(tx, tenant.id, {
      vehicleId: v.id,
      von,
      bis,
      ...guest,
      locale: body.locale,
      tokenHash: hashToken(token),
      expiresAt: requestExpiresAt(now, gs.requestValidMinutes),
    });
    return { v, von, bis, gs };
  });
  await deps.mailer.send({
    tenantId: tenant.id,
    to: guest.email,
    ...rentalRequestMail({
      guestName: guest.name,
      vehicle: `${r.v.brand} ${r.v.model}`,
      plate: r.v.licensePlate,
      von: r.von,
      bis: r.bis,
      tenantName: tenant.name,
      locale: body.locale,
      url: confirmUrl(origin, token),
      validMinutes: r.gs.requestValidMinutes,
    }),
  });
  return { message: REQUEST_SENT_MESSAGE };
}

/**
 * Double opt-in: the request's link turns it into a confirmed booking. Of many
 * confirmations for the same bike and time exactly one wins: bookings of one
 * vehicle are serialised by its row lock and, across nodes, by the exclusion
 * constraint; the others are told the bike is taken.
 */
export async function confirmRequest(deps: Deps, tenant: TenantRecord, ip: string, origin: string, token: string) {
  await countHit(deps, tenant.id, PUBLIC_ACTION_LIMIT, ip);
  const now = new Date();
  const invalid = () => guestsErrors.fail('request_link_invalid');
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw invalid();
  const cancelToken = newToken();
  const r = await withTenant(deps.database.db, tenant.id, async (tx) => {
    const gs = await activeSettings(tx, tenant);
    const req = await lockRequestByTokenHash(tx, tenant.id, hashToken(token));
    if (!req || !isRequestOpen(req, now)) throw invalid();
    const [reception] = await membersWithPermission(tx, tenant.id, 'fahrzeug_gastbuchung');
    if (!reception) throw guestsErrors.fail('rental_no_reception');
    if (!(await lockVehicle(tx, tenant.id, req.vehicleId))) throw invalid();
    const [v] = await findVehicles(tx, tenant.id, { ids: [req.vehicleId] });
    if (!v?.guestBookingPossible) throw guestsErrors.fail('bike_taken');
    const s = await vehicleSettings(tx, tenant.id, null);
    if (req.von < now || (await freeOnes(tx, tenant.id, [v], s, req.von, req.bis)).length === 0) {
      throw guestsErrors.fail('bike_taken');
    }
    const id = await insertBooking(tx, tenant.id, {
      vehicleId: v.id,
      von: req.von,
      bis: req.bis,
      blockedUntil: blockedUntil(req.bis, s.minGapMinutes),
      type: 'BUCHUNG',
      status: 'reserviert',
      bookedById: reception.id,
      driverId: reception.id,
      reason: null,
      passengers: null,
      destination: null,
      stopover: null,
      contact: null,
      detour: null,
      infoText: `Gast: ${req.name}`,
      needsApproval: false,
    }).catch((e) => {
      try {
        mapOverlap(e);
      } catch (mapped) {
        if ((mapped as AppError).code === 'already_booked') throw guestsErrors.fail('bike_taken');
        throw mapped;
      }
    });
    await insertGuest(tx, tenant.id, {
      bookingId: id,
      name: req.name,
      email: req.email,
      phone: req.phone,
      notes: null,
      locale: req.locale,
      source: 'gaesteverleih',
      confirmedAt: now,
      tokenHash: hashToken(cancelToken),
    });
    await markRequestConfirmed(tx, tenant.id, req.id, id);
    await deps.events.publish(tx, { tenantId: tenant.id, topic: VEHICLE_TOPIC, type: 'created', id, scope: v.id });
    const invite = await invitationFor(tx, deps, tenant.id, { id: null, email: req.email, name: req.name });
    return { req, v, id, contact: gs.contact, invite };
  });
  const vehicle = `${r.v.brand} ${r.v.model}`;
  await deps.mailer.send({
    tenantId: tenant.id,
    to: r.req.email,
    ...withIcs(
      guestBookingMail({
        guestName: r.req.name,
        vehicle,
        plate: r.v.licensePlate,
        von: r.req.von,
        bis: r.req.bis,
        tenantName: tenant.name,
        locale: r.req.locale,
        url: cancelPageUrl(origin, cancelToken),
        needsConfirmation: false,
        contact: r.contact,
      }),
      guestVehicleIcs(
        { id: r.id, von: r.req.von, bis: r.req.bis, vehicle, plate: r.v.licensePlate, location: r.v.locationName },
        r.req.locale,
        'reserviert',
        new Date(),
        r.invite,
      ),
    ),
  });
  return {
    message: REQUEST_CONFIRMED_MESSAGE,
    vehicle,
    licensePlate: r.v.licensePlate,
    von: r.req.von.toISOString(),
    bis: r.req.bis.toISOString(),
  };
}
