import { sql } from 'drizzle-orm';
import { check, customType, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';
import { mailOutbox } from './system';
import { tenants } from './tenants';
import { vehicles } from './vehicles';

/** Logbook report mails, mail attachments and background exports (migration 0014). */

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Files attached to an outbox mail, kept so a retry sends them again. */
export const mailOutboxAttachments = pgTable(
  'mail_outbox_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index().on(t.mailId)],
);

/** A report period claimed for one address: sent at most once. */
export const logbookReportSends = pgTable(
  'logbook_report_sends',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    address: text('address').notNull(),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'logbook_report_sends_pk', columns: [t.tenantId, t.periodFrom, t.periodTo, t.address] }),
    check('logbook_report_sends_period', sql`${t.periodTo} > ${t.periodFrom}`),
  ],
);

/** A logbook export running in the background; the file lives in the file store's 'exporte' bucket. */
export const logbookExports = pgTable(
  'logbook_exports',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    requestedById: uuid('requested_by_id').notNull(),
    vehicleId: uuid('vehicle_id'),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    /** 'xlsx' or 'pdf'. */
    format: text('format').notNull(),
    /** 'wartend', 'laeuft', 'fertig' or 'fehler'. */
    status: text('status').notNull().default('wartend'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total').notNull().default(0),
    error: text('error'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'logbook_exports_requested_by_fk',
      columns: [t.tenantId, t.requestedById],
      foreignColumns: [users.tenantId, users.id],
    }),
    foreignKey({
      name: 'logbook_exports_vehicle_fk',
      columns: [t.tenantId, t.vehicleId],
      foreignColumns: [vehicles.tenantId, vehicles.id],
    }),
    index().on(t.tenantId, t.createdAt),
  ],
);
