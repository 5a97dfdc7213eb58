import type { IncomingHttpHeaders } from 'node:http';
import { withTenant } from '@db/client';
import { verifyDummyPassword } from '@db/password-hash';
import { passwordSignInAllowed } from '@domain/single-sign-on';
import { directorySignIn } from '@server/areas/directory/public';
import { findMemberByEmail } from '@server/areas/people/public';
import { findMemberFlagByEmail, findPasswordRule } from '@server/areas/session/single-sign-on-repository';
import type { TenantRecord } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { fromNodeHeaders } from 'better-auth/node';
import { openDirectorySession } from './directory-session';
import { sessionErrors } from './errors';

/** One message for every failed sign-in, so it never tells whether an address exists. */
export const LOGIN_FAILED = sessionErrors.entries.login_failed.de;
const loginFailed = () => sessionErrors.fail('login_failed');

/**
 * Signs in on the request's tenant only: the identity must be an `aktiv`
 * member there. Returns the Set-Cookie headers of the new session, or, when
 * the identity has a second factor, of the challenge that the code answers
 * (`secondFactor`: no session exists yet).
 */
export async function signIn(
  deps: Deps,
  tenant: TenantRecord,
  input: { email: string; password: string },
  headers: IncomingHttpHeaders,
): Promise<{ cookies: string[]; secondFactor: boolean }> {
  // People of the tenant's directory sign in by bind against it (decision 223); a refusal reads like any other.
  const viaDirectory = await directorySignIn(deps, tenant.id, input.email, input.password);
  if (viaDirectory.kind !== 'none') {
    // The same hash work as every other path, so the answer's time does not tell which path an address took.
    await verifyDummyPassword(input.password);
    if (viaDirectory.kind === 'refused') throw loginFailed();
    const cookies = await openDirectorySession(deps.database.db, deps.config, tenant.id, viaDirectory.authUserId, headers);
    return { cookies, secondFactor: false };
  }
  const found = await withTenant(deps.database.db, tenant.id, async (tx) => ({
    member: await findMemberByEmail(tx, tenant.id, input.email),
    flag: await findMemberFlagByEmail(tx, tenant.id, input.email),
    sso: await findPasswordRule(tx, tenant.id),
  }));
  const member = found.member;
  // Single sign-on people use their provider unless the tenant allows both; same refusal text.
  if (member?.status !== 'aktiv' || (found.flag && !passwordSignInAllowed(found.flag, found.sso))) {
    // No account to check: a check against a dummy hash takes the time a wrong password takes,
    // so the time of the answer does not tell whether the address exists (decision 189).
    await verifyDummyPassword(input.password);
    throw loginFailed();
  }
  try {
    const result = await deps.auth.api.signInEmail({
      body: { email: member.email, password: input.password },
      headers: fromNodeHeaders(headers),
      returnHeaders: true,
    });
    const secondFactor = (result.response as { twoFactorRedirect?: boolean }).twoFactorRedirect === true;
    return { cookies: result.headers.getSetCookie(), secondFactor };
  } catch {
    throw loginFailed();
  }
}

/** Ends the session of the request (if any) and returns the cookie-clearing headers. */
export async function signOut(deps: Deps, headers: IncomingHttpHeaders): Promise<string[]> {
  if (!headers.cookie) return [];
  try {
    const result = await deps.auth.api.signOut({ headers: fromNodeHeaders(headers), returnHeaders: true });
    return result.headers.getSetCookie();
  } catch {
    // No valid session: there is nothing to end, the client is signed out already.
    return [];
  }
}
