import { existsSync } from 'node:fs';
import path from 'node:path';
import { serverEntryOf } from '@server/http/server-render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The server renders each app page with its own router, query client and i18n
 * instance (decision 207): renders of two tenants' people that run at the same
 * time never show each other's tenant, person or data. Needs the built web app
 * (`vite build` writes the server's entry beside it).
 */
const webRoot = path.resolve('dist/web');
const built = existsSync(serverEntryOf(webRoot));

describe.skipIf(!built)('server-rendered app pages', () => {
  let t: TestApp;
  const SW = 'stadtwerke.localhost';
  const BI = 'bibliothek.localhost';
  const people: Record<string, { cookie: string; name: string; tenant: string; path: string }> = {};

  beforeAll(async () => {
    t = await startTestApp('pglite', { webRoot });
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

  it('renders the first screen with the person and the tenant into the page', async () => {
    const html = await page(SW);
    expect(html).toContain('<div id="root" data-server-rendered>');
    expect(html).toContain(people[SW]!.tenant);
    expect(html).toContain(people[SW]!.name);
    expect(html).not.toContain('<!--splash-->');
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
    const de = await t.call('tourismus.localhost', { method: 'GET', url: '/public', headers: { accept: 'text/html' } });
    expect(de.body).toContain('<html lang="de"');
    expect(de.body).toContain('Räder leihen');
    const en = await t.call('tourismus.localhost', {
      method: 'GET',
      url: '/public',
      headers: { accept: 'text/html', cookie: 'buchbar_language=en' },
    });
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).toContain('data-server-rendered');
    expect(en.body).not.toContain('Räder leihen');
  });
});
