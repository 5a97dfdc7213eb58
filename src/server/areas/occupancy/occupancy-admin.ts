import type { OccupancyEmbeddingDto, OccupancyPlansResponse } from '@contracts/occupancy';
import { auditChanges } from '@domain/access-admin';
import { notFound } from '@domain/errors';
import { normaliseColour, normaliseOrigins } from '@domain/occupancy';
import type { Deps } from '@server/deps';
import { audit, change, read } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { findFloorPlan, listFloorPlans } from '../reading-rooms/public';
import { enabledPlanIds, findEmbedding, saveEmbedding, setPlanEnabled } from './occupancy-repository';

/**
 * What the admins set for the public occupancy (decision 230): the room admin
 * switches it on per floor plan (/admin/raeume), the tenant admin lists the
 * websites that may embed it and picks its colour (/admin/mandanten).
 */

export const pagePath = (floorPlanId: string) => `/belegung/${floorPlanId}`;
export const jsonPath = (floorPlanId: string) => `/api/public/occupancy/floor-plans/${floorPlanId}`;
export const locationPagePath = (locationId: string) => `/belegung/standort/${locationId}`;

const planNotFound = () => notFound({ de: 'Grundriss', en: 'Floor plan' });

export async function occupancyPlans(deps: Deps, user: UserContext): Promise<OccupancyPlansResponse> {
  return read(deps, user, async (tx, tenantId) => {
    const plans = await listFloorPlans(tx, tenantId);
    const enabled = await enabledPlanIds(tx, tenantId);
    return {
      floorPlans: plans.map((p) => ({
        id: p.id,
        name: p.name,
        area: p.area as 'leseraum' | 'arbeitswelt',
        locationId: p.locationId,
        locationName: p.locationName,
        active: p.active,
        enabled: enabled.has(p.id),
        pagePath: pagePath(p.id),
        jsonPath: jsonPath(p.id),
        locationPagePath: p.locationId ? locationPagePath(p.locationId) : null,
      })),
    };
  });
}

export async function switchPlan(deps: Deps, user: UserContext, floorPlanId: string, enabled: boolean): Promise<OccupancyPlansResponse> {
  await change(deps, user, async (tx, tenantId) => {
    if (!(await findFloorPlan(tx, tenantId, floorPlanId))) throw planNotFound();
    await setPlanEnabled(tx, tenantId, floorPlanId, enabled);
  });
  return occupancyPlans(deps, user);
}

export async function embeddingView(deps: Deps, user: UserContext): Promise<OccupancyEmbeddingDto> {
  const e = await read(deps, user, (tx, tenantId) => findEmbedding(tx, tenantId));
  return { origins: e.origins, colour: e.colour };
}

/** Saves the websites and colour as given, each checked and normalised (domain/occupancy.ts); audited on the tenant. */
export async function saveEmbeddingOf(deps: Deps, user: UserContext, body: OccupancyEmbeddingDto): Promise<OccupancyEmbeddingDto> {
  const value = { origins: normaliseOrigins(body.origins), colour: normaliseColour(body.colour) };
  await change(deps, user, async (tx, tenantId) => {
    const before = await findEmbedding(tx, tenantId);
    await saveEmbedding(tx, tenantId, value);
    const shown = (x: { origins: string[]; colour: string }) => ({
      'Websites der Belegungsanzeige': x.origins.join(', ') || null,
      'Farbe der Belegungsanzeige': x.colour,
    });
    const changes = auditChanges(shown(before), shown(value));
    if (changes.length > 0)
      await audit(tx, user, { action: 'ändern', subjectType: 'mandant', subjectId: tenantId, subjectName: user.tenant.name, changes });
  });
  return value;
}
