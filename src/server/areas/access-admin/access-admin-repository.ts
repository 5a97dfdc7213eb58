import type { Db } from '@db/client';
import { type AuditChange, auditLog, groupRoles, groups, rolePermissions, roles, userGroups } from '@db/schema/index';
import type { NamedGroup, NamedRole, NamedSources } from '@domain/access-admin';
import type { PermissionGrant } from '@domain/permissions';
import { ERASED_PERSON } from '@domain/retention';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/** Roles, groups, their links and the audit trail; every function is scoped by tenant and runs inside withTenant. */

export interface RoleRecord {
  id: string;
  name: string;
  permissions: PermissionGrant[];
  userCount: number;
  groupCount: number;
}

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export async function listRoles(db: Db, tenantId: string): Promise<RoleRecord[]> {
  const rows = rowsOf<{ id: string; name: string; permissions: unknown; user_count: number; group_count: number }>(
    await db.execute(sql`
      select r.id::text as id, r.name,
             coalesce((select json_agg(json_build_object('name', rp.permission_name, 'value', rp.value) order by rp.permission_name)
                         from role_permissions rp where rp.tenant_id = r.tenant_id and rp.role_id = r.id), '[]'::json) as permissions,
             (select count(*)::int from user_roles ur where ur.tenant_id = r.tenant_id and ur.role_id = r.id) as user_count,
             (select count(*)::int from group_roles gr where gr.tenant_id = r.tenant_id and gr.role_id = r.id) as group_count
        from roles r
       where r.tenant_id = ${tenantId}
       order by lower(r.name), r.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    permissions: jsonOf<PermissionGrant[]>(r.permissions),
    userCount: r.user_count,
    groupCount: r.group_count,
  }));
}

export async function findRole(db: Db, tenantId: string, id: string): Promise<RoleRecord | null> {
  return (await listRoles(db, tenantId)).find((r) => r.id === id) ?? null;
}

export async function insertRole(db: Db, tenantId: string, name: string): Promise<string> {
  const [row] = await db.insert(roles).values({ tenantId, name }).returning({ id: roles.id });
  return row!.id;
}

export async function renameRole(db: Db, tenantId: string, id: string, name: string): Promise<void> {
  await db
    .update(roles)
    .set({ name })
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}

export async function replaceRolePermissions(db: Db, tenantId: string, roleId: string, grants: readonly PermissionGrant[]): Promise<void> {
  await db.delete(rolePermissions).where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId)));
  if (grants.length > 0) {
    await db.insert(rolePermissions).values(grants.map((g) => ({ tenantId, roleId, permissionName: g.name, value: g.value })));
  }
}

export async function deleteRole(db: Db, tenantId: string, id: string): Promise<void> {
  await db.delete(roles).where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}

export interface GroupRecord {
  id: string;
  name: string;
  roles: { id: string; name: string }[];
  memberCount: number;
}

export async function listGroups(db: Db, tenantId: string): Promise<GroupRecord[]> {
  const rows = rowsOf<{ id: string; name: string; roles: unknown; member_count: number }>(
    await db.execute(sql`
      select g.id::text as id, g.name,
             coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by lower(r.name))
                         from group_roles gr join roles r on r.tenant_id = gr.tenant_id and r.id = gr.role_id
                        where gr.tenant_id = g.tenant_id and gr.group_id = g.id), '[]'::json) as roles,
             (select count(*)::int from user_groups ug where ug.tenant_id = g.tenant_id and ug.group_id = g.id) as member_count
        from groups g
       where g.tenant_id = ${tenantId}
       order by lower(g.name), g.id`),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, roles: jsonOf<{ id: string; name: string }[]>(r.roles), memberCount: r.member_count }));
}

export async function findGroup(db: Db, tenantId: string, id: string): Promise<GroupRecord | null> {
  return (await listGroups(db, tenantId)).find((g) => g.id === id) ?? null;
}

export async function listGroupMembers(db: Db, tenantId: string, groupId: string) {
  return rowsOf<{ id: string; firstName: string; lastName: string; email: string }>(
    await db.execute(sql`
      select u.id::text as id, u.first_name as "firstName", u.last_name as "lastName", u.email
        from user_groups ug join users u on u.tenant_id = ug.tenant_id and u.id = ug.user_id
       where ug.tenant_id = ${tenantId} and ug.group_id = ${groupId}
       order by lower(u.last_name), lower(u.first_name), u.id`),
  );
}

export async function insertGroup(db: Db, tenantId: string, name: string): Promise<string> {
  const [row] = await db.insert(groups).values({ tenantId, name }).returning({ id: groups.id });
  return row!.id;
}

export async function renameGroup(db: Db, tenantId: string, id: string, name: string): Promise<void> {
  await db
    .update(groups)
    .set({ name })
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, id)));
}

export async function replaceGroupRoles(db: Db, tenantId: string, groupId: string, roleIds: readonly string[]): Promise<void> {
  await db.delete(groupRoles).where(and(eq(groupRoles.tenantId, tenantId), eq(groupRoles.groupId, groupId)));
  if (roleIds.length > 0) await db.insert(groupRoles).values(roleIds.map((roleId) => ({ tenantId, groupId, roleId })));
}

/** Members in one statement, however many: a SCIM PATCH may add hundreds at once. */
export async function addGroupMembers(db: Db, tenantId: string, groupId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(userGroups)
    .values(userIds.map((userId) => ({ tenantId, groupId, userId })))
    .onConflictDoNothing();
}

export async function removeGroupMembers(db: Db, tenantId: string, groupId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .delete(userGroups)
    .where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.groupId, groupId), inArray(userGroups.userId, [...userIds])));
}

export async function deleteGroup(db: Db, tenantId: string, id: string): Promise<void> {
  await db.delete(groups).where(and(eq(groups.tenantId, tenantId), eq(groups.id, id)));
}

export async function countRolesAndGroups(db: Db, tenantId: string, roleIds: readonly string[], groupIds: readonly string[]) {
  const [row] = rowsOf<{ roles: number; groups: number }>(
    await db.execute(sql`
      select (select count(*)::int from roles where tenant_id = ${tenantId} and id::text = any(${sql.param([...roleIds])}::text[])) as roles,
             (select count(*)::int from groups where tenant_id = ${tenantId} and id::text = any(${sql.param([...groupIds])}::text[])) as groups`),
  );
  return row!;
}

export interface PersonSources {
  id: string;
  name: string;
  sources: NamedSources;
}

type SourceRow = {
  user_id: string;
  user_name: string;
  path: 'direct' | 'role' | 'group' | 'none';
  group_id: string | null;
  group_name: string | null;
  role_id: string | null;
  role_name: string | null;
  name: string | null;
  value: string | null;
};

/**
 * Named grants of the people a filter selects, in one statement: `who` is a
 * condition on the users row `u` (one person, a role's holders, a group's members).
 */
async function namedSources(db: Db, tenantId: string, who: ReturnType<typeof sql>): Promise<PersonSources[]> {
  const rows = rowsOf<SourceRow>(
    await db.execute(sql`
      with people as (select u.id, u.first_name || ' ' || u.last_name as name from users u where u.tenant_id = ${tenantId} and (${who}))
      select p.id::text as user_id, p.name as user_name, 'none' as path, null as group_id, null as group_name, null as role_id, null as role_name, null as name, null as value
        from people p
      union all
      select p.id::text, p.name, 'direct', null, null, null, null, up.permission_name, up.value
        from people p join user_permissions up on up.tenant_id = ${tenantId} and up.user_id = p.id
      union all
      select p.id::text, p.name, 'role', null, null, r.id::text, r.name, rp.permission_name, rp.value
        from people p join user_roles ur on ur.tenant_id = ${tenantId} and ur.user_id = p.id
        join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
        left join role_permissions rp on rp.tenant_id = r.tenant_id and rp.role_id = r.id
      union all
      select p.id::text, p.name, 'group', g.id::text, g.name, r.id::text, r.name, rp.permission_name, rp.value
        from people p join user_groups ug on ug.tenant_id = ${tenantId} and ug.user_id = p.id
        join groups g on g.tenant_id = ug.tenant_id and g.id = ug.group_id
        left join group_roles gr on gr.tenant_id = g.tenant_id and gr.group_id = g.id
        left join roles r on r.tenant_id = gr.tenant_id and r.id = gr.role_id
        left join role_permissions rp on rp.tenant_id = r.tenant_id and rp.role_id = r.id`),
  );
  const people = new Map<string, PersonSources>();
  const roleIn = (list: NamedRole[], id: string, name: string) => {
    const found = list.find((r) => r.id === id);
    if (found) return found;
    const role: NamedRole = { id, name, permissions: [] };
    list.push(role);
    return role;
  };
  for (const r of rows) {
    const person = people.get(r.user_id) ?? { id: r.user_id, name: r.user_name, sources: { direct: [], roles: [], groups: [] } };
    people.set(r.user_id, person);
    const grant = r.name !== null && r.value !== null ? { name: r.name, value: r.value } : null;
    if (r.path === 'direct' && grant) person.sources.direct.push(grant);
    if (r.path === 'role' && r.role_id) {
      const role = roleIn(person.sources.roles, r.role_id, r.role_name!);
      if (grant) role.permissions.push(grant);
    }
    if (r.path === 'group' && r.group_id) {
      const known = person.sources.groups.find((g) => g.id === r.group_id);
      const group: NamedGroup = known ?? { id: r.group_id, name: r.group_name!, roles: [] };
      if (!known) person.sources.groups.push(group);
      if (r.role_id) {
        const role = roleIn(group.roles, r.role_id, r.role_name!);
        if (grant) role.permissions.push(grant);
      }
    }
  }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

export const sourcesOfPerson = async (db: Db, tenantId: string, userId: string) =>
  (await namedSources(db, tenantId, sql`u.id = ${userId}::uuid`))[0] ?? null;

export const sourcesOfRoleHolders = (db: Db, tenantId: string, roleId: string) =>
  namedSources(
    db,
    tenantId,
    sql`exists (select 1 from user_roles ur where ur.tenant_id = u.tenant_id and ur.user_id = u.id and ur.role_id = ${roleId}::uuid)
        or exists (select 1 from user_groups ug join group_roles gr on gr.tenant_id = ug.tenant_id and gr.group_id = ug.group_id
                    where ug.tenant_id = u.tenant_id and ug.user_id = u.id and gr.role_id = ${roleId}::uuid)`,
  );

export const sourcesOfGroupMembers = (db: Db, tenantId: string, groupId: string) =>
  namedSources(
    db,
    tenantId,
    sql`exists (select 1 from user_groups ug where ug.tenant_id = u.tenant_id and ug.user_id = u.id and ug.group_id = ${groupId}::uuid)`,
  );

export interface AuditEntry {
  actorId: string | null;
  actorName: string;
  action: 'anlegen' | 'ändern' | 'löschen' | 'einsehen';
  subjectType: string;
  subjectId: string;
  subjectName: string;
  changes: AuditChange[];
}

export async function insertAudit(db: Db, tenantId: string, entry: AuditEntry): Promise<void> {
  await insertAudits(db, tenantId, [entry]);
}

/** Several entries in one statement (one per person when a group's members change in bulk). */
export async function insertAudits(db: Db, tenantId: string, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries.map((e) => ({ tenantId, ...e })));
}

const ERASED_NAME = `${ERASED_PERSON.firstName} ${ERASED_PERSON.lastName}`;
/** Fields of a person entry that name them; an erased person's old values are not shown any more. */
const PERSON_FIELDS = new Set(['Vorname', 'Nachname', 'E-Mail', 'Personalnummer']);
const maskPersonFields = (changes: AuditChange[]): AuditChange[] =>
  changes.map((c) => (PERSON_FIELDS.has(c.field) ? { ...c, old: c.old === null ? null : '–', new: c.new === null ? null : '–' } : c));

export async function listAudit(
  db: Db,
  tenantId: string,
  f: { from?: Date; to?: Date; subjectType?: string; limit: number; offset: number },
) {
  const rows = rowsOf<{
    id: number;
    at: string | Date;
    actor_name: string;
    action: string;
    subject_type: string;
    subject_id: string;
    subject_name: string;
    changes: unknown;
    subject_erased: boolean;
    total: number;
  }>(
    // The trail is append-only and keeps what was written; an erased person's name is masked when read (decision 150).
    await db.execute(sql`
      select a.id::int as id, a.at,
             case when exists (select 1 from users x where x.tenant_id = a.tenant_id and x.id = a.actor_id and x.status = 'geloescht')
                  then ${ERASED_NAME} else a.actor_name end as actor_name,
             a.action, a.subject_type, a.subject_id,
             (a.subject_type in ('benutzer', 'zugriff') and exists (
                select 1 from users x where x.tenant_id = a.tenant_id and x.id::text = a.subject_id and x.status = 'geloescht')) as subject_erased,
             a.subject_name, a.changes, count(*) over ()::int as total
        from audit_log a
       where a.tenant_id = ${tenantId}
         ${f.from ? sql`and a.at >= ${f.from.toISOString()}::timestamptz` : sql``}
         ${f.to ? sql`and a.at < ${f.to.toISOString()}::timestamptz` : sql``}
         ${f.subjectType ? sql`and a.subject_type = ${f.subjectType}` : sql``}
       order by a.at desc, a.id desc
       limit ${f.limit} offset ${f.offset}`),
  );
  return {
    total: rows[0]?.total ?? 0,
    entries: rows.map((r) => ({
      id: r.id,
      at: new Date(r.at),
      actorName: r.actor_name,
      action: r.action,
      subjectType: r.subject_type,
      subjectId: r.subject_id,
      subjectName: r.subject_erased ? ERASED_NAME : r.subject_name,
      changes: r.subject_erased ? maskPersonFields(jsonOf<AuditChange[]>(r.changes)) : jsonOf<AuditChange[]>(r.changes),
    })),
  };
}

export async function listLogEntries(
  db: Db,
  tenantId: string,
  f: { level?: string; category?: string; from?: Date; to?: Date; limit: number; offset: number },
) {
  const rows = rowsOf<{ id: number; level: string; message: string; category: string; created_at: string | Date; total: number }>(
    await db.execute(sql`
      select l.id::int as id, l.level, l.message, l.category, l.created_at, count(*) over ()::int as total
        from logs l
       where l.tenant_id = ${tenantId}
         ${f.level ? sql`and l.level = ${f.level}` : sql``}
         ${f.category ? sql`and l.category = ${f.category}` : sql``}
         ${f.from ? sql`and l.created_at >= ${f.from.toISOString()}::timestamptz` : sql``}
         ${f.to ? sql`and l.created_at < ${f.to.toISOString()}::timestamptz` : sql``}
       order by l.created_at desc, l.id desc
       limit ${f.limit} offset ${f.offset}`),
  );
  return {
    total: rows[0]?.total ?? 0,
    entries: rows.map((r) => ({ id: r.id, level: r.level, message: r.message, category: r.category, at: new Date(r.created_at) })),
  };
}
