import type { BookingMode, BootstrapResponse } from '@contracts/reading-rooms';
import { shownFloorPlanId } from '@domain/floor-plan-choice';
import type { MapParams } from './api/use-floor-plan-map';
import type { ReadingRoomSearch } from './search';

type Boot = Pick<BootstrapResponse, 'floorPlans' | 'favourites' | 'today'>;

/**
 * Which floor plan, day and booking mode a /leseraum or /arbeitswelt address
 * shows: the plan of the link if it exists, else the favourite plan, else the
 * first; the day of the link, else today. Used by the page and by the route
 * loader, which fetches the map (and the plan image) while the page's code loads.
 */
export function mapParamsOf(boot: Boot, search: ReadingRoomSearch): MapParams | null {
  const planId = shownFloorPlanId(boot.floorPlans, boot.favourites.floorPlanId, search.grundriss);
  if (!planId) return null;
  const hourly = search.buchungsmodus === 'stuendlich';
  const mode: BookingMode = hourly ? 'stuendlich' : (search.tageszeit ?? 'ganztags');
  return { planId, date: search.datum ?? boot.today, mode, von: search.von, bis: search.bis };
}
