import type { IncomingHttpHeaders } from 'node:http';
import { withTenant } from '@db/client';
import { passwordSignInAllowed } from '@domain/single-sign-on';
import { findMemberByEmail, type MemberRecord } from '@server/areas/people/public';
import { findAuthUser } from '@server/areas/session/auth-repository';
import { authMailContext } from '@server/areas/session/mail-context';
import { findMemberFlagByEmail, findPasswordRule } from '@server/areas/session/single-sign-on-repository';
import type { TenantRecord } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { fromNodeHeaders } from 'better-auth/node';
import { effectiveSetting, mailLocales } from '../settings/public';
import { sessionErrors } from './errors';

export const EMAIL_CODE_SENT =
  'Wenn die E-Mail-Adresse hier angemeldet werden kann, erhalten Sie in wenigen Minuten eine E-Mail mit einem Code. Er gilt 10 Minuten.';
const codeFailed = () => sessionErrors.fail('code_failed');
const emailCodeOff = () => sessionErrors.fail('email_code_off');

/**
 * The member an e-mail code may sign in: active in this tenant, the tenant has
 * the method switched on, and the identity has no second factor (a code by
 * mail must not stand in for the authenticator app). Null otherwise, and the
 * callers answer alike, so nothing tells which of these failed.
 */
async function codeMember(deps: Deps, tenant: TenantRecord, email: string): Promise<MemberRecord | null> {
  const found = await withTenant(deps.database.db, tenant.id, async (tx) => ({
    enabled: await effectiveSetting(tx, tenant.id, null, 'anmeldungPerEmailCode'),
    member: await findMemberByEmail(tx, tenant.id, email),
    flag: await findMemberFlagByEmail(tx, tenant.id, email),
    sso: await findPasswordRule(tx, tenant.id),
  }));
  if (!found.enabled) throw emailCodeOff();
  const member = found.member;
  if (member?.status !== 'aktiv') return null;
  // A mailed code stands in for the password: single sign-on people get one only where the tenant allows both.
  if (found.flag && !passwordSignInAllowed(found.flag, found.sso)) return null;
  const identity = await findAuthUser(deps.database.db, member.authUserId);
  return identity && !identity.twoFactorEnabled ? member : null;
}

/**
 * Asks for a sign-in code. Whether the address gets one is decided after the
 * answer, so the answer is the same, and takes the same time, for every address:
 * only the tenant's switch (the same for everybody) is checked before it (decision 189).
 */
export async function requestEmailCode(deps: Deps, tenant: TenantRecord, origin: string, email: string): Promise<void> {
  const enabled = await withTenant(deps.database.db, tenant.id, (tx) => effectiveSetting(tx, tenant.id, null, 'anmeldungPerEmailCode'));
  if (!enabled) throw emailCodeOff();
  deps.jobs.afterAnswer('sign-in-code', () => sendEmailCode(deps, tenant, origin, email));
}

/** Sends a sign-in code when the address may use one. */
async function sendEmailCode(deps: Deps, tenant: TenantRecord, origin: string, email: string): Promise<void> {
  const member = await codeMember(deps, tenant, email);
  if (!member) return;
  const locales = await withTenant(deps.database.db, tenant.id, (tx) => mailLocales(tx, tenant.id, [member.id]));
  await authMailContext.run(
    {
      tenantId: tenant.id,
      tenantName: tenant.name,
      origin,
      locale: locales.get(member.id)!,
      recipientName: `${member.firstName} ${member.lastName}`,
      purpose: 'sign-in-code',
    },
    () => deps.auth.api.sendVerificationOTP({ body: { email: member.email, type: 'sign-in' } }),
  );
}

/** Signs in with a mailed code (single use, 10 minutes, 3 tries); answers the new session's cookies. */
export async function signInWithEmailCode(
  deps: Deps,
  tenant: TenantRecord,
  input: { email: string; code: string },
  headers: IncomingHttpHeaders,
): Promise<string[]> {
  const member = await codeMember(deps, tenant, input.email);
  if (!member) throw codeFailed();
  try {
    const res = await deps.auth.api.signInEmailOTP({
      body: { email: member.email, otp: input.code.replace(/\s+/g, '') },
      headers: fromNodeHeaders(headers),
      returnHeaders: true,
    });
    return res.headers.getSetCookie();
  } catch {
    throw codeFailed();
  }
}
