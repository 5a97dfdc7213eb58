import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authSession } from './auth';

/** Mandant. Global: the tenant is what every other row is scoped by. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Sub-identifier the old site's address is derived from (docs/product.md#tenants-and-features). */
  subIdentifier: text('sub_identifier').notNull().unique(),
  privacyText: text('privacy_text').notNull().default(''),
  imprintText: text('imprint_text').notNull().default(''),
  /** Path of the tenant's logo in the logos bucket, null when it has none. */
  logoPath: text('logo_path'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Host name → tenant. Read before any tenant is known (that is how a request
 * finds its tenant), so this table is deliberately outside row-level security.
 */
export const tenantDomains = pgTable('tenant_domains', {
  domain: text('domain').primaryKey(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
});

/** Legacy mapping: customer name per tenant (docs/product.md#tenants-and-features). */
export const legacyMappings = pgTable('legacy_mappings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  customerName: text('customer_name').notNull(),
});

/** Feature catalogue (fahrzeug, leseraum, arbeitswelt, gastbuchung). */
export const features = pgTable('features', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
});

export const tenantFeatures = pgTable(
  'tenant_features',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    feature: text('feature')
      .notNull()
      .references(() => features.key),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.feature] })],
);

/** The tenant's OpenID Connect provider for single sign-on (decision 100, migration 0022). */
export const tenantSingleSignOn = pgTable('tenant_single_sign_on', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  providerName: text('provider_name').notNull(),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  /** Encrypted with the app secret; never sent to a browser. */
  clientSecretEncrypted: text('client_secret_encrypted').notNull(),
  emailClaim: text('email_claim').notNull().default('email'),
  defaultGroupId: uuid('default_group_id'),
  /** "SSO und Passwort": single sign-on people may also use a password. */
  passwordAllowed: boolean('password_allowed').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The tenant's SAML 2.0 identity provider for single sign-on (decision 232,
 * migration 0054), the other choice beside `tenant_single_sign_on`. Nothing
 * secret: the IdP's certificates and addresses are public.
 */
export const tenantSamlSignOn = pgTable('tenant_saml_sign_on', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  providerName: text('provider_name').notNull(),
  idpEntityId: text('idp_entity_id').notNull(),
  idpSsoUrl: text('idp_sso_url').notNull(),
  /** The IdP's single logout address (HTTP-Redirect), null when it offers none: signing out then ends the Buchbar session only (migration 0056). */
  idpSloUrl: text('idp_slo_url'),
  /** Base64 bodies of the IdP's signing certificates (more than one while it rolls its key over). */
  idpCertificates: text('idp_certificates').array().notNull(),
  emailAttribute: text('email_attribute').notNull(),
  firstNameAttribute: text('first_name_attribute').notNull(),
  lastNameAttribute: text('last_name_attribute').notNull(),
  defaultGroupId: uuid('default_group_id'),
  passwordAllowed: boolean('password_allowed').notNull().default(false),
  /** Unknown people are created at their first sign-in; off: only people the tenant already has may sign in. */
  createUnknown: boolean('create_unknown').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Assertion ids a tenant's ACS has accepted, as SHA-256 hashes, kept until the assertion would be stale anyway (decision 232). */
export const samlAssertionUses = pgTable(
  'saml_assertion_uses',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    assertionHash: text('assertion_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.assertionHash] })],
);

/**
 * The NameID and SessionIndex of the assertion that opened a Buchbar session
 * (migration 0056): the LogoutRequest sent to the IdP names them, and the
 * IdP's LogoutRequest finds the sessions to end by them.
 */
export const samlSessions = pgTable(
  'saml_sessions',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => authSession.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    nameId: text('name_id').notNull(),
    nameIdFormat: text('name_id_format'),
    sessionIndex: text('session_index'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saml_sessions_name_id_idx').on(t.tenantId, t.nameId)],
);

/** A tenant's LDAP / Active Directory for sign-in by bind and the scheduled sync (decision 223, migration 0045). */
export const tenantDirectory = pgTable('tenant_directory', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'openldap' | 'active_directory'>().notNull().default('openldap'),
  url: text('url').notNull(),
  startTls: boolean('start_tls').notNull().default(false),
  caCertificate: text('ca_certificate'),
  bindDn: text('bind_dn').notNull(),
  /** Encrypted with the app secret; never sent to a browser. */
  bindPasswordEncrypted: text('bind_password_encrypted').notNull(),
  userBaseDn: text('user_base_dn').notNull(),
  userFilter: text('user_filter').notNull(),
  attributes: jsonb('attributes').$type<DirectoryAttributesColumn>().notNull(),
  groupBaseDn: text('group_base_dn').notNull(),
  groupMapping: jsonb('group_mapping').$type<{ groupDn: string; groupId: string }[]>().notNull().default([]),
  disabledFilter: text('disabled_filter'),
  syncIntervalMinutes: integer('sync_interval_minutes').notNull().default(60),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  lastSyncSummary: jsonb('last_sync_summary').$type<Record<string, unknown>>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which directory attribute holds what (uid or sAMAccountName, mail, givenName, sn, displayName). */
export interface DirectoryAttributesColumn {
  login: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
}
