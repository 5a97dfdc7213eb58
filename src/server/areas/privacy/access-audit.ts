import type { Db } from '@db/client';
import {
  ACCESS_SUBJECT,
  type AccessedPerson,
  accessedNames,
  accessSubjectId,
  accessSubjectName,
  isAuditedAccess,
  othersAccessed,
  PERSONAL_DATA_ACCESS,
  type PersonalDataAccess,
} from '@domain/access-audit';
import { insertAudit } from '@server/areas/access-admin/public';
import type { UserContext } from '../../kernel/context';

/** Who read: the signed-in member, or the person a background job works for. */
export interface AccessActor {
  id: string;
  firstName: string;
  lastName: string;
}

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

/**
 * One read that showed many people at once (a logbook page, an export, a
 * report mail, a page of the licence list; decision 155): one entry for the
 * read, not one per row, naming every other person it showed and its scope
 * (vehicle, period, page, recipients). Nothing is recorded when the read
 * showed only the reader's own rows or no one. Returns whether an entry was written.
 */
export async function recordAccessOfMany(
  tx: Db,
  tenantId: string,
  actor: AccessActor,
  persons: Iterable<AccessedPerson>,
  what: PersonalDataAccess,
  scope: { field: string; value: string }[] = [],
): Promise<boolean> {
  const others = othersAccessed(actor.id, persons);
  if (others.length === 0) return false;
  await insertAudit(tx, tenantId, {
    actorId: actor.id,
    actorName: `${actor.firstName} ${actor.lastName}`,
    action: 'einsehen',
    subjectType: ACCESS_SUBJECT,
    subjectId: accessSubjectId(others),
    subjectName: accessSubjectName(others),
    changes: [
      { field: 'Daten', old: null, new: PERSONAL_DATA_ACCESS[what] },
      ...scope.map((s) => ({ field: s.field, old: null, new: s.value })),
      { field: 'Personen', old: null, new: `${others.length}: ${accessedNames(others)}` },
    ],
  });
  return true;
}

/** The scope lines of a page of a searchable list: the search, the state filter and the page. */
export function listScopeLines(q: { q?: string | undefined; state?: readonly string[]; page: number }): { field: string; value: string }[] {
  return [
    ...(q.q?.trim() ? [{ field: 'Suche', value: q.q.trim() }] : []),
    ...(q.state && q.state.length > 0 ? [{ field: 'Status', value: q.state.join(', ') }] : []),
    { field: 'Seite', value: String(q.page) },
  ];
}
