/**
 * Single sign-on over OpenID Connect (decision 100): which claims make a
 * person, which provider id belongs to which tenant, and who may still use a
 * password. Pure rules; the redirect flow lives in the session service.
 */

/** The claim that carries the e-mail when the tenant names none. */
export const DEFAULT_EMAIL_CLAIM = 'email';

const PROVIDER_PREFIX = 'sso-';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One provider per tenant: its id names the tenant, so a callback can be checked against the address it arrives on. */
export const providerIdOf = (tenantId: string) => `${PROVIDER_PREFIX}${tenantId}`;

/** The tenant a provider id was made for, or null for anything else. */
export function tenantOfProviderId(providerId: string): string | null {
  if (!providerId.startsWith(PROVIDER_PREFIX)) return null;
  const id = providerId.slice(PROVIDER_PREFIX.length);
  return UUID.test(id) ? id : null;
}

export interface PersonFromClaims {
  email: string;
  firstName: string;
  lastName: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * First name, last name and e-mail from the provider's claims. The e-mail comes
 * from the tenant's claim (some providers carry it in `upn` or
 * `preferred_username`); names from `given_name`/`family_name`, else split from
 * `name`, else the part of the address before the @. Null without a usable
 * e-mail: nobody is created without one.
 */
export function personFromClaims(claims: Record<string, unknown>, emailClaim: string = DEFAULT_EMAIL_CLAIM): PersonFromClaims | null {
  const email = text(claims[emailClaim] ?? (emailClaim === DEFAULT_EMAIL_CLAIM ? undefined : claims.email)).toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) return null;
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName && !lastName) {
    const parts = text(claims.name).split(/\s+/).filter(Boolean);
    if (parts.length > 1) {
      lastName = parts.pop()!;
      firstName = parts.join(' ');
    } else {
      lastName = parts[0] ?? email.split('@')[0]!;
    }
  }
  return { email, firstName: firstName.slice(0, 200), lastName: lastName.slice(0, 200) };
}

/**
 * A person flagged as single sign-on signs in with a password (or a mailed
 * code) only where the tenant allows both ("SSO und Passwort"); everyone else
 * keeps the password.
 */
export function passwordSignInAllowed(person: { singleSignOn: boolean }, tenant: { passwordAllowed: boolean } | null): boolean {
  if (!person.singleSignOn) return true;
  return tenant?.passwordAllowed ?? true;
}

export interface SingleSignOnInput {
  providerName: string;
  issuerUrl: string;
  clientId: string;
  /** Empty keeps the stored secret; required when there is none yet. */
  clientSecret: string;
  emailClaim: string;
}

export type SingleSignOnProblem =
  | 'sso_name_missing'
  | 'sso_issuer_invalid'
  | 'sso_client_id_missing'
  | 'sso_secret_missing'
  | 'sso_claim_invalid';

/**
 * What is wrong with an admin's provider settings, first problem first. The
 * issuer must be an absolute https address (http only for this machine's own
 * test provider on localhost), without query or fragment (OpenID Connect
 * Discovery appends the well-known path to it).
 */
export function singleSignOnProblem(input: SingleSignOnInput, hasStoredSecret: boolean): SingleSignOnProblem | null {
  if (!input.providerName.trim()) return 'sso_name_missing';
  if (!issuerValid(input.issuerUrl.trim())) return 'sso_issuer_invalid';
  if (!input.clientId.trim()) return 'sso_client_id_missing';
  if (!input.clientSecret.trim() && !hasStoredSecret) return 'sso_secret_missing';
  if (!/^[A-Za-z_][A-Za-z0-9_.:-]{0,99}$/.test(input.emailClaim.trim())) return 'sso_claim_invalid';
  return null;
}

function issuerValid(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
}
