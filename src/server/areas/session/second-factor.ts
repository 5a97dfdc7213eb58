import type { IncomingHttpHeaders } from 'node:http';
import { withTenant } from '@db/client';
import { findMemberById } from '@server/areas/people/public';
import { markTotpCodeUsed, removeSecondFactor } from '@server/areas/session/auth-security-repository';
import type { Deps } from '@server/deps';
import { fromNodeHeaders } from 'better-auth/node';
import { audit } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { sessionErrors } from './errors';

/** One message for every refused code at sign-in: wrong, replayed, expired, locked or no challenge at all. */
export const CODE_FAILED = sessionErrors.entries.code_failed.de;
const codeFailed = () => sessionErrors.fail('code_failed');
/** A TOTP code is valid for its 30-second step and one step either side. */
const TOTP_VALID_SECONDS = 90;

export type CodeKind = 'totp' | 'recovery';

/**
 * Second step of a sign-in whose first step (password) answered with a
 * challenge: the challenge cookie names the identity, the code proves the
 * factor. better-auth counts failures per challenge (5) and per account
 * (10, then 15 minutes locked); a TOTP code counts once.
 */
export async function verifySecondFactor(
  deps: Deps,
  headers: IncomingHttpHeaders,
  input: { code: string; kind: CodeKind },
): Promise<string[]> {
  const code = input.code.replace(/\s+/g, '');
  let result: { headers: Headers; response: { token?: string; user: { id: string } } };
  try {
    const call = { body: { code }, headers: fromNodeHeaders(headers), returnHeaders: true as const };
    result = input.kind === 'totp' ? await deps.auth.api.verifyTOTP(call) : await deps.auth.api.verifyBackupCode(call);
  } catch {
    throw codeFailed();
  }
  if (input.kind === 'totp' && !(await markTotpCodeUsed(deps.database.db, result.response.user.id, code, TOTP_VALID_SECONDS))) {
    // A replayed code: take back the session better-auth has just opened.
    const token = result.response.token;
    if (token) await deps.auth.api.revokeSession({ body: { token }, headers: sessionHeaders(result.headers) }).catch(() => {});
    throw codeFailed();
  }
  return result.headers.getSetCookie();
}

/** Cookie header of the Set-Cookie values of a better-auth answer. */
function sessionHeaders(h: Headers): Headers {
  return new Headers({
    cookie: h
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  });
}

const wrongPassword = () => sessionErrors.fail('password_wrong');

/** Enrolment, first step (re-authenticated by the password): a new secret and recovery codes, not active until confirmed. */
export async function startEnrolment(
  deps: Deps,
  headers: IncomingHttpHeaders,
  password: string,
): Promise<{ totpUri: string; secret: string; recoveryCodes: string[] }> {
  let res: { totpURI?: string; backupCodes?: string[] };
  try {
    res = (await deps.auth.api.enableTwoFactor({
      body: { password, method: 'totp', issuer: 'Buchbar' },
      headers: fromNodeHeaders(headers),
    })) as {
      totpURI?: string;
      backupCodes?: string[];
    };
  } catch (err) {
    if ((err as { body?: { code?: string } }).body?.code === 'TOTP_ALREADY_ENABLED') {
      throw sessionErrors.fail('second_factor_active');
    }
    throw wrongPassword();
  }
  const totpUri = res.totpURI ?? '';
  return { totpUri, secret: new URL(totpUri).searchParams.get('secret') ?? '', recoveryCodes: res.backupCodes ?? [] };
}

/** Enrolment, second step: the first code from the app switches the factor on; answers the renewed session's cookies. */
export async function confirmEnrolment(deps: Deps, user: UserContext, headers: IncomingHttpHeaders, code: string): Promise<string[]> {
  const clean = code.replace(/\s+/g, '');
  try {
    const res = await deps.auth.api.verifyTOTP({ body: { code: clean }, headers: fromNodeHeaders(headers), returnHeaders: true });
    await markTotpCodeUsed(deps.database.db, user.member.authUserId, clean, TOTP_VALID_SECONDS);
    return res.headers.getSetCookie();
  } catch {
    throw sessionErrors.fail('code_wrong');
  }
}

/** Removes the own second factor (re-authenticated by the password); answers the renewed session's cookies. */
export async function disableSecondFactor(deps: Deps, headers: IncomingHttpHeaders, password: string): Promise<string[]> {
  try {
    const res = await deps.auth.api.disableTwoFactor({ body: { password }, headers: fromNodeHeaders(headers), returnHeaders: true });
    return res.headers.getSetCookie();
  } catch {
    throw wrongPassword();
  }
}

/** New recovery codes (re-authenticated by the password); the old ones stop working. */
export async function renewRecoveryCodes(deps: Deps, headers: IncomingHttpHeaders, password: string): Promise<string[]> {
  try {
    const res = await deps.auth.api.generateBackupCodes({ body: { password }, headers: fromNodeHeaders(headers) });
    return res.backupCodes;
  } catch {
    throw wrongPassword();
  }
}

/** An admin takes a lost second factor away from a member of their own tenant; audited. */
export async function resetSecondFactorOf(deps: Deps, admin: UserContext, memberId: string): Promise<void> {
  await withTenant(deps.database.db, admin.tenant.id, async (tx) => {
    const member = await findMemberById(tx, admin.tenant.id, memberId);
    if (!member) throw sessionErrors.fail('not_found');
    await removeSecondFactor(tx, member.authUserId);
    await audit(tx, admin, {
      action: 'ändern',
      subjectType: 'benutzer',
      subjectId: member.id,
      subjectName: `${member.firstName} ${member.lastName}`,
      changes: [{ field: 'zweiterFaktor', old: 'eingerichtet', new: 'zurückgesetzt' }],
    });
  });
}
