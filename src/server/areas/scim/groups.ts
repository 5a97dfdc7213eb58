import { type Db, withTenant } from '@db/client';
import { auditChanges } from '@domain/access-admin';
import {
  assertIfMatch,
  type GroupLookup,
  type GroupSortKey,
  groupVersion,
  type JsonObject,
  listResponse,
  type Page,
  type PatchOperation,
  parseGroup,
  planConflicts,
  planGroupFilter,
  planGroupPatch,
  type ScimGroupFields,
  type ScimSort,
  scimErrors,
  toScimGroup,
} from '@domain/scim';
import {
  addGroupMembers,
  deleteGroup,
  insertAudit,
  insertAudits,
  insertGroup,
  removeGroupMembers,
  renameGroup,
} from '@server/areas/access-admin/public';
import type { Deps } from '@server/deps';
import { sqlState } from '@server/kernel/sql-state';
import {
  allMemberIds,
  findScimGroup,
  findScimGroups,
  groupIdByName,
  membersAmong,
  membersOfScimGroups,
  namesOfPeople,
  type ScimGroupRecord,
  saveScimGroup,
  visibleMemberIds,
} from './scim-repository';
import type { ScimCaller } from './token-auth';
import { actorOf } from './users';

/**
 * SCIM Groups are Buchbar's groups (decision 229): a provider creates, renames
 * and deletes them and sets their members; the roles a group carries stay the
 * tenant's own, kept under /admin/gruppen. A group of thousands is changed by
 * its member changes only, never read whole for a PATCH.
 */

const CASE_EXACT_GROUP = (k: GroupLookup) => k !== 'displayName';

const inTenant = <T>(deps: Deps, caller: ScimCaller, fn: (tx: Db, tenantId: string) => Promise<T>) =>
  withTenant(deps.database.db, caller.tenantId, (tx) => fn(tx, caller.tenantId));

async function viewsOf(tx: Db, tenantId: string, groups: ScimGroupRecord[], withMembers: boolean, baseUrl: string) {
  const members = withMembers
    ? await membersOfScimGroups(
        tx,
        tenantId,
        groups.map((g) => g.id),
      )
    : null;
  return groups.map((g) => toScimGroup({ ...g, members: members ? (members.get(g.id) ?? []) : null }, baseUrl));
}

export async function listGroupsScim(
  deps: Deps,
  caller: ScimCaller,
  filter: string | undefined,
  page: Page,
  withMembers: boolean,
  sort: ScimSort<GroupSortKey> | null = null,
) {
  const plan = filter ? planGroupFilter(filter) : [];
  if (planConflicts(plan, CASE_EXACT_GROUP)) return listResponse([], 0, page);
  return inTenant(deps, caller, async (tx, t) => {
    const { total, groups } = await findScimGroups(tx, t, plan, { offset: page.offset, limit: page.count }, sort);
    return listResponse(page.count === 0 ? [] : await viewsOf(tx, t, groups, withMembers, caller.baseUrl), total, page);
  });
}

export async function getGroup(deps: Deps, caller: ScimCaller, id: string, withMembers: boolean): Promise<JsonObject> {
  return inTenant(deps, caller, async (tx, t) => {
    const group = await findScimGroup(tx, t, id);
    if (!group) throw scimErrors.groupNotFound();
    return (await viewsOf(tx, t, [group], withMembers, caller.baseUrl))[0]!;
  });
}

async function assertMembers(tx: Db, tenantId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
  const known = await visibleMemberIds(tx, tenantId, unique);
  const unknown = unique.find((i) => !known.has(i));
  if (unknown) throw scimErrors.memberUnknown(ids.find((i) => i.toLowerCase() === unknown) ?? unknown);
  return unique;
}

async function assertNameFree(tx: Db, tenantId: string, name: string, exceptId: string | null) {
  const holder = await groupIdByName(tx, tenantId, name);
  if (holder && holder !== exceptId) throw scimErrors.groupNameTaken(name);
}

/** Adds and removes members, one audit entry per person as /admin/gruppen writes them. */
async function changeMembers(
  tx: Db,
  tenantId: string,
  caller: ScimCaller,
  group: { id: string; name: string },
  add: readonly string[],
  remove: readonly string[],
) {
  const present = await membersAmong(tx, tenantId, group.id, [...add, ...remove]);
  const adding = add.filter((id) => !present.has(id));
  const removing = remove.filter((id) => present.has(id));
  const names = await namesOfPeople(tx, tenantId, [...adding, ...removing]);
  // Three statements for any number of members: Entra sends a department's hundreds of people in one PATCH.
  await addGroupMembers(tx, tenantId, group.id, adding);
  await removeGroupMembers(tx, tenantId, group.id, removing);
  const changes = [...adding.map((u) => [u, true] as const), ...removing.map((u) => [u, false] as const)];
  await insertAudits(
    tx,
    tenantId,
    changes.map(([userId, added]) => {
      const name = names.get(userId) ?? userId;
      return {
        ...actorOf(caller),
        action: 'ändern' as const,
        subjectType: 'gruppe',
        subjectId: group.id,
        subjectName: group.name,
        changes: [{ field: 'Mitglied', old: added ? null : name, new: added ? name : null }],
      };
    }),
  );
}

const taken = (name: string) => (err: unknown) => {
  if (sqlState(err) === '23505') throw scimErrors.groupNameTaken(name);
  throw err;
};

export async function createGroup(deps: Deps, caller: ScimCaller, body: unknown): Promise<{ id: string; resource: JsonObject }> {
  const f = parseGroup(body, true);
  const id = await inTenant(deps, caller, async (tx, t) => {
    await assertNameFree(tx, t, f.displayName, null);
    const members = await assertMembers(tx, t, f.members ?? []);
    const groupId = await insertGroup(tx, t, f.displayName);
    await saveScimGroup(tx, t, groupId, f.externalId);
    await insertAudit(tx, t, {
      ...actorOf(caller),
      action: 'anlegen',
      subjectType: 'gruppe',
      subjectId: groupId,
      subjectName: f.displayName,
      changes: auditChanges({}, { Name: f.displayName, externalId: f.externalId }),
    });
    await changeMembers(tx, t, caller, { id: groupId, name: f.displayName }, members, []);
    return groupId;
  }).catch(taken(f.displayName));
  return { id, resource: await getGroup(deps, caller, id, true) };
}

async function applyGroupChange(
  deps: Deps,
  caller: ScimCaller,
  id: string,
  ifMatch: string | undefined,
  decide: (before: ScimGroupRecord) => {
    fields: Pick<ScimGroupFields, 'displayName' | 'externalId'>;
    members: 'keep' | { replace?: string[]; add: string[]; remove: string[] };
  },
): Promise<string> {
  let name = '';
  await inTenant(deps, caller, async (tx, t) => {
    const before = await findScimGroup(tx, t, id);
    if (!before) throw scimErrors.groupNotFound();
    assertIfMatch(ifMatch, groupVersion(before));
    const { fields, members } = decide(before);
    name = fields.displayName;
    if (fields.displayName !== before.name) {
      await assertNameFree(tx, t, fields.displayName, before.id);
      await renameGroup(tx, t, before.id, fields.displayName);
    }
    if (fields.externalId !== before.externalId || before.created === null) await saveScimGroup(tx, t, before.id, fields.externalId);
    const changes = auditChanges(
      { Name: before.name, externalId: before.externalId },
      { Name: fields.displayName, externalId: fields.externalId },
    );
    if (changes.length > 0) {
      await insertAudit(tx, t, {
        ...actorOf(caller),
        action: 'ändern',
        subjectType: 'gruppe',
        subjectId: before.id,
        subjectName: fields.displayName,
        changes,
      });
    }
    if (members === 'keep') return;
    const group = { id: before.id, name: fields.displayName };
    if (members.replace) {
      const wanted = await assertMembers(tx, t, members.replace);
      const current = await allMemberIds(tx, t, before.id);
      await changeMembers(
        tx,
        t,
        caller,
        group,
        wanted.filter((w) => !current.includes(w)),
        current.filter((c) => !wanted.includes(c)),
      );
    }
    const add = await assertMembers(tx, t, members.add);
    // Removing someone who is no member (or no person) changes nothing, as RFC 7644 §3.5.2.2 allows.
    const remove = (await visibleMemberIds(tx, t, members.remove)).values();
    await changeMembers(tx, t, caller, group, add, [...remove]);
  }).catch(taken(name));
  return id;
}

/** PUT /Groups/{id}: name and externalId as the body says; the members too when the body names them. */
export async function replaceGroup(deps: Deps, caller: ScimCaller, id: string, body: unknown, ifMatch?: string) {
  const f = parseGroup(body, true);
  await applyGroupChange(deps, caller, id, ifMatch, () => ({
    fields: f,
    members: f.members === null ? 'keep' : { replace: f.members, add: [], remove: [] },
  }));
  return getGroup(deps, caller, id, true);
}

/** PATCH /Groups/{id}: answers 204 as Entra ID expects; the changed group is read with GET. */
export async function patchGroup(
  deps: Deps,
  caller: ScimCaller,
  id: string,
  ops: readonly PatchOperation[],
  ifMatch?: string,
): Promise<void> {
  await applyGroupChange(deps, caller, id, ifMatch, (before) => {
    const plan = planGroupPatch({ displayName: before.name, externalId: before.externalId }, ops);
    return {
      fields: {
        displayName: plan.displayName ?? before.name,
        externalId: plan.externalId !== undefined ? plan.externalId : before.externalId,
      },
      members: { ...(plan.replaceMembers ? { replace: plan.replaceMembers } : {}), add: plan.add, remove: plan.remove },
    };
  });
}

/** DELETE /Groups/{id}: the group goes with its memberships, role links and group settings, as under /admin/gruppen. */
export async function deleteGroupScim(deps: Deps, caller: ScimCaller, id: string, ifMatch?: string): Promise<void> {
  await inTenant(deps, caller, async (tx, t) => {
    const before = await findScimGroup(tx, t, id);
    if (!before) throw scimErrors.groupNotFound();
    assertIfMatch(ifMatch, groupVersion(before));
    const members = await allMemberIds(tx, t, before.id);
    await deleteGroup(tx, t, before.id);
    await insertAudit(tx, t, {
      ...actorOf(caller),
      action: 'löschen',
      subjectType: 'gruppe',
      subjectId: before.id,
      subjectName: before.name,
      changes: auditChanges({ Name: before.name, Mitglieder: String(members.length) }, {}),
    });
  });
}
