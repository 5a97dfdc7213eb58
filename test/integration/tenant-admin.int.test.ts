import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const TOUR = 'tourismus.localhost';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipart(bytes: Buffer, name = 'logo.png') {
  const boundary = 'buchbar-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(DB_KINDS)('the tenant’s own data on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const call = (cookie: string, method: string, url: string, payload?: object, host = SW) =>
    t.call(host, { method: method as 'GET', url, cookie, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login(SW, 'admin@stadtwerke.test');
  });
  afterAll(() => t?.close());

  it('refuses people without customizing_mandant_pflege with the guard’s text', async () => {
    const fuhrpark = await t.login(SW, 'fuhrpark@stadtwerke.test');
    expect((await call(fuhrpark, 'GET', '/api/admin/tenant')).json().error).toEqual({ code: 'forbidden', message: 'no mandant' });
    expect((await t.call(SW, { method: 'PATCH', url: '/api/admin/tenant', payload: { name: 'X' } })).statusCode).toBe(401);
  });

  it('shows and changes name, customer name and texts, audited; the footer texts follow', async () => {
    const before = (await call(admin, 'GET', '/api/admin/tenant')).json();
    expect(before.name).toBe('Stadtwerke Musterstadt');
    expect(before.domains).toContainEqual({ domain: SW, current: true });
    expect(before.features).toContain('fahrzeug');
    const saved = await call(admin, 'PATCH', '/api/admin/tenant', {
      customerName: 'SWM Altkunde',
      privacyText: 'Wir schützen Ihre Daten.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ customerName: 'SWM Altkunde', privacyText: 'Wir schützen Ihre Daten.' });
    expect((await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().privacyText).toBe('Wir schützen Ihre Daten.');
    const r = (await t.database.db.execute(
      sql`select changes from audit_log where subject_type = 'mandant' and subject_id = ${before.id} order by id desc limit 1`,
    )) as unknown as { rows: { changes: { field: string; new: string | null }[] }[] };
    expect(r.rows[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'Kundenname', old: 'Stadtwerke Musterstadt GmbH', new: 'SWM Altkunde' },
        { field: 'Datenschutztext', old: 'unverändert', new: 'geändert' },
      ]),
    );
    expect((await call(admin, 'PATCH', '/api/admin/tenant', { name: '' })).statusCode).toBe(400);
  });

  it('adds and removes domains: unique across tenants, the one in use stays', async () => {
    const added = await call(admin, 'POST', '/api/admin/tenant/domains', { domain: 'Buchung.Stadtwerke.test' });
    expect(added.statusCode).toBe(200);
    expect(added.json().domains).toContainEqual({ domain: 'buchung.stadtwerke.test', current: false });
    // the new domain resolves to this tenant at once
    expect((await t.call('buchung.stadtwerke.test', { method: 'GET', url: '/api/tenant' })).json().name).toBe('Stadtwerke Musterstadt');

    const taken = await call(admin, 'POST', '/api/admin/tenant/domains', { domain: TOUR });
    expect([taken.statusCode, taken.json().error.message]).toEqual([409, `Die Domain „${TOUR}“ ist bereits vergeben.`]);
    const bad = await call(admin, 'POST', '/api/admin/tenant/domains', { domain: 'kein domain' });
    expect(bad.statusCode).toBe(400);

    const inUse = await call(admin, 'DELETE', `/api/admin/tenant/domains/${SW}`);
    expect([inUse.statusCode, inUse.json().error.message]).toEqual([
      409,
      `Die Domain „${SW}“ wird gerade verwendet und kann nicht entfernt werden. Melden Sie sich über eine andere Domain an, um sie zu entfernen.`,
    ]);
    const removed = await call(admin, 'DELETE', '/api/admin/tenant/domains/buchung.stadtwerke.test');
    expect(removed.json().domains.map((d: { domain: string }) => d.domain)).not.toContain('buchung.stadtwerke.test');
  });

  it('keeps tenants apart: no admin removes or reads another tenant’s domain or data', async () => {
    const tour = await t.login(TOUR, 'admin@tourismus.test');
    const foreign = await call(tour, 'DELETE', `/api/admin/tenant/domains/${SW}`, undefined, TOUR);
    expect([foreign.statusCode, foreign.json().error.message]).toEqual([404, 'Diese Domain gehört nicht zu Ihrem Mandanten.']);
    const own = (await call(tour, 'GET', '/api/admin/tenant', undefined, TOUR)).json();
    expect(own.name).toBe('Tourist-Info Seestadt');
    expect(own.domains.map((d: { domain: string }) => d.domain)).not.toContain(SW);
    // a session of one tenant is worth nothing on another tenant's host
    expect((await call(tour, 'GET', '/api/admin/tenant', undefined, SW)).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/admin/tenant')).json().domains).toContainEqual({ domain: SW, current: true });
  });

  it('stores a logo in the logos bucket and serves it for the header; other files are refused', async () => {
    expect((await t.call(SW, { method: 'GET', url: '/api/tenant/logo' })).statusCode).toBe(404);
    const up = await t.call(SW, { method: 'PUT', url: '/api/admin/tenant/logo', cookie: admin, ...multipart(PNG) });
    expect(up.statusCode).toBe(200);
    expect(up.json().hasLogo).toBe(true);
    const logo = await t.call(SW, { method: 'GET', url: '/api/tenant/logo' });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(logo.rawPayload, PNG)).toBe(0);
    expect((await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().logoVersion).toMatch(/^logo-/);
    expect((await t.call(TOUR, { method: 'GET', url: '/api/tenant/logo' })).statusCode).toBe(404);
    const wrong = await t.call(SW, { method: 'PUT', url: '/api/admin/tenant/logo', cookie: admin, ...multipart(Buffer.from('hello')) });
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([415, 'Fehler beim Hochladen der Datei: Erlaubt sind nur PNG, JPG.']);
    expect((await call(admin, 'DELETE', '/api/admin/tenant/logo')).json().hasLogo).toBe(false);
    expect((await t.call(SW, { method: 'GET', url: '/api/tenant/logo' })).statusCode).toBe(404);
  });
});
