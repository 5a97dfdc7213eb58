import { z } from 'zod';
import { said } from './said';

/** /admin/mandanten: the tenant's own data, for holders of customizing_mandant_pflege. */

/** A host name as browsers send it: lower case labels of letters, digits and hyphens, separated by dots. */
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/, {
    message: said(
      'Bitte geben Sie eine gültige Domain ein, z. B. buchung.beispiel.de.',
      'Please enter a valid domain, e.g. booking.example.com.',
    ),
  });

export const tenantAdminData = z.object({
  id: z.string(),
  name: z.string(),
  subIdentifier: z.string(),
  customerName: z.string().nullable(),
  privacyText: z.string(),
  imprintText: z.string(),
  features: z.array(z.string()),
  hasLogo: z.boolean(),
  domains: z.array(z.object({ domain: z.string(), current: z.boolean() })),
});

export const tenantAdminPatch = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  customerName: z.string().trim().max(200).nullable().optional(),
  privacyText: z.string().max(50_000).optional(),
  imprintText: z.string().max(50_000).optional(),
});

export const domainRequest = z.object({ domain: domainName });
export const domainParams = z.object({ domain: z.string().max(253) });

/** Single sign-on of the tenant (decision 100). The client secret is write-only: the answer only says whether one is stored. */
export const singleSignOnData = z.object({
  configured: z.boolean(),
  providerName: z.string(),
  issuerUrl: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  emailClaim: z.string(),
  defaultGroupId: z.string().nullable(),
  passwordAllowed: z.boolean(),
  /** The address to register at the provider as redirect URI (for the address the admin is using). */
  callbackUrl: z.string(),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const singleSignOnSave = z.object({
  providerName: z.string().max(100),
  issuerUrl: z.string().max(500),
  clientId: z.string().max(500),
  /** Empty keeps the stored secret. */
  clientSecret: z.string().max(2000).default(''),
  emailClaim: z.string().max(100).default('email'),
  defaultGroupId: z.uuid().nullable(),
  passwordAllowed: z.boolean(),
});

const samlMapping = z.object({ email: z.string().max(300), firstName: z.string().max(300), lastName: z.string().max(300) });

/**
 * Single sign-on over SAML 2.0 (decision 232), the other choice beside OpenID
 * Connect: the IdP's settings and what to give the IdP (Buchbar's entity id,
 * ACS and metadata address on the address the admin is using).
 */
export const samlSignOnData = z.object({
  configured: z.boolean(),
  providerName: z.string(),
  idpEntityId: z.string(),
  idpSsoUrl: z.string(),
  idpSloUrl: z.string(),
  certificates: z.array(z.object({ subject: z.string(), validTo: z.string(), fingerprint: z.string() })),
  mapping: samlMapping,
  defaultGroupId: z.string().nullable(),
  passwordAllowed: z.boolean(),
  createUnknown: z.boolean(),
  spEntityId: z.string(),
  acsUrl: z.string(),
  sloUrl: z.string(),
  metadataUrl: z.string(),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const samlSignOnSave = z.object({
  providerName: z.string().max(100),
  /** The IdP's metadata XML; when given, entity id, SSO URL and certificates come from it. */
  metadataXml: z.string().max(200_000).default(''),
  idpEntityId: z.string().max(500).default(''),
  idpSsoUrl: z.string().max(1000).default(''),
  /** The IdP's logout address (HTTP-Redirect); empty: signing out ends the Buchbar session only. Metadata fills it too. */
  idpSloUrl: z.string().max(1000).default(''),
  /** PEM (or its base64 body); empty keeps the stored certificates. */
  certificate: z.string().max(20_000).default(''),
  mapping: samlMapping,
  defaultGroupId: z.uuid().nullable(),
  passwordAllowed: z.boolean(),
  createUnknown: z.boolean(),
});
