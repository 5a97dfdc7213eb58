import { rentalInfoResponse } from '@contracts/guests';
import { bootstrapResponse } from '@contracts/reading-rooms';
import type { Me } from '@contracts/session';
import type { StartData } from '@contracts/start-data';
import { AppError } from '@domain/errors';
import { shownFloorPlanId } from '@domain/floor-plan-choice';
import { routeAccess } from '@domain/navigation';
import type { FastifyRequest } from 'fastify';
import { rentalInfo } from '../areas/guests/public-rental';
import { kioskBoardImageUrl } from '../areas/reading-rooms/kiosk';
import { getBootstrap } from '../areas/reading-rooms/map';
import type { Deps } from '../deps';
import type { UserContext } from '../kernel/context';
import { requireTenant } from './request-context';
import { routeKey } from './route-preloads';

/** What the app page of one address carries for its first screen beyond tenant and person (decision 179). */
export interface FirstScreen {
  data: Omit<StartData, 'tenant' | 'me'>;
  /** The screen's largest image, which the page then shows: preloaded from the page. */
  image?: string;
}

/**
 * A search value as the page's validators get it: the router parses each
 * value as JSON and makes a repeated one a list, which the validators drop.
 */
export function searchText(url: URL, name: string): string | undefined {
  const values = url.searchParams.getAll(name);
  if (values.length !== 1) return undefined;
  let value: unknown = values[0];
  try {
    value = JSON.parse(values[0]!);
  } catch {
    // not JSON: the router keeps the text
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

const KIOSK_TOKEN = /^[A-Za-z0-9_-]+$/;
const AREA_VIEW = /^\/(leseraum|arbeitswelt)\/(karte|liste)$/;

/**
 * The kiosk board and the maps of reading rooms and workplaces show a floor
 * plan as their largest element. Found only after the app's code and its
 * requests, the image started 1.7 to 2.3 s late on a phone. The server knows
 * the same plan from the address and the data the page asks for first, and
 * names it in the page; the maps' data comes with the page too, so the plan
 * shows as soon as the code runs. The guest rental's page shows its text only
 * once it knows the rental is on: that answer comes with the page as well.
 * A refusal is left to the screen, which then shows it as before.
 */
export async function firstScreenOf(
  deps: Deps,
  req: FastifyRequest,
  url: URL,
  person?: { user: UserContext; me: Me },
): Promise<FirstScreen> {
  const path = routeKey(url.pathname);
  const tenant = requireTenant(req);
  const tenantId = tenant.id;
  try {
    if (path === '/public') {
      // counted like the request it saves, so the page does not widen the limit on public reads
      return { data: { rental: rentalInfoResponse.parse(await rentalInfo(deps, tenant, req.ip)) } };
    }
    if (path === '/kiosk') {
      const token = searchText(url, 'token');
      // the board builds the image address from the token as it is: only a token that needs no escaping names the same address
      if (!token || !KIOSK_TOKEN.test(token)) return { data: {} };
      return { data: {}, image: (await kioskBoardImageUrl(deps, tenantId, token)) ?? undefined };
    }
    const areaView = AREA_VIEW.exec(path);
    if (areaView && person) {
      const [, area, pathView] = areaView as unknown as [string, 'leseraum' | 'arbeitswelt', 'karte' | 'liste'];
      if (!routeAccess(path, new Set(person.me.permissions), new Set(person.me.features)).allowed) return { data: {} };
      const readingRooms = bootstrapResponse.parse(await getBootstrap(deps, person.user, area));
      // ?ansicht= takes the page to the view it names
      const ansicht = searchText(url, 'ansicht');
      const view = ansicht === 'karte' || ansicht === 'liste' ? ansicht : pathView;
      if (view !== 'karte') return { data: { readingRooms } };
      const planId = shownFloorPlanId(readingRooms.floorPlans, readingRooms.favourites.floorPlanId, searchText(url, 'grundriss'));
      const image = readingRooms.floorPlans.find((p) => p.id === planId)?.imageUrl ?? undefined;
      return { data: { readingRooms }, image };
    }
  } catch (err) {
    if (!(err instanceof AppError)) req.log.warn({ err }, 'app page without its first screen');
  }
  return { data: {} };
}
