import { AppError } from './errors';

/**
 * „Mein Team heute“ (decision 110): who may see at which desk whom. Privacy by
 * default: nothing is visible unless the tenant switched the feature on and
 * both people agreed; a person never appears to someone of another tenant.
 */

/** Why a colleague is shown: same department, or on the viewer's favourite list. */
export type TeamRelation = 'abteilung' | 'favorit';

export interface TeamViewer {
  tenantId: string;
  id: string;
  departmentId: string | null;
  consented: boolean;
  favouriteIds: readonly string[];
}

export interface TeamCandidate {
  tenantId: string;
  id: string;
  departmentId: string | null;
  consented: boolean;
  active: boolean;
}

/** How many favourite colleagues a person can keep. */
export const MAX_TEAM_FAVOURITES = 50;

/**
 * Whether and why the viewer sees the candidate. Null when the feature is off
 * for the tenant, either side has not agreed, the candidate is the viewer, is
 * inactive, belongs to another tenant, or is neither in the viewer's department
 * nor on their favourite list. The department wins over the favourite list.
 */
export function teamRelation(tenantEnabled: boolean, viewer: TeamViewer, candidate: TeamCandidate): TeamRelation | null {
  if (!tenantEnabled || !viewer.consented || !candidate.consented || !candidate.active) return null;
  if (candidate.tenantId !== viewer.tenantId || candidate.id === viewer.id) return null;
  if (viewer.departmentId !== null && candidate.departmentId === viewer.departmentId) return 'abteilung';
  if (viewer.favouriteIds.includes(candidate.id)) return 'favorit';
  return null;
}

/** The candidates the viewer sees, each with the reason, in the given order. */
export function visibleColleagues<C extends TeamCandidate>(
  tenantEnabled: boolean,
  viewer: TeamViewer,
  candidates: readonly C[],
): { colleague: C; relation: TeamRelation }[] {
  const out: { colleague: C; relation: TeamRelation }[] = [];
  for (const colleague of candidates) {
    const relation = teamRelation(tenantEnabled, viewer, colleague);
    if (relation) out.push({ colleague, relation });
  }
  return out;
}

/**
 * The favourites a person's settings show, in the order they chose: only
 * active people of the viewer's tenant who still agree. Someone who withdrew
 * their consent disappears from every list of others, the favourite list
 * included, even though the id stays stored (it returns when they agree again).
 */
export function shownFavourites<C extends TeamCandidate>(viewer: Pick<TeamViewer, 'tenantId' | 'favouriteIds'>, people: readonly C[]): C[] {
  const byId = new Map(people.filter((p) => p.tenantId === viewer.tenantId && p.active && p.consented).map((p) => [p.id, p]));
  return [...new Set(viewer.favouriteIds)].flatMap((id) => {
    const person = byId.get(id);
    return person ? [person] : [];
  });
}

/** Who sits at a desk booking: the person a pre-booking is for, otherwise the booker. */
export function sitterOf(booking: { bookerId: string; confirmingId: string | null }): string {
  return booking.confirmingId ?? booking.bookerId;
}

/** Initials for a desk on the map: first letters of first and last name, upper case. */
export function initialsOf(firstName: string, lastName: string): string {
  const first = (s: string) => Array.from(s.trim())[0]?.toLocaleUpperCase('de-DE') ?? '';
  return `${first(firstName)}${first(lastName)}` || '?';
}

/**
 * A favourite list as it may be saved: without duplicates and without the
 * person themself, at most MAX_TEAM_FAVOURITES entries.
 */
export function normaliseTeamFavourites(selfId: string, ids: readonly string[]): string[] {
  const unique = [...new Set(ids)].filter((id) => id !== selfId);
  if (unique.length > MAX_TEAM_FAVOURITES) {
    throw new AppError(
      'team_favourites_too_many',
      {
        de: `Höchstens ${MAX_TEAM_FAVOURITES} Favoriten sind möglich.`,
        en: `At most ${MAX_TEAM_FAVOURITES} favourites are possible.`,
      },
      400,
    );
  }
  return unique;
}
