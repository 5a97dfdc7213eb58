import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { vehicleBookings, vehicles } from './vehicles';

/**
 * Guests. Glossary: fahrzeug_buchung_gast = vehicle_booking_guests
 * (the guest of a vehicle booking), Gästeverleih-Anfrage = rental_requests,
 * public_rate_limits = hits per address or e-mail and time window, shared by
 * all app nodes. Tokens are stored only as SHA-256 hashes (decision 050).
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** fahrzeug_buchung_gast: name, e-mail, confirmed, confirmed-at, cancellation token (hashed), notes (docs/product.md#guests). */
export const vehicleBookingGuests = pgTable(
  'vehicle_booking_guests',
  {
    tenantId: tenantId(),
    bookingId: uuid('booking_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    notes: text('notes'),
    locale: text('locale').notNull().default('de'),
    source: text('source').notNull().default('empfang'),
    confirmed: boolean('confirmed').notNull().default(false),
    confirmedAt: tstz('confirmed_at'),
    tokenHash: text('token_hash').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** When the retention run removed the guest's data (migration 0032, decision 150). */
    anonymisedAt: tstz('anonymised_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.bookingId] }),
    foreignKey({ columns: [t.tenantId, t.bookingId], foreignColumns: [vehicleBookings.tenantId, vehicleBookings.id] }).onDelete('cascade'),
    unique().on(t.tenantId, t.tokenHash),
  ],
);

/** A visitor's request on /public: blocks nothing until confirmed by the link in its mail (double opt-in). */
export const rentalRequests = pgTable(
  'rental_requests',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    von: tstz('von').notNull(),
    bis: tstz('bis').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    locale: text('locale').notNull().default('de'),
    status: text('status').notNull().default('offen'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    bookingId: uuid('booking_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** When the retention run removed the visitor's data (migration 0032, decision 150). */
    anonymisedAt: tstz('anonymised_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.vehicleId], foreignColumns: [vehicles.tenantId, vehicles.id] }),
    foreignKey({ columns: [t.tenantId, t.bookingId], foreignColumns: [vehicleBookings.tenantId, vehicleBookings.id] }),
    unique().on(t.tenantId, t.tokenHash),
    index().on(t.tenantId, t.email, t.status),
    index().on(t.tenantId, t.status, t.expiresAt),
  ],
);

/** Hits per (bucket, hashed address or e-mail, fixed window). */
export const publicRateLimits = pgTable(
  'public_rate_limits',
  {
    tenantId: tenantId(),
    bucket: text('bucket').notNull(),
    keyHash: text('key_hash').notNull(),
    windowStart: tstz('window_start').notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.bucket, t.keyHash, t.windowStart] })],
);
