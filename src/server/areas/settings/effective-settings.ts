import type { Db } from '@db/client';
import {
  decodeSettingValue,
  findOption,
  resolveSetting,
  SETTING_CATALOGUE,
  type SettingName,
  type SettingOption,
  type SettingValue,
  type SettingValues,
} from '@domain/settings';
import { loadSettingValuesForUser, type StoredSettingValue } from '@server/areas/settings/setting-repository';

export interface EffectiveValue {
  option: SettingOption<SettingName>;
  value: unknown;
  source: 'BENUTZER' | 'GRUPPE' | 'MANDANT' | 'DEFAULT';
}

function resolveAll(options: readonly SettingOption<SettingName>[], stored: StoredSettingValue[], userId: string | null) {
  return options.map((option): EffectiveValue => {
    const mine = stored.filter((s) => s.optionName === option.name);
    const resolved = resolveSetting(option, {
      user: userId ? (mine.find((s) => s.layer === 'BENUTZER' && s.userId === userId)?.value ?? null) : null,
      groups: mine.filter((s) => s.layer === 'GRUPPE').map((s) => ({ groupName: s.groupName ?? '', value: s.value })),
      tenant: mine.find((s) => s.layer === 'MANDANT')?.value ?? null,
    });
    return { option, value: resolved.value, source: resolved.source };
  });
}

/** Effective values for a user (user → group → tenant → default) with where each comes from, in one query: what the settings screens show. */
export async function effectiveSettings(tx: Db, tenantId: string, userId: string | null, names?: readonly SettingName[]) {
  const options = names ? names.map((name) => findOption(name)) : SETTING_CATALOGUE;
  const stored = await loadSettingValuesForUser(tx, tenantId, userId, names);
  return resolveAll(options, stored, userId);
}

/** Values as set for the whole tenant (ignoring user and group layers): what /admin/einstellungen edits. */
export async function tenantSettings(tx: Db, tenantId: string) {
  const stored = (await loadSettingValuesForUser(tx, tenantId, null)).filter((s) => s.layer === 'MANDANT');
  return resolveAll(SETTING_CATALOGUE, stored, null);
}

/**
 * The effective values of several options, each with its option's type, in one
 * query: `(await effectiveValues(tx, t, u, ['zeitRasterMinuten'])).zeitRasterMinuten` is a number.
 */
export async function effectiveValues<const N extends SettingName>(
  tx: Db,
  tenantId: string,
  userId: string | null,
  names: readonly N[],
): Promise<Pick<SettingValues, N>> {
  const values = await effectiveSettings(tx, tenantId, userId, names);
  // resolveSetting returns only values its option's check accepted, and that check is what SettingValue is derived from
  return Object.fromEntries(values.map((v) => [v.option.name, v.value])) as Pick<SettingValues, N>;
}

/** The effective value of one option, with the option's type. */
export async function effectiveSetting<N extends SettingName>(
  tx: Db,
  tenantId: string,
  userId: string | null,
  name: N,
): Promise<SettingValue<N>> {
  return (await effectiveValues(tx, tenantId, userId, [name]))[name];
}

export { decodeSettingValue };
