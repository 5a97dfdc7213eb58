import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';
import { tenants } from './tenants';

/** Privacy (migration 0024): a person's export of their own data (decision 105). */

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** "Meine Daten herunterladen": one ZIP in the file store's 'exporte' bucket, for its owner only, removed after a day. */
export const personalDataExports = pgTable(
  'personal_data_exports',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    /** Language of the PDF summary: the person's language when they started it. */
    locale: text('locale').notNull(),
    /** 'wartend', 'laeuft', 'fertig' or 'fehler'. */
    status: text('status').notNull().default('wartend'),
    stepsDone: integer('steps_done').notNull().default(0),
    stepsTotal: integer('steps_total').notNull().default(0),
    error: text('error'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'personal_data_exports_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
    index().on(t.tenantId, t.userId, t.createdAt),
    check('personal_data_exports_status', sql`${t.status} in ('wartend', 'laeuft', 'fertig', 'fehler')`),
    check('personal_data_exports_locale', sql`${t.locale} in ('de-de', 'en-us')`),
  ],
);
