import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { inflateRawSync } from 'node:zlib';
import { withTenant } from '@db/client';
import {
  addressedTo,
  assertionMemoryUntil,
  certificatePem,
  personFromAttributes,
  SAML_CLOCK_SKEW_MS,
  SAML_REQUEST_MINUTES,
  samlAcsUrlOf,
  samlEntityIdOf,
  samlSloUrlOf,
  sessionsToEnd,
} from '@domain/saml-sign-on';
import { type CacheProvider, generateServiceProviderMetadata, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { findIdentityByEmail, insertIdentity } from '@server/areas/people/public';
import type { TenantRecord } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { DOMParser } from '@xmldom/xmldom';
import { safeRedirect, signInTarget } from './after-sign-in';
import { openSessionWithId } from './directory-session';
import { sessionTokenOf } from './resolve-user';
import {
  endSessions,
  findIdentityOfSubject,
  findSamlSessionByToken,
  findSamlSignOn,
  linkSubject,
  recordSamlSession,
  type SamlSignOnRecord,
  samlSessionsOfSubject,
  useAssertionOnce,
} from './saml-repository';
import { type SingleSignOnStep, SSO_REFUSED_PATH, SSO_UNAVAILABLE_PATH } from './single-sign-on';
import {
  findMemberFlagByEmail,
  findMemberOfIdentity,
  insertSingleSignOnMember,
  otherTenantsOfIdentity,
  updateSingleSignOnMember,
} from './single-sign-on-repository';

/**
 * Sign-in through the tenant's SAML 2.0 identity provider (decision 232):
 * SP-initiated, the AuthnRequest to the IdP by HTTP-Redirect, its answer by
 * HTTP-POST to the ACS of the address the sign-in started from. Both steps are
 * browser navigations: failures end on the login page with the reasons the
 * OpenID Connect flow uses, never a JSON error or a 500.
 */

/**
 * Binds the IdP's answer to the browser that asked: the AuthnRequest's id,
 * when it was issued and for which tenant and address, signed with the app
 * secret. The IdP posts from its own site, so the cookie must be
 * SameSite=None (and therefore Secure; browsers treat localhost as secure).
 */
export const SAML_STATE_COOKIE = 'buchbar.saml_state';
const STATE_PATH = '/api/auth/saml';

const samlProviderIdOf = (tenantId: string) => `saml-${tenantId}`;

/**
 * The same for a logout Buchbar started: the LogoutRequest's id, so only the
 * IdP's answer to it is taken. The IdP sends the browser back by redirect, a
 * top-level navigation, so SameSite=Lax suffices.
 */
export const SAML_LOGOUT_COOKIE = 'buchbar.saml_logout';

type StatePurpose = 'saml-state' | 'saml-logout';

const stateMac = (secret: string, purpose: StatePurpose, tenantId: string, origin: string, requestId: string, issued: number) =>
  createHmac('sha256', secret).update(`${purpose}|${tenantId}|${origin}|${requestId}|${issued}`).digest('base64url');

function stateCookie(value: string, maxAge: number): string {
  return `${SAML_STATE_COOKIE}=${value}; Path=${STATE_PATH}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=None`;
}
const clearedState = () => stateCookie('', 0);
function logoutCookie(value: string, maxAge: number): string {
  return `${SAML_LOGOUT_COOKIE}=${value}; Path=${STATE_PATH}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;
}

const newRequestId = () => `_${randomBytes(20).toString('hex')}`;
const stateValue = (deps: Deps, purpose: StatePurpose, tenantId: string, origin: string, requestId: string, issued: number) =>
  `${requestId}.${issued}.${stateMac(deps.config.appSecret, purpose, tenantId, origin, requestId, issued)}`;

/** The request id a valid state cookie names for this tenant and address, with when it was issued. */
function readState(
  deps: Deps,
  tenantId: string,
  origin: string,
  raw: string | undefined,
  purpose: StatePurpose = 'saml-state',
): { requestId: string; issued: number } | null {
  if (!raw) return null;
  const [requestId, issuedText, mac] = raw.split('.');
  const issued = Number(issuedText);
  if (!requestId || !mac || !/^_[0-9a-f]{40}$/.test(requestId) || !Number.isSafeInteger(issued)) return null;
  const expected = Buffer.from(stateMac(deps.config.appSecret, purpose, tenantId, origin, requestId, issued));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const age = Date.now() - issued;
  if (age < -SAML_CLOCK_SKEW_MS || age > SAML_REQUEST_MINUTES * 60_000) return null;
  return { requestId, issued };
}

/** node-saml asks its cache for the request an answer refers to; this one knows exactly the request of the state cookie. */
function stateCache(state: { requestId: string; issued: number } | null, onSave?: (id: string) => void): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      onSave?.(key);
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) => (state && key === state.requestId ? new Date(state.issued).toISOString() : null),
    removeAsync: async (key) => key,
  };
}

function samlClient(sso: SamlSignOnRecord, origin: string, cache: CacheProvider, requestId?: string) {
  return new SAML({
    entryPoint: sso.idpSsoUrl,
    // Single logout: where the LogoutRequest and the LogoutResponse go, and who must have sent what comes back.
    ...(sso.idpSloUrl ? { logoutUrl: sso.idpSloUrl } : {}),
    logoutCallbackUrl: samlSloUrlOf(origin),
    idpIssuer: sso.idpEntityId,
    issuer: samlEntityIdOf(origin),
    audience: samlEntityIdOf(origin),
    callbackUrl: samlAcsUrlOf(origin),
    idpCert: sso.idpCertificates.map(certificatePem),
    // Either the response or the assertion must carry a valid signature of the configured certificate
    // (Entra ID and ADFS sign the assertion by default, simplesamlphp both): node-saml then checks the assertion
    // whenever the response itself is not validly signed.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_MINUTES * 60_000,
    cacheProvider: cache,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    // No NameIDPolicy and no RequestedAuthnContext: the IdP decides (ADFS refuses Windows sign-in under a
    // demanded PasswordProtectedTransport, Entra ID its own formats).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

/** Buchbar's SP metadata on an address, for the tenant's IdP (public: it holds nothing secret). */
export function samlServiceProviderMetadata(origin: string): string {
  // node-saml names HTTP-POST for the logout address; Buchbar's takes HTTP-Redirect (both ways).
  return generateServiceProviderMetadata({
    issuer: samlEntityIdOf(origin),
    callbackUrl: samlAcsUrlOf(origin),
    logoutCallbackUrl: samlSloUrlOf(origin),
    identifierFormat: null,
    wantAssertionsSigned: true,
  }).replace(
    '<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"',
    '<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"',
  );
}

/** The IdP's name for the login button, or null when the tenant has no SAML provider. */
export async function samlSignOnButton(deps: Deps, tenantId: string): Promise<{ providerName: string } | null> {
  const sso = await withTenant(deps.database.db, tenantId, (tx) => findSamlSignOn(tx, tenantId));
  return sso ? { providerName: sso.providerName } : null;
}

export async function tenantHasSaml(deps: Deps, tenantId: string): Promise<boolean> {
  return (await samlSignOnButton(deps, tenantId)) !== null;
}

/** Step 1: the IdP's sign-in address with the AuthnRequest, and the state cookie that binds its answer to this browser. */
export async function startSamlSignOn(
  deps: Deps,
  tenant: TenantRecord,
  origin: string,
  storedRedirect: string | undefined,
): Promise<SingleSignOnStep> {
  const sso = await withTenant(deps.database.db, tenant.id, (tx) => findSamlSignOn(tx, tenant.id));
  if (!sso) return { ok: false, location: SSO_UNAVAILABLE_PATH, cookies: [] };
  const requestId = newRequestId();
  try {
    const location = await samlClient(sso, origin, stateCache(null), requestId).getAuthorizeUrlAsync(
      // The path the person wanted travels as RelayState: the stored-redirect cookie (SameSite=Lax) does not come along on the IdP's cross-site post.
      safeRedirect(storedRedirect) ?? '',
      undefined,
      {},
    );
    const issued = Date.now();
    const value = stateValue(deps, 'saml-state', tenant.id, origin, requestId, issued);
    return { ok: true, location, cookies: [stateCookie(value, SAML_REQUEST_MINUTES * 60)] };
  } catch (err) {
    deps.log.warn({ err, tenantId: tenant.id }, 'SAML sign-in could not start');
    return { ok: false, location: SSO_UNAVAILABLE_PATH, cookies: [] };
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

interface AssertionFacts {
  id: string | null;
  recipients: string[];
  notOnOrAfter: (string | null)[];
}

/** The id, recipients and end times of the (signature-checked) assertion node-saml parsed. */
function factsOf(profile: Profile): AssertionFacts {
  // biome-ignore lint/suspicious/noExplicitAny: node-saml hands the xml2js tree of the assertion.
  const assertion = (profile.getAssertion?.() as any)?.Assertion;
  const subject = assertion?.Subject?.[0];
  // biome-ignore lint/suspicious/noExplicitAny: xml2js tree.
  const confirmations: any[] = (subject?.SubjectConfirmation ?? []).flatMap((c: any) => c.SubjectConfirmationData ?? []);
  return {
    id: text(assertion?.$?.ID),
    recipients: confirmations.map((d) => text(d?.$?.Recipient)).filter((r): r is string => r !== null),
    notOnOrAfter: [text(assertion?.Conditions?.[0]?.$?.NotOnOrAfter), ...confirmations.map((d) => text(d?.$?.NotOnOrAfter))],
  };
}

/** The Destination of the Response element (outside the assertion), null when the IdP set none. */
function destinationOf(samlResponse: string): string | null {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const doc = new DOMParser({ errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} } }).parseFromString(
    xml,
    'text/xml',
  );
  const root = doc?.documentElement;
  return root?.hasAttribute('Destination') ? root.getAttribute('Destination') : null;
}

const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

/**
 * Step 2, the IdP's answer posted to the ACS of this address. Refused unless:
 * signed with the configured certificate (response or assertion), issued by
 * the configured IdP, for this address's SP (audience) and ACS (destination,
 * recipient), within its time (small clock skew), in answer to the request
 * the state cookie of this browser names (an unsolicited or replayed answer
 * has none), with an assertion id not used before. Then just in time, as
 * for OpenID Connect: the identity of the IdP's subject, else of the
 * address; created only where the tenant creates unknown people.
 */
export async function finishSamlSignOn(
  deps: Deps,
  tenant: TenantRecord,
  origin: string,
  body: { SAMLResponse?: string; RelayState?: string },
  cookies: Record<string, string | undefined>,
  headers: IncomingHttpHeaders,
): Promise<SingleSignOnStep> {
  const refused = (): SingleSignOnStep => ({ ok: false, location: SSO_REFUSED_PATH, cookies: [clearedState()] });
  const db = deps.database.db;
  const sso = await withTenant(db, tenant.id, (tx) => findSamlSignOn(tx, tenant.id));
  if (!sso || !body.SAMLResponse) return refused();
  const state = readState(deps, tenant.id, origin, cookies[SAML_STATE_COOKIE]);
  if (!state) return refused();
  let profile: Profile;
  try {
    const result = await samlClient(sso, origin, stateCache(state)).validatePostResponseAsync({ SAMLResponse: body.SAMLResponse });
    if (!result.profile) return refused();
    profile = result.profile;
  } catch (err) {
    deps.log.info({ reason: (err as Error).message, tenantId: tenant.id }, 'SAML answer refused');
    return refused();
  }
  const facts = factsOf(profile);
  const acs = samlAcsUrlOf(origin);
  if (profile.issuer !== sso.idpEntityId || !facts.id || !addressedTo(acs, destinationOf(body.SAMLResponse), facts.recipients)) {
    deps.log.info({ tenantId: tenant.id }, 'SAML answer refused: issuer or address does not match');
    return refused();
  }
  const person = personFromAttributes(
    (profile.attributes as Record<string, unknown> | undefined) ?? {},
    { email: sso.emailAttribute, firstName: sso.firstNameAttribute, lastName: sso.lastNameAttribute },
    profile.nameID ?? null,
  );
  const hash = createHash('sha256').update(`${sso.idpEntityId}|${facts.id}`).digest('base64url');
  const fresh = await withTenant(db, tenant.id, (tx) =>
    useAssertionOnce(tx, tenant.id, hash, assertionMemoryUntil(new Date(), facts.notOnOrAfter)),
  );
  if (!fresh || !person) return refused();

  // The identity: the subject's link of this tenant's IdP, else the identity of the address (never one of another tenant).
  const providerId = samlProviderIdOf(tenant.id);
  const subject = profile.nameID && profile.nameIDFormat !== TRANSIENT && profile.nameID.length <= 500 ? profile.nameID : null;
  let identity = subject ? await findIdentityOfSubject(db, providerId, subject) : null;
  if (!identity) {
    identity = await findIdentityByEmail(db, person.email);
    if (identity && (await otherTenantsOfIdentity(db, identity, tenant.id)) > 0) return refused();
    if (!identity) {
      if (!sso.createUnknown) return refused();
      identity = randomUUID();
      await insertIdentity(db, identity, `${person.firstName} ${person.lastName}`.trim(), person.email);
    }
    if (subject) await linkSubject(db, randomUUID(), providerId, subject, identity);
  }
  const authUserId = identity;
  const joined = await withTenant(db, tenant.id, async (tx) => {
    const member = await findMemberOfIdentity(tx, tenant.id, authUserId);
    const clash = await findMemberFlagByEmail(tx, tenant.id, person.email);
    if (clash && clash.id !== member?.id) return false;
    if (member) {
      if (member.status !== 'aktiv') return false;
      await updateSingleSignOnMember(tx, tenant.id, member.id, person);
      return true;
    }
    if (!sso.createUnknown) return false;
    await insertSingleSignOnMember(tx, tenant.id, { authUserId, ...person }, sso.defaultGroupId);
    return true;
  });
  if (!joined) return refused();
  const { cookies: session, sessionId } = await openSessionWithId(db, deps.config, tenant.id, authUserId, headers);
  // What single logout needs: the LogoutRequest to the IdP names this NameID and SessionIndex, the IdP's own names them too.
  if (profile.nameID && profile.nameID.length <= 1000)
    await withTenant(db, tenant.id, (tx) =>
      recordSamlSession(tx, tenant.id, {
        sessionId,
        nameId: profile.nameID,
        nameIdFormat: text(profile.nameIDFormat),
        sessionIndex: text(profile.sessionIndex)?.slice(0, 500) ?? null,
      }),
    );
  const location = await signInTarget(deps, tenant, headers, session, body.RelayState);
  return { ok: true, location, cookies: [clearedState(), ...session] };
}

/*
 * Single logout (decision 232, amended), HTTP-Redirect both ways.
 */

/**
 * Signing out of a session a SAML sign-in opened: where the browser goes next
 * (the IdP's logout address with a LogoutRequest for the NameID and
 * SessionIndex of that sign-in) and the cookie that binds the IdP's answer to
 * this request. Null when the session was not opened by SAML or the IdP has no
 * logout address: then signing out ends the Buchbar session only. Called
 * before the session ends, which it does not do itself.
 */
export async function startSamlLogout(
  deps: Deps,
  tenant: TenantRecord,
  origin: string,
  headers: IncomingHttpHeaders,
): Promise<{ location: string; cookies: string[] } | null> {
  const token = sessionTokenOf(headers);
  if (!token) return null;
  const db = deps.database.db;
  const found = await withTenant(db, tenant.id, async (tx) => {
    const sso = await findSamlSignOn(tx, tenant.id);
    const session = sso?.idpSloUrl ? await findSamlSessionByToken(tx, tenant.id, token) : null;
    return sso && session ? { sso, session } : null;
  });
  if (!found) return null;
  const requestId = newRequestId();
  try {
    const location = await samlClient(found.sso, origin, stateCache(null), requestId).getLogoutUrlAsync(
      {
        issuer: found.sso.idpEntityId,
        nameID: found.session.nameId,
        nameIDFormat: found.session.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
        ...(found.session.sessionIndex ? { sessionIndex: found.session.sessionIndex } : {}),
      },
      '',
      {},
    );
    const value = stateValue(deps, 'saml-logout', tenant.id, origin, requestId, Date.now());
    return { location, cookies: [logoutCookie(value, SAML_REQUEST_MINUTES * 60)] };
  } catch (err) {
    deps.log.warn({ err, tenantId: tenant.id }, 'SAML logout could not start');
    return null;
  }
}

export type SamlLogoutStep = { ok: true; location: string; cookies: string[] } | { ok: false; cookies: string[] };

/** The root element's attribute of a redirect-bound message (deflated, base64), null when absent or unreadable. */
function redirectMessageAttribute(message: string, name: string): string | null {
  try {
    const xml = inflateRawSync(Buffer.from(message, 'base64')).toString('utf8');
    const root = new DOMParser({ errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} } }).parseFromString(
      xml,
      'text/xml',
    )?.documentElement;
    return root?.hasAttribute(name) ? root.getAttribute(name) : null;
  } catch {
    return null;
  }
}

/**
 * A message of the IdP at Buchbar's logout address, by HTTP-Redirect:
 *
 * - a LogoutResponse to the LogoutRequest this browser's logout cookie names
 *   (signed by the configured IdP): the browser goes on to the login page.
 *   The Buchbar session ended already when the logout began;
 * - a LogoutRequest of the IdP (signed with its certificate, issued by it,
 *   for this address, within its time): ends this tenant's sessions of the
 *   NameID (and SessionIndex, when it names one) and answers with a
 *   LogoutResponse to the IdP's logout address.
 *
 * Anything else is refused (`ok: false`: a 400 with a sentence).
 */
export async function handleSamlLogoutMessage(
  deps: Deps,
  tenant: TenantRecord,
  origin: string,
  query: Record<string, string>,
  rawQuery: string,
  cookies: Record<string, string | undefined>,
): Promise<SamlLogoutStep | null> {
  const db = deps.database.db;
  const sso = await withTenant(db, tenant.id, (tx) => findSamlSignOn(tx, tenant.id));
  if (!sso) return null;
  const clearedLogout = logoutCookie('', 0);
  const refused = (reason: string): SamlLogoutStep => {
    deps.log.info({ tenantId: tenant.id, reason }, 'SAML logout message refused');
    return { ok: false, cookies: [clearedLogout] };
  };
  const message = query.SAMLResponse ?? query.SAMLRequest;
  // node-saml takes an unsigned redirect message as valid: Buchbar demands the IdP's signature.
  if (!message || !query.Signature || !query.SigAlg) return refused('no message or no signature');
  if (redirectMessageAttribute(message, 'Destination') !== samlSloUrlOf(origin)) return refused('destination');

  if (query.SAMLResponse) {
    const state = readState(deps, tenant.id, origin, cookies[SAML_LOGOUT_COOKIE], 'saml-logout');
    if (!state || redirectMessageAttribute(message, 'InResponseTo') !== state.requestId) return refused('not our request');
    try {
      await samlClient(sso, origin, stateCache(state)).validateRedirectAsync(query, rawQuery);
    } catch (err) {
      const reason = (err as Error).message;
      // The IdP could not end every session (a partial logout): Buchbar's own ended already, the person is signed out here.
      if (!reason.startsWith('Bad status code')) return refused(reason);
      deps.log.info({ tenantId: tenant.id }, 'SAML logout: the IdP reports it could not end every session');
    }
    return { ok: true, location: '/login', cookies: [clearedLogout] };
  }

  let profile: Profile;
  try {
    const result = await samlClient(sso, origin, stateCache(null)).validateRedirectAsync(query, rawQuery);
    if (!result.profile) return refused('no request');
    profile = result.profile;
  } catch (err) {
    return refused((err as Error).message);
  }
  if (profile.issuer !== sso.idpEntityId || !profile.nameID) return refused('issuer');
  // biome-ignore lint/suspicious/noExplicitAny: node-saml's profile of a LogoutRequest carries the request's ID and SessionIndex.
  const sessionIndex = text((profile as any).sessionIndex);
  const ended = await withTenant(db, tenant.id, async (tx) => {
    const sessions = await samlSessionsOfSubject(tx, tenant.id, profile.nameID);
    return endSessions(
      tx,
      sessionsToEnd(sessions, profile.nameID, sessionIndex ? [sessionIndex] : []).map((s) => s.sessionId),
    );
  });
  deps.log.info({ tenantId: tenant.id, ended }, 'SAML logout by the identity provider');
  if (!sso.idpSloUrl) return { ok: true, location: '/login', cookies: [] };
  const location = await samlClient(sso, origin, stateCache(null)).getLogoutResponseUrlAsync(profile, query.RelayState ?? '', {}, true);
  return { ok: true, location, cookies: [] };
}
