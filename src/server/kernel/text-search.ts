import { type SQL, sql } from 'drizzle-orm';

/**
 * The free-text search of the lists (people, licences of people and guests;
 * decision 165, docs/performance/people.md): a case-insensitive substring match over the
 * lower-cased expressions of the trigram indexes. Under the app role the
 * tenant policy keeps a LIKE from using those indexes (`~~` is not
 * leakproof), so the match itself runs in a search function of migration 0034
 * that takes the tenant from the session setting the policies read; the list
 * keeps the rows whose id it returns.
 */

/** The search as a LIKE pattern over lower-cased text (`%`, `_` and `\` taken literally), or null for no search. */
export function likeNeedle(search: string | undefined): string | null {
  const term = search?.trim().toLowerCase();
  return term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/**
 * What a search function of migration 0034 matches: people by name in both
 * orders ("Anna Müller", "Müller, Anna"), e-mail or personnel number (kept
 * together as `users.search_text`, migration 0036); people by the number of their
 * current licence; guests' licence checks by name, e-mail or licence number.
 */
const SEARCH_FUNCTIONS = {
  people: sql.raw('buchbar_people_matching'),
  licenceHolders: sql.raw('buchbar_licence_holders_matching'),
  guestChecks: sql.raw('buchbar_guest_checks_matching'),
} as const;

/**
 * `column` is one of the ids the tenant's search function finds for the needle. A hashed subquery, run once
 * per statement: with `= any(array(…))` each id was a probe of the primary key, which cost more than reading
 * the tenant's rows when a term matched nearly everyone (decision 165).
 */
export function idMatches(column: SQL, subject: keyof typeof SEARCH_FUNCTIONS, needle: string): SQL {
  return sql`${column} in (select ${SEARCH_FUNCTIONS[subject]}(${needle}))`;
}

/**
 * A person (alias `u` of `users`) matches by name, e-mail or personnel number,
 * or any of `more`, conditions of the caller that are leakproof as well (the
 * person's department, their licence number).
 */
export function personMatches(needle: string, more: readonly SQL[] = []): SQL {
  return sql`(${sql.join([idMatches(sql`u.id`, 'people', needle), ...more], sql` or `)})`;
}

/**
 * The ids the tenant's search function finds for the needle, as a set to select from
 * (`… from ${foundIds('people', needle)} f(id)`): for a list that starts from the found people and reads
 * each of them by its primary key, instead of reading the tenant's rows to keep the found ones (docs/performance/driving-licences.md).
 */
export function foundIds(subject: keyof typeof SEARCH_FUNCTIONS, needle: string): SQL {
  return sql`${SEARCH_FUNCTIONS[subject]}(${needle})`;
}
