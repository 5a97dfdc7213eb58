import { existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { withTenant } from '@db/client';
import { hashToken, newToken } from '@server/areas/guests/tokens';
import { findTenantByDomain } from '@server/areas/tenant/tenant-repository';
import { serverEntryOf } from '@server/http/server-render';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The server renders each app page with its own router, query client and i18n
 * instance (decisions 207 and 222): renders of two tenants' people that run at
 * the same time never show each other's tenant, person or data; the guest's
 * cancellation page is rendered from the link's token, which neither the page
 * nor the log holds in clear. Needs the built web app (`vite build` writes the
 * server's entry beside it).
 */
const webRoot = path.resolve('dist/web');
const built = existsSync(serverEntryOf(webRoot));

const SW = 'stadtwerke.localhost';
const BI = 'bibliothek.localhost';
const TI = 'tourismus.localhost';

describe.skipIf(!built).each(DB_KINDS)('server-rendered app pages on %s', (kind) => {
  let t: TestApp;
  const logLines: string[] = [];
  const people: Record<string, { cookie: string; name: string; tenant: string; path: string }> = {};

  beforeAll(async () => {
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    t = await startTestApp(kind, { webRoot, log });
    for (const [host, email, page] of [
      [SW, 'mitarbeiter@stadtwerke.test', '/fahrzeuge'],
      [BI, 'leser@bibliothek.test', '/leseraum/karte'],
    ] as const) {
      const cookie = await t.login(host, email);
      const me = (await t.call(host, { method: 'GET', url: '/api/session/me', cookie })).json();
      people[host] = { cookie, name: `${me.user.firstName} ${me.user.lastName}`, tenant: me.tenant.name, path: page };
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = (host: string) =>
    t.call(host, { method: 'GET', url: people[host]!.path, cookie: people[host]!.cookie, headers: { accept: 'text/html' } }).then((res) => {
      expect(res.statusCode).toBe(200);
      return res.body;
    });

  /** What React would have to move into place by an inline script, which the page's CSP refuses. */
  const withoutInlineScripts = (html: string) => {
    expect(html).not.toMatch(/<script(?![^>]*\b(?:src|type="application\/json")=?)[^>]*>/);
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toContain('<!--$!-->');
  };

  it('renders the first screen with the person and the tenant into the page, whole and without inline scripts', async () => {
    const html = await page(SW);
    expect(html).toContain('<div id="root" data-server-rendered>');
    expect(html).toContain(people[SW]!.tenant);
    expect(html).toContain(people[SW]!.name);
    expect(html).toContain('Crafter Kastenwagen');
    expect(html).not.toContain('<!--splash-->');
    withoutInlineScripts(html);
    withoutInlineScripts(await page(BI));
  });

  it('two tenants rendered at once: each page holds only its own tenant, person and data', async () => {
    const hosts = [SW, BI, SW, BI, BI, SW, SW, BI];
    const pages = await Promise.all(hosts.map(page));
    const [sw, bi] = [people[SW]!, people[BI]!];
    expect(sw.tenant).not.toBe(bi.tenant);
    pages.forEach((html, i) => {
      const [own, other] = hosts[i] === SW ? [sw, bi] : [bi, sw];
      expect(html).toContain('data-server-rendered');
      expect(html).toContain(own.tenant);
      expect(html).toContain(own.name);
      expect(html).not.toContain(other.tenant);
      expect(html).not.toContain(other.name);
    });
    // the first screen's data, not only the frame: vehicle cards on the one, the seat plan on the other
    expect(pages[0]).toContain('Crafter Kastenwagen');
    expect(pages[1]).toContain('data-testid="floor-plan-map"');
  });

  it('a visitor without a session gets the public page rendered, in the language of their cookie', async () => {
    const de = await t.call(TI, { method: 'GET', url: '/public', headers: { accept: 'text/html' } });
    expect(de.body).toContain('<html lang="de"');
    expect(de.body).toContain('Räder leihen');
    const en = await t.call(TI, { method: 'GET', url: '/public', headers: { accept: 'text/html', cookie: 'buchbar_language=en' } });
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).toContain('data-server-rendered');
    expect(en.body).not.toContain('Räder leihen');
    // two languages at once: neither render speaks the other's
    const [a, b] = await Promise.all([
      t.call(TI, { method: 'GET', url: '/public', headers: { accept: 'text/html', cookie: 'buchbar_language=en' } }),
      t.call(TI, { method: 'GET', url: '/public', headers: { accept: 'text/html' } }),
    ]);
    expect(a.body).not.toContain('Räder leihen');
    expect(b.body).toContain('Räder leihen');
  });

  it('the cancellation page is rendered from the link, with the booking, and neither the page nor the log holds the token', async () => {
    const tenantId = (await findTenantByDomain(t.database.db, TI))!.id;
    const reception = await t.login(TI, 'empfang@tourismus.test');
    const receptionId = (await t.call(TI, { method: 'GET', url: '/api/session/me', cookie: reception })).json().user.id;
    const bike = (await t.call(TI, { method: 'GET', url: '/api/guest-bookings/vehicles', cookie: reception })).json().vehicles[0];
    const token = newToken();
    // years beyond the demo's bookings: free, and cancellable free of charge, whatever day the test runs
    const von = new Date(Date.UTC(new Date().getUTCFullYear() + 3, 5, 14, 8));
    const bis = new Date(von.getTime() + 3 * 3600_000);
    await withTenant(t.database.db, tenantId, async (tx) => {
      const r = await tx.execute(sql`
        insert into vehicle_bookings (tenant_id, vehicle_id, von, bis, blocked_until, status, type, booked_by_id, driver_id)
        values (${tenantId}::uuid, ${bike.id}::uuid, ${von.toISOString()}::timestamptz, ${bis.toISOString()}::timestamptz,
                ${bis.toISOString()}::timestamptz, 'reserviert', 'BUCHUNG', ${receptionId}::uuid, ${receptionId}::uuid)
        returning id::text`);
      const id = (r as unknown as { rows: { id: string }[] }).rows[0]!.id;
      await tx.execute(sql`insert into vehicle_booking_guests (tenant_id, booking_id, name, email, confirmed, confirmed_at, token_hash)
        values (${tenantId}::uuid, ${id}::uuid, 'Greta Gast', 'greta@example.org', true, now(), ${hashToken(token)})`);
    });

    const url = `/pub/fahrzeugbuchungstorno?token=${token}`;
    const res = await t.call(TI, { method: 'GET', url, headers: { accept: 'text/html', 'x-forwarded-for': '203.0.113.9' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-server-rendered');
    expect(res.body).toContain('Greta Gast');
    expect(res.body).toContain(bike.licensePlate);
    expect(res.body).toContain('Buchung stornieren');
    expect(res.body).not.toContain(token);
    withoutInlineScripts(res.body);
    // the page asked once for the booking, from the server; its address is in the log without the token
    const log = logLines.join('');
    expect(log).toContain('/pub/fahrzeugbuchungstorno?token=[redacted]');
    expect(log).not.toContain(token);

    // a link that opens nothing: the page says so, from the server too
    const wrong = await t.call(TI, {
      method: 'GET',
      url: `/pub/fahrzeugbuchungstorno?token=${newToken()}`,
      headers: { accept: 'text/html' },
    });
    expect(wrong.body).toContain('data-server-rendered');
    expect(wrong.body).toContain('role="alert"');
    expect(wrong.body).not.toContain('Greta Gast');

    // the same link on another tenant's host finds nothing
    const foreign = await t.call(SW, { method: 'GET', url, headers: { accept: 'text/html' } });
    expect(foreign.body).not.toContain('Greta Gast');
    expect(foreign.body).not.toContain(token);
  });
});
