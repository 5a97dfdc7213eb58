import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './people';
import { floorPlans } from './reading-rooms';
import { tenants } from './tenants';

/*
 * Spinde (/officelocker, decision 062). The two exclusion constraints on
 * locker_assignments (one person per locker and day, one locker per person and
 * day, both among assignments not released) live in migration 0011.
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** A locker placed on an office floor plan, like a seat. */
export const lockers = pgTable(
  'lockers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    floorPlanId: uuid('floor_plan_id').notNull(),
    number: text('number').notNull(),
    /** Position in percent of the plan image (0–100). */
    posX: doublePrecision('pos_x').notNull().default(50),
    posY: doublePrecision('pos_y').notNull().default(50),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique().on(t.tenantId, t.floorPlanId, t.number),
    foreignKey({ columns: [t.tenantId, t.floorPlanId], foreignColumns: [floorPlans.tenantId, floorPlans.id] }).onDelete('cascade'),
    check('lockers_position', sql`${t.posX} between 0 and 100 and ${t.posY} between 0 and 100`),
    check('lockers_number', sql`length(${t.number}) between 1 and 20`),
  ],
);

/** Who holds which locker on which day; released_at ends the hold and keeps the row. */
export const lockerAssignments = pgTable(
  'locker_assignments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    lockerId: uuid('locker_id').notNull(),
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.lockerId], foreignColumns: [lockers.tenantId, lockers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    index().on(t.tenantId, t.day),
  ],
);
