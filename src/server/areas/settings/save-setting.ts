import { withTenant } from '@db/client';
import { canWriteSetting } from '@domain/setting-access';
import { encodeSettingValue, requestedOption, type SettingLayer } from '@domain/settings';
import { deleteSettingValue, groupExists, upsertSettingValue } from '@server/areas/settings/setting-repository';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { kernelErrors } from '../../kernel/errors';
import { settingsErrors } from './errors';

/**
 * Stores a customizing value at a layer. BENUTZER always means the signed-in
 * user's own value; GRUPPE and MANDANT need a settings permission.
 */
export async function saveSetting(
  deps: Deps,
  user: UserContext,
  input: { name: string; layer: SettingLayer; value: unknown; groupId?: string },
): Promise<void> {
  const option = requestedOption(input.name);
  const access = canWriteSetting(user.permissions, option, input.layer);
  if (!access.allowed) throw kernelErrors.fail('forbidden', { denial: access.denial });
  const text = encodeSettingValue(option, input.value, input.layer);
  const tenantId = user.tenant.id;
  await withTenant(deps.database.db, tenantId, async (tx) => {
    if (input.layer === 'GRUPPE') {
      if (!input.groupId || !(await groupExists(tx, tenantId, input.groupId))) {
        throw settingsErrors.fail('group_value_invalid', { value: String(input.value) });
      }
    }
    await upsertSettingValue(tx, {
      tenantId,
      optionName: option.name,
      layer: input.layer,
      userId: input.layer === 'BENUTZER' ? user.member.id : null,
      groupId: input.layer === 'GRUPPE' ? input.groupId! : null,
      value: text,
    });
  });
}

/** Removes the value at a layer, so the next layer (or the default) applies again. Same permission rule as saving. */
export async function resetSetting(
  deps: Deps,
  user: UserContext,
  input: { name: string; layer: SettingLayer; groupId?: string },
): Promise<void> {
  const option = requestedOption(input.name);
  const access = canWriteSetting(user.permissions, option, input.layer);
  if (!access.allowed) throw kernelErrors.fail('forbidden', { denial: access.denial });
  if (input.layer === 'GRUPPE' && !input.groupId) throw settingsErrors.fail('group_missing');
  const tenantId = user.tenant.id;
  await withTenant(deps.database.db, tenantId, (tx) =>
    deleteSettingValue(tx, {
      tenantId,
      optionName: option.name,
      layer: input.layer,
      userId: input.layer === 'BENUTZER' ? user.member.id : null,
      groupId: input.layer === 'GRUPPE' ? input.groupId! : null,
    }),
  );
}
