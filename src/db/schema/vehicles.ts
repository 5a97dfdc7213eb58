import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { departments, users } from './people';
import { locations, parkingSpaces } from './places';
import { tenants } from './tenants';

/**
 * Pool vehicles. Glossary: fahrzeug = vehicles, fahrzeug_buchung =
 * vehicle_bookings, sonderfreigabe = vehicle_booking_approvers, fahrzeug_verlauf =
 * vehicle_history, objektattribut = object_attributes. The exclusion constraint
 * against double booking lives in migration 0002 (drizzle cannot express it).
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Fahrzeug. Booking times (fahrzeug_oeffnungszeit) are columns of the vehicle: one set per vehicle. */
export const vehicles = pgTable(
  'vehicles',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    locationId: uuid('location_id').notNull(),
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    licensePlate: text('license_plate').notNull(),
    fuel: text('fuel').notNull(),
    powerKw: integer('power_kw'),
    /** Tank and battery capacity (migration 0048): the limits a fuel receipt or charging session is checked against. */
    tankLitres: real('tank_litres'),
    batteryKwh: real('battery_kwh'),
    gearbox: text('gearbox'),
    trunkBags: integer('trunk_bags'),
    seats: integer('seats'),
    doors: integer('doors'),
    colour: text('colour'),
    requiredLicenseClass: text('required_license_class'),
    airConditioning: boolean('air_conditioning').notNull().default(false),
    navigation: boolean('navigation').notNull().default(false),
    cruiseControl: boolean('cruise_control').notNull().default(false),
    seatHeating: boolean('seat_heating').notNull().default(false),
    imagePath: text('image_path'),
    imageContentType: text('image_content_type'),
    guestBookingPossible: boolean('guest_booking_possible').notNull().default(false),
    bookingOutsidePossible: boolean('booking_outside_possible').notNull().default(false),
    bookingWeekdays: jsonb('booking_weekdays')
      .$type<string[]>()
      .notNull()
      .default(sql`'["montags","dienstags","mittwochs","donnerstags","freitags"]'::jsonb`),
    bookingFrom: text('booking_from').notNull().default('09:00'),
    bookingTo: text('booking_to').notNull().default('18:00'),
    deactivated: boolean('deactivated').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    index().on(t.tenantId, t.deactivated),
  ],
);

/** fahrzeug_abteilung: departments that may book a vehicle (none = everybody). */
export const vehicleDepartments = pgTable(
  'vehicle_departments',
  {
    tenantId: tenantId(),
    vehicleId: uuid('vehicle_id').notNull(),
    departmentId: uuid('department_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.vehicleId, t.departmentId] }),
    foreignKey({ columns: [t.tenantId, t.vehicleId], foreignColumns: [vehicles.tenantId, vehicles.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.departmentId], foreignColumns: [departments.tenantId, departments.id] }).onDelete('cascade'),
  ],
);

/**
 * fahrzeug_buchung. `blocked_until` = bis + the tenant's minimum gap at the time
 * of saving, computed by the service; the exclusion constraint compares
 * tstzrange(von, blocked_until) of blocking bookings (decision 010).
 */
export const vehicleBookings = pgTable(
  'vehicle_bookings',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    von: tstz('von').notNull(),
    bis: tstz('bis').notNull(),
    blockedUntil: tstz('blocked_until').notNull(),
    status: text('status').notNull().default('reserviert'),
    type: text('type').notNull().default('BUCHUNG'),
    bookedById: uuid('booked_by_id').notNull(),
    driverId: uuid('driver_id').notNull(),
    infoText: text('info_text'),
    reason: text('reason'),
    passengers: text('passengers'),
    destination: text('destination'),
    stopover: text('stopover'),
    contact: text('contact'),
    detour: text('detour'),
    cancelReason: text('cancel_reason'),
    needsApproval: boolean('needs_approval').notNull().default(false),
    attachmentToken: uuid('attachment_token').notNull().defaultRandom(),
    reminderCount: integer('reminder_count').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    /** Raised by one by a trigger on every change (migration 0041, decision 200): the calendar event's SEQUENCE. */
    revision: integer('revision').notNull().default(0),
    /** The vehicle series this date belongs to (migration 0029, decision 115). */
    seriesId: uuid('series_id'),
    /** When the retention run anonymised this booking (migration 0032, decision 150); null = not yet. */
    anonymisedAt: tstz('anonymised_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.vehicleId], foreignColumns: [vehicles.tenantId, vehicles.id] }),
    foreignKey({ columns: [t.tenantId, t.bookedById], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [users.tenantId, users.id] }),
    index().on(t.tenantId, t.vehicleId, t.von),
    index().on(t.tenantId, t.driverId, t.von),
    index().on(t.tenantId, t.bookedById, t.von),
    index().on(t.tenantId, t.status, t.von),
    // my bookings: a person's bookings that have not ended, without reading their history (migration 0015)
    index('vehicle_bookings_driver_until_idx').on(t.tenantId, t.driverId, t.bis),
    index('vehicle_bookings_booker_until_idx').on(t.tenantId, t.bookedById, t.bis),
  ],
);

/** sonderfreigabe: one row per approver of a special trip; approved null = open. */
export const vehicleBookingApprovers = pgTable(
  'vehicle_booking_approvers',
  {
    tenantId: tenantId(),
    bookingId: uuid('booking_id').notNull(),
    userId: uuid('user_id').notNull(),
    approved: boolean('approved'),
    decidedAt: tstz('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.bookingId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.bookingId], foreignColumns: [vehicleBookings.tenantId, vehicleBookings.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    index().on(t.tenantId, t.userId),
  ],
);

/** fahrzeug_verlauf: append-only history of a vehicle. */
export const vehicleHistory = pgTable(
  'vehicle_history',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    time: tstz('time').notNull().defaultNow(),
    type: text('type').notNull(),
    status: text('status'),
    description: text('description'),
    bookingId: uuid('booking_id'),
    mileage: integer('mileage'),
    cleanlinessOutside: text('cleanliness_outside'),
    cleanlinessInside: text('cleanliness_inside'),
    parkingSpaceId: uuid('parking_space_id'),
    fuelPercent: real('fuel_percent'),
    damages: jsonb('damages').$type<{ description: string; receiptId: string | null }[]>().notNull().default(sql`'[]'::jsonb`),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    userId: uuid('user_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.vehicleId], foreignColumns: [vehicles.tenantId, vehicles.id] }),
    foreignKey({ columns: [t.tenantId, t.bookingId], foreignColumns: [vehicleBookings.tenantId, vehicleBookings.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.parkingSpaceId], foreignColumns: [parkingSpaces.tenantId, parkingSpaces.id] }),
    index().on(t.tenantId, t.vehicleId, t.time),
  ],
);

/** objektattribut for FAHRZEUG and FAHRZEUG_VERLAUF. */
export const objectAttributes = pgTable(
  'object_attributes',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    target: text('target').notNull(),
    type: text('type').notNull(),
    label: text('label').notNull(),
    choices: jsonb('choices').$type<{ key: string; text: string }[]>().notNull().default(sql`'[]'::jsonb`),
    conditions: jsonb('conditions')
      .$type<{ type: string; value: string | null; dependentAttributeId: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** fahrzeug_objektattributwert: the value of an attribute on a vehicle. */
export const vehicleAttributeValues = pgTable(
  'vehicle_attribute_values',
  {
    tenantId: tenantId(),
    vehicleId: uuid('vehicle_id').notNull(),
    attributeId: uuid('attribute_id').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.vehicleId, t.attributeId] }),
    foreignKey({ columns: [t.tenantId, t.vehicleId], foreignColumns: [vehicles.tenantId, vehicles.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.attributeId], foreignColumns: [objectAttributes.tenantId, objectAttributes.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * A series of vehicle bookings (migration 0029, decision 115). `rule` is the
 * SeriesRule of domain/booking-series.ts, from/to the time of day of every
 * date; each date is an ordinary booking carrying series_id.
 */
export const vehicleSeries = pgTable(
  'vehicle_series',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    vehicleId: uuid('vehicle_id').notNull(),
    bookedById: uuid('booked_by_id').notNull(),
    driverId: uuid('driver_id').notNull(),
    rule: jsonb('rule').notNull(),
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    details: jsonb('details').notNull().default({}),
    bookedThrough: date('booked_through').notNull(),
    endedAt: tstz('ended_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.vehicleId], foreignColumns: [vehicles.tenantId, vehicles.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.bookedById], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.driverId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
