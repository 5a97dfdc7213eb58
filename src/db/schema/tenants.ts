import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mandant. Global: the tenant is what every other row is scoped by. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Sub-identifier the old site's address is derived from (SPEC §3). */
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

/** Legacy mapping: customer name per tenant (SPEC §3, §7 legacy_mapping). */
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
