import { FOREIGN_ORIGIN } from '@server/http/same-origin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { tableCounts } from '../support/table-counts';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A state-changing request that a browser sent from another host is refused
 * (decision 188): SameSite=Lax lets sibling subdomains of one parent domain –
 * other tenants – post with the signed-in cookies.
 */
const SW = 'stadtwerke.localhost';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
type Operation = { method: string; path: string };
const fill = (path: string) => path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe.each(DB_KINDS)('requests from another origin on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let changing: Operation[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login(SW, 'admin@stadtwerke.test');
    const doc = (await t.call(SW, { method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    changing = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })))
      .filter((o) => !SAFE.has(o.method) && !o.path.startsWith('/api/docs'));
  });
  afterAll(() => t?.close());

  it('refuses every documented state-changing route from a foreign Origin with 403 and changes nothing', async () => {
    expect(changing.length).toBeGreaterThan(50);
    expect(changing).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/calendar/feed' },
        { method: 'PUT', path: '/api/session/locale' },
        { method: 'POST', path: '/api/session/logout' },
      ]),
    );
    const before = await tableCounts(t);
    const origins = ['http://evil.localhost', 'http://bibliothek.localhost:3000', 'null'];
    for (const [i, op] of changing.entries()) {
      const origin = origins[i % origins.length]!;
      const res = await t.call(SW, {
        method: op.method as 'POST',
        url: fill(op.path),
        cookie: admin,
        headers: { origin, 'content-type': 'application/json' },
        payload: JSON.stringify({ locale: 'en-us', email: 'admin@stadtwerke.test', password: 'x', status: 'inaktiv' }),
      });
      const where = `${op.method} ${op.path} from ${origin} → ${res.statusCode} ${res.body}`;
      expect(res.statusCode, where).toBe(403);
      expect(res.json(), where).toEqual({ error: { code: 'foreign_origin', message: FOREIGN_ORIGIN } });
    }
    expect(await tableCounts(t)).toEqual(before);
    // the session is still open: signing out from elsewhere was refused too
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: admin })).statusCode).toBe(200);
  });

  it('looks at Referer when a browser sends no Origin', async () => {
    const before = await tableCounts(t);
    const foreign = await t.call(SW, {
      method: 'POST',
      url: '/api/calendar/feed',
      cookie: admin,
      headers: { referer: 'http://evil.localhost/seite?x=1' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('foreign_origin');
    const garbage = await t.call(SW, { method: 'POST', url: '/api/calendar/feed', cookie: admin, headers: { referer: 'kein Link' } });
    expect(garbage.statusCode).toBe(403);
    expect(await tableCounts(t)).toEqual(before);
    const own = await t.call(SW, {
      method: 'POST',
      url: '/api/calendar/feed',
      cookie: admin,
      headers: { referer: `http://${SW}:3000/einstellungen` },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('accepts the own origin (any port: a proxy passes the host without it) and clients that send neither header', async () => {
    const feed = await t.call(SW, { method: 'POST', url: '/api/calendar/feed', cookie: admin, headers: { origin: `http://${SW}:3000` } });
    expect(feed.statusCode, feed.body).toBe(200);
    const locale = await t.call(SW, {
      method: 'PUT',
      url: '/api/session/locale',
      cookie: admin,
      headers: { origin: `https://${SW.toUpperCase()}` },
      payload: { locale: 'de-de' },
    });
    expect(locale.statusCode, locale.body).toBe(200);
    const login = await t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      headers: { origin: `http://${SW}:5173` },
      payload: { email: 'mitarbeiter@stadtwerke.test', password: 'falsch' },
    });
    expect(login.statusCode).toBe(401);
    const script = await t.call(SW, { method: 'DELETE', url: '/api/calendar/feed', cookie: admin });
    expect(script.statusCode, script.body).toBe(200);
    // a safe method from anywhere stays allowed: links and pages of other sites may point here
    expect(
      (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: admin, headers: { origin: 'http://evil.localhost' } })).statusCode,
    ).toBe(200);
  });

  it('tells a person who chose English in English', async () => {
    const cookie = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const set = await t.call(SW, { method: 'PUT', url: '/api/session/locale', cookie, payload: { locale: 'en-us' } });
    expect(set.statusCode, set.body).toBe(200);
    const res = await t.call(SW, { method: 'POST', url: '/api/calendar/feed', cookie, headers: { origin: 'http://evil.localhost' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('This request came from another website and was refused. Please use Buchbar at its own address.');
  });
});
