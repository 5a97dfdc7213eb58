import { withTenant } from '@db/client';
import { findMemberById } from '@server/areas/people/user-repository';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { sendInvitation } from '../session/public';
import { peopleErrors } from './errors';

const notFound = () => peopleErrors.fail('user_not_found');

export async function inviteUser(deps: Deps, user: UserContext, origin: string, id: string): Promise<void> {
  const member = await withTenant(deps.database.db, user.tenant.id, (tx) => findMemberById(tx, user.tenant.id, id));
  if (!member || member.status === 'geloescht') throw notFound();
  await sendInvitation(deps, user.tenant, origin, member);
}
