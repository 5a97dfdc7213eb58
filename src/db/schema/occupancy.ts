import { sql } from 'drizzle-orm';
import { check, foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { floorPlans } from './reading-rooms';
import { tenants } from './tenants';

/*
 * Live occupancy for the tenant's website (decision 230, migration 0053). Both
 * tables are counted under the change subject 'occupancy'.
 */

/** A floor plan whose occupancy page and JSON are public: switched on by the room admin; no row, no page. */
export const occupancyFloorPlans = pgTable(
  'occupancy_floor_plans',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    floorPlanId: uuid('floor_plan_id').notNull(),
    enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'occupancy_floor_plans_pk', columns: [t.tenantId, t.floorPlanId] }),
    foreignKey({
      name: 'occupancy_floor_plans_plan_fk',
      columns: [t.tenantId, t.floorPlanId],
      foreignColumns: [floorPlans.tenantId, floorPlans.id],
    }).onDelete('cascade'),
  ],
);

/** Per tenant: the websites (origins) that may frame the page and read the JSON, and the page's colour. */
export const occupancyEmbedding = pgTable(
  'occupancy_embedding',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    origins: text('origins').array().notNull().default(sql`'{}'`),
    colour: text('colour').notNull().default('#1c7ed6'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('occupancy_embedding_origins_count', sql`cardinality(${t.origins}) <= 20`)],
);
