import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** Logging (docs/product.md#operations): level, message, category and tenant. */
export const logs = pgTable(
  'logs',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: bigserial('id', { mode: 'number' }).notNull(),
    level: text('level').notNull(),
    message: text('message').notNull(),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index().on(t.tenantId, t.createdAt)],
);

/**
 * Every mail is written here first and then sent; without SMTP it stays here,
 * so no mail is ever lost. System-owned: auth mails are written before a
 * tenant context exists, hence no row-level security. A mail with secrets
 * (links with tokens, sign-in codes) keeps placeholders in `text` and `html`;
 * the real body is only in `sealed_body`, encrypted, until it is delivered or
 * `sealed_until` has passed (decision 190).
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** The booking's calendar event (text/calendar) sent as an attachment; null for mails without one. */
  ics: text('ics'),
  /** The body with its secrets, AES-256-GCM under a key derived from APP_SECRET; null once delivered or expired. */
  sealedBody: text('sealed_body'),
  /** When the mail's secrets stop working; the sealed body is dropped then even when undelivered. */
  sealedUntil: timestamp('sealed_until', { withTimezone: true }),
  /** 'wartend', 'gesendet' or 'fehler'. */
  status: text('status').notNull().default('wartend'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * One counter per tenant and table, raised by a deferred trigger when a
 * transaction that changed that table commits (migration 0004). Equal
 * version ⇒ unchanged rows: cached read responses are checked against it
 * (services/cache/stamped-cache.ts).
 */
export const changeVersions = pgTable(
  'change_versions',
  {
    // No foreign key: the trigger also fires while a tenant is being deleted, and a stray counter is harmless.
    tenantId: uuid('tenant_id').notNull(),
    subject: text('subject').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.subject] })],
);

/**
 * Rate-limit counters shared by all app nodes (a per-process counter would
 * let N nodes allow N times the sign-in attempts). System-owned: keys are
 * addresses and e-mails before any tenant is known, hence no row-level security.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
