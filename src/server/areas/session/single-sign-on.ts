import type { IncomingHttpHeaders } from 'node:http';
import { withTenant } from '@db/client';
import { providerIdOf, tenantOfProviderId } from '@domain/single-sign-on';
import { findSamlSignOn } from '@server/areas/session/saml-repository';
import { signInClaims, singleSignOnAuth } from '@server/areas/session/single-sign-on-auth';
import {
  deleteSessionByToken,
  findMemberFlagByEmail,
  findMemberOfIdentity,
  findSingleSignOn,
  insertSingleSignOnMember,
  updateSingleSignOnMember,
} from '@server/areas/session/single-sign-on-repository';
import type { TenantRecord } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { fromNodeHeaders } from 'better-auth/node';
import { sessionTokenOf } from './resolve-user';

/**
 * Sign-in through the tenant's OpenID Connect provider (decision 100). Both
 * steps are browser navigations, so failures end on the login page with a
 * reason the page shows (`?sso=…`), never as a JSON error or a 500.
 */

/** Where a failed single sign-on sends the browser: one reason for every refusal, so it reveals nothing about accounts. */
export const SSO_REFUSED_PATH = '/login?sso=abgelehnt';
/** The provider could not be reached or is not configured (a fact about the tenant, not about a person). */
export const SSO_UNAVAILABLE_PATH = '/login?sso=nicht-erreichbar';

export type SingleSignOnStep = { ok: true; location: string; cookies: string[] } | { ok: false; location: string; cookies: string[] };

const refused = (cookies: string[] = []): SingleSignOnStep => ({ ok: false, location: SSO_REFUSED_PATH, cookies });
const unavailable = (): SingleSignOnStep => ({ ok: false, location: SSO_UNAVAILABLE_PATH, cookies: [] });

/** The provider's name for the login button (OpenID Connect or SAML, decision 232), or null when the tenant has no single sign-on. */
export async function singleSignOnButton(deps: Deps, tenantId: string): Promise<{ providerName: string } | null> {
  const found = await withTenant(
    deps.database.db,
    tenantId,
    async (tx) => (await findSingleSignOn(tx, tenantId)) ?? (await findSamlSignOn(tx, tenantId)),
  );
  return found ? { providerName: found.providerName } : null;
}

/** Step 1: the provider's authorization address, with the state cookie that binds the callback to this browser. */
export async function startSingleSignOn(
  deps: Deps,
  tenant: TenantRecord,
  origin: string,
  headers: IncomingHttpHeaders,
): Promise<SingleSignOnStep> {
  const sso = await withTenant(deps.database.db, tenant.id, (tx) => findSingleSignOn(tx, tenant.id));
  if (!sso) return unavailable();
  try {
    const auth = await singleSignOnAuth(deps.database.db, deps.config, origin, sso);
    const res = await auth.api.signInSocial({
      body: { provider: providerIdOf(tenant.id), callbackURL: '/', errorCallbackURL: SSO_REFUSED_PATH, disableRedirect: true },
      headers: fromNodeHeaders(headers),
      returnHeaders: true,
    });
    if (!res.response.url) return unavailable();
    return { ok: true, location: res.response.url, cookies: res.headers.getSetCookie() };
  } catch (err) {
    deps.log.warn({ err, tenantId: tenant.id }, 'single sign-on provider not reachable');
    return unavailable();
  }
}

/**
 * Step 2, the provider's callback on the address the sign-in started from. The
 * provider id names a tenant: it must be this address's tenant, so a callback
 * of tenant A never signs anyone into tenant B. Then just-in-time: the person
 * is created in this tenant with the default group, or their name and address
 * follow the claims; an inactive member, a clash with another member's address
 * or an identity of another tenant is refused and the fresh session ended.
 */
export async function finishSingleSignOn(
  deps: Deps,
  tenant: TenantRecord,
  origin: string,
  providerId: string,
  query: Record<string, string | undefined>,
  headers: IncomingHttpHeaders,
): Promise<SingleSignOnStep> {
  if (tenantOfProviderId(providerId) !== tenant.id) return refused();
  const sso = await withTenant(deps.database.db, tenant.id, (tx) => findSingleSignOn(tx, tenant.id));
  if (!sso) return refused();
  const holder: { person: import('@domain/single-sign-on').PersonFromClaims | null } = { person: null };
  let cookies: string[];
  try {
    const auth = await singleSignOnAuth(deps.database.db, deps.config, origin, sso);
    const res = await signInClaims.run(holder, () =>
      auth.api.callbackOAuth({ method: 'GET', params: { id: providerId }, query, headers: fromNodeHeaders(headers), asResponse: true }),
    );
    cookies = res.headers.getSetCookie();
  } catch (err) {
    deps.log.warn({ err, tenantId: tenant.id }, 'single sign-on callback failed');
    return refused();
  }
  const cookieHeader = cookies.map((c) => c.split(';')[0]).join('; ');
  const token = sessionTokenOf({ cookie: cookieHeader });
  if (!token) return refused(cookies);
  const session = await deps.auth.api.getSession({ headers: fromNodeHeaders({ cookie: cookieHeader }) });
  const person = holder.person;
  const joined =
    session && person
      ? await withTenant(deps.database.db, tenant.id, async (tx) => {
          const member = await findMemberOfIdentity(tx, tenant.id, session.user.id);
          const clash = await findMemberFlagByEmail(tx, tenant.id, person.email);
          if (clash && clash.id !== member?.id) return false;
          if (member) {
            if (member.status !== 'aktiv') return false;
            await updateSingleSignOnMember(tx, tenant.id, member.id, person);
            return true;
          }
          await insertSingleSignOnMember(tx, tenant.id, { authUserId: session.user.id, ...person }, sso.defaultGroupId);
          return true;
        })
      : false;
  if (!joined) {
    await deleteSessionByToken(deps.database.db, token);
    return refused();
  }
  return { ok: true, location: '/', cookies };
}
