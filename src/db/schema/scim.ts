import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { groups, users } from './people';
import { tenants } from './tenants';

/*
 * SCIM 2.0 provisioning (decision 229, migration 0052): the tenant's
 * provisioning tokens, kept as their SHA-256 like the API tokens (decision
 * 213), and what SCIM knows of a person or group beyond Buchbar's own fields.
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** A bearer token of the tenant's identity provider; it acts for no person, only on /scim/v2. */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** `bbs_` and the first six characters. */
    hint: text('hint').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Who made it, as named then (the list shows it; the person may leave). */
    createdByName: text('created_by_name').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('scim_tokens_hash').on(t.tokenHash),
    check('scim_tokens_name', sql`length(${t.name}) between 1 and 100`),
  ],
);

/** A person as the identity provider names them: its userName and externalId, and whether it deleted them. */
export const scimUsers = pgTable(
  'scim_users',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    userName: text('user_name').notNull(),
    externalId: text('external_id'),
    /** Set by DELETE: the person is deactivated and answers 404 on /scim/v2 from then on, until a POST names them again. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    uniqueIndex('scim_users_user_name').on(t.tenantId, sql`lower(${t.userName})`),
    index('scim_users_external_id').on(t.tenantId, t.externalId),
  ],
);

/** A group as the identity provider names it. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    tenantId: tenantId(),
    groupId: uuid('group_id').notNull(),
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.groupId] }),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [groups.tenantId, groups.id] }).onDelete('cascade'),
    index('scim_groups_external_id').on(t.tenantId, t.externalId),
  ],
);
