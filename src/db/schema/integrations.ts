import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';
import { tenants } from './tenants';

/*
 * The integration API and webhooks (decision 213). Tokens are kept as their
 * SHA-256 only; a webhook's signing secret is kept encrypted (AES-256-GCM,
 * key derived from APP_SECRET, bound to the subscription's id).
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** A personal token acts for its person; a tenant token for the tenant admin who made it, listed under the tenant administration. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** 'person' or 'tenant'. */
    kind: text('kind').notNull(),
    /** Whose rights the token carries (its person, or the admin who made a tenant token). */
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    /** `bbr_` and the first six characters, to recognise the token in a list. */
    hint: text('hint').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('api_tokens_hash').on(t.tokenHash),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    index().on(t.tenantId, t.userId),
    check('api_tokens_kind', sql`${t.kind} in ('person', 'tenant')`),
    check('api_tokens_name', sql`length(${t.name}) between 1 and 100`),
  ],
);

export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    scopes: text('scopes').array().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    active: boolean('active').notNull().default(true),
    /** Failed tries in a row over all deliveries; a success sets it back to 0. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('webhook_subscriptions_name', sql`length(${t.name}) between 1 and 100`),
    check('webhook_subscriptions_url', sql`length(${t.url}) between 8 and 2000`),
  ],
);

/**
 * One event for one subscription, written in the transaction of the change
 * itself (so nothing is announced that did not happen) and sent afterwards by
 * the job queue. `status`: offen (waiting for its next try), zugestellt, aufgegeben.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    subscriptionId: uuid('subscription_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('offen'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A node sending it holds it until then; a node that died lets it go again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.subscriptionId],
      foreignColumns: [webhookSubscriptions.tenantId, webhookSubscriptions.id],
    }).onDelete('cascade'),
    index().on(t.tenantId, t.subscriptionId, t.createdAt),
    index('webhook_deliveries_due').on(t.tenantId, t.nextAttemptAt).where(sql`${t.status} = 'offen'`),
    check('webhook_deliveries_status', sql`${t.status} in ('offen', 'zugestellt', 'aufgegeben')`),
  ],
);
