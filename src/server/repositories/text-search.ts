import { type SQL, sql } from 'drizzle-orm';

/**
 * The free-text search of the lists (people, licences of people and guests;
 * decisions 125 and 156): a case-insensitive substring match, written so that
 * every arm is answered by a trigram (GIN, pg_trgm) index on the same
 * lower-cased expression, and the planner joins the arms with a BitmapOr
 * instead of reading every row of the tenant.
 */

/** The search as a LIKE pattern over lower-cased text (`%`, `_` and `\` taken literally), or null for no search. */
export function likeNeedle(search: string | undefined): string | null {
  const term = search?.trim().toLowerCase();
  return term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/** Any of the lower-cased expressions contains the needle, or any of the further conditions holds. */
export function matchesAny(expressions: readonly SQL[], needle: string, more: readonly SQL[] = []): SQL {
  return sql`(${sql.join([...expressions.map((e) => sql`${e} like ${needle}`), ...more], sql` or `)})`;
}

/**
 * A person (alias `u` of `users`) matches by name in both orders ("Anna
 * Müller", "Müller, Anna"), e-mail or personnel number: exactly the four
 * expressions of `users_search_trgm_index` (migration 0027). `more` are
 * conditions of the caller, each answered by an index of its own (the
 * person's department, their licence number).
 */
export function personMatches(needle: string, more: readonly SQL[] = []): SQL {
  return matchesAny(
    [
      sql`lower(u.first_name || ' ' || u.last_name)`,
      sql`lower(u.last_name || ', ' || u.first_name)`,
      sql`lower(u.email)`,
      sql`lower(coalesce(u.employee_id, ''))`,
    ],
    needle,
    more,
  );
}
