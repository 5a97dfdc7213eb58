import type { Db } from '@db/client';
import { authUser, departments, userGroups, userPermissions, userRoles, users } from '@db/schema/index';
import type { PermissionGrant } from '@domain/permissions';
import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';
import { foundIds, likeNeedle } from '../../kernel/text-search';

/** The people list of /admin/benutzer and the links of one person; scoped by tenant, run inside withTenant. */

export type PeopleSort = 'name' | 'email' | 'employeeId' | 'department' | 'status';

export interface PeoplePageQuery {
  search?: string;
  status?: 'aktiv' | 'inaktiv';
  sort: PeopleSort;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface PersonRow {
  id: string;
  employeeId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  department: { id: string; name: string } | null;
}

const ORDER: Record<PeopleSort, ReturnType<typeof sql>> = {
  name: sql`lower(u.last_name), lower(u.first_name)`,
  email: sql`lower(u.email)`,
  employeeId: sql`u.employee_id nulls last`,
  department: sql`lower(d.name) nulls last`,
  status: sql`u.status`,
};

const ORDER_DESC: Record<PeopleSort, ReturnType<typeof sql>> = {
  name: sql`lower(u.last_name) desc, lower(u.first_name) desc, u.id desc`,
  email: sql`lower(u.email) desc, u.id desc`,
  employeeId: sql`u.employee_id desc nulls last, u.id desc`,
  department: sql`lower(d.name) desc nulls last, u.id desc`,
  status: sql`u.status desc, u.id desc`,
};

/**
 * A page and the total in one statement (docs/performance/people.md). The page is chosen on `users` alone, so the
 * offset walks the name index and only the page's rows are joined with their department; the total
 * is one count over the same filter. A search starts from the ids of the tenant's search function
 * (trigram index of migration 0027, decision 165, docs/performance/people.md) and the people of the tenant's matching departments.
 */
export async function listPeoplePage(db: Db, tenantId: string, q: PeoplePageQuery): Promise<{ total: number; people: PersonRow[] }> {
  const needle = likeNeedle(q.search);
  const order = q.dir === 'desc' ? ORDER_DESC[q.sort] : sql`${ORDER[q.sort]}, u.id`;
  // Erased people and the retention run's placeholders (status geloescht, decision 150) are no longer people to manage.
  const filter = sql`u.tenant_id = ${tenantId} and u.status <> 'geloescht'
         ${q.status ? sql`and u.status = ${q.status}` : sql``}`;
  type Row = {
    total: number;
    id: string | null;
    employee_id: string | null;
    first_name: string;
    last_name: string;
    email: string;
    status: string;
    department_id: string | null;
    department_name: string | null;
  };
  const pageColumns = sql`u.id::text as id, u.employee_id, u.first_name, u.last_name, u.email, u.status,
                 d.id::text as department_id, d.name as department_name`;
  const rows = rowsOf<Row>(
    await db.execute(
      needle
        ? // A search starts from the people the tenant's search function finds and those of matching
          // departments, each read by its key (docs/performance/people.md); they are counted and the page is sorted from
          // them. Filtering every person of the tenant by the found ids read the whole tenant.
          sql`
      with matching_departments as materialized (
        select dd.id from departments dd where dd.tenant_id = ${tenantId} and lower(dd.name) like ${needle}
      ),
      found as (
        select f.id from ${foundIds('people', needle)} f(id)
        union
        select du.id from users du
         where exists (select 1 from matching_departments)
           and du.tenant_id = ${tenantId} and du.department_id in (select id from matching_departments)
      ),
      u as materialized (
        select u.tenant_id, u.id, u.employee_id, u.first_name, u.last_name, u.email, u.status, u.department_id
          from found f join users u on u.tenant_id = ${tenantId} and u.id = f.id
         where ${filter}
      )
      select c.total, x.*
        from (select count(*)::int as total from u) c
        left join lateral (
          select ${pageColumns}
            from u left join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id
           order by ${order}
           limit ${q.limit} offset ${q.offset}
        ) x on true`
        : // The whole list: the offset walks the name index over `users` alone, only the page's rows are
          // joined with their department (the department sort needs it before the page is cut).
          sql`
      select c.total, x.*
        from (select count(*)::int as total from users u where ${filter}) c
        left join lateral (
          select ${pageColumns}
            from (select u.tenant_id, u.id
                    from users u ${q.sort === 'department' ? sql`left join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id` : sql``}
                   where ${filter} order by ${order} limit ${q.limit} offset ${q.offset}) p
            join users u on u.tenant_id = p.tenant_id and u.id = p.id
            left join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id
           order by ${order}
        ) x on true`,
    ),
  );
  const people = rows.filter((r) => r.id !== null);
  return {
    total: rows[0]?.total ?? 0,
    people: people.map((r) => ({
      id: r.id!,
      employeeId: r.employee_id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      status: r.status,
      department: r.department_id ? { id: r.department_id, name: r.department_name! } : null,
    })),
  };
}

export async function listDepartments(db: Db, tenantId: string) {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.tenantId, tenantId))
    .orderBy(asc(departments.name));
}

export async function departmentExists(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)));
  return rows.length > 0;
}

export async function findIdentityByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: authUser.id }).from(authUser).where(sql`lower(${authUser.email}) = lower(${email})`);
  return row?.id ?? null;
}

export async function insertIdentity(db: Db, id: string, name: string, email: string): Promise<void> {
  await db.insert(authUser).values({ id, name, email, emailVerified: false });
}

export async function insertPerson(
  db: Db,
  tenantId: string,
  p: { authUserId: string; firstName: string; lastName: string; email: string; employeeId: string | null; departmentId: string | null },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ tenantId, ...p })
    .returning({ id: users.id });
  return row!.id;
}

export async function updatePersonFields(
  db: Db,
  tenantId: string,
  id: string,
  patch: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    status: string;
    employeeId: string | null;
    departmentId: string | null;
  }>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db
    .update(users)
    .set(patch)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
}

export async function linksOfPerson(db: Db, tenantId: string, userId: string) {
  // One after another: a transaction runs one statement at a time (PGlite and a single pg client alike).
  const roles = await db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  const groups = await db
    .select({ id: userGroups.groupId })
    .from(userGroups)
    .where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.userId, userId)));
  const grants = await db
    .select({ name: userPermissions.permissionName, value: userPermissions.value })
    .from(userPermissions)
    .where(and(eq(userPermissions.tenantId, tenantId), eq(userPermissions.userId, userId)));
  return { roleIds: roles.map((r) => r.id), groupIds: groups.map((g) => g.id), permissions: grants };
}

export async function replaceLinksOfPerson(
  db: Db,
  tenantId: string,
  userId: string,
  links: { roleIds: readonly string[]; groupIds: readonly string[]; permissions: readonly PermissionGrant[] },
): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  await db.delete(userGroups).where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.userId, userId)));
  await db.delete(userPermissions).where(and(eq(userPermissions.tenantId, tenantId), eq(userPermissions.userId, userId)));
  if (links.roleIds.length > 0) await db.insert(userRoles).values(links.roleIds.map((roleId) => ({ tenantId, userId, roleId })));
  if (links.groupIds.length > 0) await db.insert(userGroups).values(links.groupIds.map((groupId) => ({ tenantId, userId, groupId })));
  if (links.permissions.length > 0) {
    await db.insert(userPermissions).values(links.permissions.map((g) => ({ tenantId, userId, permissionName: g.name, value: g.value })));
  }
}
