import type { Db } from '@db/client';
import { authSession, departments, users } from '@db/schema/index';
import type { PermissionSources } from '@domain/permissions';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

export interface MemberRecord {
  id: string;
  tenantId: string;
  authUserId: string;
  employeeId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  department: { id: string; name: string } | null;
}

const memberColumns = {
  id: users.id,
  tenantId: users.tenantId,
  authUserId: users.authUserId,
  employeeId: users.employeeId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: users.status,
  departmentId: departments.id,
  departmentName: departments.name,
};

type MemberRow = { [K in keyof typeof memberColumns]: unknown };

function toMember(row: MemberRow): MemberRecord {
  const r = row as Record<keyof typeof memberColumns, string | null>;
  return {
    id: r.id!,
    tenantId: r.tenantId!,
    authUserId: r.authUserId!,
    employeeId: r.employeeId,
    firstName: r.firstName!,
    lastName: r.lastName!,
    email: r.email!,
    status: r.status!,
    department: r.departmentId ? { id: r.departmentId, name: r.departmentName! } : null,
  };
}

function selectMembers(db: Db, tenantId: string) {
  return db
    .select(memberColumns)
    .from(users)
    .leftJoin(departments, and(eq(departments.tenantId, users.tenantId), eq(departments.id, users.departmentId)))
    .where(eq(users.tenantId, tenantId))
    .$dynamic();
}

export async function findMemberByEmail(db: Db, tenantId: string, email: string): Promise<MemberRecord | null> {
  const [row] = await selectMembers(db, tenantId).where(and(eq(users.tenantId, tenantId), sql`lower(${users.email}) = lower(${email})`));
  return row ? toMember(row) : null;
}

export async function findMemberById(db: Db, tenantId: string, id: string): Promise<MemberRecord | null> {
  const [row] = await selectMembers(db, tenantId).where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row ? toMember(row) : null;
}

export async function listMembers(db: Db, tenantId: string): Promise<MemberRecord[]> {
  const rows = await selectMembers(db, tenantId).orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map(toMember);
}

export async function updateMember(
  db: Db,
  tenantId: string,
  id: string,
  patch: Partial<Pick<MemberRecord, 'firstName' | 'lastName' | 'email' | 'status'>>,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(patch)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Ends every session of an identity (used when a user is set inactive). */
export async function deleteSessionsOfAuthUser(db: Db, authUserId: string): Promise<void> {
  await db.delete(authSession).where(eq(authSession.userId, authUserId));
}

type GrantRow = { path: string; owner: string; name: string; value: string };

/** The three paths of docs/product.md#permissions (direct, role, group's roles) as one union; `$member` is the users row alias's id. */
const grantsOf = (tenantId: string, member: SQL) => sql`
    select 'direct' as path, up.user_id::text as owner, up.permission_name as name, up.value
      from user_permissions up
     where up.tenant_id = ${tenantId} and up.user_id = ${member}
    union all
    select 'role', ur.role_id::text, rp.permission_name, rp.value
      from user_roles ur
      join role_permissions rp on rp.tenant_id = ur.tenant_id and rp.role_id = ur.role_id
     where ur.tenant_id = ${tenantId} and ur.user_id = ${member}
    union all
    select 'group', ug.group_id::text, rp.permission_name, rp.value
      from user_groups ug
      join group_roles gr on gr.tenant_id = ug.tenant_id and gr.group_id = ug.group_id
      join role_permissions rp on rp.tenant_id = gr.tenant_id and rp.role_id = gr.role_id
     where ug.tenant_id = ${tenantId} and ug.user_id = ${member}`;

/** Groups grant rows into the shape the domain resolves; resolution itself is the domain's job. */
function toSources(rows: GrantRow[]): PermissionSources {
  const byOwner = (path: string) => {
    const map = new Map<string, { name: string; value: string }[]>();
    for (const r of rows.filter((x) => x.path === path)) {
      map.set(r.owner, [...(map.get(r.owner) ?? []), { name: r.name, value: r.value }]);
    }
    return [...map.values()];
  };
  return {
    direct: rows.filter((r) => r.path === 'direct').map((r) => ({ name: r.name, value: r.value })),
    roles: byOwner('role').map((permissions) => ({ permissions })),
    groups: byOwner('group').map((permissions) => ({ roles: [{ permissions }] })),
  };
}

/** All permission grants of a member through the three paths of docs/product.md#permissions, in one round trip. */
export async function loadPermissionSources(db: Db, tenantId: string, userId: string): Promise<PermissionSources> {
  const result = await db.execute<GrantRow>(grantsOf(tenantId, sql`${userId}::uuid`));
  return toSources((result as unknown as { rows: GrantRow[] }).rows);
}

export interface MemberContext {
  member: MemberRecord;
  sources: PermissionSources;
  /** The member's own stored value of a user-level setting, e.g. 'sprache'. */
  userSetting: string | null;
}

/**
 * Everything a request needs about its signed-in member (membership,
 * department, every permission grant, the chosen language) in ONE statement:
 * this runs on every authenticated request.
 */
export async function findMemberContext(
  db: Db,
  tenantId: string,
  authUserId: string,
  userSettingName: string,
): Promise<MemberContext | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select u.id::text as id, u.tenant_id::text as tenant_id, u.auth_user_id, u.employee_id, u.first_name, u.last_name, u.email, u.status,
           d.id::text as department_id, d.name as department_name,
           (select sv.value from setting_values sv
             where sv.tenant_id = u.tenant_id and sv.option_name = ${userSettingName} and sv.layer = 'BENUTZER' and sv.user_id = u.id) as user_setting,
           coalesce((select json_agg(g) from (${grantsOf(tenantId, sql`u.id`)}) g), '[]'::json) as grants
      from users u
      left join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id
     where u.tenant_id = ${tenantId} and u.auth_user_id = ${authUserId}`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return null;
  const grants = (typeof row.grants === 'string' ? JSON.parse(row.grants) : row.grants) as GrantRow[];
  return {
    member: {
      id: row.id as string,
      tenantId: row.tenant_id as string,
      authUserId: row.auth_user_id as string,
      employeeId: (row.employee_id as string | null) ?? null,
      firstName: row.first_name as string,
      lastName: row.last_name as string,
      email: row.email as string,
      status: row.status as string,
      department: row.department_id ? { id: row.department_id as string, name: row.department_name as string } : null,
    },
    sources: toSources(grants),
    userSetting: (row.user_setting as string | null) ?? null,
  };
}

export async function listGroupIdsOfUser(db: Db, tenantId: string, userId: string) {
  const result = await db.execute<{ id: string; name: string }>(sql`
    select g.id::text as id, g.name from user_groups ug
      join groups g on g.tenant_id = ug.tenant_id and g.id = ug.group_id
     where ug.tenant_id = ${tenantId} and ug.user_id = ${userId}`);
  return (result as unknown as { rows: { id: string; name: string }[] }).rows;
}

/** Active members holding a permission through any path (direct, role, group's roles) with the value 'true'. */
export async function membersWithPermission(db: Db, tenantId: string, permission: string) {
  return rowsOf<{ id: string; name: string; email: string; department_name: string | null }>(
    await db.execute(sql`
      select u.id::text, u.first_name || ' ' || u.last_name as name, u.email, d.name as department_name
        from users u
        left join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id
       where u.tenant_id = ${tenantId} and u.status = 'aktiv' and (
         exists (select 1 from user_permissions up where up.tenant_id = u.tenant_id and up.user_id = u.id
                  and up.permission_name = ${permission} and up.value = 'true')
         or exists (select 1 from user_roles ur join role_permissions rp on rp.tenant_id = ur.tenant_id and rp.role_id = ur.role_id
                     where ur.tenant_id = u.tenant_id and ur.user_id = u.id and rp.permission_name = ${permission} and rp.value = 'true')
         or exists (select 1 from user_groups ug
                      join group_roles gr on gr.tenant_id = ug.tenant_id and gr.group_id = ug.group_id
                      join role_permissions rp on rp.tenant_id = gr.tenant_id and rp.role_id = gr.role_id
                     where ug.tenant_id = u.tenant_id and ug.user_id = u.id and rp.permission_name = ${permission} and rp.value = 'true'))
       order by u.last_name, u.first_name`),
  );
}
