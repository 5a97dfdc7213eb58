import { withTenant } from '../../../db/client';
import { AppError } from '../../../domain/errors';
import type { Deps } from '../../deps';
import {
  deleteSessionsOfAuthUser,
  findMemberById,
  listMembers,
  updateMember,
  type MemberRecord,
} from '../../repositories/user-repository';
import type { UserContext } from '../context';
import { sendInvitation } from '../session/passwords';

const notFound = () => new AppError('not_found', 'Benutzer nicht gefunden.', 404);

export function listUsers(deps: Deps, user: UserContext) {
  return withTenant(deps.database.db, user.tenant.id, (tx) => listMembers(tx, user.tenant.id));
}

/** Updates a member; setting one inactive ends all of that identity's sessions at once. */
export async function updateUser(
  deps: Deps,
  user: UserContext,
  id: string,
  patch: Partial<Pick<MemberRecord, 'firstName' | 'lastName' | 'email' | 'status'>>,
): Promise<MemberRecord> {
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const before = await findMemberById(tx, tenantId, id);
    if (!before) throw notFound();
    if (Object.keys(patch).length > 0) await updateMember(tx, tenantId, id, patch);
    if (patch.status === 'inaktiv' && before.status !== 'inaktiv') await deleteSessionsOfAuthUser(tx, before.authUserId);
    return (await findMemberById(tx, tenantId, id))!;
  });
}

export async function inviteUser(deps: Deps, user: UserContext, origin: string, id: string): Promise<void> {
  const member = await withTenant(deps.database.db, user.tenant.id, (tx) => findMemberById(tx, user.tenant.id, id));
  if (!member) throw notFound();
  await sendInvitation(deps, user.tenant, origin, member);
}
