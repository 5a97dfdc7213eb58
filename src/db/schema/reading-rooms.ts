import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './people';
import { locations } from './places';
import { tenants } from './tenants';

/*
 * Reading rooms and workplaces: one engine, two kinds of bookable
 * area (floor_plans.area = leseraum | arbeitswelt). The exclusion constraint on
 * reading_room_bookings lives in migration 0003 (drizzle-kit cannot express it).
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** Grundriss (grundriss_leseraum) with its plan image. */
export const floorPlans = pgTable(
  'floor_plans',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** leseraum or arbeitswelt */
    area: text('area').notNull().default('leseraum'),
    locationId: uuid('location_id'),
    imagePath: text('image_path'),
    imageType: text('image_type'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    /** Deactivated plans (migration 0005, decision 025) are hidden from booking and kiosk, kept in the admin. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique().on(t.tenantId, t.area, t.name),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    check('floor_plans_area', sql`${t.area} in ('leseraum', 'arbeitswelt')`),
  ],
);

/** Ausstattung: the tenant's equipment catalogue. */
export const equipment = pgTable(
  'equipment',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

/** Leseraum: a seat/desk (platz) or a group room (raum) placed on a floor plan. */
export const readingRooms = pgTable(
  'reading_rooms',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    floorPlanId: uuid('floor_plan_id').notNull(),
    /** platz or raum */
    kind: text('kind').notNull().default('platz'),
    designation: text('designation').notNull(),
    capacity: integer('capacity').notNull().default(1),
    /** Position in percent of the plan image (0–100). */
    posX: doublePrecision('pos_x').notNull().default(50),
    posY: doublePrecision('pos_y').notNull().default(50),
    description: text('description').notNull().default(''),
    conditions: text('conditions').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique().on(t.tenantId, t.floorPlanId, t.designation),
    foreignKey({ columns: [t.tenantId, t.floorPlanId], foreignColumns: [floorPlans.tenantId, floorPlans.id] }).onDelete('cascade'),
    check('reading_rooms_kind', sql`${t.kind} in ('platz', 'raum')`),
    check('reading_rooms_capacity', sql`${t.capacity} >= 1`),
    check('reading_rooms_position', sql`${t.posX} between 0 and 100 and ${t.posY} between 0 and 100`),
  ],
);

/** leseraum_ausstattung: equipment of a reading room with a count (default 1). */
export const readingRoomEquipment = pgTable(
  'reading_room_equipment',
  {
    tenantId: tenantId(),
    readingRoomId: uuid('reading_room_id').notNull(),
    equipmentId: uuid('equipment_id').notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.readingRoomId, t.equipmentId] }),
    foreignKey({ columns: [t.tenantId, t.readingRoomId], foreignColumns: [readingRooms.tenantId, readingRooms.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.equipmentId], foreignColumns: [equipment.tenantId, equipment.id] }).onDelete('cascade'),
    check('reading_room_equipment_count', sql`${t.count} >= 1`),
  ],
);

/** Öffnungszeit: regular opening hours per floor plan and ISO weekday (1 = Monday). */
export const floorPlanOpeningHours = pgTable(
  'floor_plan_opening_hours',
  {
    tenantId: tenantId(),
    floorPlanId: uuid('floor_plan_id').notNull(),
    weekday: smallint('weekday').notNull(),
    von: text('von').notNull().default('08:00'),
    bis: text('bis').notNull().default('18:00'),
    open: boolean('open').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.floorPlanId, t.weekday] }),
    foreignKey({ columns: [t.tenantId, t.floorPlanId], foreignColumns: [floorPlans.tenantId, floorPlans.id] }).onDelete('cascade'),
    check('floor_plan_opening_hours_weekday', sql`${t.weekday} between 1 and 7`),
    check(
      'floor_plan_opening_hours_times',
      sql`${t.von} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.bis} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.von} < ${t.bis}`,
    ),
  ],
);

/** Abweichende Öffnungszeit: hours and status (offen / geschlossen) for a date range. */
export const floorPlanDeviatingHours = pgTable(
  'floor_plan_deviating_hours',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    floorPlanId: uuid('floor_plan_id').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    von: text('von').notNull().default('08:00'),
    bis: text('bis').notNull().default('18:00'),
    status: text('status').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.floorPlanId], foreignColumns: [floorPlans.tenantId, floorPlans.id] }).onDelete('cascade'),
    index().on(t.tenantId, t.floorPlanId, t.validFrom),
    check('floor_plan_deviating_hours_status', sql`${t.status} in ('offen', 'geschlossen')`),
    check('floor_plan_deviating_hours_range', sql`${t.validTo} >= ${t.validFrom}`),
    check(
      'floor_plan_deviating_hours_times',
      sql`${t.von} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.bis} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.von} < ${t.bis}`,
    ),
  ],
);

/**
 * Öffnungszeitraum (decision 235): weekly hours of a floor plan valid from `valid_from` to `valid_to`, e.g. the
 * Vorlesungszeit. `hours` holds the seven weekdays [{weekday, von, bis, open}], checked by domain/opening-hours.ts.
 */
export const floorPlanOpeningPeriods = pgTable(
  'floor_plan_opening_periods',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    floorPlanId: uuid('floor_plan_id').notNull(),
    name: text('name').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    hours: jsonb('hours').$type<{ weekday: number; von: string; bis: string; open: boolean }[]>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'floor_plan_opening_periods_pk', columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'floor_plan_opening_periods_plan_fk',
      columns: [t.tenantId, t.floorPlanId],
      foreignColumns: [floorPlans.tenantId, floorPlans.id],
    }).onDelete('cascade'),
    index('floor_plan_opening_periods_plan_index').on(t.tenantId, t.floorPlanId, t.validTo),
    check('floor_plan_opening_periods_range', sql`${t.validTo} >= ${t.validFrom}`),
    check('floor_plan_opening_periods_name', sql`length(btrim(${t.name})) between 1 and 80`),
    check('floor_plan_opening_periods_hours', sql`jsonb_typeof(${t.hours}) = 'array' AND jsonb_array_length(${t.hours}) = 7`),
  ],
);

/**
 * LeseraumBuchung. A booking takes the places [place_from, place_to) of its
 * object (group size consecutive places; a seat has the one place 1). The
 * exclusion constraint of migration 0003 forbids two holding bookings
 * (not storniert / durchgeführt) that overlap in time and in places.
 */
export const readingRoomBookings = pgTable(
  'reading_room_bookings',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readingRoomId: uuid('reading_room_id').notNull(),
    von: timestamp('von', { withTimezone: true }).notNull(),
    bis: timestamp('bis', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    /** systembenutzer1: who booked. */
    bookerId: uuid('booker_id').notNull(),
    /** systembenutzer2: who must confirm a pre-booking (and then uses the place). */
    confirmingId: uuid('confirming_id'),
    groupSize: integer('group_size').notNull().default(1),
    placeFrom: integer('place_from').notNull().default(1),
    placeTo: integer('place_to').notNull().default(2),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** When the reminder mail (leseraumErinnerungVorBeginnMinuten) went out; null = not yet. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /**
     * The booker of a booking for oneself while the tenant keeps one place per
     * person at a time (leseraumEinPlatzProPerson); null otherwise. Migration
     * 0006 forbids two holding bookings with the same person here that overlap.
     */
    exclusivePersonId: uuid('exclusive_person_id'),
    /** The series this booking belongs to (booking_series); null for a single booking. */
    seriesId: uuid('series_id'),
    /** Set by a trigger on every change (migrations 0018, 0041): the calendar event's LAST-MODIFIED. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by one by a trigger on every change (migration 0041, decision 200): the calendar event's SEQUENCE. */
    revision: integer('revision').notNull().default(0),
    /** When the retention run anonymised this booking (migration 0032, decision 150); null = not yet. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.readingRoomId], foreignColumns: [readingRooms.tenantId, readingRooms.id] }),
    foreignKey({ columns: [t.tenantId, t.bookerId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.confirmingId], foreignColumns: [users.tenantId, users.id] }),
    index().on(t.tenantId, t.readingRoomId, t.von),
    // The desk map of a day reads the bookings not ended by its start: bounded by the booking horizon, not the history (docs/performance/reading-rooms.md).
    index().on(t.tenantId, t.readingRoomId, t.bis),
    index().on(t.tenantId, t.bookerId, t.von),
    index().on(t.tenantId, t.confirmingId, t.von),
    foreignKey({ columns: [t.tenantId, t.seriesId], foreignColumns: [bookingSeries.tenantId, bookingSeries.id] }),
    check('reading_room_bookings_status', sql`${t.status} in ('vorgemerkt', 'reserviert', 'durchgeführt', 'storniert')`),
    check('reading_room_bookings_period', sql`${t.bis} > ${t.von}`),
    check(
      'reading_room_bookings_places',
      sql`${t.placeFrom} >= 1 and ${t.placeTo} = ${t.placeFrom} + ${t.groupSize} and ${t.groupSize} >= 1`,
    ),
    check(
      'reading_room_bookings_exclusive_person',
      sql`${t.exclusivePersonId} is null or (${t.confirmingId} is null and ${t.exclusivePersonId} = ${t.bookerId})`,
    ),
  ],
);

/**
 * A series of seat or desk bookings (migration 0018). `rule` is the
 * SeriesRule of domain/booking-series.ts; each date is an ordinary booking
 * carrying series_id. The extension job books on from booked_through.
 */
export const bookingSeries = pgTable(
  'booking_series',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    bookerId: uuid('booker_id').notNull(),
    readingRoomId: uuid('reading_room_id').notNull(),
    rule: jsonb('rule').notNull(),
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    groupSize: integer('group_size').notNull().default(1),
    bookedThrough: date('booked_through').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.bookerId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.readingRoomId], foreignColumns: [readingRooms.tenantId, readingRooms.id] }).onDelete('cascade'),
  ],
);

/** A kiosk display's link: bound to a tenant and a floor plan; only the token's SHA-256 is stored. */
export const kioskLinks = pgTable(
  'kiosk_links',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    floorPlanId: uuid('floor_plan_id').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique().on(t.tenantId, t.tokenHash),
    foreignKey({ columns: [t.tenantId, t.floorPlanId], foreignColumns: [floorPlans.tenantId, floorPlans.id] }).onDelete('cascade'),
  ],
);
