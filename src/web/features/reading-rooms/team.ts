import type { MapObjectDto } from '@contracts/reading-rooms';
import type { TeamColleague } from '@contracts/team-seating';

/** Colleague shown at a desk of the map: initials on the marker, the name in its label. */
export interface DeskNeighbour {
  name: string;
  initials: string;
}

/** Desk id → the colleague who sits there that day (decision 110). */
export function teamByDesk(colleagues: readonly TeamColleague[] | undefined): ReadonlyMap<string, DeskNeighbour> {
  const out = new Map<string, DeskNeighbour>();
  for (const c of colleagues ?? [])
    for (const d of c.desks) if (!out.has(d.objectId)) out.set(d.objectId, { name: c.name, initials: c.initials });
  return out;
}

/**
 * The free desk nearest to a colleague's desk on the same plan, measured on
 * the plan (x and y are percent of width and height, so y is scaled by the
 * plan's aspect ratio). Null when no desk is free.
 */
export function nearestFreeDesk(objects: readonly MapObjectDto[], deskId: string, aspect: number): MapObjectDto | null {
  const desk = objects.find((o) => o.id === deskId);
  if (!desk) return null;
  let best: MapObjectDto | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const o of objects) {
    if (o.id === deskId || o.kind !== 'platz' || o.state !== 'frei') continue;
    const distance = Math.hypot(o.x - desk.x, (o.y - desk.y) * aspect);
    if (distance < bestDistance || (distance === bestDistance && best && o.designation < best.designation)) {
      best = o;
      bestDistance = distance;
    }
  }
  return best;
}
