import { sql } from 'drizzle-orm';
import { date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';
import { tenants } from './tenants';
import { vehicleBookings, vehicles } from './vehicles';

/**
 * Vehicle care after the trip (migration 0013): service booklet (Serviceheft),
 * damage records (Schäden) and their status history. The kind and status
 * checks and the partial index of open blocks live in the migration.
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const serviceEntries = pgTable(
  'service_entries',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    performedOn: date('performed_on', { mode: 'string' }).notNull(),
    odometer: integer('odometer'),
    costCents: integer('cost_cents'),
    workshop: text('workshop'),
    nextDueOn: date('next_due_on', { mode: 'string' }),
    /** UVV inspection only (migration 0046): the competent person who inspected, and the result. */
    inspector: text('inspector'),
    uvvResult: text('uvv_result'),
    /** File ids in the `belege` bucket (png/jpg/pdf, checked by content). */
    receipts: jsonb('receipts').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The SERVICE block booked for the entry's period (workshop days), if it has one. */
    blockBookingId: uuid('block_booking_id'),
    createdById: uuid('created_by_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedById: uuid('updated_by_id'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.vehicleId], foreignColumns: [vehicles.tenantId, vehicles.id] }),
    foreignKey({ columns: [t.tenantId, t.blockBookingId], foreignColumns: [vehicleBookings.tenantId, vehicleBookings.id] }),
    foreignKey({ columns: [t.tenantId, t.createdById], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.updatedById], foreignColumns: [users.tenantId, users.id] }),
    index().on(t.tenantId, t.vehicleId, t.performedOn),
  ],
);

export const vehicleDamages = pgTable(
  'vehicle_damages',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    /** The trip at whose end the damage was reported, if any. */
    bookingId: uuid('booking_id'),
    description: text('description').notNull(),
    status: text('status').notNull().default('gemeldet'),
    photos: jsonb('photos').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    reportedById: uuid('reported_by_id'),
    reportedAt: tstz('reported_at').notNull().defaultNow(),
    /** The DEFEKT block booked from this damage; it ends when the damage is behoben. */
    blockBookingId: uuid('block_booking_id'),
    resolvedAt: tstz('resolved_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.vehicleId], foreignColumns: [vehicles.tenantId, vehicles.id] }),
    foreignKey({ columns: [t.tenantId, t.bookingId], foreignColumns: [vehicleBookings.tenantId, vehicleBookings.id] }),
    foreignKey({ columns: [t.tenantId, t.blockBookingId], foreignColumns: [vehicleBookings.tenantId, vehicleBookings.id] }),
    foreignKey({ columns: [t.tenantId, t.reportedById], foreignColumns: [users.tenantId, users.id] }),
    index().on(t.tenantId, t.vehicleId, t.reportedAt),
  ],
);

export const vehicleDamageEvents = pgTable(
  'vehicle_damage_events',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    damageId: uuid('damage_id').notNull(),
    at: tstz('at').notNull().defaultNow(),
    status: text('status').notNull(),
    note: text('note'),
    userId: uuid('user_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.damageId], foreignColumns: [vehicleDamages.tenantId, vehicleDamages.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    index().on(t.tenantId, t.damageId, t.at),
  ],
);

/** Due dates already mailed to the fleet (daily reminder run; decision 072). */
export const serviceDueReminders = pgTable(
  'service_due_reminders',
  {
    tenantId: tenantId(),
    vehicleId: uuid('vehicle_id').notNull(),
    kind: text('kind').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    sentAt: tstz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'service_due_reminders_pk', columns: [t.tenantId, t.vehicleId, t.kind, t.dueOn] }),
    foreignKey({
      name: 'service_due_reminders_vehicle_fk',
      columns: [t.tenantId, t.vehicleId],
      foreignColumns: [vehicles.tenantId, vehicles.id],
    }),
  ],
);
