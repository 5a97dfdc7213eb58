import type { LockerDay, LockerDto } from '@contracts/lockers';
import { type Db, withTenant } from '@db/client';
import { assertLockerDay, chooseFreeLocker, compareLockerNumbers, normaliseLockerNumber } from '@domain/lockers';
import { addDays, berlinDay, instantOf } from '@domain/opening-hours';
import {
  deskBookingsOfDay,
  findAssignment,
  findLocker,
  heldLocker,
  insertAssignment,
  insertLocker,
  listLockers,
  lockersOfDay,
  releaseAssignment,
  updateLocker,
} from '@server/areas/lockers/locker-repository';
import { findFloorPlan, imageUrl, notFound } from '@server/areas/reading-rooms/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { sqlState } from '../../kernel/sql-state';
import { lockersErrors } from './errors';

/** /officelocker (decision 062): a locker per person and day, for people with a desk booking that day. */

const run = <T>(deps: Deps, user: UserContext, fn: (tx: Db, tenantId: string) => Promise<T>) =>
  withTenant(deps.database.db, user.tenant.id, (tx) => fn(tx, user.tenant.id));

const byNumber = <T extends { number: string }>(list: T[]) => [...list].sort((a, b) => compareLockerNumbers(a.number, b.number));

function constraintOf(err: unknown): string | undefined {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
}

/** Maps the database's refusals to the page's messages; anything else is a real error. */
function refusal(err: unknown): never {
  const state = sqlState(err);
  if (state === '23P01') {
    if (constraintOf(err) === 'locker_assignments_one_locker_per_person') throw lockersErrors.fail('locker_already_holding');
    throw lockersErrors.fail('locker_taken');
  }
  if (state === '23505') throw lockersErrors.fail('locker_duplicate_number');
  throw err;
}

async function dayView(tx: Db, tenantId: string, user: UserContext, day: string): Promise<LockerDay> {
  const desks = await deskBookingsOfDay(tx, tenantId, user.member.id, instantOf(day, '00:00'), instantOf(addDays(day, 1), '00:00'));
  const planIds = [...new Set(desks.map((d) => d.floorPlanId))];
  const lockers = byNumber(await lockersOfDay(tx, tenantId, planIds, day));
  const held = await heldLocker(tx, tenantId, user.member.id, day);
  let mine: LockerDay['mine'] = null;
  if (held) {
    const locker = await findLocker(tx, tenantId, held.lockerId);
    const plan = locker ? await findFloorPlan(tx, tenantId, locker.floorPlanId) : undefined;
    if (locker && plan)
      mine = {
        assignmentId: held.assignmentId,
        lockerId: locker.id,
        number: locker.number,
        floorPlanId: plan.id,
        floorPlan: plan.name,
        posX: locker.posX,
        posY: locker.posY,
      };
  }
  return {
    day,
    desks: desks.map((d) => ({
      floorPlanId: d.floorPlanId,
      floorPlan: d.floorPlan,
      designation: d.designation,
      imageUrl: imageUrl({ id: d.floorPlanId, imagePath: d.imagePath }),
    })),
    mine,
    lockers,
  };
}

export function lockerDay(deps: Deps, user: UserContext, day: string): Promise<LockerDay> {
  return run(deps, user, (tx, tenantId) => dayView(tx, tenantId, user, day));
}

export async function takeLocker(
  deps: Deps,
  user: UserContext,
  body: { date: string; lockerId?: string; floorPlanId?: string },
  now = new Date(),
): Promise<LockerDay> {
  assertLockerDay(body.date, berlinDay(now));
  return run(deps, user, async (tx, tenantId) => {
    const view = await dayView(tx, tenantId, user, body.date);
    if (view.mine) throw lockersErrors.fail('locker_already_holding');
    const deskPlans = new Set(view.desks.map((d) => d.floorPlanId));
    let lockerId: string;
    if (body.lockerId) {
      const locker = await findLocker(tx, tenantId, body.lockerId);
      if (!locker) throw notFound('Spind');
      if (!locker.active) throw lockersErrors.fail('locker_inactive');
      if (!deskPlans.has(locker.floorPlanId)) throw lockersErrors.fail('locker_no_desk');
      lockerId = locker.id;
    } else {
      const planId = body.floorPlanId as string;
      if (!deskPlans.has(planId)) throw lockersErrors.fail('locker_no_desk');
      lockerId = chooseFreeLocker(view.lockers.filter((l) => l.floorPlanId === planId && l.free)).id;
    }
    try {
      await insertAssignment(tx, tenantId, lockerId, user.member.id, body.date);
    } catch (err) {
      refusal(err);
    }
    return dayView(tx, tenantId, user, body.date);
  });
}

export async function releaseLocker(deps: Deps, user: UserContext, assignmentId: string, now = new Date()): Promise<LockerDay> {
  return run(deps, user, async (tx, tenantId) => {
    const assignment = await findAssignment(tx, tenantId, assignmentId);
    // Someone else's assignment is as invisible as a missing one.
    if (!assignment || assignment.userId !== user.member.id) throw notFound('Spind');
    assertLockerDay(assignment.day, berlinDay(now));
    await releaseAssignment(tx, tenantId, assignmentId, now);
    return dayView(tx, tenantId, user, assignment.day);
  });
}

// ---- placing lockers (room admins, /admin/raeume guard) ----

async function requireOfficePlan(tx: Db, tenantId: string, floorPlanId: string) {
  const plan = await findFloorPlan(tx, tenantId, floorPlanId);
  if (!plan) throw notFound('Grundriss');
  if (plan.area !== 'arbeitswelt') throw lockersErrors.fail('locker_not_office');
  return plan;
}

export function listLockersAdmin(deps: Deps, user: UserContext, floorPlanId: string): Promise<LockerDto[]> {
  return run(deps, user, async (tx, tenantId) => {
    await requireOfficePlan(tx, tenantId, floorPlanId);
    return byNumber(await listLockers(tx, tenantId, floorPlanId));
  });
}

export function createLocker(
  deps: Deps,
  user: UserContext,
  body: { floorPlanId: string; number: string; posX: number; posY: number },
): Promise<LockerDto> {
  const number = normaliseLockerNumber(body.number);
  return run(deps, user, async (tx, tenantId) => {
    await requireOfficePlan(tx, tenantId, body.floorPlanId);
    try {
      return await insertLocker(tx, tenantId, { ...body, number });
    } catch (err) {
      refusal(err);
    }
  });
}

export function patchLocker(
  deps: Deps,
  user: UserContext,
  id: string,
  body: { number?: string; posX?: number; posY?: number; active?: boolean },
): Promise<LockerDto> {
  const patch = { ...body, ...(body.number !== undefined ? { number: normaliseLockerNumber(body.number) } : {}) };
  return run(deps, user, async (tx, tenantId) => {
    let updated: LockerDto | undefined;
    try {
      // Nothing to change is not an error: the answer is the locker as it is.
      updated = Object.keys(patch).length === 0 ? await findLocker(tx, tenantId, id) : await updateLocker(tx, tenantId, id, patch);
    } catch (err) {
      refusal(err);
    }
    if (!updated) throw notFound('Spind');
    return updated;
  });
}
