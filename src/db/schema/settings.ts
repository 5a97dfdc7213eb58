import { foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { groups, users } from './people';
import { tenants } from './tenants';

/** Customizing option catalogue; mirrors SETTING_CATALOGUE of src/domain/settings.ts, upserted on start. */
export const settingOptions = pgTable('setting_options', {
  name: text('name').primaryKey(),
  feature: text('feature').notNull(),
  type: text('type').notNull(),
  defaultValue: text('default_value').notNull(),
  description: text('description').notNull(),
});

/** Customizing: a value of an option at one layer (BENUTZER, GRUPPE, MANDANT). */
export const settingValues = pgTable(
  'setting_values',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    optionName: text('option_name')
      .notNull()
      .references(() => settingOptions.name),
    layer: text('layer').notNull(),
    userId: uuid('user_id'),
    groupId: uuid('group_id'),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('setting_values_slot').on(t.tenantId, t.optionName, t.layer, t.userId, t.groupId).nullsNotDistinct(),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [groups.tenantId, groups.id] }).onDelete('cascade'),
    index().on(t.tenantId, t.userId),
  ],
);
