import type { Db } from '@db/client';
import { auditChanges, withoutGroup } from '@domain/access-admin';
import {
  addGroupMembers,
  countRolesAndGroups,
  deleteGroup,
  findGroup,
  type GroupRecord,
  insertGroup,
  listGroupMembers,
  listGroups,
  listRoles,
  removeGroupMembers,
  renameGroup,
  replaceGroupRoles,
  sourcesOfGroupMembers,
} from '@server/areas/access-admin/access-admin-repository';
import { findMemberById } from '@server/areas/people/public';
import type { Deps } from '@server/deps';
import { assertKeepsOwnRight, assertRemovable, audit, change, previewOf, type RemovalPreview, read } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { accessAdminErrors } from './errors';

/** /admin/gruppen: groups with their roles and members; every change is audited in its own transaction. */

const notFound = () => accessAdminErrors.fail('group_not_found');
const taken = (name: string) => () => accessAdminErrors.fail('group_name_taken', { name });
const unknownRole = () => accessAdminErrors.fail('unknown_role');
const unknownPerson = () => accessAdminErrors.fail('user_not_found');
const roleNames = (g: GroupRecord) => g.roles.map((r) => r.name);

async function requireGroup(tx: Db, tenantId: string, id: string): Promise<GroupRecord> {
  const group = await findGroup(tx, tenantId, id);
  if (!group) throw notFound();
  return group;
}

async function assertRolesExist(tx: Db, tenantId: string, roleIds: readonly string[]) {
  const unique = [...new Set(roleIds)];
  if ((await countRolesAndGroups(tx, tenantId, unique, [])).roles !== unique.length) throw unknownRole();
  return unique;
}

export const listGroupsAdmin = (deps: Deps, user: UserContext) => read(deps, user, (tx, t) => listGroups(tx, t));

export const groupDetail = (deps: Deps, user: UserContext, id: string) =>
  read(deps, user, async (tx, t) => ({ group: await requireGroup(tx, t, id), members: await listGroupMembers(tx, t, id) }));

export function createGroup(deps: Deps, user: UserContext, name: string, roleIds: readonly string[]): Promise<GroupRecord> {
  return change(
    deps,
    user,
    async (tx, t) => {
      const roles = await assertRolesExist(tx, t, roleIds);
      const id = await insertGroup(tx, t, name);
      await replaceGroupRoles(tx, t, id, roles);
      const group = await requireGroup(tx, t, id);
      await audit(tx, user, {
        action: 'anlegen',
        subjectType: 'gruppe',
        subjectId: id,
        subjectName: name,
        changes: auditChanges({}, { Name: name, Rollen: roleNames(group) }),
      });
      return group;
    },
    taken(name),
  );
}

export function updateGroup(deps: Deps, user: UserContext, id: string, patch: { name?: string; roleIds?: string[] }): Promise<GroupRecord> {
  return change(
    deps,
    user,
    async (tx, t) => {
      const before = await requireGroup(tx, t, id);
      if (patch.name !== undefined && patch.name !== before.name) await renameGroup(tx, t, id, patch.name);
      if (patch.roleIds) {
        const roleIds = await assertRolesExist(tx, t, patch.roleIds);
        const all = await listRoles(tx, t);
        const next = all.filter((r) => roleIds.includes(r.id)).map((r) => ({ id: r.id, name: r.name, permissions: r.permissions }));
        await assertKeepsOwnRight(tx, user, (s) => ({ ...s, groups: s.groups.map((g) => (g.id === id ? { ...g, roles: next } : g)) }));
        await replaceGroupRoles(tx, t, id, roleIds);
      }
      const after = await requireGroup(tx, t, id);
      const changes = auditChanges({ Name: before.name, Rollen: roleNames(before) }, { Name: after.name, Rollen: roleNames(after) });
      if (changes.length > 0)
        await audit(tx, user, { action: 'ändern', subjectType: 'gruppe', subjectId: id, subjectName: after.name, changes });
      return after;
    },
    patch.name ? taken(patch.name) : undefined,
  );
}

export function setGroupMember(deps: Deps, user: UserContext, groupId: string, userId: string, member: boolean): Promise<void> {
  return change(deps, user, async (tx, t) => {
    const group = await requireGroup(tx, t, groupId);
    const person = await findMemberById(tx, t, userId);
    if (!person) throw unknownPerson();
    if (member) await addGroupMembers(tx, t, groupId, [userId]);
    else {
      if (userId === user.member.id) await assertKeepsOwnRight(tx, user, (s) => withoutGroup(s, groupId));
      await removeGroupMembers(tx, t, groupId, [userId]);
    }
    await audit(tx, user, {
      action: 'ändern',
      subjectType: 'gruppe',
      subjectId: groupId,
      subjectName: group.name,
      changes: [
        {
          field: 'Mitglied',
          old: member ? null : `${person.firstName} ${person.lastName}`,
          new: member ? `${person.firstName} ${person.lastName}` : null,
        },
      ],
    });
  });
}

export function groupRemovalPreview(deps: Deps, user: UserContext, id: string): Promise<RemovalPreview> {
  return read(deps, user, async (tx, t) => {
    await requireGroup(tx, t, id);
    return previewOf(await sourcesOfGroupMembers(tx, t, id), (s) => withoutGroup(s, id));
  });
}

export function removeGroup(deps: Deps, user: UserContext, id: string, confirmed: boolean): Promise<void> {
  return change(deps, user, async (tx, t) => {
    const group = await requireGroup(tx, t, id);
    assertRemovable(
      user,
      previewOf(await sourcesOfGroupMembers(tx, t, id), (s) => withoutGroup(s, id)),
      confirmed,
      `der Gruppe „${group.name}“`,
    );
    await deleteGroup(tx, t, id);
    await audit(tx, user, {
      action: 'löschen',
      subjectType: 'gruppe',
      subjectId: id,
      subjectName: group.name,
      changes: auditChanges({ Name: group.name, Rollen: roleNames(group), Mitglieder: String(group.memberCount) }, {}),
    });
  });
}
