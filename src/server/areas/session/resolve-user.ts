import type { IncomingHttpHeaders } from 'node:http';
import { withTenant } from '@db/client';
import { hasAdminAccess, resolvePermissions } from '@domain/permissions';
import { hasSecondFactor, permissionsUntilSecondFactor } from '@domain/second-factor';
import { findOption, resolveSetting } from '@domain/settings';
import { findMemberContext } from '@server/areas/people/public';
import { SESSION_COOKIE_PREFIX } from '@server/areas/session/better-auth';
import type { TenantRecord } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { changeStamp } from '@server/kernel/change-version-repository';
import { fromNodeHeaders } from 'better-auth/node';
import type { UserContext } from '../../kernel/context';
import { effectiveSetting } from '../settings/public';

/** The language is a user-level preference only (settings catalogue), so the member's own value or the default decides. */
const LANGUAGE = findOption('sprache');

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token=([^;]+)`);

/**
 * The signed-in user of a request, or null. A valid session alone is not
 * enough: its identity must be an `aktiv` member of the tenant the request's
 * host belongs to, so a session never carries over to another tenant and a
 * member set inactive loses access at once.
 *
 * The resolved sign-in is kept per tenant and session cookie and reused while
 * the database's change versions of people, settings and sessions (migration
 * 0004) are unchanged: one small query instead of session, identity and
 * membership lookups. Any change there, in any process, resolves afresh; the
 * stamp is read before resolving, so a change during it is never hidden.
 */
/** The session token of a request's cookie (the cookie's value is the token and its signature). */
export function sessionTokenOf(headers: IncomingHttpHeaders): string | undefined {
  const value = headers.cookie ? SESSION_COOKIE.exec(headers.cookie)?.[1] : undefined;
  return value ? decodeURIComponent(value).split('.')[0] : undefined;
}

export async function resolveUser(deps: Deps, tenant: TenantRecord, headers: IncomingHttpHeaders): Promise<UserContext | null> {
  const cookie = headers.cookie;
  const token = cookie ? SESSION_COOKIE.exec(cookie)?.[1] : undefined;
  if (!token) return null;
  const key = `${tenant.id}|${token}`;
  const stamp = await changeStamp(deps.database.db, tenant.id, ['people', 'settings', 'auth']);
  const cached = deps.caches.signIns.get(key, stamp);
  if (cached && cached.expiresAt > Date.now()) return { ...cached.context, tenant };

  const session = await deps.auth.api.getSession({ headers: fromNodeHeaders(headers) });
  if (!session) return null;
  // A session opened by a tenant's single sign-on counts on that tenant only (decision 100).
  const ssoTenantId = (session.session as { ssoTenantId?: string | null }).ssoTenantId;
  if (ssoTenantId && ssoTenantId !== tenant.id) return null;
  const context = await withTenant(deps.database.db, tenant.id, (tx) => findMemberContext(tx, tenant.id, session.user.id, LANGUAGE.name));
  if (context?.member.status !== 'aktiv') return null;
  const locale = resolveSetting(LANGUAGE, { user: context.userSetting }).value;
  const twoFactorEnabled = (session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true;
  const passkeyVerified = (session.session as { passkeyVerified?: boolean | null }).passkeyVerified === true;
  const secondFactor = hasSecondFactor({ totpEnrolled: twoFactorEnabled, passkeyVerified });
  const permissions = resolvePermissions(context.sources);
  // The tenant's rule matters only for an admin without a factor: look it up only then.
  const required =
    !secondFactor &&
    hasAdminAccess(permissions) &&
    (await withTenant(deps.database.db, tenant.id, (tx) => effectiveSetting(tx, tenant.id, null, 'zweiterFaktorFuerAdmins')));
  const granted = permissionsUntilSecondFactor(permissions, { required, enrolled: secondFactor });
  const resolved: Omit<UserContext, 'tenant'> = {
    member: context.member,
    permissions: granted.permissions,
    locale,
    emailVerified: session.user.emailVerified,
    twoFactorEnabled,
    secondFactorMissing: granted.secondFactorMissing,
  };
  deps.caches.signIns.set(key, stamp, { context: resolved, expiresAt: new Date(session.session.expiresAt).getTime() });
  return { ...resolved, tenant };
}
