import { withTenant } from '@db/client';
import { encodeSettingValue, findOption, type SettingName, type SettingValue } from '@domain/settings';
import { findFloorPlan, findObject } from '@server/areas/reading-rooms/reading-room-repository';
import { upsertSettingValue } from '@server/areas/settings/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { notFound } from './common';

/** Favourite floor plan and seats, kept as the user's own settings (favoritGrundriss, favoritPlaetze). */
export async function saveFavourites(deps: Deps, user: UserContext, input: { floorPlanId: string | null; objectIds: string[] }) {
  const tenantId = user.tenant.id;
  const objectIds = [...new Set(input.objectIds)];
  await withTenant(deps.database.db, tenantId, async (tx) => {
    if (input.floorPlanId && !(await findFloorPlan(tx, tenantId, input.floorPlanId))) throw notFound('Grundriss');
    for (const id of objectIds) if (!(await findObject(tx, tenantId, id))) throw notFound('Platz');
    const write = <N extends SettingName>(name: N, value: SettingValue<N>) =>
      upsertSettingValue(tx, {
        tenantId,
        optionName: name,
        layer: 'BENUTZER',
        userId: user.member.id,
        groupId: null,
        value: encodeSettingValue(findOption(name), value, 'BENUTZER'),
      });
    await write('favoritGrundriss', input.floorPlanId ?? '');
    await write('favoritPlaetze', objectIds);
  });
  return { floorPlanId: input.floorPlanId, objectIds };
}
