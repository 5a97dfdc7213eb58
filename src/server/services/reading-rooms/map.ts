import type { Db } from '../../../db/client';
import { withTenant } from '../../../db/client';
import type { BootstrapResponse, MapObjectDto, MapResponse } from '../../../contracts/reading-rooms';
import { addDays, berlinDay, completeRegularHours, dayOpening, instantOf, type DayOpening } from '../../../domain/opening-hours';
import { occupancyState, periodTimes, refreshInstants, type BookingMode } from '../../../domain/reading-room-booking';
import type { Deps } from '../../deps';
import { listBookingsOfUser, type SlotRecord } from '../../repositories/reading-room-booking-repository';
import {
  findFloorPlan,
  listDeviatingHours,
  listEquipment,
  listFloorPlans,
  listRegularHours,
  loadPlanMapData,
  type FloorPlanRecord,
  type ObjectRecord,
} from '../../repositories/reading-room-repository';
import type { UserContext } from '../context';
import { effectiveSettings } from '../settings/effective-settings';
import { loadLimits, notFound, requireArea, toBookingDto, toFloorPlanDto } from './common';

export async function openingOf(tx: Db, tenantId: string, floorPlanId: string, day: string): Promise<DayOpening> {
  const [regular, deviating] = [await listRegularHours(tx, tenantId, [floorPlanId]), await listDeviatingHours(tx, tenantId, [floorPlanId], day, day)];
  return dayOpening(day, completeRegularHours(regular), deviating);
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
      state = occupancyState(o.capacity, period, placed, overlapping.some((s) => isMine(s, userId)));
      const taken = new Set<number>();
      for (const s of overlapping) for (let p = s.placeFrom; p < s.placeTo; p++) taken.add(p);
      freePlaces = Math.max(0, o.capacity - taken.size);
    }
    return {
      id: o.id,
      kind: o.kind as 'platz' | 'raum',
      designation: o.designation,
      capacity: o.capacity,
      x: o.x,
      y: o.y,
      equipment: o.equipment,
      description: o.description,
      conditions: o.conditions,
      active: o.active,
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

/** Builds a plan's map for a day: a constant number of queries whatever the number of seats. */
export async function loadPlanDay(tx: Db, tenantId: string, plan: FloorPlanRecord, day: string, mode: BookingMode, von: string | undefined, bis: string | undefined, userId: string | null, now: Date) {
  const opening = await openingOf(tx, tenantId, plan.id, day);
  const period = mapPeriod(opening, mode, von, bis);
  const { objects, slots } = await loadPlanMapData(tx, tenantId, plan.id, instantOf(day, '00:00'), instantOf(addDays(day, 1), '00:00'));
  return { opening, period, objects: colourObjects(objects, slots, period, userId), refreshAt: refreshInstants(slots, now).map((d) => d.toISOString()) };
}

export async function getMap(
  deps: Deps,
  user: UserContext,
  floorPlanId: string,
  q: { date: string; mode: BookingMode; von?: string; bis?: string },
  now = new Date(),
): Promise<MapResponse> {
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const plan = await findFloorPlan(tx, tenantId, floorPlanId);
    if (!plan) throw notFound('Grundriss');
    requireArea(user, plan.area);
    const day = await loadPlanDay(tx, tenantId, plan, q.date, q.mode, q.von, q.bis, user.member.id, now);
    return {
      floorPlan: toFloorPlanDto(plan),
      day: day.opening,
      period: day.period ? { von: day.period.von.toISOString(), bis: day.period.bis.toISOString() } : null,
      objects: day.objects,
      refreshAt: day.refreshAt,
    };
  });
}

export async function getBootstrap(deps: Deps, user: UserContext, area: string, now = new Date()): Promise<BootstrapResponse> {
  const a = requireArea(user, area);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const today = berlinDay(now);
    const plans = await listFloorPlans(tx, tenantId, a);
    const ids = plans.map((p) => p.id);
    const regular = await listRegularHours(tx, tenantId, ids);
    const deviating = await listDeviatingHours(tx, tenantId, ids, today);
    const [favPlan, favSeats] = await effectiveSettings(tx, tenantId, user.member.id, ['favoritGrundriss', 'favoritPlaetze']);
    const limits = await loadLimits(tx, tenantId, user.member.id);
    const pending = (await listBookingsOfUser(tx, tenantId, user.member.id, a, now)).filter(
      (b) => b.status === 'vorgemerkt' && b.confirmingId === user.member.id,
    );
    const equipment = await listEquipment(tx, tenantId);
    const favouritePlan = typeof favPlan!.value === 'string' && ids.includes(favPlan!.value) ? favPlan!.value : null;
    return {
      area: a,
      floorPlans: plans.map(toFloorPlanDto),
      openingHours: plans.map((p) => ({
        floorPlanId: p.id,
        regular: completeRegularHours(regular.filter((r) => r.floorPlanId === p.id)).map(({ weekday, von, bis, open }) => ({ weekday, von, bis, open })),
        deviating: deviating.filter((d) => d.floorPlanId === p.id),
      })),
      favourites: { floorPlanId: favouritePlan, objectIds: (favSeats!.value as string[]) ?? [] },
      pendingConfirmations: pending.map((b) => toBookingDto(b, user.member.id, now)),
      limits: { ...limits, weekdays: [...limits.weekdays] },
      equipment,
      today,
    };
  });
}
