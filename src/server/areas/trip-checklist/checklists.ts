import type { ChecklistDto, ChecklistRequest, VehicleChecklist } from '@contracts/trip-checklist';
import type { Db } from '@db/client';
import { withTenant } from '@db/client';
import { categoryKey, checkDraft, isNewVersion, tripChecklistErrors } from '@domain/trip-checklist';
import { findVehicle } from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { kernelErrors } from '../../kernel/errors';
import { notFound } from './errors';
import {
  type ChecklistRecord,
  categoryOwners,
  checklistOfCategory,
  findChecklist,
  insertChecklist,
  insertVersion,
  listChecklists,
  lockTenantChecklists,
  renameChecklist,
  replaceCategories,
  retireChecklist,
  vehicleCategoryCounts,
} from './trip-checklist-repository';

/**
 * The fleet's checklists (docs/product.md#check-before-the-trip): kept by
 * fahrzeug_pflege, one per vehicle category; a change of the points publishes
 * the next version, and answers keep the version they were given for.
 */

const refuse = (p: string) => kernelErrors.fail('forbidden', { denial: `no ${p}` });

function assertFleetManager(u: UserContext): void {
  if (!u.permissions.has('fahrzeug_pflege')) throw refuse('fahrzeug_pflege');
}

/** Anyone who drives or hands over a vehicle reads the checklist its trip start is answered against. */
function assertMayDrive(u: UserContext): void {
  const p = u.permissions;
  if (!(p.has('fahrzeug_buchen') || p.has('fahrzeug_fremdbuchung') || p.has('fahrzeug_pflege') || p.has('fahrzeug_gastbuchung'))) {
    throw refuse('fahrzeug_buchen');
  }
}

export const checklistDto = (c: ChecklistRecord): ChecklistDto => ({
  id: c.id,
  name: c.name,
  categories: c.categories,
  version: c.version,
  versionId: c.versionId,
  publishedAt: c.publishedAt.toISOString(),
  items: c.items,
});

export async function listAll(deps: Deps, user: UserContext) {
  assertFleetManager(user);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const checklists = await listChecklists(tx, tenantId);
    const owner = new Map(checklists.flatMap((c) => c.categories.map((k) => [categoryKey(k), c.id] as const)));
    // Categories are free text on the vehicle: „Transporter“ and „transporter“ are one category, shown as first written.
    const folded = new Map<string, { category: string; vehicles: number }>();
    for (const r of await vehicleCategoryCounts(tx, tenantId)) {
      const k = categoryKey(r.category);
      const seen = folded.get(k);
      folded.set(k, { category: seen?.category ?? r.category.trim(), vehicles: (seen?.vehicles ?? 0) + Number(r.n) });
    }
    return {
      checklists: checklists.map(checklistDto),
      vehicleCategories: [...folded.entries()].map(([k, v]) => ({ ...v, checklistId: owner.get(k) ?? null })),
    };
  });
}

/** Refuses a category another checklist already holds, naming both. */
async function assertCategoriesFree(tx: Db, tenantId: string, categories: readonly string[], self: string | null) {
  const taken = (await categoryOwners(tx, tenantId, categories.map(categoryKey))).find((o) => o.checklist_id !== self);
  if (taken) throw tripChecklistErrors.fail('category_taken', { category: taken.category, checklist: taken.name });
}

export async function createChecklist(deps: Deps, user: UserContext, body: ChecklistRequest) {
  assertFleetManager(user);
  const tenantId = user.tenant.id;
  const draft = checkDraft(
    {
      name: body.name,
      categories: body.categories ?? [],
      items: (body.items ?? []).map((i) => ({ key: i.key ?? null, label: i.label, critical: i.critical ?? false })),
    },
    new Set(),
  );
  return withTenant(deps.database.db, tenantId, async (tx) => {
    await lockTenantChecklists(tx, tenantId);
    await assertCategoriesFree(tx, tenantId, draft.categories, null);
    const id = await insertChecklist(tx, tenantId, draft.name);
    await replaceCategories(
      tx,
      tenantId,
      id,
      draft.categories.map((c) => ({ key: categoryKey(c), category: c })),
    );
    await insertVersion(tx, tenantId, id, 1, draft.items);
    return { checklist: checklistDto((await findChecklist(tx, tenantId, id))!) };
  });
}

/** Saves name, categories and points; only a change of the points publishes a new version. */
export async function changeChecklist(deps: Deps, user: UserContext, id: string, body: ChecklistRequest) {
  assertFleetManager(user);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    await lockTenantChecklists(tx, tenantId);
    const current = await findChecklist(tx, tenantId, id);
    if (!current) throw notFound('Checkliste');
    const draft = checkDraft(
      {
        name: body.name,
        categories: body.categories ?? [],
        items: (body.items ?? []).map((i) => ({ key: i.key ?? null, label: i.label, critical: i.critical ?? false })),
      },
      new Set(current.items.map((i) => i.key)),
    );
    await assertCategoriesFree(tx, tenantId, draft.categories, id);
    if (draft.name !== current.name) await renameChecklist(tx, tenantId, id, draft.name);
    await replaceCategories(
      tx,
      tenantId,
      id,
      draft.categories.map((c) => ({ key: categoryKey(c), category: c })),
    );
    if (isNewVersion(current.items, draft.items)) await insertVersion(tx, tenantId, id, current.version + 1, draft.items);
    return { checklist: checklistDto((await findChecklist(tx, tenantId, id))!) };
  });
}

/** Takes a checklist out of use: its categories are free again, the answers given with it stay. */
export async function removeChecklist(deps: Deps, user: UserContext, id: string) {
  assertFleetManager(user);
  const tenantId = user.tenant.id;
  await withTenant(deps.database.db, tenantId, async (tx) => {
    await lockTenantChecklists(tx, tenantId);
    if (!(await findChecklist(tx, tenantId, id))) throw notFound('Checkliste');
    await retireChecklist(tx, tenantId, id);
  });
}

/** The version a trip start of this vehicle is answered against, for the start dialog. */
export async function checklistOfVehicle(
  deps: Deps,
  user: UserContext,
  vehicleId: string,
): Promise<{ checklist: VehicleChecklist | null }> {
  assertMayDrive(user);
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const v = await findVehicle(tx, tenantId, vehicleId, user.permissions.has('fahrzeug_pflege'));
    if (!v) throw notFound('Fahrzeug');
    const c = await checklistOfCategory(tx, tenantId, categoryKey(v.category));
    return { checklist: c ? { name: c.name, version: c.version, versionId: c.versionId, items: c.items } : null };
  });
}
