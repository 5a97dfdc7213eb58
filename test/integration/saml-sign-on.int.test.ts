import { signXml } from '@node-saml/node-saml/lib/xml';
import { SSO_REFUSED_PATH } from '@server/areas/session/single-sign-on';
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
const sp = (host: string) => ({ entityId: `http://${host}/api/auth/saml/metadata`, acsUrl: `http://${host}/api/auth/saml/acs` });

const JOERG: SamlIdpUser = { username: 'joerg', mail: 'joerg.mueller@stadtwerke.test', givenName: 'Jörg', sn: 'Müller-Lüdenscheidt' };
const MITARBEITER: SamlIdpUser = { username: 'max', mail: 'mitarbeiter@stadtwerke.test', givenName: 'Max', sn: 'Mitarbeiter' };
const LESER: SamlIdpUser = { username: 'lea', mail: 'lea.leser@bibliothek.test', givenName: 'Lea', sn: 'Leser' };
const FREMD: SamlIdpUser = { username: 'fremd', mail: 'fremd@stadtwerke.test', givenName: 'Frida', sn: 'Fremd' };

/** Cookies of one party, sent back on every request. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(setCookies: readonly string[]) {
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === '' || /max-age=0/i.test(c) || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

describe.each(DB_KINDS)('single sign-on over SAML 2.0 on %s', (kind) => {
  let t: TestApp;
  let idp: TestSamlIdp;
  beforeAll(async () => {
    idp = await startTestSamlIdp({ users: [JOERG, MITARBEITER, LESER, FREMD], serviceProviders: [sp(SW), sp(UB)] });
    t = await startTestApp(kind);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));
  const setCookies = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers['set-cookie'] as string[]) ?? []);

  /**
   * A browser's way from Buchbar's start to the IdP's answer: the AuthnRequest
   * by redirect, the IdP's login form with user and password, its auto-posting
   * form. Answers the form's fields and the browser's Buchbar cookies (with the
   * state cookie); nothing is posted to the ACS yet.
   */
  async function idpAnswer(host: string, user: SamlIdpUser, startCookie = '') {
    const app = new Jar();
    const start = await t.call(host, { method: 'GET', url: '/api/session/sso/start', cookie: startCookie });
    expect(start.statusCode).toBe(302);
    app.take(setCookies(start));
    const location = String(start.headers.location);
    expect(location.startsWith(idp.ssoUrl), location).toBe(true);
    expect(new URL(location).searchParams.get('SAMLRequest')).toBeTruthy();
    const browser = new Jar();
    const go = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: browser.header() } });
      browser.take(res.headers.getSetCookie());
      return res;
    };
    let url = location;
    let res = await go(url);
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      res = await go(url);
    }
    const form = await res.text();
    expect(res.status, `${form.slice(0, 500)}\n${idp.log()}`).toBe(200);
    const authState = hidden(form, 'AuthState');
    expect(authState, form.slice(0, 2000)).toBeTruthy();
    res = await go(url.split('?')[0]!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: user.username, password: SAML_IDP_PASSWORD, AuthState: authState! }).toString(),
    });
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      res = await go(url);
    }
    const post = await res.text();
    const action = decodeEntities(/<form[^>]*action="([^"]+)"/i.exec(post)?.[1] ?? '');
    expect(action, `${post.slice(0, 1000)}\n${idp.log()}`).toBe(`http://${host}/api/auth/saml/acs`);
    const samlResponse = hidden(post, 'SAMLResponse')!;
    expect(samlResponse).toBeTruthy();
    return { samlResponse, relayState: hidden(post, 'RelayState') ?? '', app };
  }

  /** The IdP's page posts the form to the ACS; answers where Buchbar sends the browser and its session cookie. */
  async function postToAcs(host: string, fields: { samlResponse: string; relayState?: string }, app: Jar) {
    const res = await t.call(host, {
      method: 'POST',
      url: '/api/auth/saml/acs',
      cookie: app.header(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.baseUrl },
      payload: new URLSearchParams({ SAMLResponse: fields.samlResponse, RelayState: fields.relayState ?? '' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
    app.take(setCookies(res));
    const session = app.get('buchbar.session_token');
    return { location: String(res.headers.location), cookie: session ? `buchbar.session_token=${session}` : '', res };
  }

  async function signIn(host: string, user: SamlIdpUser) {
    const answer = await idpAnswer(host, user);
    return postToAcs(host, answer, answer.app);
  }

  /** The response XML with its signatures taken off, changed, and the assertion signed anew with the IdP's own key. */
  function resigned(samlResponse: string, change: (xml: string) => string = (x) => x): string {
    const bare = Buffer.from(samlResponse, 'base64')
      .toString('utf8')
      .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '');
    const assertion = "//*[local-name(.)='Assertion']";
    const signed = signXml(
      change(bare),
      assertion,
      { reference: `${assertion}/*[local-name(.)='Issuer']`, action: 'after' },
      { privateKey: idp.keyPem, publicCert: idp.certificatePem, signatureAlgorithm: 'sha256', digestAlgorithm: 'sha256' },
    );
    return Buffer.from(signed, 'utf8').toString('base64');
  }

  async function configure(host: string, admin: string, patch: Record<string, unknown> = {}) {
    const cookie = await t.login(host, admin);
    const view = (await t.call(host, { method: 'GET', url: '/api/admin/tenant/saml', cookie })).json();
    const res = await t.call(host, {
      method: 'PUT',
      url: '/api/admin/tenant/saml',
      cookie,
      payload: {
        providerName: 'Stadtwerke-SAML',
        metadataXml: await idp.metadata(),
        mapping: view.mapping,
        defaultGroupId: (view.groups as { id: string; name: string }[]).find((g) => g.name === 'Alle Mitarbeitenden')?.id ?? null,
        passwordAllowed: false,
        createUnknown: true,
        ...patch,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('an admin chooses SAML with the IdP’s metadata, sees what to give the IdP, and bad input is explained in German', async () => {
    const cookie = await t.login(SW, 'admin@stadtwerke.test');
    const empty = (await t.call(SW, { method: 'GET', url: '/api/admin/tenant/saml', cookie })).json();
    expect(empty).toMatchObject({
      configured: false,
      spEntityId: 'http://stadtwerke.localhost/api/auth/saml/metadata',
      acsUrl: 'http://stadtwerke.localhost/api/auth/saml/acs',
      metadataUrl: 'http://stadtwerke.localhost/api/auth/saml/metadata',
      mapping: { email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress' },
      createUnknown: true,
    });
    const put = (payload: Record<string, unknown>) =>
      t.call(SW, {
        method: 'PUT',
        url: '/api/admin/tenant/saml',
        cookie,
        payload: {
          providerName: 'X',
          mapping: empty.mapping,
          defaultGroupId: null,
          passwordAllowed: false,
          createUnknown: true,
          ...payload,
        },
      });
    const broken = await put({ metadataXml: '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"><md:IDPSSO' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(
      'Die Metadaten sind kein lesbares SAML-Metadaten-XML. Bitte fügen Sie die Datei vollständig ein, wie der Identity Provider sie ausgibt (beginnt mit <EntityDescriptor …>).',
    );
    const ownMetadata = (await t.call(SW, { method: 'GET', url: '/api/auth/saml/metadata' })).body;
    expect((await put({ metadataXml: ownMetadata })).json().error.code).toBe('saml_metadata_no_idp');
    const notACertificate = await put({
      idpEntityId: 'https://login.example.de/idp',
      idpSsoUrl: 'https://login.example.de/idp/sso',
      certificate: `-----BEGIN CERTIFICATE-----\n${Buffer.from('kein Zertifikat, nur Text '.repeat(20)).toString('base64')}\n-----END CERTIFICATE-----`,
    });
    expect(notACertificate.statusCode).toBe(400);
    expect(notACertificate.json().error.message).toBe(
      'Das Signaturzertifikat ist kein gültiges X.509-Zertifikat. Bitte fügen Sie es vollständig als PEM ein, wie der Identity Provider es ausgibt.',
    );
    const noCertificate = await put({ idpEntityId: 'https://login.example.de/idp', idpSsoUrl: 'https://login.example.de/idp/sso' });
    expect(noCertificate.json().error.code).toBe('saml_certificate_missing');
    const badUrl = await put({
      idpEntityId: 'https://login.example.de/idp',
      idpSsoUrl: 'login.example.de/sso',
      certificate: idp.certificatePem,
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().error.code).toBe('saml_sso_url_invalid');
    expect((await query<{ n: number }>(sql`select count(*)::int as n from tenant_saml_sign_on`))[0]!.n).toBe(0);

    // Entered by hand: entity id, SSO URL and certificate.
    const manual = await put({
      providerName: 'Von Hand',
      idpEntityId: idp.entityId,
      idpSsoUrl: idp.ssoUrl,
      certificate: idp.certificatePem,
    });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json()).toMatchObject({ configured: true, idpEntityId: idp.entityId, idpSsoUrl: idp.ssoUrl });
    expect(manual.json().certificates[0].subject).toContain('Buchbar Test IdP');

    // From metadata; the OpenID Connect provider the demo seeded gives way (one provider per tenant).
    const saved = await configure(SW, 'admin@stadtwerke.test');
    expect(saved).toMatchObject({ configured: true, providerName: 'Stadtwerke-SAML', idpEntityId: idp.entityId, idpSsoUrl: idp.ssoUrl });
    expect((await t.call(SW, { method: 'GET', url: '/api/admin/tenant/single-sign-on', cookie })).json().configured).toBe(false);
    expect((await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().singleSignOn).toEqual({ providerName: 'Stadtwerke-SAML' });
    // Another tenant sees only its own (empty) settings.
    const ub = await t.login(UB, 'admin@bibliothek.test');
    expect((await t.call(UB, { method: 'GET', url: '/api/admin/tenant/saml', cookie: ub })).json().configured).toBe(false);
  });

  it('serves Buchbar’s SP metadata on the tenant’s own address', async () => {
    const res = await t.call(SW, { method: 'GET', url: '/api/auth/saml/metadata' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain('entityID="http://stadtwerke.localhost/api/auth/saml/metadata"');
    expect(res.body).toContain('Location="http://stadtwerke.localhost/api/auth/saml/acs"');
    const ub = await t.call(UB, { method: 'GET', url: '/api/auth/saml/metadata' });
    expect(ub.body).toContain('entityID="http://bibliothek.localhost/api/auth/saml/metadata"');
  });

  it('the full round trip through the real IdP creates the person just in time; the session works; the next sign-in finds them', async () => {
    const first = await signIn(SW, JOERG);
    expect(first.location).toBe('/fahrzeuge');
    const me = (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: first.cookie })).json();
    expect(me.user).toMatchObject({ firstName: 'Jörg', lastName: 'Müller-Lüdenscheidt', email: JOERG.mail });
    expect(me.permissions).toContain('fahrzeug_buchen');
    const rows = await query<{ single_sign_on: boolean; name: string }>(
      sql`select u.single_sign_on, g.name from users u join user_groups ug on ug.user_id = u.id and ug.tenant_id = u.tenant_id join groups g on g.id = ug.group_id and g.tenant_id = u.tenant_id where u.email = ${JOERG.mail}`,
    );
    expect(rows).toEqual([{ single_sign_on: true, name: 'Alle Mitarbeitenden' }]);
    const again = await signIn(SW, JOERG);
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: again.cookie })).json().user.id).toBe(me.user.id);
    expect((await query<{ n: number }>(sql`select count(*)::int as n from users where email = ${JOERG.mail}`))[0]!.n).toBe(1);
  });

  it('links a person the tenant already has by address, who then loses the password', async () => {
    const r = await signIn(SW, MITARBEITER);
    const me = (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: r.cookie })).json();
    expect(me.user).toMatchObject({ email: MITARBEITER.mail, firstName: 'Max' });
    const password = await t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: MITARBEITER.mail, password: 'Buchbar!2026' },
    });
    expect(password.statusCode).toBe(401);
  });

  it('the path the person wanted survives the IdP’s cross-site post as RelayState', async () => {
    const answer = await idpAnswer(SW, JOERG, 'buchbar_redirect=/fahrzeuge/buchungen');
    expect(answer.relayState).toBe('/fahrzeuge/buchungen');
    expect((await postToAcs(SW, answer, answer.app)).location).toBe('/fahrzeuge/buchungen');
  });

  it('refuses a tampered signature, a wrong audience, an expired assertion, a replay and an unsolicited answer', async () => {
    // The re-signing itself is sound: an unchanged answer signed anew with the IdP's key is accepted.
    const control = await idpAnswer(SW, JOERG);
    expect((await postToAcs(SW, { samlResponse: resigned(control.samlResponse) }, control.app)).location).toBe('/fahrzeuge');

    const tampered = await idpAnswer(SW, JOERG);
    const xml = Buffer.from(tampered.samlResponse, 'base64').toString('utf8');
    expect(xml).toContain(JOERG.mail);
    const changed = Buffer.from(xml.replaceAll(JOERG.mail, 'admin@stadtwerke.test'), 'utf8').toString('base64');
    const t1 = await postToAcs(SW, { samlResponse: changed }, tampered.app);
    expect(t1).toMatchObject({ location: SSO_REFUSED_PATH, cookie: '' });

    const audience = await idpAnswer(SW, JOERG);
    const a = await postToAcs(
      SW,
      {
        samlResponse: resigned(audience.samlResponse, (x) =>
          x.replace(/<saml:Audience>[^<]*<\/saml:Audience>/, '<saml:Audience>https://andere.example/sp</saml:Audience>'),
        ),
      },
      audience.app,
    );
    expect(a).toMatchObject({ location: SSO_REFUSED_PATH, cookie: '' });

    const expired = await idpAnswer(SW, JOERG);
    const past = new Date(Date.now() - 10 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const e = await postToAcs(
      SW,
      { samlResponse: resigned(expired.samlResponse, (x) => x.replace(/NotOnOrAfter="[^"]+"/g, `NotOnOrAfter="${past}"`)) },
      expired.app,
    );
    expect(e).toMatchObject({ location: SSO_REFUSED_PATH, cookie: '' });

    // Replay: the same answer with the same browser's state, once it was used.
    const used = await idpAnswer(SW, JOERG);
    const state = used.app.header();
    expect((await postToAcs(SW, used, used.app)).location).toBe('/fahrzeuge');
    const replayJar = new Jar();
    replayJar.take([state.split('; ').find((c) => c.startsWith('buchbar.saml_state='))!]);
    expect(await postToAcs(SW, used, replayJar)).toMatchObject({ location: SSO_REFUSED_PATH, cookie: '' });
    // … and with a fresh state of a new start: the answer names another request.
    const fresh = await t.call(SW, { method: 'GET', url: '/api/session/sso/start' });
    const freshJar = new Jar();
    freshJar.take(setCookies(fresh));
    expect(await postToAcs(SW, used, freshJar)).toMatchObject({ location: SSO_REFUSED_PATH, cookie: '' });

    // Unsolicited: a valid answer in a browser that never started a sign-in, and one without InResponseTo at all.
    const unsolicited = await idpAnswer(SW, JOERG);
    expect(await postToAcs(SW, unsolicited, new Jar())).toMatchObject({ location: SSO_REFUSED_PATH, cookie: '' });
    const idpInitiated = await idpAnswer(SW, JOERG);
    const noRequest = resigned(idpInitiated.samlResponse, (x) => x.replace(/ InResponseTo="[^"]+"/g, ''));
    expect(await postToAcs(SW, { samlResponse: noRequest }, idpInitiated.app)).toMatchObject({ location: SSO_REFUSED_PATH, cookie: '' });

    // Garbage ends on the login page too, never as an error.
    expect(await postToAcs(SW, { samlResponse: 'kein-base64-xml' }, new Jar())).toMatchObject({ location: SSO_REFUSED_PATH });
    const empty = await t.call(SW, { method: 'POST', url: '/api/auth/saml/acs', headers: { origin: idp.baseUrl } });
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe(SSO_REFUSED_PATH);
    const plain = await t.call(SW, {
      method: 'POST',
      url: '/api/auth/saml/acs',
      headers: { origin: idp.baseUrl, 'content-type': 'text/plain' },
      payload: 'SAMLResponse=x',
    });
    expect([plain.statusCode, plain.headers.location]).toEqual([303, SSO_REFUSED_PATH]);
  });

  it('one answer posted twice at once opens one session', async () => {
    const answer = await idpAnswer(SW, JOERG);
    const state = answer.app
      .header()
      .split('; ')
      .find((c) => c.startsWith('buchbar.saml_state='))!;
    const jars = [new Jar(), new Jar()];
    for (const j of jars) j.take([state]);
    const results = await Promise.all(jars.map((j) => postToAcs(SW, answer, j)));
    expect(results.map((r) => r.location).sort()).toEqual(['/fahrzeuge', SSO_REFUSED_PATH].sort());
    expect(results.filter((r) => r.cookie).length).toBe(1);
  });

  it('an answer for tenant A posted to tenant B’s ACS is refused', async () => {
    await configure(UB, 'admin@bibliothek.test', { providerName: 'Bibliothek-SAML', defaultGroupId: null });
    // The Stadtwerke's answer, with the Stadtwerke's state cookie, on the library's address.
    const sw = await idpAnswer(SW, LESER);
    expect(await postToAcs(UB, sw, sw.app)).toMatchObject({ location: SSO_REFUSED_PATH, cookie: '' });
    // … and with a state the library's address issued: audience and destination name the Stadtwerke.
    const sw2 = await idpAnswer(SW, LESER);
    const ubStart = await t.call(UB, { method: 'GET', url: '/api/session/sso/start' });
    const ubJar = new Jar();
    ubJar.take(setCookies(ubStart));
    expect(await postToAcs(UB, sw2, ubJar)).toMatchObject({ location: SSO_REFUSED_PATH, cookie: '' });
    expect((await query<{ n: number }>(sql`select count(*)::int as n from users where email = ${LESER.mail}`))[0]!.n).toBe(0);
    // The library's own answer signs in there, and that session does not open the Stadtwerke.
    const ub = await signIn(UB, LESER);
    expect((await t.call(UB, { method: 'GET', url: '/api/session/me', cookie: ub.cookie })).statusCode).toBe(200);
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: ub.cookie })).statusCode).toBe(401);
    // The identity now belongs to the library: the Stadtwerke's IdP cannot take it over.
    const taken = await signIn(SW, LESER);
    expect(taken).toMatchObject({ location: SSO_REFUSED_PATH, cookie: '' });
  });

  it('with "create unknown people" off, only people the tenant has may sign in', async () => {
    await configure(SW, 'admin@stadtwerke.test', { createUnknown: false });
    expect(await signIn(SW, FREMD)).toMatchObject({ location: SSO_REFUSED_PATH, cookie: '' });
    expect((await query<{ n: number }>(sql`select count(*)::int as n from users where email = ${FREMD.mail}`))[0]!.n).toBe(0);
    expect((await signIn(SW, JOERG)).location).toBe('/fahrzeuge');
    await configure(SW, 'admin@stadtwerke.test', { createUnknown: true });
  });

  it('an admin removes SAML; the login button and the start follow', async () => {
    const cookie = await t.login(SW, 'admin@stadtwerke.test');
    const removed = await t.call(SW, { method: 'DELETE', url: '/api/admin/tenant/saml', cookie });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().configured).toBe(false);
    expect((await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().singleSignOn).toBeNull();
    expect((await t.call(SW, { method: 'GET', url: '/api/session/sso/start' })).headers.location).toBe('/login?sso=nicht-erreichbar');
    const again = await t.call(SW, { method: 'DELETE', url: '/api/admin/tenant/saml', cookie });
    expect(again.statusCode).toBe(404);
  });
});
