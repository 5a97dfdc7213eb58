import type { BootstrapResponse, MapObjectDto, MapResponse } from '@contracts/reading-rooms';
import type { Db } from '@db/client';
import { withTenant } from '@db/client';
import { addDays, berlinDay, completeRegularHours, type DayOpening, dayOpening, instantOf } from '@domain/opening-hours';
import { type BookingMode, occupancyState, periodTimes, refreshInstants } from '@domain/reading-room-booking';
import { listBookingsOfUser, type SlotRecord } from '@server/areas/reading-rooms/reading-room-booking-repository';
import {
  existingObjectIds,
  type FloorPlanRecord,
  findFloorPlan,
  listDeviatingHours,
  listEquipment,
  listFloorPlans,
  listRegularHours,
  loadPlanObjects,
  loadPlanSlots,
  type ObjectRecord,
} from '@server/areas/reading-rooms/reading-room-repository';
import type { Deps } from '@server/deps';
import { changeVersions } from '@server/kernel/change-version-repository';
import type { UserContext } from '../../kernel/context';
import { effectiveValues } from '../settings/public';
import { loadLimits, notFound, objectFields, requireArea, toBookingDto, toFloorPlanDto } from './common';
import { loadPlanHours } from './opening-calendar';
import type { PlanDayData } from './plan-day-data';

export async function openingOf(tx: Db, tenantId: string, floorPlanId: string, day: string): Promise<DayOpening> {
  const { regular, deviating, calendar } = await loadPlanHours(tx, tenantId, floorPlanId, day, day);
  return dayOpening(day, regular, deviating, calendar);
}

const isMine = (s: SlotRecord, userId: string | null) => userId !== null && (s.bookerId === userId || s.confirmingId === userId);

/**
 * Colours every object of a plan for a period from one list of the day's
 * bookings. Only ids, times and place counts leave this function – never who
 * booked, except the `mine` flag for the signed-in user.
 */
export function colourObjects(
  objects: ObjectRecord[],
  slots: SlotRecord[],
  period: { von: Date; bis: Date } | null,
  userId: string | null,
): MapObjectDto[] {
  const byObject = new Map<string, SlotRecord[]>();
  for (const s of slots) {
    const list = byObject.get(s.objectId) ?? [];
    list.push(s);
    byObject.set(s.objectId, list);
  }
  return objects.map((o) => {
    const own = (byObject.get(o.id) ?? []).sort((a, b) => a.von.getTime() - b.von.getTime());
    let state: MapObjectDto['state'];
    let freePlaces = 0;
    if (!o.active) state = 'inaktiv';
    else if (!period) state = 'geschlossen';
    else {
      const overlapping = own.filter((s) => s.von < period.bis && period.von < s.bis);
      const placed = overlapping.map((s) => ({ von: s.von, bis: s.bis, from: s.placeFrom, to: s.placeTo }));
      state = occupancyState(
        o.capacity,
        period,
        placed,
        overlapping.some((s) => isMine(s, userId)),
      );
      const taken = new Set<number>();
      for (const s of overlapping) for (let p = s.placeFrom; p < s.placeTo; p++) taken.add(p);
      freePlaces = Math.max(0, o.capacity - taken.size);
    }
    return {
      ...objectFields(o),
      state,
      freePlaces,
      bookings: own.map((s) => ({
        id: s.id,
        von: s.von.toISOString(),
        bis: s.bis.toISOString(),
        places: s.placeTo - s.placeFrom,
        mine: isMine(s, userId),
        status: s.status as 'vorgemerkt' | 'reserviert' | 'durchgeführt' | 'storniert',
      })),
    };
  });
}

/** The period a map query stands for; null when the day is closed. Invalid hours fall back to the whole day. */
export function mapPeriod(opening: DayOpening, mode: BookingMode, von?: string, bis?: string): { von: Date; bis: Date } | null {
  if (!opening.bookable) return null;
  let times: { von: string; bis: string };
  try {
    times = periodTimes(opening, { mode, von, bis });
  } catch {
    times = { von: opening.von!, bis: opening.bis! };
  }
  return { von: instantOf(opening.date, times.von), bis: instantOf(opening.date, times.bis) };
}

/** What a plan's map of a day is built from, the same for every user. */
const dayBounds = (day: string) => [instantOf(day, '00:00'), instantOf(addDays(day, 1), '00:00')] as const;

async function planDayData(tx: Db, tenantId: string, planId: string, day: string): Promise<PlanDayData> {
  const opening = await openingOf(tx, tenantId, planId, day);
  const objects = await loadPlanObjects(tx, tenantId, planId);
  const slots = await loadPlanSlots(tx, tenantId, planId, ...dayBounds(day));
  return { opening, objects, slots };
}

/** Colours a plan day for one user and period. */
function planDayFor(
  data: PlanDayData,
  mode: BookingMode,
  von: string | undefined,
  bis: string | undefined,
  userId: string | null,
  now: Date,
) {
  const period = mapPeriod(data.opening, mode, von, bis);
  return {
    opening: data.opening,
    period,
    objects: colourObjects(data.objects, data.slots, period, userId),
    refreshAt: refreshInstants(data.slots, now).map((d) => d.toISOString()),
  };
}

/** Builds a plan's map for a day: a constant number of queries whatever the number of seats. */
export async function loadPlanDay(
  tx: Db,
  tenantId: string,
  plan: FloorPlanRecord,
  day: string,
  mode: BookingMode,
  von: string | undefined,
  bis: string | undefined,
  userId: string | null,
  now: Date,
) {
  return planDayFor(await planDayData(tx, tenantId, plan.id, day), mode, von, bis, userId, now);
}

/**
 * The map of a plan for a day, coloured for the user. The plan with its
 * objects, and the day's opening and bookings, are the same for everybody:
 * they come from the caches while the tenant's reading-room versions are
 * unchanged (migration 0004) – the plan while no plan, object, equipment or
 * opening hours changed, the day while additionally no booking changed. So a
 * new booking costs only the day's bookings and opening, not 500 objects
 * again; the colouring is per request.
 */
export async function getMap(
  deps: Deps,
  user: UserContext,
  floorPlanId: string,
  q: { date: string; mode: BookingMode; von?: string; bis?: string },
  now = new Date(),
): Promise<MapResponse> {
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const v = await changeVersions(tx, tenantId, ['reading_rooms', 'reading_room_bookings']);
    const cached = await cachedPlanDay(deps, tx, tenantId, floorPlanId, q.date, v);
    // A deactivated plan is gone from the booking screens (decision 025).
    if (!cached?.plan.active) throw notFound('Grundriss');
    const { plan, objects, opening, slots } = cached;
    requireArea(user, plan.area);
    const day = planDayFor({ opening, slots, objects }, q.mode, q.von, q.bis, user.member.id, now);
    return {
      floorPlan: toFloorPlanDto(plan),
      day: day.opening,
      period: day.period ? { von: day.period.von.toISOString(), bis: day.period.bis.toISOString() } : null,
      objects: day.objects,
      refreshAt: day.refreshAt,
    };
  });
}

/**
 * A plan with its objects and one day's opening and bookings, the same for
 * everybody: from the caches while the tenant's reading-room versions `v`
 * (read in the same transaction) are unchanged (migration 0004) – the plan
 * while no plan, object, equipment or opening hours changed, the day while
 * additionally no booking changed. So a new booking costs only the day's
 * bookings and opening, not 500 objects again. The map colours it per request;
 * the public occupancy (areas/occupancy) counts it. Null for an unknown plan;
 * an inactive one is returned, the caller decides.
 */
export async function cachedPlanDay(
  deps: Deps,
  tx: Db,
  tenantId: string,
  floorPlanId: string,
  date: string,
  v: { reading_rooms: string; reading_room_bookings: string },
): Promise<(PlanDayData & { plan: FloorPlanRecord }) | null> {
  const planKey = `${tenantId}|${floorPlanId}`;
  let structure = deps.caches.planStructures.get(planKey, v.reading_rooms);
  if (!structure) {
    const plan = await findFloorPlan(tx, tenantId, floorPlanId);
    if (!plan) return null;
    structure = { plan, objects: await loadPlanObjects(tx, tenantId, floorPlanId) };
    deps.caches.planStructures.set(planKey, v.reading_rooms, structure);
  }
  const dayKey = `${planKey}|${date}`;
  const dayStamp = `${v.reading_rooms},${v.reading_room_bookings}`;
  let dayData = deps.caches.planDays.get(dayKey, dayStamp);
  if (!dayData) {
    dayData = {
      opening: await openingOf(tx, tenantId, floorPlanId, date),
      slots: await loadPlanSlots(tx, tenantId, floorPlanId, ...dayBounds(date)),
    };
    deps.caches.planDays.set(dayKey, dayStamp, dayData);
  }
  return { plan: structure.plan, objects: structure.objects, ...dayData };
}

export async function getBootstrap(deps: Deps, user: UserContext, area: string, now = new Date()): Promise<BootstrapResponse> {
  const a = requireArea(user, area);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const today = berlinDay(now);
    const plans = await listFloorPlans(tx, tenantId, a, true);
    const ids = plans.map((p) => p.id);
    const regular = await listRegularHours(tx, tenantId, ids);
    const deviating = await listDeviatingHours(tx, tenantId, ids, today);
    const favourites = await effectiveValues(tx, tenantId, user.member.id, ['favoritGrundriss', 'favoritPlaetze']);
    const limits = await loadLimits(tx, tenantId, user.member.id);
    const pending = (await listBookingsOfUser(tx, tenantId, user.member.id, a, now)).filter(
      (b) => b.status === 'vorgemerkt' && b.confirmingId === user.member.id,
    );
    const equipment = await listEquipment(tx, tenantId);
    const favouritePlan = ids.includes(favourites.favoritGrundriss) ? favourites.favoritGrundriss : null;
    // Favourite seats that were deleted since are left out, so saving favourites keeps working.
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const favouriteSeats = await existingObjectIds(
      tx,
      tenantId,
      favourites.favoritPlaetze.filter((id): id is string => typeof id === 'string' && UUID.test(id)),
    );
    return {
      area: a,
      floorPlans: plans.map(toFloorPlanDto),
      openingHours: plans.map((p) => ({
        floorPlanId: p.id,
        regular: completeRegularHours(regular.filter((r) => r.floorPlanId === p.id)).map(({ weekday, von, bis, open }) => ({
          weekday,
          von,
          bis,
          open,
        })),
        deviating: deviating.filter((d) => d.floorPlanId === p.id),
      })),
      favourites: { floorPlanId: favouritePlan, objectIds: favouriteSeats },
      pendingConfirmations: pending.map((b) => toBookingDto(b, user.member.id, now)),
      limits: { ...limits, weekdays: [...limits.weekdays] },
      equipment,
      today,
    };
  });
}
