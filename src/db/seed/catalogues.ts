import { PERMISSION_DESCRIPTIONS, PERMISSIONS } from '@domain/permissions';
import { SETTING_CATALOGUE } from '@domain/settings';
import type { Db } from '../client';
import { features, permissions, settingOptions } from '../schema/index';

export const FEATURES = [
  { key: 'fahrzeug', name: 'Fahrzeuge' },
  { key: 'leseraum', name: 'Leseraum' },
  { key: 'arbeitswelt', name: 'Arbeitswelt' },
  { key: 'gastbuchung', name: 'Gastbuchung' },
] as const;

/**
 * The global catalogues (features, permissions, customizing options) follow
 * the domain on every start, so a new option in code is in the database
 * without a hand-written migration.
 */
export async function syncCatalogues(db: Db): Promise<void> {
  await db
    .insert(features)
    .values([...FEATURES])
    .onConflictDoNothing();
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name], defaultValue: 'false', type: 'boolean' })))
    .onConflictDoNothing();
  for (const o of SETTING_CATALOGUE) {
    await db
      .insert(settingOptions)
      .values({ name: o.name, feature: o.feature, type: o.type, defaultValue: o.defaultValue, description: o.description })
      .onConflictDoUpdate({
        target: settingOptions.name,
        set: { feature: o.feature, type: o.type, defaultValue: o.defaultValue, description: o.description },
      });
  }
}
