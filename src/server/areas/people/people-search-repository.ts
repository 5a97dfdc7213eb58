import type { Db } from '@db/client';
import { users } from '@db/schema/index';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';

/**
 * Active members whose first name, last name, full name or e-mail address
 * begins with the term (case-insensitive), without the searching person;
 * at most `limit` rows, id and name only. Prefix matching on purpose: a
 * search for others must not turn into a way to read the member list.
 */
export async function searchActiveMembers(
  db: Db,
  tenantId: string,
  term: string,
  excludeId: string,
  limit: number,
): Promise<{ id: string; firstName: string; lastName: string }[]> {
  // LIKE's own wildcards in the term match themselves, not everything.
  const prefix = `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.status, 'aktiv'),
        ne(users.id, excludeId),
        or(
          sql`lower(${users.firstName}) like ${prefix}`,
          sql`lower(${users.lastName}) like ${prefix}`,
          sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${prefix}`,
          sql`lower(${users.email}) like ${prefix}`,
        ),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
}
