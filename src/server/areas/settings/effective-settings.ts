import type { Db } from '@db/client';
import { decodeSettingValue, findOption, resolveSetting, SETTING_CATALOGUE, type SettingOption } from '@domain/settings';
import { loadSettingValuesForUser, type StoredSettingValue } from '@server/areas/settings/setting-repository';

export interface EffectiveValue {
  option: SettingOption;
  value: unknown;
  source: 'BENUTZER' | 'GRUPPE' | 'MANDANT' | 'DEFAULT';
}

function resolveAll(options: readonly SettingOption[], stored: StoredSettingValue[], userId: string | null) {
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

/** Effective values for a user (user → group → tenant → default), in one query. */
export async function effectiveSettings(tx: Db, tenantId: string, userId: string | null, names?: readonly string[]) {
  const options = names ? names.map(findOption) : SETTING_CATALOGUE;
  const stored = await loadSettingValuesForUser(tx, tenantId, userId, names);
  return resolveAll(options, stored, userId);
}

/** Values as set for the whole tenant (ignoring user and group layers): what /admin/einstellungen edits. */
export async function tenantSettings(tx: Db, tenantId: string) {
  const stored = (await loadSettingValuesForUser(tx, tenantId, null)).filter((s) => s.layer === 'MANDANT');
  return resolveAll(SETTING_CATALOGUE, stored, null);
}

export async function effectiveSetting(tx: Db, tenantId: string, userId: string | null, name: string): Promise<unknown> {
  const [v] = await effectiveSettings(tx, tenantId, userId, [name]);
  return v!.value;
}

export { decodeSettingValue };
