import { withTenant } from '@db/client';
import { demoLayoutForPath, renderDemoPlan } from '@db/seed/reading-room-plan-image';
import { type FloorPlanRecord, findFloorPlan } from '@server/areas/reading-rooms/reading-room-repository';
import type { Deps } from '@server/deps';
import type { StoredFile } from '@server/storage/file-storage';
import type { UserContext } from '../../kernel/context';
import { notFound, requireArea } from './common';

/**
 * A plan image from the grundrisse bucket. A demo plan whose file is missing
 * (fresh data folder) is drawn and stored on first request – docs/product.md#files: missing
 * static default resources are uploaded to the buckets.
 */
export async function readPlanImage(deps: Deps, tenantId: string, plan: FloorPlanRecord): Promise<StoredFile> {
  if (!plan.imagePath) throw notFound('Grundrissbild');
  const stored = await deps.storage.get('grundrisse', tenantId, plan.imagePath);
  if (stored) return stored;
  const layout = demoLayoutForPath(plan.imagePath);
  if (!layout) throw notFound('Grundrissbild');
  const bytes = renderDemoPlan(layout);
  await deps.storage.put('grundrisse', tenantId, plan.imagePath, bytes, 'image/png');
  return { bytes, contentType: 'image/png' };
}

export async function planImage(deps: Deps, user: UserContext, floorPlanId: string): Promise<StoredFile> {
  const tenantId = user.tenant.id;
  const plan = await withTenant(deps.database.db, tenantId, (tx) => findFloorPlan(tx, tenantId, floorPlanId));
  if (!plan) throw notFound('Grundriss');
  requireArea(user, plan.area);
  return readPlanImage(deps, tenantId, plan);
}
