import type { IncomingHttpHeaders } from 'node:http';
import { getAuthenticatorName } from '@better-auth/passkey';
import { withTenant } from '@db/client';
import { passkeyName, passkeySignInAllowed } from '@domain/passkeys';
import { passkeyAuth } from '@server/areas/session/passkey-auth';
import {
  deletePasskeyOf,
  findPasskeyOf,
  listPasskeysOf,
  ownerOfCredential,
  renamePasskeyOf,
} from '@server/areas/session/passkey-repository';
import { findMemberOfIdentity, findPasswordRule } from '@server/areas/session/single-sign-on-repository';
import type { TenantRecord } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { fromNodeHeaders } from 'better-auth/node';
import { audit } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { sessionErrors } from './errors';

/**
 * Passkeys (WebAuthn) through better-auth's passkey plugin (decision 145). The
 * relying party is the address of the request: a passkey works on the domain
 * it was registered on, and signs in only an active member of that domain's
 * tenant.
 */

/** One message for every refused passkey sign-in, so it never tells whose key it was or why. */
export const PASSKEY_FAILED = sessionErrors.entries.passkey_failed.de;
const passkeyFailed = () => sessionErrors.fail('passkey_failed');
const registrationFailed = () => sessionErrors.fail('passkey_registration_failed');
const notFound = () => sessionErrors.fail('not_found');

/** A WebAuthn options object as the plugin answers it (handed to the browser unchanged). */
export type WebAuthnOptions = Record<string, unknown>;

export interface OwnPasskey {
  id: string;
  name: string;
  createdAt: string | null;
}

/** Re-authentication for every change of the own passkeys: the current password in the request (decision 085). */
async function confirmPassword(deps: Deps, headers: IncomingHttpHeaders, password: string): Promise<void> {
  try {
    await deps.auth.api.verifyPassword({ body: { password }, headers: fromNodeHeaders(headers) });
  } catch {
    throw sessionErrors.fail('password_wrong');
  }
}

export async function listOwnPasskeys(deps: Deps, user: UserContext): Promise<OwnPasskey[]> {
  const rows = await listPasskeysOf(deps.database.db, user.member.authUserId);
  return rows.map((r) => ({ id: r.id, name: passkeyName(r.name ?? undefined, undefined), createdAt: r.createdAt?.toISOString() ?? null }));
}

/** Registration, first step (re-authenticated by the password): the options for `navigator.credentials.create` and the challenge cookie. */
export async function startPasskeyRegistration(
  deps: Deps,
  user: UserContext,
  origin: string,
  headers: IncomingHttpHeaders,
  password: string,
): Promise<{ options: WebAuthnOptions; cookies: string[] }> {
  await confirmPassword(deps, headers, password);
  const auth = passkeyAuth(deps.database.db, deps.config, origin);
  const res = await auth.api.generatePasskeyRegistrationOptions({
    query: { name: user.member.email },
    headers: fromNodeHeaders(headers),
    returnHeaders: true,
  });
  return { options: res.response as unknown as WebAuthnOptions, cookies: res.headers.getSetCookie() };
}

/** Registration, second step: the authenticator's answer to the challenge; the new passkey is audited. */
export async function finishPasskeyRegistration(
  deps: Deps,
  user: UserContext,
  origin: string,
  headers: IncomingHttpHeaders,
  input: { response: Record<string, unknown>; name?: string | undefined },
): Promise<{ passkey: OwnPasskey; cookies: string[] }> {
  const auth = passkeyAuth(deps.database.db, deps.config, origin);
  let created: { id: string; aaguid?: string | null | undefined };
  let cookies: string[];
  try {
    const res = await auth.api.verifyPasskeyRegistration({
      body: { response: input.response },
      headers: fromNodeHeaders(headers),
      returnHeaders: true,
    });
    created = res.response as { id: string; aaguid?: string | null };
    cookies = res.headers.getSetCookie();
  } catch {
    throw registrationFailed();
  }
  const name = passkeyName(input.name, getAuthenticatorName(created.aaguid ?? undefined));
  await withTenant(deps.database.db, user.tenant.id, async (tx) => {
    await renamePasskeyOf(tx, user.member.authUserId, created.id, name);
    await audit(tx, user, {
      action: 'ändern',
      subjectType: 'benutzer',
      subjectId: user.member.id,
      subjectName: `${user.member.firstName} ${user.member.lastName}`,
      changes: [{ field: 'passkey', old: null, new: name }],
    });
  });
  const row = await findPasskeyOf(deps.database.db, user.member.authUserId, created.id);
  return { passkey: { id: created.id, name, createdAt: row?.createdAt?.toISOString() ?? null }, cookies };
}

/** Renames an own passkey (re-authenticated by the password); audited. */
export async function renameOwnPasskey(
  deps: Deps,
  user: UserContext,
  headers: IncomingHttpHeaders,
  input: { id: string; name: string; password: string },
): Promise<void> {
  await confirmPassword(deps, headers, input.password);
  const name = passkeyName(input.name, undefined);
  await withTenant(deps.database.db, user.tenant.id, async (tx) => {
    const before = await findPasskeyOf(tx, user.member.authUserId, input.id);
    if (!before || !(await renamePasskeyOf(tx, user.member.authUserId, input.id, name))) throw notFound();
    await audit(tx, user, {
      action: 'ändern',
      subjectType: 'benutzer',
      subjectId: user.member.id,
      subjectName: `${user.member.firstName} ${user.member.lastName}`,
      changes: [{ field: 'passkey', old: before.name, new: name }],
    });
  });
}

/** Removes an own passkey (re-authenticated by the password); audited. */
export async function removeOwnPasskey(
  deps: Deps,
  user: UserContext,
  headers: IncomingHttpHeaders,
  input: { id: string; password: string },
): Promise<void> {
  await confirmPassword(deps, headers, input.password);
  await withTenant(deps.database.db, user.tenant.id, async (tx) => {
    const before = await findPasskeyOf(tx, user.member.authUserId, input.id);
    if (!before || !(await deletePasskeyOf(tx, user.member.authUserId, input.id))) throw notFound();
    await audit(tx, user, {
      action: 'ändern',
      subjectType: 'benutzer',
      subjectId: user.member.id,
      subjectName: `${user.member.firstName} ${user.member.lastName}`,
      changes: [{ field: 'passkey', old: before.name, new: null }],
    });
  });
}

/** Sign-in, first step: a challenge for any discoverable passkey of this address, and its cookie. */
export async function startPasskeySignIn(
  deps: Deps,
  origin: string,
  headers: IncomingHttpHeaders,
): Promise<{ options: WebAuthnOptions; cookies: string[] }> {
  const auth = passkeyAuth(deps.database.db, deps.config, origin);
  // Without the session cookie: a signed-in visitor would otherwise get only their own keys offered.
  const { cookie: _session, ...rest } = headers;
  const res = await auth.api.generatePasskeyAuthenticationOptions({ headers: fromNodeHeaders(rest), returnHeaders: true });
  return { options: res.response as unknown as WebAuthnOptions, cookies: res.headers.getSetCookie() };
}

/**
 * Sign-in, second step: the key must belong to an active member of the
 * request's tenant (and follow the single sign-on rule); the plugin checks
 * challenge, origin, RP ID, signature and user verification and opens the
 * session. Every refusal is the same 401.
 */
export async function signInWithPasskey(
  deps: Deps,
  tenant: TenantRecord,
  origin: string,
  headers: IncomingHttpHeaders,
  response: Record<string, unknown>,
): Promise<string[]> {
  const credentialId = typeof response.id === 'string' ? response.id : '';
  const owner = credentialId ? await ownerOfCredential(deps.database.db, credentialId) : null;
  if (!owner) throw passkeyFailed();
  const found = await withTenant(deps.database.db, tenant.id, async (tx) => ({
    member: await findMemberOfIdentity(tx, tenant.id, owner),
    sso: await findPasswordRule(tx, tenant.id),
  }));
  if (!passkeySignInAllowed(found.member, found.sso)) throw passkeyFailed();
  const auth = passkeyAuth(deps.database.db, deps.config, origin);
  try {
    // The contract checked the credential's shape; the plugin checks its content.
    type Assertion = NonNullable<Parameters<typeof auth.api.verifyPasskeyAuthentication>[0]>['body']['response'];
    const res = await auth.api.verifyPasskeyAuthentication({
      body: { response: response as unknown as Assertion },
      headers: fromNodeHeaders(headers),
      returnHeaders: true,
    });
    return res.headers.getSetCookie();
  } catch {
    throw passkeyFailed();
  }
}
