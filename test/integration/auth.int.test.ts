import { LOGIN_FAILED } from '@server/areas/session/sign-in';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const UB = 'bibliothek.localhost';
const TI = 'tourismus.localhost';

describe.each(DB_KINDS)('tenants and sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it.each([
    ['localhost', 'Stadtwerke Musterstadt', ['arbeitswelt', 'fahrzeug', 'leseraum']],
    [SW, 'Stadtwerke Musterstadt', ['arbeitswelt', 'fahrzeug', 'leseraum']],
    [`${SW}:3000`, 'Stadtwerke Musterstadt', ['arbeitswelt', 'fahrzeug', 'leseraum']],
    [TI, 'Tourist-Info Seestadt', ['fahrzeug', 'gastbuchung']],
    [UB, 'Universitätsbibliothek Musterstadt', ['leseraum']],
  ])('host %s belongs to %s with its features', async (host, name, features) => {
    const res = await t.call(host, { method: 'GET', url: '/api/tenant' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe(name);
    expect([...res.json().features].sort()).toEqual(features);
  });

  it('an unknown host gets a clear German page and a JSON error, not a crash', async () => {
    const page = await t.call('unbekannt.localhost', { method: 'GET', url: '/fahrzeuge' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Diese Adresse ist bei Buchbar nicht eingerichtet');
    const api = await t.call('unbekannt.localhost', { method: 'GET', url: '/api/tenant' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      error: { code: 'tenant_unknown', message: 'Für die Adresse unbekannt.localhost ist kein Mandant eingerichtet.' },
    });
  });

  it('refuses a wrong password and an unknown user with the same generic message', async () => {
    const wrong = await t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: 'admin@stadtwerke.test', password: 'falsch-falsch' },
    });
    const unknown = await t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: 'niemand@stadtwerke.test', password: 'Buchbar!2026' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'login_failed', message: LOGIN_FAILED } });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('lets a member sign in only on a domain of their own tenant', async () => {
    const cookie = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    expect(cookie).toMatch(/^buchbar\.session_token=/);
    const foreign = await t.call(UB, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: 'mitarbeiter@stadtwerke.test', password: 'Buchbar!2026' },
    });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().error.message).toBe(LOGIN_FAILED);
    // A session of one tenant is worth nothing on another tenant's domain.
    const me = await t.call(UB, { method: 'GET', url: '/api/session/me', cookie });
    expect(me.statusCode).toBe(401);
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const res = await t.call(TI, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: 'empfang@tourismus.test', password: 'Buchbar!2026' },
    });
    const session = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('buchbar.session_token='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
  });

  it('rate-limits sign-in attempts per address and e-mail', async () => {
    const attempt = () =>
      t.call(UB, { method: 'POST', url: '/api/session/login', payload: { email: 'admin@bibliothek.test', password: 'geraten-123' } });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.');
    // Another person is not locked out by someone guessing at admin@.
    await expect(t.login(UB, 'leser@bibliothek.test')).resolves.toMatch(/session_token/);
  });

  it('sends unauthenticated visitors to /login and back to the requested page after sign-in', async () => {
    const visit = await t.call(SW, { method: 'GET', url: '/admin/einstellungen?tab=fahrzeug' });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe('/login');
    const redirectCookie = ([] as string[]).concat(visit.headers['set-cookie'] ?? []).find((c) => c.startsWith('buchbar_redirect='))!;
    const value = redirectCookie.split(';')[0]!;
    expect(decodeURIComponent(value.slice(value.indexOf('=') + 1))).toBe('/admin/einstellungen?tab=fahrzeug');
    const login = await t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: 'admin@stadtwerke.test', password: 'Buchbar!2026' },
      headers: { cookie: redirectCookie.split(';')[0]! },
    });
    expect(login.json()).toEqual({ redirectTo: '/admin/einstellungen?tab=fahrzeug' });
  });

  it('never follows a stored redirect to another site', async () => {
    const login = await t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: 'admin@stadtwerke.test', password: 'Buchbar!2026' },
      headers: { cookie: 'buchbar_redirect=//evil.example/x' },
    });
    expect(login.json()).toEqual({ redirectTo: '/fahrzeuge' });
  });

  it('lands on the start page: vehicles when that feature is on, otherwise the reading-room map', async () => {
    const sw = await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: await t.login(SW, 'fuhrpark@stadtwerke.test') });
    expect(sw.json().startPath).toBe('/fahrzeuge');
    const ub = await t.call(UB, { method: 'GET', url: '/api/session/me', cookie: await t.login(UB, 'leser@bibliothek.test') });
    expect(ub.json().startPath).toBe('/leseraum/karte');
  });

  it('/logout and ?logout=true sign out and go to /login', async () => {
    for (const url of ['/logout', '/fahrzeuge?logout=true']) {
      const cookie = await t.login(SW, 'freigabe@stadtwerke.test');
      const res = await t.call(SW, { method: 'GET', url, cookie });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login');
      const me = await t.call(SW, { method: 'GET', url: '/api/session/me', cookie });
      expect(me.statusCode).toBe(401);
    }
  });

  it('setting a user inactive ends all their sessions and blocks sign-in', async () => {
    const victim = await t.login(TI, 'empfang@tourismus.test');
    const second = await t.login(TI, 'empfang@tourismus.test');
    const admin = await t.login(TI, 'admin@tourismus.test');
    const users = (await t.call(TI, { method: 'GET', url: '/api/users', cookie: admin })).json().users as { id: string; email: string }[];
    const id = users.find((u) => u.email === 'empfang@tourismus.test')!.id;
    // signed in and resolved once (so a cached sign-in exists) before the change
    for (const c of [victim, second]) expect((await t.call(TI, { method: 'GET', url: '/api/session/me', cookie: c })).statusCode).toBe(200);
    const patch = await t.call(TI, { method: 'PATCH', url: `/api/users/${id}`, cookie: admin, payload: { status: 'inaktiv' } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().status).toBe('inaktiv');
    for (const c of [victim, second]) expect((await t.call(TI, { method: 'GET', url: '/api/session/me', cookie: c })).statusCode).toBe(401);
    const retry = await t.call(TI, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: 'empfang@tourismus.test', password: 'Buchbar!2026' },
    });
    expect(retry.statusCode).toBe(401);
    expect(retry.json().error.message).toBe(LOGIN_FAILED);
    await t.call(TI, { method: 'PATCH', url: `/api/users/${id}`, cookie: admin, payload: { status: 'aktiv' } });
    await expect(t.login(TI, 'empfang@tourismus.test')).resolves.toMatch(/session_token/);
  });
});

describe.each(DB_KINDS)('a resolved sign-in follows every change on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('even changes made behind the app: grants, status and the session row', async () => {
    const cookie = await t.login(SW, 'pruefer@stadtwerke.test');
    const me = async () => t.call(SW, { method: 'GET', url: '/api/session/me', cookie });
    expect((await me()).json().permissions).toEqual(['fahrzeug_fuehrerscheinpruefung']);
    const userId = (await me()).json().user.id as string;
    const db = t.database.db;
    await db.execute(sql`insert into user_permissions (tenant_id, user_id, permission_name, value)
                         select tenant_id, id, 'fahrzeug_buchen', 'true' from users where id = ${userId}`);
    expect((await me()).json().permissions).toEqual(['fahrzeug_buchen', 'fahrzeug_fuehrerscheinpruefung']);
    await db.execute(sql`delete from user_permissions where user_id = ${userId} and permission_name = 'fahrzeug_buchen'`);
    expect((await me()).json().permissions).toEqual(['fahrzeug_fuehrerscheinpruefung']);
    await db.execute(sql`update users set status = 'inaktiv' where id = ${userId}`);
    expect((await me()).statusCode).toBe(401);
    await db.execute(sql`update users set status = 'aktiv' where id = ${userId}`);
    expect((await me()).statusCode).toBe(200);
    await db.execute(sql`delete from auth_session where token = ${decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!}`);
    expect((await me()).statusCode).toBe(401);
  });
});

describe.each(DB_KINDS)('effective permissions of the demo accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it.each([
    // direct grant
    [SW, 'pruefer@stadtwerke.test', ['fahrzeug_fuehrerscheinpruefung'], false],
    // role grant plus group's role
    [SW, 'freigabe@stadtwerke.test', ['fahrzeug_buchen', 'fahrzeug_freigabe_von_sonderfahrten'], false],
    // group's roles only
    [SW, 'fuhrpark@stadtwerke.test', ['fahrzeug_buchen', 'fahrzeug_fremdbuchung', 'fahrzeug_logbuch_report', 'fahrzeug_pflege'], true],
    // group's role grants booking; the direct 'false' grants nothing
    [SW, 'mitarbeiter@stadtwerke.test', ['fahrzeug_buchen'], false],
    [TI, 'empfang@tourismus.test', ['fahrzeug_buchen', 'fahrzeug_gastbuchung'], false],
    [UB, 'leser@bibliothek.test', [], false],
  ])('%s %s has exactly %j', async (host, email, permissions, isAdmin) => {
    const me = await t.call(host, { method: 'GET', url: '/api/session/me', cookie: await t.login(host, email) });
    expect(me.json().permissions).toEqual(permissions);
    expect(me.json().isAdmin).toBe(isAdmin);
  });

  it('the admins hold every permission', async () => {
    for (const [host, email] of [
      [SW, 'admin@stadtwerke.test'],
      [TI, 'admin@tourismus.test'],
      [UB, 'admin@bibliothek.test'],
    ] as const) {
      const me = await t.call(host, { method: 'GET', url: '/api/session/me', cookie: await t.login(host, email) });
      expect(me.json().permissions).toHaveLength(14);
      expect(me.json().isAdmin).toBe(true);
    }
  });

  it('guards the API with the route-guard denial texts', async () => {
    const booker = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const fleet = await t.login(SW, 'fuhrpark@stadtwerke.test');
    expect((await t.call(SW, { method: 'GET', url: '/api/users', cookie: booker })).json()).toEqual({
      error: { code: 'forbidden', message: 'no admin' },
    });
    expect((await t.call(SW, { method: 'GET', url: '/api/users', cookie: fleet })).json()).toEqual({
      error: { code: 'forbidden', message: 'no benutzer' },
    });
    const settings = await t.call(SW, { method: 'GET', url: '/api/admin/settings', cookie: fleet });
    expect(settings.statusCode).toBe(200);
    expect((await t.call(SW, { method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });
});
