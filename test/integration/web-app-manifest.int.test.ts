import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(DB_KINDS)('web app manifest and icon of the tenant of the address on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it("each address gets its own tenant's name and icon, without a session", async () => {
    for (const [host, name, initial] of [
      ['stadtwerke.localhost', 'Stadtwerke Musterstadt', 'S'],
      ['bibliothek.localhost', 'Universitätsbibliothek Musterstadt', 'U'],
    ] as const) {
      const res = await t.call(host, { method: 'GET', url: '/api/tenant/manifest.webmanifest' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/manifest+json');
      const manifest = res.json();
      expect(manifest).toMatchObject({ name: `Buchbar – ${name}`, start_url: '/', display: 'standalone' });
      expect(manifest.icons.map((i: { purpose: string }) => i.purpose)).toEqual(['any', 'maskable']);
      const icon = await t.call(host, { method: 'GET', url: '/api/tenant/icon.svg?maskable=1' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toContain('image/svg+xml');
      expect(icon.body).toContain(`>${initial}</text>`);
    }
  });

  it('an unknown address gets no manifest, a bad parameter a 400', async () => {
    const unknown = await t.call('unbekannt.localhost', { method: 'GET', url: '/api/tenant/manifest.webmanifest' });
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
    const bad = await t.call('stadtwerke.localhost', { method: 'GET', url: '/api/tenant/icon.svg?maskable=ja' });
    expect(bad.statusCode).toBe(400);
  });
});
