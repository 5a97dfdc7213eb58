import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';
import { tenants } from './tenants';
import { vehicleBookings } from './vehicles';

/**
 * Driving licences. Every check is one append-only row carrying
 * the licence as the examiner saw it; the current record (fuehrerschein) is the
 * latest check of a person. Updates and direct deletes are refused by a
 * trigger in migration 0008, so each check stays provable.
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const licenceChecks = pgTable(
  'licence_checks',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    examinerId: uuid('examiner_id').notNull(),
    /** persoenlich, video or dokument */
    method: text('method').notNull(),
    classes: text('classes').array().notNull(),
    licenceNumber: text('licence_number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    banFrom: date('ban_from', { mode: 'string' }),
    banTo: date('ban_to', { mode: 'string' }),
    extraInfo: text('extra_info'),
    remark: text('remark'),
    /** Storage path of the optional scan (only when the tenant switched scans on). */
    scanPath: text('scan_path'),
    scanContentType: text('scan_content_type'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.examinerId], foreignColumns: [users.tenantId, users.id] }),
    index('licence_checks_latest_idx').on(t.tenantId, t.userId, t.checkedOn.desc(), t.createdAt.desc()),
    check('licence_checks_method', sql`${t.method} in ('persoenlich', 'video', 'dokument')`),
    check(
      'licence_checks_classes',
      sql`${t.classes} <@ array['AM','A1','A2','A','B1','B','C1','C','D1','D','BE','C1E','CE','D1E','DE','L','T']::text[]`,
    ),
    check('licence_checks_ban', sql`(${t.banFrom} is null) = (${t.banTo} is null) and (${t.banTo} is null or ${t.banTo} >= ${t.banFrom})`),
    check('licence_checks_issue_before_check', sql`${t.issueDate} <= ${t.checkedOn}`),
    check('licence_checks_number_length', sql`char_length(${t.licenceNumber}) between 1 and 50`),
    check('licence_checks_remark_length', sql`char_length(${t.remark}) <= 1000 and char_length(${t.extraInfo}) <= 1000`),
  ],
);

/** One row per reminder sent: a reminder for one due date (or one examiner digest per day) never goes out twice. */
export const licenceReminders = pgTable(
  'licence_reminders',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    /** vorab (before the next check), faellig (on the day it lapses) or digest (examiner, per day) */
    kind: text('kind').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.kind, t.dueDate] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

/**
 * The current licence of each person: the latest check, kept by a trigger on
 * licence_checks in the same transaction (migration 0015, decision 076). Read
 * by the gate, the examiner's list and the due count; never written by code.
 */
export const currentLicences = pgTable(
  'current_licences',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    checkId: uuid('check_id').notNull(),
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    checkCreatedAt: timestamp('check_created_at', { withTimezone: true, mode: 'date' }).notNull(),
    examinerId: uuid('examiner_id').notNull(),
    method: text('method').notNull(),
    classes: text('classes').array().notNull(),
    licenceNumber: text('licence_number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    banFrom: date('ban_from', { mode: 'string' }),
    banTo: date('ban_to', { mode: 'string' }),
    extraInfo: text('extra_info'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    index('current_licences_checked_on_idx').on(t.tenantId, t.checkedOn),
  ],
);

/**
 * A guest's licence as the reception saw it for one guest booking of a vehicle
 * that requires a class (decision 140): guests have no person record, so the
 * check belongs to the booking and the guest is known by name and e-mail.
 * Append-only like licence_checks (trigger in migration 0030).
 */
export const guestLicenceChecks = pgTable(
  'guest_licence_checks',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    bookingId: uuid('booking_id').notNull(),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    examinerId: uuid('examiner_id').notNull(),
    method: text('method').notNull(),
    classes: text('classes').array().notNull(),
    licenceNumber: text('licence_number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    banFrom: date('ban_from', { mode: 'string' }),
    banTo: date('ban_to', { mode: 'string' }),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.bookingId], foreignColumns: [vehicleBookings.tenantId, vehicleBookings.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.examinerId], foreignColumns: [users.tenantId, users.id] }),
    index('guest_licence_checks_booking_idx').on(t.tenantId, t.bookingId, t.createdAt.desc()),
    index('guest_licence_checks_guest_idx').on(t.tenantId, t.guestEmail, t.checkedOn.desc(), t.createdAt.desc()),
    check('guest_licence_checks_method', sql`${t.method} in ('persoenlich', 'video', 'dokument')`),
    check(
      'guest_licence_checks_classes',
      sql`${t.classes} <@ array['AM','A1','A2','A','B1','B','C1','C','D1','D','BE','C1E','CE','D1E','DE','L','T']::text[]`,
    ),
    check(
      'guest_licence_checks_ban',
      sql`(${t.banFrom} is null) = (${t.banTo} is null) and (${t.banTo} is null or ${t.banTo} >= ${t.banFrom})`,
    ),
    check('guest_licence_checks_issue_before_check', sql`${t.issueDate} <= ${t.checkedOn}`),
    check('guest_licence_checks_number_length', sql`char_length(${t.licenceNumber}) between 1 and 50`),
    check('guest_licence_checks_remark_length', sql`char_length(${t.remark}) <= 1000`),
  ],
);
