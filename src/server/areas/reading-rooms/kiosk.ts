import type { KioskBoardResponse } from '@contracts/reading-rooms';
import { type Db, withTenant } from '@db/client';
import { AppError } from '@domain/errors';
import { berlinDay } from '@domain/opening-hours';
import { type FloorPlanRecord, findFloorPlan, findKioskLinkByHash } from '@server/areas/reading-rooms/reading-room-repository';
import type { Deps } from '@server/deps';
import { hashKioskToken } from './admin';
import { imageUrl, notFound } from './common';
import { readingRoomsErrors } from './errors';
import { readPlanImage } from './images';
import { loadPlanDay } from './map';

/**
 * The kiosk board: bound to tenant and floor plan by the link's token, no user
 * session. It shows occupancy now and the booked periods of the rest of the
 * day, never who booked.
 */

const unknownLink = () => notFound('Kiosk-Link');

export async function resolveKiosk(tx: Db, tenantId: string, token: string): Promise<FloorPlanRecord> {
  const link = await findKioskLinkByHash(tx, tenantId, hashKioskToken(token));
  if (!link) throw unknownLink();
  const plan = await findFloorPlan(tx, tenantId, link.floorPlanId);
  if (!plan) throw unknownLink();
  // A deactivated plan is off the kiosk too; the link works again once the plan is reactivated (decision 025).
  if (!plan.active) throw readingRoomsErrors.fail('reading_plan_inactive', { name: plan.name });
  return plan;
}

/** The board's image address: the page preloads the same bytes of it (decision 179), so it is built in one place. */
const kioskImageUrl = (plan: FloorPlanRecord, token: string) => (imageUrl(plan) ? `/api/kiosk/${token}/image` : null);

export async function kioskBoard(
  deps: Deps,
  tenant: { id: string; name: string },
  token: string,
  now = new Date(),
): Promise<KioskBoardResponse> {
  return withTenant(deps.database.db, tenant.id, async (tx) => {
    const plan = await resolveKiosk(tx, tenant.id, token);
    const today = berlinDay(now);
    const day = await loadPlanDay(tx, tenant.id, plan, today, 'ganztags', undefined, undefined, null, now);
    const nowPeriod =
      day.period && now < day.period.bis && now >= day.period.von ? { von: now, bis: new Date(now.getTime() + 60_000) } : null;
    const objects = day.objects
      .filter((o) => o.active)
      .map((o) => {
        const current = o.bookings.filter((b) => b.status !== 'storniert' && new Date(b.von) <= now && now < new Date(b.bis));
        const taken = current.reduce((n, b) => n + b.places, 0);
        const state: KioskBoardResponse['objects'][number]['now'] = !nowPeriod
          ? 'geschlossen'
          : taken === 0
            ? 'frei'
            : taken >= o.capacity
              ? 'belegt'
              : 'teilweise';
        return {
          id: o.id,
          kind: o.kind,
          designation: o.designation,
          capacity: o.capacity,
          x: o.x,
          y: o.y,
          now: state,
          slots: o.bookings
            .filter((b) => b.status !== 'storniert' && new Date(b.bis) > now)
            .map((b) => ({ von: b.von, bis: b.bis, places: b.places })),
          checkInUrl: `/${plan.area}/karte?einchecken=${o.id}`,
        };
      });
    return {
      tenantName: tenant.name,
      floorPlan: {
        id: plan.id,
        name: plan.name,
        area: plan.area as 'leseraum' | 'arbeitswelt',
        imageUrl: kioskImageUrl(plan, token),
        imageWidth: plan.imageWidth,
        imageHeight: plan.imageHeight,
      },
      day: day.opening,
      now: now.toISOString(),
      objects,
      refreshAt: day.refreshAt,
    };
  });
}

export async function kioskImage(deps: Deps, tenantId: string, token: string) {
  const plan = await withTenant(deps.database.db, tenantId, (tx) => resolveKiosk(tx, tenantId, token));
  return readPlanImage(deps, tenantId, plan);
}

export async function kioskFloorPlanId(deps: Deps, tenantId: string, token: string): Promise<string> {
  return (await withTenant(deps.database.db, tenantId, (tx) => resolveKiosk(tx, tenantId, token))).id;
}

/** The image address the board of a kiosk link names, or null for a link without one or one the board refuses. */
export async function kioskBoardImageUrl(deps: Deps, tenantId: string, token: string): Promise<string | null> {
  try {
    return kioskImageUrl(await withTenant(deps.database.db, tenantId, (tx) => resolveKiosk(tx, tenantId, token)), token);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}
