import { type Db, withTenant } from '@db/client';
import { type NamedSources, permissionsLost } from '@domain/access-admin';
import type { AppError } from '@domain/errors';
import { type AuditEntry, insertAudit, type PersonSources, sourcesOfPerson } from '@server/areas/access-admin/access-admin-repository';
import type { Deps } from '@server/deps';
import type { UserContext } from './context';
import { kernelErrors } from './errors';

/** What every administrative change shares: one tenant transaction, the audit entry inside it, duplicates as 409. */

export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === 'string') return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return undefined;
}

/** Runs a change in one tenant transaction; a unique violation (a name taken meanwhile) becomes the given 409. */
export async function change<T>(
  deps: Deps,
  user: UserContext,
  fn: (tx: Db, tenantId: string) => Promise<T>,
  duplicate?: () => AppError,
): Promise<T> {
  try {
    return await withTenant(deps.database.db, user.tenant.id, (tx) => fn(tx, user.tenant.id));
  } catch (err) {
    if (duplicate && sqlState(err) === '23505') throw duplicate();
    throw err;
  }
}

export const read = <T>(deps: Deps, user: UserContext, fn: (tx: Db, tenantId: string) => Promise<T>) =>
  withTenant(deps.database.db, user.tenant.id, (tx) => fn(tx, user.tenant.id));

/** Writes the audit entry with the acting member, in the transaction of the change itself. */
export function audit(tx: Db, user: UserContext, entry: Omit<AuditEntry, 'actorId' | 'actorName'>): Promise<void> {
  return insertAudit(tx, user.tenant.id, {
    ...entry,
    actorId: user.member.id,
    actorName: `${user.member.firstName} ${user.member.lastName}`,
  });
}

export const SELF_LOCKOUT = () => kernelErrors.fail('self_lockout');

/** The confirmation a removal needs when people lose rights by it. */
export const confirmRequired = (count: number, what: string): AppError => kernelErrors.fail('confirm_required', { count, what });

/**
 * A role or group is removed only when the acting admin keeps the right to keep
 * roles and groups, and when whoever else loses a permission was confirmed.
 */
export function assertRemovable(user: UserContext, preview: RemovalPreview, confirmed: boolean, what: string): void {
  if (preview.people.some((p) => p.id === user.member.id && p.lost.includes('berechtigungs_pflege'))) throw SELF_LOCKOUT();
  if (preview.people.length > 0 && !confirmed) throw confirmRequired(preview.people.length, what);
}

/** Would the acting admin lose the right to keep roles and groups? Then the change is refused, not confirmed. */
export async function assertKeepsOwnRight(tx: Db, user: UserContext, after: (s: NamedSources) => NamedSources): Promise<void> {
  const me = await sourcesOfPerson(tx, user.tenant.id, user.member.id);
  if (me && permissionsLost(me.sources, after(me.sources)).includes('berechtigungs_pflege')) throw SELF_LOCKOUT();
}

export interface RemovalPreview {
  people: { id: string; name: string; lost: string[] }[];
}

/** Who loses which permission; people who keep everything through another path are left out. */
export function previewOf(people: readonly PersonSources[], after: (s: NamedSources) => NamedSources): RemovalPreview {
  return {
    people: people
      .map((p) => ({ id: p.id, name: p.name, lost: permissionsLost(p.sources, after(p.sources)) }))
      .filter((p) => p.lost.length > 0),
  };
}
