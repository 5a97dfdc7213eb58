import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { vehicleDamages } from './vehicle-care';
import { vehicleBookings, vehicles } from './vehicles';

/**
 * The check before the trip (migration 0051, decision 228): checklists of the
 * fleet per vehicle category, their published versions with the points' wording,
 * and the answers given at each trip start. Versions, points, checks and answers
 * are append-only (the triggers live in the migration).
 */

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A checklist of the fleet; its points are those of its newest version. Retired ones apply to no category any more. */
export const tripChecklists = pgTable(
  'trip_checklists',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    retiredAt: tstz('retired_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Which checklist a vehicle category is checked with: one per category (compared as `category_key`). */
export const tripChecklistCategories = pgTable(
  'trip_checklist_categories',
  {
    tenantId: tenantId(),
    categoryKey: text('category_key').notNull(),
    category: text('category').notNull(),
    checklistId: uuid('checklist_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.categoryKey] }),
    foreignKey({ columns: [t.tenantId, t.checklistId], foreignColumns: [tripChecklists.tenantId, tripChecklists.id] }).onDelete('cascade'),
    index().on(t.tenantId, t.checklistId),
  ],
);

/** A published version: numbered from 1 per checklist, never changed. */
export const tripChecklistVersions = pgTable(
  'trip_checklist_versions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    checklistId: uuid('checklist_id').notNull(),
    version: integer('version').notNull(),
    publishedAt: tstz('published_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique().on(t.tenantId, t.checklistId, t.version),
    foreignKey({ columns: [t.tenantId, t.checklistId], foreignColumns: [tripChecklists.tenantId, tripChecklists.id] }),
  ],
);

/** A point of one version, with the wording it was answered with; `item_key` follows the point from version to version. */
export const tripChecklistItems = pgTable(
  'trip_checklist_items',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    versionId: uuid('version_id').notNull(),
    itemKey: uuid('item_key').notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    critical: boolean('critical').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique().on(t.tenantId, t.versionId, t.id),
    unique().on(t.tenantId, t.versionId, t.position),
    unique().on(t.tenantId, t.versionId, t.itemKey),
    foreignKey({ columns: [t.tenantId, t.versionId], foreignColumns: [tripChecklistVersions.tenantId, tripChecklistVersions.id] }),
  ],
);

/** One answered check at a trip start: `angetreten` (the trip started) or `abgelehnt` (a critical point refused it). */
export const tripChecks = pgTable(
  'trip_checks',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    bookingId: uuid('booking_id').notNull(),
    vehicleId: uuid('vehicle_id').notNull(),
    versionId: uuid('version_id').notNull(),
    outcome: text('outcome').notNull(),
    answeredAt: tstz('answered_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique().on(t.tenantId, t.id, t.versionId),
    foreignKey({ columns: [t.tenantId, t.bookingId], foreignColumns: [vehicleBookings.tenantId, vehicleBookings.id] }),
    foreignKey({ columns: [t.tenantId, t.vehicleId], foreignColumns: [vehicles.tenantId, vehicles.id] }),
    foreignKey({ columns: [t.tenantId, t.versionId], foreignColumns: [tripChecklistVersions.tenantId, tripChecklistVersions.id] }),
    index().on(t.tenantId, t.vehicleId, t.answeredAt),
    index().on(t.tenantId, t.bookingId),
  ],
);

/** The answer to one point of the check's version; a point not in order carries its note and the damage it left. */
export const tripCheckAnswers = pgTable(
  'trip_check_answers',
  {
    tenantId: tenantId(),
    checkId: uuid('check_id').notNull(),
    versionId: uuid('version_id').notNull(),
    itemId: uuid('item_id').notNull(),
    ok: boolean('ok').notNull(),
    note: text('note'),
    damageId: uuid('damage_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.checkId, t.itemId] }),
    foreignKey({
      columns: [t.tenantId, t.checkId, t.versionId],
      foreignColumns: [tripChecks.tenantId, tripChecks.id, tripChecks.versionId],
    }),
    foreignKey({
      columns: [t.tenantId, t.versionId, t.itemId],
      foreignColumns: [tripChecklistItems.tenantId, tripChecklistItems.versionId, tripChecklistItems.id],
    }),
    foreignKey({ columns: [t.tenantId, t.damageId], foreignColumns: [vehicleDamages.tenantId, vehicleDamages.id] }),
    index().on(t.tenantId, t.damageId),
  ],
);
