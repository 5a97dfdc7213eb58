import type { Db } from '@db/client';
import { auditChanges, normaliseGrants, withoutRole } from '@domain/access-admin';
import type { PermissionGrant } from '@domain/permissions';
import {
  deleteRole,
  findRole,
  insertRole,
  listRoles,
  type RoleRecord,
  renameRole,
  replaceRolePermissions,
  sourcesOfRoleHolders,
} from '@server/areas/access-admin/access-admin-repository';
import type { Deps } from '@server/deps';
import { assertKeepsOwnRight, assertRemovable, audit, change, previewOf, type RemovalPreview, read } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { accessAdminErrors } from './errors';

/** /admin/rollen: roles with their permission matrix; every change is audited in its own transaction. */

const notFound = () => accessAdminErrors.fail('role_not_found');
const taken = (name: string) => () => accessAdminErrors.fail('role_name_taken', { name });
const granted = (r: Pick<RoleRecord, 'permissions'>) => r.permissions.filter((g) => g.value === 'true').map((g) => g.name);

async function requireRole(tx: Db, tenantId: string, id: string): Promise<RoleRecord> {
  const role = await findRole(tx, tenantId, id);
  if (!role) throw notFound();
  return role;
}

export const listRolesAdmin = (deps: Deps, user: UserContext) => read(deps, user, (tx, t) => listRoles(tx, t));

export function createRole(deps: Deps, user: UserContext, name: string, grants: readonly PermissionGrant[]): Promise<RoleRecord> {
  return change(
    deps,
    user,
    async (tx, t) => {
      const id = await insertRole(tx, t, name);
      const clean = normaliseGrants(grants);
      await replaceRolePermissions(tx, t, id, clean);
      const role = await requireRole(tx, t, id);
      await audit(tx, user, {
        action: 'anlegen',
        subjectType: 'rolle',
        subjectId: id,
        subjectName: name,
        changes: auditChanges({}, { Name: name, Berechtigungen: granted(role) }),
      });
      return role;
    },
    taken(name),
  );
}

export function updateRole(
  deps: Deps,
  user: UserContext,
  id: string,
  patch: { name?: string; permissions?: PermissionGrant[] },
): Promise<RoleRecord> {
  return change(
    deps,
    user,
    async (tx, t) => {
      const before = await requireRole(tx, t, id);
      if (patch.name !== undefined && patch.name !== before.name) await renameRole(tx, t, id, patch.name);
      if (patch.permissions) {
        const clean = normaliseGrants(patch.permissions);
        if (!clean.some((g) => g.name === 'berechtigungs_pflege' && g.value === 'true')) {
          await assertKeepsOwnRight(tx, user, (s) => ({
            ...s,
            roles: s.roles.map((r) => (r.id === id ? { ...r, permissions: clean } : r)),
            groups: s.groups.map((g) => ({ ...g, roles: g.roles.map((r) => (r.id === id ? { ...r, permissions: clean } : r)) })),
          }));
        }
        await replaceRolePermissions(tx, t, id, clean);
      }
      const after = await requireRole(tx, t, id);
      const changes = auditChanges(
        { Name: before.name, Berechtigungen: granted(before) },
        { Name: after.name, Berechtigungen: granted(after) },
      );
      if (changes.length > 0)
        await audit(tx, user, { action: 'ändern', subjectType: 'rolle', subjectId: id, subjectName: after.name, changes });
      return after;
    },
    patch.name ? taken(patch.name) : undefined,
  );
}

/** Who loses which permission when the role goes (directly or through a group); people who keep everything are left out. */
export function roleRemovalPreview(deps: Deps, user: UserContext, id: string): Promise<RemovalPreview> {
  return read(deps, user, async (tx, t) => {
    await requireRole(tx, t, id);
    return previewOf(await sourcesOfRoleHolders(tx, t, id), (s) => withoutRole(s, id));
  });
}

export function removeRole(deps: Deps, user: UserContext, id: string, confirmed: boolean): Promise<void> {
  return change(deps, user, async (tx, t) => {
    const role = await requireRole(tx, t, id);
    assertRemovable(
      user,
      previewOf(await sourcesOfRoleHolders(tx, t, id), (s) => withoutRole(s, id)),
      confirmed,
      `der Rolle „${role.name}“`,
    );
    await deleteRole(tx, t, id);
    await audit(tx, user, {
      action: 'löschen',
      subjectType: 'rolle',
      subjectId: id,
      subjectName: role.name,
      changes: auditChanges({ Name: role.name, Berechtigungen: granted(role) }, {}),
    });
  });
}
