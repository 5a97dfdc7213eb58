import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';
import { tenants } from './tenants';
import { vehicleBookings, vehicles } from './vehicles';

/**
 * Fuel and charging cards and the receipts of the fleet (migration 0048). A
 * card keeps only the last four digits of its number and never a PIN. The
 * kind checks and the non-negative checks live in the migration.
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const fuelCards = pgTable(
  'fuel_cards',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').notNull(),
    provider: text('provider').notNull(),
    lastFour: text('last_four').notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    /** The vehicle the card travels with; null while it is in the fleet office. */
    vehicleId: uuid('vehicle_id'),
    note: text('note'),
    retired: boolean('retired').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.vehicleId], foreignColumns: [vehicles.tenantId, vehicles.id] }),
    index().on(t.tenantId, t.vehicleId),
  ],
);

export const fuelReceipts = pgTable(
  'fuel_receipts',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    litres: real('litres'),
    kwh: real('kwh'),
    amountCents: integer('amount_cents').notNull(),
    odometer: integer('odometer'),
    cardId: uuid('card_id'),
    /** The trip at whose end the receipt was recorded, if any. */
    bookingId: uuid('booking_id'),
    /** File id in the `belege` bucket (png/jpg/pdf, checked by content). */
    photo: text('photo'),
    note: text('note'),
    createdById: uuid('created_by_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.vehicleId], foreignColumns: [vehicles.tenantId, vehicles.id] }),
    foreignKey({ columns: [t.tenantId, t.cardId], foreignColumns: [fuelCards.tenantId, fuelCards.id] }),
    foreignKey({ columns: [t.tenantId, t.bookingId], foreignColumns: [vehicleBookings.tenantId, vehicleBookings.id] }),
    foreignKey({ columns: [t.tenantId, t.createdById], foreignColumns: [users.tenantId, users.id] }),
    index().on(t.tenantId, t.vehicleId, t.day),
    index().on(t.tenantId, t.day),
  ],
);
