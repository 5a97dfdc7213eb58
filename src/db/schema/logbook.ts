import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';
import { tenants } from './tenants';
import { vehicleBookings, vehicles } from './vehicles';

/**
 * Fahrtenbuch. Append-only: a correction is a new row with the
 * next revision that supersedes the current one; the original keeps its id as
 * `entry_id` of the whole chain. Migration 0007 adds what drizzle cannot
 * express: the trigger that refuses UPDATE, DELETE and TRUNCATE for the
 * application role, and the checks on kinds, readings and chain shape.
 */

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const logbookEntries = pgTable(
  'logbook_entries',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /** The original's id, shared by every revision of one entry. */
    entryId: uuid('entry_id').notNull(),
    revision: integer('revision').notNull(),
    supersedesId: uuid('supersedes_id'),
    kind: text('kind').notNull(),
    vehicleId: uuid('vehicle_id').notNull(),
    bookingId: uuid('booking_id'),
    startedAt: tstz('started_at').notNull(),
    endedAt: tstz('ended_at').notNull(),
    odometerStart: integer('odometer_start').notNull(),
    odometerEnd: integer('odometer_end').notNull(),
    driverId: uuid('driver_id'),
    /** Name as it was at the trip (a guest's name for guest trips). */
    driverName: text('driver_name').notNull(),
    destination: text('destination'),
    stopover: text('stopover'),
    reason: text('reason'),
    partner: text('partner'),
    detour: text('detour'),
    tripKind: text('trip_kind').notNull(),
    /** Why a correction was made, or what explains a gap. */
    note: text('note'),
    createdById: uuid('created_by_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.vehicleId], foreignColumns: [vehicles.tenantId, vehicles.id] }),
    foreignKey({ columns: [t.tenantId, t.bookingId], foreignColumns: [vehicleBookings.tenantId, vehicleBookings.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.createdById], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.supersedesId], foreignColumns: [t.tenantId, t.id] }),
    uniqueIndex().on(t.tenantId, t.entryId, t.revision),
    // one correction per revision: two people correcting the same revision at once cannot both win
    uniqueIndex().on(t.tenantId, t.supersedesId),
    // one original entry per trip
    uniqueIndex('logbook_entries_one_per_trip').on(t.tenantId, t.bookingId).where(sql`revision = 1 AND booking_id IS NOT NULL`),
    index().on(t.tenantId, t.vehicleId, t.startedAt),
    index().on(t.tenantId, t.driverId, t.startedAt),
    index().on(t.tenantId, t.startedAt),
  ],
);
