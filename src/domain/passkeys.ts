import { passwordSignInAllowed } from './single-sign-on';

/** Longest name a person can give a passkey (also a check in migration 0031). */
export const PASSKEY_NAME_MAX = 60;
/** Name of a passkey when the person gave none and the authenticator is not known by its model. */
export const DEFAULT_PASSKEY_NAME = 'Passkey';

/**
 * The name a new passkey is stored with: what the person typed (spaces
 * collapsed, cut to the limit), else the authenticator's model name, else
 * "Passkey".
 */
export function passkeyName(typed: string | undefined, modelName: string | undefined): string {
  const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().slice(0, PASSKEY_NAME_MAX).trim();
  return clean(typed) || clean(modelName) || DEFAULT_PASSKEY_NAME;
}

/**
 * A passkey signs in on a tenant only for an active member there, and for a
 * person flagged as single sign-on only where the tenant allows the password
 * too (decision 100): a passkey stands in for the password, not for the
 * organisation's provider.
 */
export function passkeySignInAllowed(
  member: { status: string; singleSignOn: boolean } | null,
  singleSignOn: { passwordAllowed: boolean } | null,
): boolean {
  if (member?.status !== 'aktiv') return false;
  return passwordSignInAllowed(member, singleSignOn);
}
