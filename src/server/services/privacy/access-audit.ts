import type { Db } from '@db/client';
import { ACCESS_SUBJECT, isAuditedAccess, PERSONAL_DATA_ACCESS, type PersonalDataAccess } from '@domain/access-audit';
import { insertAudit } from '@server/repositories/access-admin-repository';
import type { UserContext } from '../context';

/**
 * Records that an admin or examiner looked at another person's data (decision
 * 106): one append-only audit entry (who, whom, what, when) in the transaction
 * of the read, so no read goes unrecorded.
 */
export async function recordAccess(
  tx: Db,
  user: UserContext,
  person: { id: string; firstName: string; lastName: string },
  what: PersonalDataAccess,
): Promise<void> {
  if (!isAuditedAccess(user.member.id, person.id)) return;
  await insertAudit(tx, user.tenant.id, {
    actorId: user.member.id,
    actorName: `${user.member.firstName} ${user.member.lastName}`,
    action: 'einsehen',
    subjectType: ACCESS_SUBJECT,
    subjectId: person.id,
    subjectName: `${person.firstName} ${person.lastName}`,
    changes: [{ field: 'Daten', old: null, new: PERSONAL_DATA_ACCESS[what] }],
  });
}
