import { DEMO_IDP } from '@db/seed/single-sign-on';
import { LOGIN_FAILED } from '@server/areas/session/sign-in';
import { rowsOf } from '@server/kernel/rows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { IDP_PASSWORD, type IdpAccount, providerSettings, startTestIdp, type TestIdp } from '../support/oidc-idp';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const UB = 'bibliothek.localhost';

const ANNA: IdpAccount = { sub: 'anna', email: 'anna.sonne@stadtwerke.test', given_name: 'Anna', family_name: 'Sonne' };
const MITARBEITER: IdpAccount = { sub: 'ma', email: 'mitarbeiter@stadtwerke.test', given_name: 'Max', family_name: 'Mitarbeiter' };
const LESER: IdpAccount = { sub: 'leser', email: 'leser@bibliothek.test', given_name: 'Lea', family_name: 'Leser' };
const BERND: IdpAccount = { sub: 'sso-bernd', email: 'bernd.berg@stadtwerke.test', given_name: 'Bernd', family_name: 'Berg' };
const UPN: IdpAccount = { sub: 'upn', email: 'privat@example.org', upn: 'p.upn@stadtwerke.test', given_name: 'Paul', family_name: 'Upn' };

/** Cookies of one party (browser towards the provider), sent back on every request. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(setCookies: readonly string[]) {
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

describe.each(DB_KINDS)('single sign-on over OpenID Connect on %s', (kind) => {
  let t: TestApp;
  let idp: TestIdp;
  beforeAll(async () => {
    idp = await startTestIdp({ accounts: [ANNA, MITARBEITER, LESER, UPN] });
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));
  const setCookies = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers['set-cookie'] as string[]) ?? []);

  /** The whole redirect flow as a browser does it; answers where Buchbar sends the browser at the end and its session cookie. */
  async function ssoSignIn(host: string, email: string, password = IDP_PASSWORD) {
    const app = new Jar();
    const start = await t.call(host, { method: 'GET', url: '/api/session/sso/start' });
    expect(start.statusCode).toBe(302);
    app.take(setCookies(start));
    let location = String(start.headers.location);
    if (!location.startsWith(idp.issuer)) return { location, cookie: '' };
    const browser = new Jar();
    const go = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: browser.header() } });
      browser.take(res.headers.getSetCookie());
      return res;
    };
    let res = await go(location);
    while (res.status >= 300 && res.status < 400) res = await go(new URL(res.headers.get('location')!, location).href);
    expect(res.status).toBe(200);
    const form = /action="([^"]+)"/.exec(await res.text())![1]!;
    res = await go(new URL(form, idp.issuer).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    location = res.headers.get('location') ?? '';
    while (location.startsWith(idp.issuer) || location.startsWith('/')) {
      res = await go(new URL(location, idp.issuer).href);
      location = res.headers.get('location') ?? '';
    }
    expect(location.startsWith(`http://${host}/api/auth/callback/`)).toBe(true);
    const back = new URL(location);
    const done = await t.call(host, { method: 'GET', url: back.pathname + back.search, cookie: app.header() });
    expect(done.statusCode).toBe(302);
    app.take(setCookies(done));
    const session = app
      .header()
      .split('; ')
      .filter((c) => c.startsWith('buchbar.session_token='))
      .join('; ');
    return { location: String(done.headers.location), cookie: session };
  }

  async function configure(host: string, admin: string, patch: Record<string, unknown> = {}) {
    const cookie = await t.login(host, admin);
    const groups = (await t.call(host, { method: 'GET', url: '/api/admin/tenant/single-sign-on', cookie })).json().groups as {
      id: string;
      name: string;
    }[];
    const res = await t.call(host, {
      method: 'PUT',
      url: '/api/admin/tenant/single-sign-on',
      cookie,
      payload: providerSettings(idp, groups.find((g) => g.name === 'Alle Mitarbeitenden')?.id ?? null, patch),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('the demo’s Stadtwerke point at the provider of npm run dev:idp; while it is down, the start explains that', async () => {
    expect((await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().singleSignOn).toEqual({ providerName: DEMO_IDP.providerName });
    const cookie = await t.login(SW, 'admin@stadtwerke.test');
    const seeded = (await t.call(SW, { method: 'GET', url: '/api/admin/tenant/single-sign-on', cookie })).json();
    expect(seeded).toMatchObject({ configured: true, issuerUrl: DEMO_IDP.issuer, clientId: DEMO_IDP.clientId, passwordAllowed: false });
    expect(seeded.groups.find((g: { id: string }) => g.id === seeded.defaultGroupId)?.name).toBe('Alle Mitarbeitenden');
    // Nothing listens on the demo port: the browser lands on the login page with the reason.
    const down = await t.call(SW, { method: 'GET', url: '/api/session/sso/start' });
    expect(down.headers.location).toBe('/login?sso=nicht-erreichbar');
    // With the provider up, the seeded secret (encrypted with the app secret) signs a person in just in time.
    const demo = await startTestIdp({ port: DEMO_IDP.port, accounts: [BERND] });
    const random = idp;
    idp = demo;
    try {
      const { location, cookie: sso } = await ssoSignIn(SW, BERND.email);
      expect(location).toBe('/fahrzeuge');
      expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: sso })).json().user.email).toBe(BERND.email);
    } finally {
      idp = random;
      await demo.close();
    }
    // People without the flag keep their password.
    expect(
      (
        await t.call(SW, {
          method: 'POST',
          url: '/api/session/login',
          payload: { email: 'fuhrpark@stadtwerke.test', password: IDP_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('an admin configures the provider; the secret never comes back; bad input is explained', async () => {
    const cookie = await t.login(SW, 'admin@stadtwerke.test');
    const bad = await t.call(SW, {
      method: 'PUT',
      url: '/api/admin/tenant/single-sign-on',
      cookie,
      payload: {
        providerName: 'X',
        issuerUrl: 'login.example.de',
        clientId: 'a',
        clientSecret: 'b',
        defaultGroupId: null,
        passwordAllowed: false,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'Bitte geben Sie die Aussteller-Adresse (Issuer) als vollständige https-Adresse ein, z. B. https://login.beispiel.de/realms/buchbar.',
    );
    // A tenant without a provider yet must name a secret (the Stadtwerke keep their seeded one).
    const en = await t.call(UB, {
      method: 'PUT',
      url: '/api/admin/tenant/single-sign-on',
      cookie: await t.login(UB, 'admin@bibliothek.test'),
      headers: { 'accept-language': 'en-US' },
      payload: {
        providerName: 'X',
        issuerUrl: 'https://login.example.de',
        clientId: 'a',
        clientSecret: '',
        defaultGroupId: null,
        passwordAllowed: false,
      },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().error.code).toBe('sso_secret_missing');
    const saved = await configure(SW, 'admin@stadtwerke.test');
    expect(saved).toMatchObject({ configured: true, providerName: 'Stadtwerke-Login', hasClientSecret: true, emailClaim: 'email' });
    expect(saved.callbackUrl).toMatch(/^http:\/\/stadtwerke\.localhost\/api\/auth\/callback\/sso-[0-9a-f-]{36}$/);
    expect(JSON.stringify(saved)).not.toContain(idp.clientSecret);
    const [row] = await query<{ s: string }>(sql`select client_secret_encrypted as s from tenant_single_sign_on`);
    expect(row!.s).not.toContain(idp.clientSecret);
    expect((await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().singleSignOn).toEqual({ providerName: 'Stadtwerke-Login' });
    // Another tenant's admin sees only its own (empty) settings.
    const ub = await t.login(UB, 'admin@bibliothek.test');
    expect((await t.call(UB, { method: 'GET', url: '/api/admin/tenant/single-sign-on', cookie: ub })).json().configured).toBe(false);
    expect((await t.call(UB, { method: 'GET', url: '/api/tenant' })).json().singleSignOn).toBeNull();
  });

  it('first sign-in creates the person in the tenant with the default group; the next one follows the claims', async () => {
    const first = await ssoSignIn(SW, ANNA.email);
    expect(first.location).toBe('/fahrzeuge');
    const me = (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: first.cookie })).json();
    expect(me.user).toMatchObject({ firstName: 'Anna', lastName: 'Sonne', email: 'anna.sonne@stadtwerke.test' });
    expect(me.permissions).toContain('fahrzeug_buchen');
    const rows = await query<{ id: string; single_sign_on: boolean; name: string }>(
      sql`select u.id, u.single_sign_on, g.name from users u join user_groups ug on ug.user_id = u.id and ug.tenant_id = u.tenant_id join groups g on g.id = ug.group_id and g.tenant_id = u.tenant_id where u.email = 'anna.sonne@stadtwerke.test'`,
    );
    expect(rows).toEqual([{ id: me.user.id, single_sign_on: true, name: 'Alle Mitarbeitenden' }]);

    idp.accounts.set('anna', { ...ANNA, family_name: 'Sonnenschein', email: 'anna.sonnenschein@stadtwerke.test' });
    const second = await ssoSignIn(SW, 'anna.sonnenschein@stadtwerke.test');
    const again = (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: second.cookie })).json();
    expect(again.user).toMatchObject({ id: me.user.id, lastName: 'Sonnenschein', email: 'anna.sonnenschein@stadtwerke.test' });
    const [count] = await query<{ n: number }>(
      sql`select count(*)::int as n from users where first_name = 'Anna' and last_name like 'Sonne%'`,
    );
    expect(count!.n).toBe(1);
  });

  it('reads the e-mail from the claim the tenant names', async () => {
    await configure(SW, 'admin@stadtwerke.test', { emailClaim: 'upn' });
    const r = await ssoSignIn(SW, UPN.email);
    const me = (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: r.cookie })).json();
    expect(me.user).toMatchObject({ email: 'p.upn@stadtwerke.test', firstName: 'Paul', lastName: 'Upn' });
    await configure(SW, 'admin@stadtwerke.test', { emailClaim: 'email' });
  });

  it('a single sign-on person loses the password unless the tenant allows both, with the one generic refusal', async () => {
    expect(
      (await t.call(SW, { method: 'POST', url: '/api/session/login', payload: { email: MITARBEITER.email, password: 'Buchbar!2026' } }))
        .statusCode,
    ).toBe(200);
    const r = await ssoSignIn(SW, MITARBEITER.email);
    const me = (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: r.cookie })).json();
    expect(me.user).toMatchObject({ email: MITARBEITER.email, firstName: 'Max' });
    const refused = await t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: MITARBEITER.email, password: 'Buchbar!2026' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: { code: 'login_failed', message: LOGIN_FAILED } });
    await configure(SW, 'admin@stadtwerke.test', { passwordAllowed: true });
    expect(
      (await t.call(SW, { method: 'POST', url: '/api/session/login', payload: { email: MITARBEITER.email, password: 'Buchbar!2026' } }))
        .statusCode,
    ).toBe(200);
    await configure(SW, 'admin@stadtwerke.test', { passwordAllowed: false });
  });

  it('tenant A’s sign-in never opens tenant B', async () => {
    const anna = await ssoSignIn(SW, 'anna.sonnenschein@stadtwerke.test');
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: anna.cookie })).statusCode).toBe(200);
    // The same session on the other tenant's address.
    expect((await t.call(UB, { method: 'GET', url: '/api/session/me', cookie: anna.cookie })).statusCode).toBe(401);
    // Tenant A's provider id in a callback on tenant B's address.
    const providerId = (
      await t.call(SW, { method: 'GET', url: '/api/admin/tenant/single-sign-on', cookie: await t.login(SW, 'admin@stadtwerke.test') })
    )
      .json()
      .callbackUrl.split('/')
      .pop();
    const cross = await t.call(UB, { method: 'GET', url: `/api/auth/callback/${providerId}?code=x&state=y` });
    expect(cross.statusCode).toBe(302);
    expect(cross.headers.location).toBe('/login?sso=abgelehnt');
    // Tenant A's provider vouches for a person of tenant B: refused, nobody created, no session.
    const leser = await ssoSignIn(SW, LESER.email);
    expect(leser.location).toBe('/login?sso=abgelehnt');
    expect(leser.cookie).toBe('');
    const [created] = await query<{ n: number }>(sql`select count(*)::int as n from users where email = 'leser@bibliothek.test'`);
    expect(created!.n).toBe(1);
    expect(
      (await t.call(UB, { method: 'POST', url: '/api/session/login', payload: { email: LESER.email, password: 'Buchbar!2026' } }))
        .statusCode,
    ).toBe(200);
  });

  it('an unconfigured or unreachable provider ends on the login page with a reason, never a 500', async () => {
    expect((await t.call(UB, { method: 'GET', url: '/api/session/sso/start' })).headers.location).toBe('/login?sso=nicht-erreichbar');
    await configure(SW, 'admin@stadtwerke.test', { issuerUrl: 'http://127.0.0.1:9', clientSecret: '' });
    const start = await t.call(SW, { method: 'GET', url: '/api/session/sso/start' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/login?sso=nicht-erreichbar');
    await configure(SW, 'admin@stadtwerke.test');
  });
});
