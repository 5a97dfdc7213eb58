import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { withTenant } from '@db/client';
import { findMemberByEmail, type MemberRecord } from '@server/areas/people/public';
import { authMailContext } from '@server/areas/session/mail-context';
import type { TenantRecord } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { fromNodeHeaders } from 'better-auth/node';
import { mailLocales } from '../settings/public';
import { sessionErrors } from './errors';

export const RECOVERY_SENT =
  'Wenn die E-Mail-Adresse bei uns bekannt ist, erhalten Sie in wenigen Minuten eine E-Mail mit einem Link zum Zurücksetzen des Passworts.';
const INVITATION_DAYS = 7;

const tokenInvalid = () => sessionErrors.fail('token_invalid');

async function mailLocale(deps: Deps, tenantId: string, memberId: string) {
  const locales = await withTenant(deps.database.db, tenantId, (tx) => mailLocales(tx, tenantId, [memberId]));
  return locales.get(memberId)!;
}

/**
 * Asks for a recovery link. The address is looked up after the answer, so the
 * answer is the same, and takes the same time, whether or not it exists here (decision 189).
 */
export async function requestRecovery(deps: Deps, tenant: TenantRecord, origin: string, email: string): Promise<void> {
  deps.jobs.afterAnswer('recovery-link', () => sendRecovery(deps, tenant, origin, email));
}

/** Sends a recovery link to an active member of this tenant. */
async function sendRecovery(deps: Deps, tenant: TenantRecord, origin: string, email: string): Promise<void> {
  const member = await withTenant(deps.database.db, tenant.id, (tx) => findMemberByEmail(tx, tenant.id, email));
  if (member?.status !== 'aktiv') return;
  const locale = await mailLocale(deps, tenant.id, member.id);
  await authMailContext.run(
    {
      tenantId: tenant.id,
      tenantName: tenant.name,
      origin,
      locale,
      recipientName: `${member.firstName} ${member.lastName}`,
      purpose: 'recovery',
    },
    () => deps.auth.api.requestPasswordReset({ body: { email: member.email, redirectTo: '/auth/recovery' } }),
  );
}

/**
 * An invitation is a password-setting link that lives longer than a recovery
 * link; it uses better-auth's own reset-token store so one code path sets the
 * password for both.
 */
export async function sendInvitation(deps: Deps, tenant: TenantRecord, origin: string, member: MemberRecord): Promise<void> {
  const ctx = await deps.auth.$context;
  const token = randomBytes(24).toString('base64url');
  await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: member.authUserId,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
  });
  const locale = await mailLocale(deps, tenant.id, member.id);
  await authMailContext.run(
    {
      tenantId: tenant.id,
      tenantName: tenant.name,
      origin,
      locale,
      recipientName: `${member.firstName} ${member.lastName}`,
      purpose: 'invitation',
    },
    () => deps.auth.options.emailAndPassword!.sendResetPassword!({ user: { email: member.email } as never, url: '', token }),
  );
}

export async function resetPassword(deps: Deps, token: string, password: string): Promise<void> {
  try {
    await deps.auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch {
    throw tokenInvalid();
  }
}

export const PASSWORD_WRONG = sessionErrors.entries.password_wrong.de;

/** Changes the password and ends all other sessions; returns the Set-Cookie of the renewed session. */
export async function changePassword(deps: Deps, headers: IncomingHttpHeaders, current: string, next: string): Promise<string[]> {
  try {
    const result = await deps.auth.api.changePassword({
      body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
      headers: fromNodeHeaders(headers),
      returnHeaders: true,
    });
    return result.headers.getSetCookie();
  } catch {
    throw sessionErrors.fail('password_wrong');
  }
}

export async function sendEmailConfirmation(deps: Deps, tenant: TenantRecord, origin: string, member: MemberRecord): Promise<void> {
  const locale = await mailLocale(deps, tenant.id, member.id);
  await authMailContext.run(
    {
      tenantId: tenant.id,
      tenantName: tenant.name,
      origin,
      locale,
      recipientName: `${member.firstName} ${member.lastName}`,
      purpose: 'recovery',
    },
    () => deps.auth.api.sendVerificationEmail({ body: { email: member.email } }),
  );
}

export async function confirmEmail(deps: Deps, token: string): Promise<void> {
  try {
    await deps.auth.api.verifyEmail({ query: { token } });
  } catch {
    throw tokenInvalid();
  }
}
