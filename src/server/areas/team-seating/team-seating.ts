import type { TeamColleague, TeamDayResponse, TeamPerson, TeamSettingsResponse } from '@contracts/team-seating';
import type { Db } from '@db/client';
import { withTenant } from '@db/client';
import { addDays, instantOf } from '@domain/opening-hours';
import { initialsOf, normaliseTeamFavourites, shownFavourites, type TeamViewer, visibleColleagues } from '@domain/team-seating';
import { effectiveValues, upsertSettingValue } from '@server/areas/settings/public';
import {
  findTeamDesks,
  findTeamPeople,
  searchConsentingPeople,
  type TeamPersonRecord,
} from '@server/areas/team-seating/team-seating-repository';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { teamSeatingErrors } from './errors';

/** „Mein Team heute“ (decision 110). Every answer is built from the switches read in the same request. */

const SEARCH_MIN_LENGTH = 2;
const SEARCH_LIMIT = 10;

async function viewerOf(tx: Db, user: UserContext): Promise<{ enabled: boolean; viewer: TeamViewer }> {
  const v = await effectiveValues(tx, user.tenant.id, user.member.id, ['teamSitzplaetze', 'teamSitzplatzFreigabe', 'teamFavoriten']);
  return {
    enabled: v.teamSitzplaetze,
    viewer: {
      tenantId: user.tenant.id,
      id: user.member.id,
      departmentId: user.member.department?.id ?? null,
      consented: v.teamSitzplatzFreigabe,
      // ids are stored as text; a whole number (the catalogue accepts one for ids) is compared as its text
      favouriteIds: v.teamFavoriten.map(String),
    },
  };
}

const toPerson = (p: TeamPersonRecord): TeamPerson => ({ id: p.id, name: `${p.firstName} ${p.lastName}`, department: p.departmentName });

export async function teamSettings(deps: Deps, user: UserContext): Promise<TeamSettingsResponse> {
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const { enabled, viewer } = await viewerOf(tx, user);
    // Kept in the order the person chose; people who left the tenant or withdrew their consent drop out.
    const favourites = shownFavourites(viewer, await findTeamPeople(tx, tenantId, viewer.favouriteIds)).map(toPerson);
    return { enabled, consent: viewer.consented, favourites };
  });
}

/** Saves consent and favourites; an id of no active person of the tenant is refused, nothing is saved then. */
export async function saveTeamSettings(
  deps: Deps,
  user: UserContext,
  input: { consent: boolean; favouriteIds: readonly string[] },
): Promise<TeamSettingsResponse> {
  const tenantId = user.tenant.id;
  const ids = normaliseTeamFavourites(user.member.id, input.favouriteIds);
  await withTenant(deps.database.db, tenantId, async (tx) => {
    const found = new Set((await findTeamPeople(tx, tenantId, ids)).filter((p) => p.active).map((p) => p.id));
    if (ids.some((id) => !found.has(id))) throw teamSeatingErrors.fail('team_person_unknown');
    const own = { tenantId, layer: 'BENUTZER', userId: user.member.id, groupId: null };
    await upsertSettingValue(tx, { ...own, optionName: 'teamSitzplatzFreigabe', value: String(input.consent) });
    await upsertSettingValue(tx, { ...own, optionName: 'teamFavoriten', value: JSON.stringify(ids) });
  });
  return teamSettings(deps, user);
}

/** Colleagues to add as favourites: only people who agreed can be found, by name, within the tenant. */
export async function searchTeamPeople(deps: Deps, user: UserContext, query: string): Promise<TeamPerson[]> {
  const term = query.trim();
  if (term.length < SEARCH_MIN_LENGTH) {
    throw teamSeatingErrors.fail('team_query_too_short');
  }
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const { enabled, viewer } = await viewerOf(tx, user);
    if (!enabled || !viewer.consented) return [];
    return (await searchConsentingPeople(tx, tenantId, term, user.member.id, SEARCH_LIMIT)).map(toPerson);
  });
}

/** Where the colleagues the person may see sit on a day (Berlin), with their desks. */
export async function teamDay(deps: Deps, user: UserContext, date: string): Promise<TeamDayResponse> {
  const tenantId = user.tenant.id;
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const { enabled, viewer } = await viewerOf(tx, user);
    if (!enabled || !viewer.consented) return { enabled, consent: viewer.consented, colleagues: [] };
    const desks = await findTeamDesks(
      tx,
      tenantId,
      { departmentId: viewer.departmentId, favouriteIds: viewer.favouriteIds, excludeId: viewer.id },
      instantOf(date, '00:00'),
      instantOf(addDays(date, 1), '00:00'),
    );
    // The query already holds back who did not agree; the domain rule decides again, so one rule governs both.
    const colleagues = new Map<string, TeamColleague>();
    for (const { colleague: d, relation } of visibleColleagues(enabled, viewer, desks)) {
      const entry = colleagues.get(d.id) ?? {
        id: d.id,
        name: `${d.firstName} ${d.lastName}`,
        initials: initialsOf(d.firstName, d.lastName),
        relation,
        desks: [],
      };
      entry.desks.push({
        bookingId: d.bookingId,
        objectId: d.objectId,
        objectName: d.objectName,
        floorPlanId: d.floorPlanId,
        floorPlanName: d.floorPlanName,
        von: d.von.toISOString(),
        bis: d.bis.toISOString(),
      });
      colleagues.set(d.id, entry);
    }
    return { enabled, consent: true, colleagues: [...colleagues.values()] };
  });
}
