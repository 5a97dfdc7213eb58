import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { START_DATA_ELEMENT_ID } from '@contracts/start-data';
import { ROUTE_PRELOADS_FILE } from '@server/http/route-preloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const UB = 'bibliothek.localhost';
const TOURISM = 'tourismus.localhost';

const startData = (html: string) => {
  const json = new RegExp(`<script type="application/json" id="${START_DATA_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
};

/**
 * docs/performance/web.md: the app page names the files of the opened screen, so the browser fetches them with the page.
 * Decision 177: it carries the tenant and, for a signed-in person, what GET /api/session/me answers.
 * docs/performance/web.md: it is sent compressed to a browser that takes brotli or gzip.
 * Decision 179: it preloads the floor plan the kiosk or map then shows, and carries the map's start-up data and the guest rental's state.
 */
describe.each(DB_KINDS)('the app page of a built app on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'buchbar-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(webRoot, ROUTE_PRELOADS_FILE),
      JSON.stringify({ '/login': ['/assets/login.js'], '/fahrzeuge': ['/assets/fahrzeuge.js', '/assets/fahrzeuge.css'] }),
    );
    t = await startTestApp(kind, { webRoot });
  });
  afterAll(() => t?.close());

  it('preloads the sign-in screen on /login and nothing on a screen the table does not know', async () => {
    const login = await t.call(SW, { method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/login.js">\n    <script type="module"');
    const kiosk = await t.call(SW, { method: 'GET', url: '/kiosk', headers: { accept: 'text/html' } });
    expect(kiosk.statusCode).toBe(200);
    expect(kiosk.body).not.toContain('modulepreload');
  });

  it('preloads the code and the styles of /fahrzeuge for a signed-in person, and sends a visitor to the sign-in first', async () => {
    const visitor = await t.call(SW, { method: 'GET', url: '/fahrzeuge/', headers: { accept: 'text/html' } });
    expect(visitor.statusCode).toBe(302);
    const cookie = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const page = await t.call(SW, { method: 'GET', url: '/fahrzeuge/', cookie, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/fahrzeuge.js">');
    expect(page.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/fahrzeuge.css">');
  });

  it('gives a signed-in person the answers of /api/session/me and /api/tenant with the page, kept by no shared cache', async () => {
    const cookie = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const page = await t.call(SW, { method: 'GET', url: '/fahrzeuge', cookie, headers: { accept: 'text/html' } });
    expect(page.headers['cache-control']).toBe('private, no-cache');
    const me = await t.call(SW, { method: 'GET', url: '/api/session/me', cookie });
    const tenant = await t.call(SW, { method: 'GET', url: '/api/tenant' });
    expect(startData(page.body)).toEqual({ tenant: tenant.json(), me: me.json() });
  });

  it('gives a visitor of the sign-in only the tenant of the address, and no tenant another one', async () => {
    const login = await t.call(UB, { method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    const data = startData(login.body);
    expect(data.me).toBeUndefined();
    expect(data.tenant.name).toBe('Universitätsbibliothek Musterstadt');
    // a session of the Stadtwerke is nobody at the library's address
    const cookie = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const foreign = await t.call(UB, { method: 'GET', url: '/leseraum/karte', cookie, headers: { accept: 'text/html' } });
    expect(foreign.statusCode).toBe(302);
    expect(foreign.body).not.toContain('Mustermann');
  });

  it('sends the page with brotli or gzip as the browser accepts, and the same page unpacked', async () => {
    const cookie = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const plain = await t.call(SW, { method: 'GET', url: '/fahrzeuge', cookie, headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const br = await t.call(SW, {
      method: 'GET',
      url: '/fahrzeuge',
      cookie,
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('private, no-cache');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await t.call(SW, { method: 'GET', url: '/login', headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const page = gunzipSync(gzip.rawPayload).toString('utf8');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/login.js">');
    expect(startData(page).tenant.name).toBe('Stadtwerke Musterstadt');
  });

  const imagePreloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="image" href="([^"]*)" fetchpriority="high">/g)].map((m) => m[1]);

  it('preloads the plan a map shows, the linked one before the favourite, and gives the map its start-up data', async () => {
    const cookie = await t.login(UB, 'leser@bibliothek.test');
    const boot = (await t.call(UB, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie })).json();
    const favourite = boot.floorPlans.find((p: { id: string }) => p.id === boot.favourites.floorPlanId);
    const other = boot.floorPlans.find((p: { id: string }) => p.id !== boot.favourites.floorPlanId);
    expect(favourite?.imageUrl).toBeTruthy();
    expect(other?.imageUrl).toBeTruthy();
    const html = { accept: 'text/html' };
    const href = (plan: { imageUrl: string }) => plan.imageUrl.replace(/&/g, '&amp;');
    const map = await t.call(UB, { method: 'GET', url: '/leseraum/karte', cookie, headers: html });
    expect(startData(map.body).readingRooms).toEqual(boot);
    expect(imagePreloads(map.body)).toEqual([href(favourite)]);
    const linked = await t.call(UB, { method: 'GET', url: `/leseraum/karte?grundriss=${other.id}`, cookie, headers: html });
    expect(imagePreloads(linked.body)).toEqual([href(other)]);
    const unknownPlan = await t.call(UB, { method: 'GET', url: '/leseraum/karte?grundriss=kaputt', cookie, headers: html });
    expect(imagePreloads(unknownPlan.body)).toEqual([href(favourite)]);
    // the list shows no plan; ?ansicht= sends the page to the view it names
    const list = await t.call(UB, { method: 'GET', url: '/leseraum/liste', cookie, headers: html });
    expect(imagePreloads(list.body)).toEqual([]);
    expect(startData(list.body).readingRooms).toEqual(boot);
    const toList = await t.call(UB, { method: 'GET', url: '/leseraum/karte?ansicht=liste', cookie, headers: html });
    expect(imagePreloads(toList.body)).toEqual([]);
    const toMap = await t.call(UB, { method: 'GET', url: '/leseraum/liste?ansicht=karte', cookie, headers: html });
    expect(imagePreloads(toMap.body)).toEqual([href(favourite)]);
  });

  it('gives a map neither data nor image when the tenant has not switched the area on', async () => {
    const cookie = await t.login(UB, 'leser@bibliothek.test');
    const page = await t.call(UB, { method: 'GET', url: '/arbeitswelt/karte', cookie, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(startData(page.body).readingRooms).toBeUndefined();
    expect(imagePreloads(page.body)).toEqual([]);
  });

  it('preloads the image the kiosk board of the link names, and nothing for a link it does not know', async () => {
    const cookie = await t.login(UB, 'admin@bibliothek.test');
    const boot = (await t.call(UB, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie })).json();
    const link = await t.call(UB, {
      method: 'POST',
      url: '/api/admin/kiosk-links',
      cookie,
      payload: { floorPlanId: boot.floorPlans[0].id, name: 'Eingang' },
    });
    const token: string = link.json().token;
    const board = (await t.call(UB, { method: 'GET', url: `/api/kiosk/${token}` })).json();
    expect(board.floorPlan.imageUrl).toBe(`/api/kiosk/${token}/image`);
    const page = await t.call(UB, { method: 'GET', url: `/kiosk?token=${token}`, headers: { accept: 'text/html' } });
    expect(imagePreloads(page.body)).toEqual([board.floorPlan.imageUrl]);
    const unknown = await t.call(UB, { method: 'GET', url: '/kiosk?token=unbekannt', headers: { accept: 'text/html' } });
    expect(unknown.statusCode).toBe(200);
    expect(imagePreloads(unknown.body)).toEqual([]);
  });

  it('tells the page of the guest rental whether the rental is on, as GET /api/public/rental does', async () => {
    const page = await t.call(TOURISM, { method: 'GET', url: '/public', headers: { accept: 'text/html' } });
    const info = await t.call(TOURISM, { method: 'GET', url: '/api/public/rental' });
    expect(info.json().active).toBe(true);
    expect(startData(page.body).rental).toEqual(info.json());
    // where the rental is off, the page says so from the start as well
    const off = await t.call(UB, { method: 'GET', url: '/public', headers: { accept: 'text/html' } });
    expect(startData(off.body).rental).toMatchObject({ active: false, tenantName: 'Universitätsbibliothek Musterstadt' });
    const login = await t.call(TOURISM, { method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(startData(login.body).rental).toBeUndefined();
  });
});
