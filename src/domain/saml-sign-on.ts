import type { PersonFromClaims } from './single-sign-on';

/**
 * Single sign-on over SAML 2.0 (decision 232), beside OpenID Connect (decision
 * 100): where Buchbar's service provider lives on a tenant's address, which
 * attributes make a person, what an admin's settings must hold. Pure rules; the
 * redirect, the signature checks and the database live in the session area.
 */

/** Buchbar's service provider on every tenant address: its metadata (also its entity id) and where the IdP posts the answer. */
export const SAML_METADATA_PATH = '/api/auth/saml/metadata';
export const SAML_ACS_PATH = '/api/auth/saml/acs';
/** Single logout (HTTP-Redirect both ways): the IdP's LogoutResponse to Buchbar's request, and the IdP's own LogoutRequest. */
export const SAML_SLO_PATH = '/api/auth/saml/slo';

/** The SP's entity id on an address: the address of its own metadata, so one tenant's address names one SP. */
export const samlEntityIdOf = (origin: string) => `${origin}${SAML_METADATA_PATH}`;
export const samlAcsUrlOf = (origin: string) => `${origin}${SAML_ACS_PATH}`;
export const samlSloUrlOf = (origin: string) => `${origin}${SAML_SLO_PATH}`;

/** How far the clocks of IdP and Buchbar may differ when NotBefore / NotOnOrAfter are checked. */
export const SAML_CLOCK_SKEW_MS = 90_000;
/** How long a sign-in started at Buchbar waits for the IdP's answer (the state cookie lives as long). */
export const SAML_REQUEST_MINUTES = 10;
/** A used assertion id is kept at least this long, even when the assertion claims a shorter life. */
export const SAML_ASSERTION_MEMORY_MINUTES = 60;

export interface SamlAttributeMapping {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The attribute names the usual IdPs send. Entra ID and ADFS use the
 * WS-Federation claim types; Shibboleth (and SAML2Int) the OIDs of eduPerson /
 * inetOrgPerson with the URI name format.
 */
export const SAML_ATTRIBUTE_PRESETS = {
  entra: {
    email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    firstName: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
    lastName: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  },
  adfs: {
    email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    firstName: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
    lastName: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  },
  shibboleth: {
    email: 'urn:oid:0.9.2342.19200300.100.1.3',
    firstName: 'urn:oid:2.5.4.42',
    lastName: 'urn:oid:2.5.4.4',
  },
} as const satisfies Record<string, SamlAttributeMapping>;

export type SamlPreset = keyof typeof SAML_ATTRIBUTE_PRESETS;

/** What a new configuration starts with: Entra ID's and ADFS's claim types (the most common IdPs of Buchbar's tenants). */
export const DEFAULT_SAML_MAPPING: SamlAttributeMapping = SAML_ATTRIBUTE_PRESETS.entra;

/** Names tried after the configured one, so that a plain `mail` or an OID still works when the admin kept the default. */
const FALLBACKS: Record<keyof SamlAttributeMapping, string[]> = {
  email: [
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    'urn:oid:0.9.2342.19200300.100.1.3',
    'mail',
    'email',
    'emailAddress',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/upn',
  ],
  firstName: [
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
    'urn:oid:2.5.4.42',
    'givenName',
    'given_name',
    'firstName',
  ],
  lastName: [
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
    'urn:oid:2.5.4.4',
    'sn',
    'surname',
    'family_name',
    'lastName',
  ],
};

const first = (v: unknown): string => {
  if (Array.isArray(v)) return first(v[0]);
  return typeof v === 'string' ? v.trim() : '';
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function pick(attrs: Record<string, unknown>, configured: string, fallbacks: string[]): string {
  for (const name of [configured, ...fallbacks]) {
    const v = name ? first(attrs[name]) : '';
    if (v) return v;
  }
  return '';
}

/**
 * The person an assertion vouches for: the e-mail from the mapped attribute
 * (then the well-known names, then a NameID that is an address), first and
 * last name likewise; without a last name the part of the address before the
 * @. Null without a usable e-mail: nobody is created without one.
 */
export function personFromAttributes(
  attrs: Record<string, unknown>,
  mapping: SamlAttributeMapping,
  nameId: string | null = null,
): PersonFromClaims | null {
  let email = pick(attrs, mapping.email, FALLBACKS.email).toLowerCase();
  if (!EMAIL.test(email) && nameId && EMAIL.test(nameId.trim())) email = nameId.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) return null;
  const firstName = pick(attrs, mapping.firstName, FALLBACKS.firstName);
  const lastName = pick(attrs, mapping.lastName, FALLBACKS.lastName) || (firstName ? '' : email.split('@')[0]!);
  return { email, firstName: firstName.slice(0, 200), lastName: lastName.slice(0, 200) };
}

/**
 * The base64 body of an X.509 certificate as pasted (PEM with or without its
 * armour, line breaks and spaces), or null when it cannot be one. Whether the
 * bytes really are a certificate is checked where it can be parsed.
 */
export function certificateBody(text: string): string | null {
  const body = text
    .replace(/-----BEGIN CERTIFICATE-----/g, '')
    .replace(/-----END CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
  if (body.length < 200 || body.length > 20_000 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) return null;
  return body;
}

/** The PEM form of a stored certificate body, as signature checks take it. */
export function certificatePem(body: string): string {
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

export interface SamlSettingsInput {
  providerName: string;
  idpEntityId: string;
  idpSsoUrl: string;
  /** The IdP's logout address; empty when it offers none. */
  idpSloUrl?: string;
  /** Base64 bodies, already taken apart (`certificateBody`). */
  certificates: string[];
  mapping: SamlAttributeMapping;
}

export type SamlSettingsProblem =
  | 'saml_name_missing'
  | 'saml_entity_id_missing'
  | 'saml_sso_url_invalid'
  | 'saml_slo_url_invalid'
  | 'saml_certificate_missing'
  | 'saml_attribute_invalid';

const ATTRIBUTE = /^[A-Za-z0-9_.:/#-]{1,300}$/;

/** What is wrong with an admin's SAML settings, first problem first. */
export function samlSettingsProblem(input: SamlSettingsInput): SamlSettingsProblem | null {
  if (!input.providerName.trim()) return 'saml_name_missing';
  const entityId = input.idpEntityId.trim();
  if (!entityId || entityId.length > 500 || /\s/.test(entityId)) return 'saml_entity_id_missing';
  if (!ssoUrlValid(input.idpSsoUrl.trim())) return 'saml_sso_url_invalid';
  const sloUrl = input.idpSloUrl?.trim() ?? '';
  if (sloUrl && !ssoUrlValid(sloUrl)) return 'saml_slo_url_invalid';
  if (input.certificates.length === 0) return 'saml_certificate_missing';
  const m = input.mapping;
  if (![m.email, m.firstName, m.lastName].every((a) => ATTRIBUTE.test(a.trim()))) return 'saml_attribute_invalid';
  return null;
}

/** The IdP's sign-in or logout address: https (http only for an IdP on this machine), no fragment; a query is kept (ADFS has none, some IdPs do). */
export function ssoUrlValid(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password || value.length > 1000) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
}

/**
 * A response's own address fields must name this tenant's ACS: the Response's
 * Destination (when the IdP sets it) and every SubjectConfirmationData
 * Recipient. A response for another tenant's address carries that address.
 */
export function addressedTo(acsUrl: string, destination: string | null, recipients: readonly string[]): boolean {
  if (destination !== null && destination !== acsUrl) return false;
  return recipients.every((r) => r === acsUrl);
}

/**
 * How long a used assertion id must be remembered: until the assertion could
 * no longer be accepted anyway (its latest NotOnOrAfter plus the clock skew),
 * and at least `SAML_ASSERTION_MEMORY_MINUTES`.
 */
export function assertionMemoryUntil(now: Date, notOnOrAfter: readonly (string | null | undefined)[]): Date {
  let until = now.getTime() + SAML_ASSERTION_MEMORY_MINUTES * 60_000;
  for (const v of notOnOrAfter) {
    const t = v ? Date.parse(v) : Number.NaN;
    if (Number.isFinite(t)) until = Math.max(until, t + SAML_CLOCK_SKEW_MS);
  }
  return new Date(until);
}

/**
 * Which of a tenant's SAML sessions an IdP's LogoutRequest ends: those of its
 * NameID, and where it names session indexes, only those of one of them (a
 * LogoutRequest without SessionIndex ends every session of the subject).
 */
export function sessionsToEnd<T extends { nameId: string; sessionIndex: string | null }>(
  sessions: readonly T[],
  nameId: string,
  sessionIndexes: readonly string[],
): T[] {
  return sessions.filter(
    (s) => s.nameId === nameId && (sessionIndexes.length === 0 || (s.sessionIndex !== null && sessionIndexes.includes(s.sessionIndex))),
  );
}
