import { createHash } from 'node:crypto';
import {
  type FloorPlanOccupancyResponse,
  floorPlanOccupancyResponse,
  type LocationOccupancyResponse,
  locationOccupancyResponse,
  type PlanOccupancyDto,
} from '@contracts/occupancy';
import { type Db, withTenant } from '@db/client';
import { type Occupancy, type OccupancyPart, occupancyOf } from '@domain/occupancy';
import { berlinDay } from '@domain/opening-hours';
import type { Deps } from '@server/deps';
import { changeVersions } from '@server/kernel/change-version-repository';
import { cachedPlanDay } from '../reading-rooms/public';
import type { TenantRecord } from '../tenant/public';
import type { OccupancyAnswer, OccupancyKind, OccupancyView } from './occupancy-answer';
import { enabledPlanIds, enabledPlanIdsOfLocation, findEmbedding } from './occupancy-repository';
import { occupancyStampOf } from './occupancy-stamp';

/**
 * The public occupancy of a floor plan or a location (docs/product.md#live-occupancy,
 * decision 230). Every read needs the stamp of what the answer is built from
 * (occupancy-stamp.ts: one shared read, or none at all on the embedded database);
 * while it and the minute are the same, the answer – its JSON text, its HTML
 * in each language, their entity tags – comes from `deps.caches.occupancy`, so
 * any number of polling visitors cost the database nothing more. A change of a
 * booking, a plan, its opening hours, the switches, the websites or the logo
 * shows with the next read, on every node.
 */

export const etagOf = (text: string) => `"${createHash('sha1').update(text).digest('base64url').slice(0, 22)}"`;

const minuteOf = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000);

const countsOf = (o: Occupancy) => ({
  open: o.open,
  opensAt: o.opensAt,
  closesAt: o.closesAt,
  places: o.places,
  now: o.now,
  hours: o.hours,
});

async function buildPlan(
  deps: Deps,
  tx: Db,
  tenant: TenantRecord,
  planId: string,
  enabled: Set<string>,
  day: string,
  minute: Date,
): Promise<{ part: OccupancyPart; dto: PlanOccupancyDto; locationName: string | null } | null> {
  if (!enabled.has(planId)) return null;
  const v = await changeVersions(tx, tenant.id, ['reading_rooms', 'reading_room_bookings']);
  const pd = await cachedPlanDay(deps, tx, tenant.id, planId, day, v);
  // A deactivated plan is off the map and the kiosk (decision 025), and a plan of a switched-off area is nowhere.
  if (!pd?.plan.active || !tenant.features.includes(pd.plan.area)) return null;
  const part: OccupancyPart = { opening: pd.opening, objects: pd.objects, slots: pd.slots };
  const o = occupancyOf([part], day, minute);
  return {
    part,
    locationName: pd.plan.locationName,
    dto: { floorPlan: { id: pd.plan.id, name: pd.plan.name, location: pd.plan.locationName }, ...countsOf(o) },
  };
}

async function build(deps: Deps, tenant: TenantRecord, kind: OccupancyKind, id: string, minute: Date): Promise<OccupancyAnswer> {
  return withTenant(deps.database.db, tenant.id, async (tx) => {
    const embedding = await findEmbedding(tx, tenant.id);
    const enabled = await enabledPlanIds(tx, tenant.id);
    const day = berlinDay(minute);
    const asOf = minute.toISOString();
    if (kind === 'plan') {
      const plan = await buildPlan(deps, tx, tenant, id, enabled, day, minute);
      return { embedding, view: plan ? { kind, dto: { day, asOf, ...plan.dto } } : null };
    }
    const plans = [];
    for (const planId of await enabledPlanIdsOfLocation(tx, tenant.id, id)) {
      const plan = await buildPlan(deps, tx, tenant, planId, enabled, day, minute);
      if (plan) plans.push(plan);
    }
    if (plans.length === 0) return { embedding, view: null };
    const o = occupancyOf(
      plans.map((p) => p.part),
      day,
      minute,
    );
    return {
      embedding,
      view: {
        kind,
        dto: { day, asOf, location: { id, name: plans[0]!.locationName ?? '' }, ...countsOf(o), floorPlans: plans.map((p) => p.dto) },
      },
    };
  });
}

/** Builds under way per app, by key and stamp: the requests that miss at once after a change share one build. */
const building = new WeakMap<Deps, Map<string, Promise<OccupancyAnswer>>>();

/** The answer for a plan or location now: from the cache while stamp and minute hold, else built (once) and kept. */
export async function occupancyAnswer(
  deps: Deps,
  tenant: TenantRecord,
  kind: OccupancyKind,
  id: string,
  now = new Date(),
): Promise<OccupancyAnswer> {
  const minute = minuteOf(now);
  const stamp = `${await occupancyStampOf(deps, tenant.id)}|${minute.toISOString()}`;
  const key = `${tenant.id}|${kind}|${id}`;
  const hit = deps.caches.occupancy.get(key, stamp);
  if (hit) return hit;
  let builds = building.get(deps);
  if (!builds) {
    builds = new Map();
    building.set(deps, builds);
  }
  const flight = `${key}|${stamp}`;
  let pending = builds.get(flight);
  if (!pending) {
    pending = build(deps, tenant, kind, id, minute)
      .then((answer) => {
        deps.caches.occupancy.set(key, stamp, answer);
        return answer;
      })
      .finally(() => builds.delete(flight));
    builds.set(flight, pending);
  }
  return pending;
}

/** The JSON text of an answer with a view, encoded against its schema outside production (as sendBuiltDto does). */
export function jsonOf(answer: OccupancyAnswer & { view: OccupancyView }, check: boolean): { text: string; etag: string } {
  if (!answer.json) {
    const { view } = answer;
    const dto = check
      ? view.kind === 'plan'
        ? floorPlanOccupancyResponse.encode(view.dto as FloorPlanOccupancyResponse)
        : locationOccupancyResponse.encode(view.dto as LocationOccupancyResponse)
      : view.dto;
    const text = JSON.stringify(dto);
    answer.json = { text, etag: etagOf(text) };
  }
  return answer.json;
}
