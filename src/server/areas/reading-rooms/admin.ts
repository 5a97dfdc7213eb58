import { createHash, randomBytes } from 'node:crypto';
import type { AdminOpeningHoursDto, DeviatingOpeningHourDto, OpeningPeriodDto } from '@contracts/reading-rooms';
import { type Db, withTenant } from '@db/client';
import {
  addDays,
  assertNoPeriodOverlap,
  berlinDay,
  completeRegularHours,
  validateDeviation,
  validateOpeningHours,
  validatePeriod,
} from '@domain/opening-hours';
import { publicHolidays } from '@domain/public-holidays';
import { validateUpload } from '@domain/uploads';
import {
  countEquipment,
  deleteDeviating,
  deleteEquipment,
  deleteKioskLink,
  deletePeriod,
  findDeviating,
  findFloorPlan,
  findObject,
  findPeriod,
  insertDeviating,
  insertEquipment,
  insertFloorPlan,
  insertKioskLink,
  insertObject,
  insertPeriod,
  listDeviatingHours,
  listEquipment,
  listFloorPlans,
  listKioskLinks,
  listLocations,
  listObjects,
  listPeriods,
  listRegularHours,
  locationExists,
  lockFloorPlan,
  type PeriodRecord,
  replaceObjectEquipment,
  replaceRegularHours,
  updateDeviating,
  updateEquipment,
  updateFloorPlan,
  updateObject,
  updatePeriod,
  updatePositions,
} from '@server/areas/reading-rooms/reading-room-repository';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { notFound, sqlState, toAdminObject, toFloorPlanDto } from './common';
import { readingRoomsErrors } from './errors';
import { tenantBundesland } from './opening-calendar';
import { applyObjectActive } from './removal';

/** /admin/raeume: floor plans, plan images, seats and rooms, equipment, opening hours, kiosk links. */

const PLAN = 'Grundriss';
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const run = <T>(deps: Deps, user: UserContext, fn: (tx: Db, tenantId: string) => Promise<T>) =>
  withTenant(deps.database.db, user.tenant.id, (tx) => fn(tx, user.tenant.id));

/** A unique index refused the name: the refusal names the clashing thing. */
function duplicate(err: unknown, taken: 'floor_plan_taken' | 'designation_taken' | 'equipment_taken', name: string): never {
  if (sqlState(err) === '23505') throw readingRoomsErrors.fail(taken, { name });
  throw err;
}

async function requirePlan(tx: Db, tenantId: string, id: string) {
  const plan = await findFloorPlan(tx, tenantId, id);
  if (!plan) throw notFound(PLAN);
  return plan;
}

export const listPlansAdmin = (deps: Deps, user: UserContext, area?: string) =>
  run(deps, user, async (tx, tenantId) => (await listFloorPlans(tx, tenantId, area)).map(toFloorPlanDto));

export const listLocationsAdmin = (deps: Deps, user: UserContext) => run(deps, user, (tx, tenantId) => listLocations(tx, tenantId));

export async function savePlan(
  deps: Deps,
  user: UserContext,
  id: string | null,
  input: { name: string; area: 'leseraum' | 'arbeitswelt'; locationId: string | null },
) {
  return run(deps, user, async (tx, tenantId) => {
    if (input.locationId && !(await locationExists(tx, tenantId, input.locationId))) throw notFound('Standort');
    try {
      let planId = id;
      if (planId) {
        await requirePlan(tx, tenantId, planId);
        await updateFloorPlan(tx, tenantId, planId, input);
      } else {
        planId = await insertFloorPlan(tx, { tenantId, ...input });
      }
      return toFloorPlanDto((await findFloorPlan(tx, tenantId, planId))!);
    } catch (err) {
      return duplicate(err, 'floor_plan_taken', input.name);
    }
  });
}

function imageSize(bytes: Buffer, kind: string): { width: number; height: number } | null {
  if (kind === 'png' && bytes.length >= 24) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (kind === 'jpg') {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1]!;
      const len = bytes.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
      }
      i += 2 + len;
    }
  }
  return null;
}

/** Stores a new plan image (png/jpg, checked by content and size) under a fresh path. */
export async function uploadPlanImage(deps: Deps, user: UserContext, id: string, bytes: Buffer) {
  const tenantId = user.tenant.id;
  await run(deps, user, (tx) => requirePlan(tx, tenantId, id));
  const kind = validateUpload(bytes, { allowed: ['png', 'jpg'], maxBytes: MAX_IMAGE_BYTES });
  const size = imageSize(bytes, kind);
  const path = `${id}/${randomBytes(8).toString('hex')}.${kind}`;
  const contentType = kind === 'png' ? 'image/png' : 'image/jpeg';
  await deps.storage.put('grundrisse', tenantId, path, bytes, contentType);
  const { dto, previous } = await run(deps, user, async (tx) => {
    const previous = (await findFloorPlan(tx, tenantId, id))?.imagePath ?? null;
    await updateFloorPlan(tx, tenantId, id, {
      imagePath: path,
      imageType: contentType,
      imageWidth: size?.width ?? null,
      imageHeight: size?.height ?? null,
    });
    return { dto: toFloorPlanDto((await findFloorPlan(tx, tenantId, id))!), previous };
  });
  // One file per plan: the replaced image goes, so deleting the plan leaves nothing behind (decision 025).
  if (previous && previous !== path)
    await deps.storage
      .remove('grundrisse', tenantId, previous)
      .catch((err: unknown) => deps.log.warn({ err, floorPlanId: id }, 'Altes Grundrissbild konnte nicht gelöscht werden'));
  return dto;
}

export const listObjectsAdmin = (deps: Deps, user: UserContext, floorPlanId: string) =>
  run(deps, user, async (tx, tenantId) => {
    await requirePlan(tx, tenantId, floorPlanId);
    return (await listObjects(tx, tenantId, floorPlanId)).map(toAdminObject);
  });

type ObjectInput = {
  kind?: 'platz' | 'raum';
  designation?: string;
  capacity?: number;
  x?: number;
  y?: number;
  equipment?: { id: string; count: number }[];
  description?: string;
  conditions?: string;
  active?: boolean;
};

async function checkEquipment(tx: Db, tenantId: string, items: { id: string }[] | undefined) {
  if (!items) return;
  const ids = [...new Set(items.map((i) => i.id))];
  if (ids.length !== items.length) throw readingRoomsErrors.fail('equipment_twice');
  if ((await countEquipment(tx, tenantId, ids)) !== ids.length) throw notFound('Ausstattung');
}

export async function createObject(deps: Deps, user: UserContext, floorPlanId: string, input: Required<ObjectInput>) {
  return run(deps, user, async (tx, tenantId) => {
    await requirePlan(tx, tenantId, floorPlanId);
    await checkEquipment(tx, tenantId, input.equipment);
    try {
      const id = await insertObject(tx, tenantId, floorPlanId, input);
      await replaceObjectEquipment(tx, tenantId, id, input.equipment);
      return toAdminObject((await findObject(tx, tenantId, id))!);
    } catch (err) {
      return duplicate(err, 'designation_taken', String(input.designation));
    }
  });
}

/** Changes an object; `active: false` cancels its open bookings like PUT …/active does (decision 025). */
export async function patchObject(deps: Deps, user: UserContext, id: string, input: ObjectInput, origin: string, now = new Date()) {
  const { object, mails } = await run(deps, user, async (tx, tenantId) => {
    const before = await findObject(tx, tenantId, id);
    if (!before) throw notFound('Platz');
    await checkEquipment(tx, tenantId, input.equipment);
    const { active, ...rest } = input;
    let mails: PendingMail[] = [];
    try {
      await updateObject(tx, tenantId, id, rest);
      if (input.equipment) await replaceObjectEquipment(tx, tenantId, id, input.equipment);
    } catch (err) {
      return duplicate(err, 'designation_taken', String(input.designation));
    }
    if (active !== undefined) mails = (await applyObjectActive(deps, tx, tenantId, id, active, origin, now)).mails;
    return { object: toAdminObject((await findObject(tx, tenantId, id))!), mails };
  });
  await sendAll(deps, user.tenant.id, mails);
  return object;
}

export async function savePositions(deps: Deps, user: UserContext, floorPlanId: string, positions: { id: string; x: number; y: number }[]) {
  return run(deps, user, async (tx, tenantId) => {
    await requirePlan(tx, tenantId, floorPlanId);
    const n = await updatePositions(tx, tenantId, floorPlanId, positions);
    if (n !== new Set(positions.map((p) => p.id)).size) throw notFound('Platz');
    return (await listObjects(tx, tenantId, floorPlanId)).map(toAdminObject);
  });
}

// ---- equipment ----

export const listEquipmentAdmin = (deps: Deps, user: UserContext) => run(deps, user, (tx, tenantId) => listEquipment(tx, tenantId));

export const createEquipment = (deps: Deps, user: UserContext, name: string) =>
  run(deps, user, async (tx, tenantId) => {
    try {
      return await insertEquipment(tx, tenantId, name);
    } catch (err) {
      return duplicate(err, 'equipment_taken', name);
    }
  });

export const renameEquipment = (deps: Deps, user: UserContext, id: string, name: string) =>
  run(deps, user, async (tx, tenantId) => {
    try {
      const row = await updateEquipment(tx, tenantId, id, name);
      if (!row) throw notFound('Ausstattung');
      return row;
    } catch (err) {
      return duplicate(err, 'equipment_taken', name);
    }
  });

export const removeEquipment = (deps: Deps, user: UserContext, id: string) =>
  run(deps, user, async (tx, tenantId) => {
    if (!(await deleteEquipment(tx, tenantId, id))) throw notFound('Ausstattung');
  });

// ---- opening hours ----

export const getOpeningHours = (deps: Deps, user: UserContext, floorPlanId: string, now = new Date()): Promise<AdminOpeningHoursDto> =>
  run(deps, user, async (tx, tenantId) => {
    await requirePlan(tx, tenantId, floorPlanId);
    const regular = completeRegularHours(await listRegularHours(tx, tenantId, [floorPlanId])).map(({ weekday, von, bis, open }) => ({
      weekday,
      von,
      bis,
      open,
    }));
    const deviating = await listDeviatingHours(tx, tenantId, [floorPlanId]);
    const today = berlinDay(now);
    const bundesland = await tenantBundesland(tx, tenantId);
    const holidays = publicHolidays(bundesland, today, addDays(today, 365)).map((h) => ({
      ...h,
      opened: deviating.some((d) => d.status === 'offen' && d.validFrom <= h.date && h.date <= d.validTo),
    }));
    const periods = await listPeriods(tx, tenantId, [floorPlanId], today);
    return { floorPlanId, regular, deviating, periods: periods.map(toPeriodDto), bundesland, holidays };
  });

export async function saveRegularHours(
  deps: Deps,
  user: UserContext,
  floorPlanId: string,
  days: { weekday: number; von: string; bis: string; open: boolean }[],
) {
  const weekdays = new Set(days.map((d) => d.weekday));
  if (weekdays.size !== 7) throw readingRoomsErrors.fail('opening_hours_per_weekday');
  for (const d of days) validateOpeningHours(d.von, d.bis);
  await run(deps, user, async (tx, tenantId) => {
    await requirePlan(tx, tenantId, floorPlanId);
    await replaceRegularHours(tx, tenantId, floorPlanId, days);
  });
  return getOpeningHours(deps, user, floorPlanId);
}

type DeviationInput = Omit<DeviatingOpeningHourDto, 'id' | 'floorPlanId'>;

export async function createDeviation(deps: Deps, user: UserContext, floorPlanId: string, input: DeviationInput) {
  validateDeviation(input);
  return run(deps, user, async (tx, tenantId) => {
    await requirePlan(tx, tenantId, floorPlanId);
    const row = await insertDeviating(tx, tenantId, floorPlanId, input);
    await deps.events.publish(tx, { tenantId, topic: 'opening-hours', type: 'changed', id: row.id, scope: floorPlanId });
    return row;
  });
}

export async function patchDeviation(deps: Deps, user: UserContext, id: string, input: DeviationInput) {
  validateDeviation(input);
  return run(deps, user, async (tx, tenantId) => {
    const row = await updateDeviating(tx, tenantId, id, input);
    if (!row) throw notFound('Abweichende Öffnungszeit');
    await deps.events.publish(tx, { tenantId, topic: 'opening-hours', type: 'changed', id, scope: row.floorPlanId });
    return row;
  });
}

export const removeDeviation = (deps: Deps, user: UserContext, id: string) =>
  run(deps, user, async (tx, tenantId) => {
    const row = await findDeviating(tx, tenantId, id);
    if (!row || !(await deleteDeviating(tx, tenantId, id))) throw notFound('Abweichende Öffnungszeit');
    await deps.events.publish(tx, { tenantId, topic: 'opening-hours', type: 'changed', id, scope: row.floorPlanId });
  });

// ---- opening periods (decision 235) ----

type PeriodInput = Omit<OpeningPeriodDto, 'id' | 'floorPlanId'>;

const toPeriodDto = (p: PeriodRecord): OpeningPeriodDto => ({ ...p, hours: completeRegularHours(p.hours, () => false) });

/** Checks a period and that it overlaps none of the plan's others, under the plan's lock (so two saves cannot race). */
async function checkedPeriod(tx: Db, tenantId: string, floorPlanId: string, input: PeriodInput, ownId?: string) {
  const period = { ...input, name: input.name.trim(), hours: [...input.hours].sort((a, b) => a.weekday - b.weekday) };
  validatePeriod(period);
  if (!(await lockFloorPlan(tx, tenantId, floorPlanId))) throw notFound(PLAN);
  const others = (await listPeriods(tx, tenantId, [floorPlanId])).filter((p) => p.id !== ownId);
  assertNoPeriodOverlap(period, others);
  return period;
}

export const createPeriod = (deps: Deps, user: UserContext, floorPlanId: string, input: PeriodInput) =>
  run(deps, user, async (tx, tenantId) => {
    await requirePlan(tx, tenantId, floorPlanId);
    const row = await insertPeriod(tx, tenantId, floorPlanId, await checkedPeriod(tx, tenantId, floorPlanId, input));
    await deps.events.publish(tx, { tenantId, topic: 'opening-hours', type: 'changed', id: row.id, scope: floorPlanId });
    return toPeriodDto(row);
  });

export const savePeriod = (deps: Deps, user: UserContext, id: string, input: PeriodInput) =>
  run(deps, user, async (tx, tenantId) => {
    const existing = await findPeriod(tx, tenantId, id);
    if (!existing) throw notFound('Öffnungszeitraum');
    const row = await updatePeriod(tx, tenantId, id, await checkedPeriod(tx, tenantId, existing.floorPlanId, input, id));
    if (!row) throw notFound('Öffnungszeitraum');
    await deps.events.publish(tx, { tenantId, topic: 'opening-hours', type: 'changed', id, scope: row.floorPlanId });
    return toPeriodDto(row);
  });

export const removePeriod = (deps: Deps, user: UserContext, id: string) =>
  run(deps, user, async (tx, tenantId) => {
    const row = await findPeriod(tx, tenantId, id);
    if (!row || !(await deletePeriod(tx, tenantId, id))) throw notFound('Öffnungszeitraum');
    await deps.events.publish(tx, { tenantId, topic: 'opening-hours', type: 'changed', id, scope: row.floorPlanId });
  });

// ---- kiosk links ----

export const hashKioskToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const listKioskLinksAdmin = (deps: Deps, user: UserContext) =>
  run(deps, user, async (tx, tenantId) =>
    (await listKioskLinks(tx, tenantId)).map((l) => ({ ...l, createdAt: l.createdAt.toISOString() })),
  );

/** A kiosk link with a 256-bit random token; only its SHA-256 is stored, the token is shown once. */
export async function createKioskLink(deps: Deps, user: UserContext, origin: string, floorPlanId: string, name: string) {
  const token = randomBytes(32).toString('base64url');
  return run(deps, user, async (tx, tenantId) => {
    const plan = await requirePlan(tx, tenantId, floorPlanId);
    const row = await insertKioskLink(tx, { tenantId, floorPlanId, name, tokenHash: hashKioskToken(token) });
    return {
      link: { id: row.id, floorPlanId, floorPlanName: plan.name, name, createdAt: row.createdAt.toISOString() },
      token,
      url: `${origin}/kiosk?token=${token}`,
    };
  });
}

export const removeKioskLink = (deps: Deps, user: UserContext, id: string) =>
  run(deps, user, async (tx, tenantId) => {
    if (!(await deleteKioskLink(tx, tenantId, id))) throw notFound('Kiosk-Link');
  });
