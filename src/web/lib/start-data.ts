import { START_DATA_ELEMENT_ID, type StartData } from '@contracts/start-data';
import { hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { OWN_DATA_CACHE } from './own-data-cache';
import { meQueryKey } from './use-me';
import { tenantQueryKey } from './use-tenant';
import { whenIdle } from './when-idle';

/**
 * Where the screens keep the first data the page may carry. The features own
 * these keys; main.tsx hands them over, so this shared module imports none.
 */
export interface StartDataKeys {
  /** The start-up data of a map of reading rooms or workplaces, by area. */
  readingRoomBootstrap: (area: string) => QueryKey;
  /** Whether the public guest rental is on, with its text. */
  rentalInfo: QueryKey;
}

/**
 * The app page carries the tenant and, for a signed-in person, what
 * GET /api/session/me would answer (decision 177), and on some screens their
 * first data (decision 179); a page the server rendered carries the query
 * cache of that render (decision 207). The app starts with them. A page
 * without them (the offline shell) asks the server as before. Returns what
 * the page carried.
 */
export function seedStartData(queryClient: QueryClient, keys: StartDataKeys, doc: Document = document): StartData | undefined {
  const element = doc.getElementById(START_DATA_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  let data: StartData | undefined;
  try {
    data = JSON.parse(element.textContent) as StartData;
    applyStartData(queryClient, keys, data);
    whenIdle(() => void rememberForOffline(data!), 2000);
  } catch {
    // unreadable: the app asks the server, as without it
    data = undefined;
  }
  element.remove();
  return data;
}

/** The start data in a query cache: the browser's at the start, the server's before it renders (entry-server.tsx). */
export function applyStartData(queryClient: QueryClient, keys: StartDataKeys, data: StartData): void {
  if (data.queries) hydrate(queryClient, data.queries);
  queryClient.setQueryData(tenantQueryKey, data.tenant);
  if (data.me) queryClient.setQueryData(meQueryKey, data.me);
  // the map's plan and its image then show as soon as the screen's code runs (decision 179)
  if (data.readingRooms) queryClient.setQueryData(keys.readingRoomBootstrap(data.readingRooms.area), data.readingRooms);
  // the guest rental's text shows with the first render, not after asking whether the rental is on
  if (data.rental) queryClient.setQueryData(keys.rentalInfo, data.rental);
}

/**
 * The service worker keeps the answers of /api/session/me and /api/tenant for
 * the offline shell when the app asks for them; with the start data it no
 * longer asks, so the page stores them itself. Only where a service worker
 * runs the page, which is the only place that reads them.
 */
async function rememberForOffline(data: StartData): Promise<void> {
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return;
  try {
    const cache = await caches.open(OWN_DATA_CACHE);
    const json = (value: unknown) =>
      new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    await cache.put('/api/tenant', json(data.tenant));
    if (data.me) await cache.put('/api/session/me', json(data.me));
  } catch {
    // no room or no permission: offline, the shell asks the network and says it cannot reach it
  }
}
