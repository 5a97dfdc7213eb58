import { withTenant } from '@db/client';
import { updateMember } from '@server/areas/people/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';

/** A person changes their own name and e-mail (settings dialog, personal data). */
export async function updateOwnProfile(
  deps: Deps,
  user: UserContext,
  patch: { firstName?: string; lastName?: string; email?: string },
): Promise<void> {
  await withTenant(deps.database.db, user.tenant.id, (tx) => updateMember(tx, user.tenant.id, user.member.id, patch));
}
