import type { CalendarInvitationsStatus } from '@contracts/calendar-feed';
import { withTenant } from '@db/client';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { effectiveSettings, saveSetting } from '../settings/public';

/** The person's own switch for calendar invitations (decision 217), stored at the BENUTZER layer of kalenderEinladungen. */
export async function calendarInvitations(deps: Deps, user: UserContext): Promise<CalendarInvitationsStatus> {
  const [v] = await withTenant(deps.database.db, user.tenant.id, (tx) =>
    effectiveSettings(tx, user.tenant.id, user.member.id, ['kalenderEinladungen']),
  );
  return { enabled: v!.value === true, source: v!.source };
}

export async function saveCalendarInvitations(deps: Deps, user: UserContext, enabled: boolean): Promise<CalendarInvitationsStatus> {
  await saveSetting(deps, user, { name: 'kalenderEinladungen', layer: 'BENUTZER', value: enabled });
  return calendarInvitations(deps, user);
}
