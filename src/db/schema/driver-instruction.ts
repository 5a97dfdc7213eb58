import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';
import { tenants } from './tenants';

/**
 * Driver instruction (Fahrerunterweisung, decision 227): versions of the tenant's instruction material, general
 * (category '') or for one vehicle category, and the instructions of each driver, confirmed in the app or
 * recorded in person by the fleet. Both are never changed once written: a trigger of migration 0050 refuses
 * updates and direct deletes.
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const instructionVersions = pgTable(
  'instruction_versions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    /** '' for the general instruction, otherwise a vehicle category (vehicles.category). */
    category: text('category').notNull().default(''),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Storage path of the optional PDF (bucket unterweisungen). */
    pdfPath: text('pdf_path'),
    publishedOn: date('published_on', { mode: 'string' }).notNull(),
    publishedById: uuid('published_by_id').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('instruction_versions_number').on(t.tenantId, t.category, t.version),
    unique('instruction_versions_topic').on(t.tenantId, t.id, t.category),
    foreignKey({ columns: [t.tenantId, t.publishedById], foreignColumns: [users.tenantId, users.id] }),
    check('instruction_versions_lengths', sql`char_length(${t.title}) between 1 and 200 and char_length(${t.body}) <= 50000`),
  ],
);

export const instructionConfirmations = pgTable(
  'instruction_confirmations',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    versionId: uuid('version_id').notNull(),
    category: text('category').notNull(),
    /** app (the driver confirmed having read it) or praesenz (the fleet recorded an in-person instruction) */
    kind: text('kind').notNull(),
    instructedOn: date('instructed_on', { mode: 'string' }).notNull(),
    instructor: text('instructor'),
    note: text('note'),
    recordedById: uuid('recorded_by_id').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.recordedById], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({
      columns: [t.tenantId, t.versionId, t.category],
      foreignColumns: [instructionVersions.tenantId, instructionVersions.id, instructionVersions.category],
    }),
    index('instruction_confirmations_latest_idx').on(t.tenantId, t.userId, t.category, t.instructedOn.desc()),
    check('instruction_confirmations_kind', sql`${t.kind} in ('app', 'praesenz')`),
    check('instruction_confirmations_instructor', sql`(${t.kind} = 'praesenz') = (${t.instructor} is not null)`),
  ],
);

/** One row per reminder sent: a driver is reminded of one due day of one topic once. */
export const instructionReminders = pgTable(
  'instruction_reminders',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    category: text('category').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    sentAt: tstz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.category, t.dueOn] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
