import { createSign, generateKeyPairSync } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { sessionErrors } from '@server/areas/session/errors';
import { rowsOf } from '@server/kernel/rows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import {
  decodeEntities,
  hiddenField as hidden,
  SAML_IDP_PASSWORD,
  type SamlIdpUser,
  startTestSamlIdp,
  type TestSamlIdp,
} from '../support/saml-idp';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const UB = 'bibliothek.localhost';
const sp = (host: string) => ({
  entityId: `http://${host}/api/auth/saml/metadata`,
  acsUrl: `http://${host}/api/auth/saml/acs`,
  sloUrl: `http://${host}/api/auth/saml/slo`,
});

const JOERG: SamlIdpUser = { username: 'joerg', mail: 'joerg.mueller@stadtwerke.test', givenName: 'Jörg', sn: 'Müller-Lüdenscheidt' };
const LESER: SamlIdpUser = { username: 'lea', mail: 'lea.leser@bibliothek.test', givenName: 'Lea', sn: 'Leser' };

/**
 * One person's browser: its cookies at the IdP and at Buchbar (one jar per
 * host), following redirects between the two. Buchbar's hosts are reached
 * through the test app, the IdP over HTTP.
 */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();
  /** Every address the browser was sent to, in order. */
  readonly visited: string[] = [];
  constructor(private readonly t: TestApp) {}

  private jar(host: string) {
    let jar = this.jars.get(host);
    if (!jar) {
      jar = new Map();
      this.jars.set(host, jar);
    }
    return jar;
  }
  take(host: string, setCookies: readonly string[]) {
    const jar = this.jar(host);
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === '' || /max-age=0/i.test(c) || /expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
  }
  cookie(host: string) {
    return [...this.jar(host)].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  session(host: string) {
    const v = this.jar(host).get('buchbar.session_token');
    return v ? `buchbar.session_token=${v}` : '';
  }

  /** One request: status, location, body. */
  async request(url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
    this.visited.push(url);
    const u = new URL(url);
    if (u.host === SW || u.host === UB) {
      const res = await this.t.call(u.host, {
        method: (init.method ?? 'GET') as 'GET',
        url: `${u.pathname}${u.search}`,
        cookie: this.cookie(u.host),
        headers: init.headers,
        payload: init.body,
      });
      this.take(u.host, ([] as string[]).concat((res.headers['set-cookie'] as string[]) ?? []));
      const location = res.headers.location ? new URL(String(res.headers.location), url).href : null;
      return { status: res.statusCode, location, body: res.body };
    }
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: this.cookie(u.host) },
    });
    this.take(u.host, res.headers.getSetCookie());
    const location = res.headers.get('location') ? new URL(res.headers.get('location')!, url).href : null;
    return { status: res.status, location, body: await res.text() };
  }

  /** A request and every redirect after it; the last answer and its address. */
  async follow(url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
    let res = await this.request(url, init);
    let at = url;
    for (let hops = 0; res.status >= 300 && res.status < 400 && res.location; hops++) {
      if (hops > 20) throw new Error('too many redirects');
      at = res.location;
      res = await this.request(at);
    }
    return { ...res, url: at };
  }
}

describe.each(DB_KINDS)('SAML single logout on %s', (kind) => {
  let t: TestApp;
  let idp: TestSamlIdp;
  beforeAll(async () => {
    idp = await startTestSamlIdp({ users: [JOERG, LESER], serviceProviders: [sp(SW), sp(UB)] });
    t = await startTestApp(kind);
    for (const [host, admin] of [
      [SW, 'admin@stadtwerke.test'],
      [UB, 'admin@bibliothek.test'],
    ] as const) {
      const cookie = await t.login(host, admin);
      const view = (await t.call(host, { method: 'GET', url: '/api/admin/tenant/saml', cookie })).json();
      const res = await t.call(host, {
        method: 'PUT',
        url: '/api/admin/tenant/saml',
        cookie,
        payload: {
          providerName: 'Test-IdP',
          metadataXml: await idp.metadata(),
          mapping: view.mapping,
          defaultGroupId: null,
          passwordAllowed: false,
          createUnknown: true,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));
  const me = async (host: string, cookie: string) => (await t.call(host, { method: 'GET', url: '/api/session/me', cookie })).statusCode;

  /** Start at Buchbar, sign in at the IdP's form, its page posts to the ACS: the browser is signed in at both. */
  async function signIn(browser: Browser, host: string, user: SamlIdpUser) {
    const form = await browser.follow(`http://${host}/api/session/sso/start`);
    expect(form.status, `${form.body.slice(0, 500)}\n${idp.log()}`).toBe(200);
    const authState = hidden(form.body, 'AuthState');
    expect(authState, form.body.slice(0, 1000)).toBeTruthy();
    const post = await browser.follow(form.url.split('?')[0]!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: user.username, password: SAML_IDP_PASSWORD, AuthState: authState! }).toString(),
    });
    const action = decodeEntities(/<form[^>]*action="([^"]+)"/i.exec(post.body)?.[1] ?? '');
    expect(action, `${post.body.slice(0, 1000)}\n${idp.log()}`).toBe(`http://${host}/api/auth/saml/acs`);
    const acs = await browser.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.baseUrl },
      body: new URLSearchParams({
        SAMLResponse: hidden(post.body, 'SAMLResponse')!,
        RelayState: hidden(post.body, 'RelayState') ?? '',
      }).toString(),
    });
    expect(acs.status, acs.body).toBe(303);
    expect(await me(host, browser.session(host))).toBe(200);
  }

  /** The message a redirect carries, inflated. */
  const messageOf = (url: string, param: 'SAMLRequest' | 'SAMLResponse') =>
    inflateRawSync(Buffer.from(new URL(url).searchParams.get(param)!, 'base64')).toString('utf8');

  it('the IdP’s metadata gives the logout address; Buchbar’s metadata names its own', async () => {
    const cookie = await t.login(SW, 'admin@stadtwerke.test');
    const view = (await t.call(SW, { method: 'GET', url: '/api/admin/tenant/saml', cookie })).json();
    expect(view).toMatchObject({ idpSloUrl: idp.sloUrl, sloUrl: 'http://stadtwerke.localhost/api/auth/saml/slo' });
    const metadata = (await t.call(SW, { method: 'GET', url: '/api/auth/saml/metadata' })).body;
    expect(metadata).toContain('<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"');
    expect(metadata).toContain('Location="http://stadtwerke.localhost/api/auth/saml/slo"');
    const bad = await t.call(SW, {
      method: 'PUT',
      url: '/api/admin/tenant/saml',
      cookie,
      payload: { ...view, metadataXml: '', certificate: '', idpSloUrl: 'ftp://login.example.de/slo' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'Bitte geben Sie die Abmeldeadresse (SLO-URL) des Identity Providers als vollständige https-Adresse ein oder lassen Sie das Feld leer.',
    );
  });

  it('signing out of Buchbar signs out at the IdP too and comes back to the login page', async () => {
    const browser = new Browser(t);
    await signIn(browser, SW, JOERG);
    const session = browser.session(SW);
    const out = await browser.request(`http://${SW}/api/session/logout`, { method: 'POST' });
    expect(out.status, out.body).toBe(200);
    const next = JSON.parse(out.body).next as string;
    expect(next.startsWith(`${idp.sloUrl}?SAMLRequest=`), next).toBe(true);
    const request = messageOf(next, 'SAMLRequest');
    expect(request).toContain('joerg</saml:NameID>');
    expect(request).toContain('SessionIndex');
    // The Buchbar session ended at once, before the IdP answered.
    expect(await me(SW, session)).toBe(401);
    const back = await browser.follow(next);
    const fromIdp = browser.visited.find((u) => u.startsWith(`http://${SW}/api/auth/saml/slo?SAMLResponse=`));
    expect(fromIdp, `${browser.visited.join('\n')}\n${idp.log()}`).toBeTruthy();
    expect(back.url).toBe(`http://${SW}/login`);
    // Signed out at the IdP: a new sign-in asks for the password again.
    const again = await browser.follow(`http://${SW}/api/session/sso/start`);
    expect(hidden(again.body, 'AuthState'), again.body.slice(0, 500)).toBeTruthy();
    expect(await query<{ n: number }>(sql`select count(*)::int as n from saml_sessions`)).toEqual([{ n: 0 }]);
  });

  it('a logout the IdP starts ends the person’s Buchbar session and answers with a LogoutResponse', async () => {
    const browser = new Browser(t);
    await signIn(browser, SW, JOERG);
    const session = browser.session(SW);
    // Another person's session stays.
    const other = new Browser(t);
    await signIn(other, UB, LESER);
    const done = await browser.follow(idp.initLogoutUrl(`${idp.baseUrl}/`));
    const request = browser.visited.find((u) => u.startsWith(`http://${SW}/api/auth/saml/slo?SAMLRequest=`));
    expect(request, `${browser.visited.join('\n')}\n${idp.log()}`).toBeTruthy();
    expect(new URL(request!).searchParams.get('Signature')).toBeTruthy();
    const answer = browser.visited[browser.visited.indexOf(request!) + 1]!;
    expect(answer.startsWith(`${idp.sloUrl}?SAMLResponse=`), answer).toBe(true);
    expect(messageOf(answer, 'SAMLResponse')).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');
    expect(done.url.startsWith(`${idp.baseUrl}/`), done.url).toBe(true);
    expect(await me(SW, session)).toBe(401);
    expect(await me(UB, other.session(UB))).toBe(200);
  });

  it('refuses an unsigned, forged, foreign or unexpected logout message with 400 and a sentence, and ends nothing', async () => {
    const browser = new Browser(t);
    await signIn(browser, SW, JOERG);
    const session = browser.session(SW);
    const logoutRequest = (destination: string, nameId = 'joerg') =>
      deflateRawSync(
        Buffer.from(
          `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_f${Date.now()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${destination}"><saml:Issuer>${idp.entityId}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${nameId}</saml:NameID></samlp:LogoutRequest>`,
        ),
      ).toString('base64');
    /** Signed as the HTTP-Redirect binding signs (the query string), with the given key. */
    const signedQuery = (message: string, key: string, param = 'SAMLRequest') => {
      const sigAlg = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
      const signed = `${param}=${encodeURIComponent(message)}&SigAlg=${encodeURIComponent(sigAlg)}`;
      const signature = createSign('RSA-SHA256').update(signed).sign(key, 'base64');
      return `${signed}&Signature=${encodeURIComponent(signature)}`;
    };
    const slo = (host: string, q: string) => t.call(host, { method: 'GET', url: `/api/auth/saml/slo?${q}` });
    const GERMAN =
      'Diese Abmeldenachricht wurde abgelehnt: Sie ist nicht vom Identity Provider Ihres Mandanten signiert, abgelaufen oder gehört zu keiner Abmeldung, die hier begonnen wurde.';
    const ENGLISH =
      'This logout message was refused: it is not signed by your client’s identity provider, has expired or belongs to no logout started here.';

    // Unsigned (node-saml alone would take it).
    const unsigned = await slo(SW, `SAMLRequest=${encodeURIComponent(logoutRequest(`http://${SW}/api/auth/saml/slo`))}`);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.message).toBe(GERMAN);
    // The English sentence, for readers who chose English (the language follows the signed-in person, this browser has none here).
    expect(sessionErrors.fail('saml_logout_invalid').en).toBe(ENGLISH);
    // Signed with a key that is not the IdP's.
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const forged = await slo(SW, signedQuery(logoutRequest(`http://${SW}/api/auth/saml/slo`), stranger));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(GERMAN);
    // Signed by the IdP, but for the other tenant's address: refused at this one.
    const foreign = await slo(SW, signedQuery(logoutRequest(`http://${UB}/api/auth/saml/slo`), idp.keyPem));
    expect(foreign.statusCode).toBe(400);
    // A LogoutResponse nobody asked for (no logout started in this browser).
    const response = deflateRawSync(
      Buffer.from(
        `<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${Date.now()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="http://${SW}/api/auth/saml/slo" InResponseTo="_${'0'.repeat(40)}"><saml:Issuer>${idp.entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:LogoutResponse>`,
      ),
    ).toString('base64');
    const unasked = await slo(SW, signedQuery(response, idp.keyPem, 'SAMLResponse'));
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json().error.message).toBe(GERMAN);
    // Not base64, not XML.
    expect((await slo(SW, 'SAMLRequest=%%%&SigAlg=x&Signature=y')).statusCode).toBe(400);
    expect(await me(SW, session)).toBe(200);

    // The same request, correctly signed by the IdP for this address, ends the session.
    const real = await slo(SW, signedQuery(logoutRequest(`http://${SW}/api/auth/saml/slo`), idp.keyPem));
    expect(real.statusCode, real.body).toBe(302);
    expect(String(real.headers.location).startsWith(`${idp.sloUrl}?SAMLResponse=`)).toBe(true);
    expect(await me(SW, session)).toBe(401);
  });

  it('a tenant without SAML has no logout address', async () => {
    const res = await t.call('tourismus.localhost', { method: 'GET', url: '/api/auth/saml/slo' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Für Ihren Mandanten ist keine Anmeldung über SAML eingerichtet.');
  });

  it('keeps no secret in the database: the session rows hold the IdP’s subject and session index only', async () => {
    const browser = new Browser(t);
    await signIn(browser, SW, JOERG);
    const rows = await query<{ name_id: string; session_index: string | null }>(
      sql`select name_id, session_index from saml_sessions s join auth_session a on a.id = s.session_id where a.token = ${decodeURIComponent(browser.session(SW).split('=')[1]!).split('.')[0]!}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name_id).toBe('joerg');
    expect(rows[0]!.session_index).toMatch(/^_/);
  });
});
