import { createHash } from 'node:crypto';
import { withTenant } from '@db/client';
import { mayViewVehicles, VEHICLE_VIEWER_DENIAL } from '@domain/permissions';
import { matchesFilter } from '@domain/vehicle-attributes';
import { type BookingTimes, bookingLimits, bookingWindowEnd, checkAvailability, vehicleBookingErrors } from '@domain/vehicle-booking';
import { bookingsInRange, timelineJson } from '@server/areas/vehicles/vehicle-booking-repository';
import {
  findVehicle,
  findVehicleCore,
  findVehicles,
  listAttributes,
  listLocations,
  type VehicleRecord,
} from '@server/areas/vehicles/vehicle-repository';
import type { Deps } from '@server/deps';
import { changeStamp } from '@server/kernel/change-version-repository';
import type { UserContext } from '../../kernel/context';
import { kernelErrors } from '../../kernel/errors';
import { availabilityVehicle, maySeeBookerNames, notFound, toExisting, vehicleSettings } from './common';
import { vehicleErrors } from './errors';

/** Read side of vehicles: list with filters, detail, timeline, availability, narrowing of selectable times. */

export function assertMayView(user: UserContext): void {
  if (!mayViewVehicles(user.permissions)) {
    throw kernelErrors.fail('forbidden', { denial: VEHICLE_VIEWER_DENIAL });
  }
}

export function toVehicleDto(v: VehicleRecord) {
  return {
    id: v.id,
    validFrom: v.validFrom,
    validTo: v.validTo,
    locationId: v.locationId,
    locationName: v.locationName,
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
    departmentIds: v.departmentIds,
    bookingTimes: v.bookingTimes as { weekdays: BookingTimes['weekdays'][number][]; from: string; to: string },
    attributes: v.attributes,
    imageUrl: v.imagePath ? `/api/vehicles/${v.id}/image?v=${encodeURIComponent(v.imagePath)}` : null,
    deactivated: v.deactivated,
  };
}

export async function listVehicles(
  deps: Deps,
  user: UserContext,
  q: { locationId?: string; category?: string; freeFrom?: string; freeTo?: string; attributes?: string },
) {
  assertMayView(user);
  let filter: Record<string, string> = {};
  if (q.attributes) {
    try {
      const parsed = JSON.parse(q.attributes) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        filter = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      throw vehicleErrors.fail('attribute_filter_invalid');
    }
  }
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const all = await findVehicles(tx, tenantId, {});
    const s = await vehicleSettings(tx, tenantId, user.member.id);
    const rules = { individualTimes: s.individualTimes, outsideTimes: s.outsideTimes, timesAsPickUpReturn: s.timesAsPickUpReturn };
    const categories = [...new Set(all.map((v) => v.category))].sort((a, b) => a.localeCompare(b, 'de'));
    let list = all.filter(
      (v) =>
        (!q.locationId || v.locationId === q.locationId) &&
        (!q.category || v.category === q.category) &&
        matchesFilter(v.attributes, filter),
    );
    if (q.freeFrom && q.freeTo) {
      const von = new Date(q.freeFrom);
      const bis = new Date(q.freeTo);
      const bookings = await bookingsInRange(tx, tenantId, von, bis, { statuses: 'blocking', gapMinutes: s.minGapMinutes });
      list = list.filter(
        (v) =>
          checkAvailability({
            von,
            bis,
            vehicle: availabilityVehicle(v, s),
            individualTimes: s.individualTimes,
            timesAsPickUpReturn: s.timesAsPickUpReturn,
            bookings: bookings.filter((b) => b.vehicleId === v.id).map(toExisting),
            minGapMinutes: s.minGapMinutes,
          }).available,
      );
    }
    return { vehicles: list.map(toVehicleDto), categories, rules };
  });
}

export async function getVehicle(deps: Deps, user: UserContext, id: string) {
  assertMayView(user);
  const v = await withTenant(deps.database.db, user.tenant.id, (tx) =>
    findVehicle(tx, user.tenant.id, id, user.permissions.has('fahrzeug_pflege')),
  );
  if (!v) throw notFound();
  return toVehicleDto(v);
}

const MAX_TIMELINE_DAYS = 62;

/**
 * Every vehicle's bookings (not cancelled) in a period, as the JSON text of the
 * timeline response (contract `timelineResponse`) with its ETag. The text is
 * built by the database (repository timelineJson) and kept in the app's
 * stamped cache: while the tenant's bookings, people and the gap setting are
 * unchanged, a repeat costs one small query instead of thousands of rows.
 */
export async function timeline(
  deps: Deps,
  user: UserContext,
  q: { from: string; to: string; vehicleIds?: string },
): Promise<{ etag: string; json: string }> {
  assertMayView(user);
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (!(to > from)) throw vehicleBookingErrors.fail('bis_not_after_von');
  if (to.getTime() - from.getTime() > MAX_TIMELINE_DAYS * 86_400_000) {
    throw vehicleErrors.fail('period_too_long', { days: MAX_TIMELINE_DAYS });
  }
  const ids = q.vehicleIds
    ? q.vehicleIds
        .split(',')
        .filter((s) => /^[0-9a-f-]{36}$/i.test(s))
        .sort()
    : undefined;
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const s = await vehicleSettings(tx, tenantId, user.member.id);
    const stamp = `${await changeStamp(tx, tenantId, ['vehicle_bookings', 'people'])},gap:${s.minGapMinutes}`;
    // Decision 033: a person who may not see colleagues' names gets a text naming only themself,
    // cached under a key of its own, so a cached text never crosses permission levels.
    const onlyPerson = maySeeBookerNames(user, s) ? undefined : user.member.id;
    const key = `timeline|${tenantId}|${from.toISOString()}|${to.toISOString()}|${ids?.join(',') ?? '*'}|${onlyPerson ? `own:${onlyPerson}` : 'names'}`;
    const etag = `"${createHash('sha1').update(`${key}|${stamp}`).digest('base64url')}"`;
    const cached = deps.caches.responses.get(key, stamp);
    if (cached !== undefined) return { etag, json: cached };
    const body = await timelineJson(tx, tenantId, from, to, ids, onlyPerson);
    const json = `{"from":${JSON.stringify(from.toISOString())},"to":${JSON.stringify(to.toISOString())},"minGapMinutes":${s.minGapMinutes},${body}}`;
    deps.caches.responses.set(key, stamp, json);
    return { etag, json };
  });
}

export async function availability(deps: Deps, user: UserContext, id: string, q: { von: string; bis: string; excludeBookingId?: string }) {
  assertMayView(user);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const v = await findVehicleCore(tx, tenantId, id);
    if (!v) throw notFound();
    const s = await vehicleSettings(tx, tenantId, user.member.id);
    const von = new Date(q.von);
    const bis = new Date(q.bis);
    const bookings = await bookingsInRange(tx, tenantId, von, bis > von ? bis : von, {
      vehicleIds: [id],
      statuses: 'blocking',
      gapMinutes: s.minGapMinutes,
    });
    const r = checkAvailability({
      von,
      bis,
      vehicle: availabilityVehicle(v, s),
      individualTimes: s.individualTimes,
      timesAsPickUpReturn: s.timesAsPickUpReturn,
      bookings: bookings.map(toExisting),
      minGapMinutes: s.minGapMinutes,
      ...(q.excludeBookingId ? { excludeBookingId: q.excludeBookingId } : {}),
    });
    return r.available
      ? { available: true, needsApproval: r.needsApproval, message: null }
      : { available: false, needsApproval: false, message: vehicleBookingErrors.fail(r.code).text(user.locale) };
  });
}

export async function limits(deps: Deps, user: UserContext, id: string, q: { date: string; excludeBookingId?: string }) {
  assertMayView(user);
  const tenantId = user.tenant.id;
  const now = new Date();
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const v = await findVehicleCore(tx, tenantId, id);
    if (!v) throw notFound();
    const s = await vehicleSettings(tx, tenantId, user.member.id);
    const windowEnd = bookingWindowEnd(now, s.daysAhead, s.windowWeekday, s.windowHour);
    const dayStart = new Date(`${q.date}T00:00:00Z`);
    const bookings = await bookingsInRange(
      tx,
      tenantId,
      new Date(dayStart.getTime() - 86_400_000),
      new Date(dayStart.getTime() + 2 * 86_400_000),
      {
        vehicleIds: [id],
        statuses: 'blocking',
        gapMinutes: s.minGapMinutes,
      },
    );
    const av = availabilityVehicle(v, s);
    const restrictingTimes = s.individualTimes && !av.bookingOutsidePossible ? av.bookingTimes : null;
    const intervals = bookingLimits({
      day: q.date,
      now,
      windowEnd,
      bookings: bookings.map(toExisting),
      minGapMinutes: s.minGapMinutes,
      minDurationMinutes: s.minDurationMinutes,
      stepMinutes: s.stepMinutes,
      bookingTimes: restrictingTimes,
      ...(q.excludeBookingId ? { excludeBookingId: q.excludeBookingId } : {}),
    });
    return {
      intervals: intervals.map((i) => ({ min: i.min.toISOString(), max: i.max.toISOString() })),
      windowEnd: windowEnd.toISOString(),
      stepMinutes: s.stepMinutes,
      minDurationMinutes: s.minDurationMinutes,
      bookingTimes: restrictingTimes
        ? { weekdays: [...restrictingTimes.weekdays], from: restrictingTimes.from, to: restrictingTimes.to }
        : null,
      timesAsPickUpReturn: s.timesAsPickUpReturn,
    };
  });
}

export async function locations(deps: Deps, user: UserContext) {
  assertMayView(user);
  return { locations: await withTenant(deps.database.db, user.tenant.id, (tx) => listLocations(tx, user.tenant.id)) };
}

export async function attributes(deps: Deps, user: UserContext, target?: string) {
  assertMayView(user);
  const list = await withTenant(deps.database.db, user.tenant.id, (tx) => listAttributes(tx, user.tenant.id, target));
  return {
    attributes: list.map((a) => ({
      ...a,
      target: a.target as 'FAHRZEUG',
      type: a.type as 'TEXT',
      conditions: a.conditions as { type: 'MANDATORY'; value: string | null; dependentAttributeId: string | null }[],
    })),
  };
}
