import type { Db } from '@db/client';
import { scimGroups, scimTokens, scimUsers } from '@db/schema/index';
import type { GroupLookup, GroupSortKey, LookupPlan, ScimSort, UserLookup, UserSortKey } from '@domain/scim';
import { rowsOf } from '@server/kernel/rows';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id compared on its index; a text that is no uuid names nothing (never a cast error). */
const idIs = (column: SQL, value: string): SQL => (UUID.test(value) ? sql`${column} = ${value.toLowerCase()}::uuid` : sql`false`);

/** Every read and write of the SCIM endpoint and its tokens (decision 229); always inside the tenant's transaction. */

// ---------------------------------------------------------------- tokens

export interface ScimTokenRecord {
  id: string;
  name: string;
  hint: string;
  createdByName: string;
  expiresAt: Date;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const tokenColumns = {
  id: scimTokens.id,
  name: scimTokens.name,
  hint: scimTokens.hint,
  createdByName: scimTokens.createdByName,
  expiresAt: scimTokens.expiresAt,
  createdAt: scimTokens.createdAt,
  lastUsedAt: scimTokens.lastUsedAt,
  revokedAt: scimTokens.revokedAt,
};

export async function insertScimToken(
  db: Db,
  tenantId: string,
  t: { name: string; hint: string; tokenHash: string; createdByName: string; expiresAt: Date },
): Promise<ScimTokenRecord> {
  const [row] = await db
    .insert(scimTokens)
    .values({ tenantId, ...t })
    .returning(tokenColumns);
  return row!;
}

export async function listScimTokens(db: Db, tenantId: string): Promise<ScimTokenRecord[]> {
  return db.select(tokenColumns).from(scimTokens).where(eq(scimTokens.tenantId, tenantId)).orderBy(desc(scimTokens.createdAt));
}

export async function findScimToken(db: Db, tenantId: string, id: string): Promise<ScimTokenRecord | null> {
  const [row] = await db
    .select(tokenColumns)
    .from(scimTokens)
    .where(and(eq(scimTokens.tenantId, tenantId), idIs(sql`${scimTokens.id}`, id)));
  return row ?? null;
}

export async function findScimTokenByHash(db: Db, tenantId: string, hash: string): Promise<ScimTokenRecord | null> {
  const [row] = await db
    .select(tokenColumns)
    .from(scimTokens)
    .where(and(eq(scimTokens.tenantId, tenantId), eq(scimTokens.tokenHash, hash)));
  return row ?? null;
}

export async function touchScimToken(db: Db, tenantId: string, id: string, at: Date): Promise<void> {
  await db
    .update(scimTokens)
    .set({ lastUsedAt: at })
    .where(and(eq(scimTokens.tenantId, tenantId), eq(scimTokens.id, id)));
}

/** True when this call revoked it (a second revocation changes nothing). */
export async function revokeScimToken(db: Db, tenantId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(scimTokens)
    .set({ revokedAt: at })
    .where(and(eq(scimTokens.tenantId, tenantId), eq(scimTokens.id, id), sql`${scimTokens.revokedAt} is null`))
    .returning({ id: scimTokens.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- people

export interface ScimPersonRecord {
  id: string;
  authUserId: string;
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string | null;
  department: string | null;
  status: string;
  userName: string | null;
  externalId: string | null;
  created: Date;
  lastModified: Date;
}

type PersonRow = {
  id: string;
  auth_user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  employee_id: string | null;
  department: string | null;
  status: string;
  user_name: string | null;
  external_id: string | null;
  created_at: string | Date;
  updated_at: string | Date | null;
  total: number;
};

const toPerson = (r: PersonRow): ScimPersonRecord => {
  const created = new Date(r.created_at);
  const updated = r.updated_at ? new Date(r.updated_at) : created;
  return {
    id: r.id,
    authUserId: r.auth_user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    employeeId: r.employee_id,
    department: r.department,
    status: r.status,
    userName: r.user_name,
    externalId: r.external_id,
    created,
    lastModified: updated > created ? updated : created,
  };
};

/** The condition of one equality the filter plan asks for; `u` is the person, `s` their SCIM row. */
function userCondition(tenantId: string, attribute: UserLookup, value: string): SQL {
  switch (attribute) {
    case 'id':
      return idIs(sql`u.id`, value);
    case 'externalId':
      return sql`s.external_id = ${value}`;
    case 'email':
      return sql`lower(u.email) = lower(${value})`;
    case 'displayName':
      return sql`lower(u.first_name || ' ' || u.last_name) = lower(${value})`;
    case 'userName':
      // Two index probes: the userName the provider gave, or the address of a person it never named.
      return sql`u.id in (
        select s2.user_id from scim_users s2 where s2.tenant_id = ${tenantId} and lower(s2.user_name) = lower(${value})
        union all
        select u2.id from users u2
         where u2.tenant_id = ${tenantId} and lower(u2.email) = lower(${value})
           and not exists (select 1 from scim_users s3 where s3.tenant_id = u2.tenant_id and s3.user_id = u2.id))`;
  }
}

/**
 * The people SCIM sees, a page of them with the total in the same statement: every
 * member but the erased and those the provider deleted, oldest first.
 */
export async function findScimPeople(
  db: Db,
  tenantId: string,
  plan: LookupPlan<UserLookup>,
  page: { offset: number; limit: number },
  opts: { includeDeleted?: boolean; sort?: ScimSort<UserSortKey> | null } = {},
): Promise<{ total: number; people: ScimPersonRecord[] }> {
  const conditions = plan.map((p) => userCondition(tenantId, p.attribute, p.value));
  const visible = opts.includeDeleted ? [] : [sql`s.deleted_at is null`];
  const where = sql.join([sql`u.tenant_id = ${tenantId}`, sql`u.status <> 'geloescht'`, ...visible, ...conditions], sql` and `);
  const rows = rowsOf<PersonRow>(
    await db.execute(sql`
      select u.id::text as id, u.auth_user_id, u.first_name, u.last_name, u.email, u.employee_id, d.name as department, u.status,
             s.user_name, s.external_id, u.created_at, s.updated_at, count(*) over ()::int as total
        from users u
        left join scim_users s on s.tenant_id = u.tenant_id and s.user_id = u.id
        left join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id
       where ${where}
       order by ${orderBy(USER_ORDER, opts.sort)} u.created_at, u.id
       limit ${page.limit} offset ${page.offset}`),
  );
  if (rows.length === 0 && (page.offset > 0 || page.limit === 0)) {
    // Past the end, or a page of none: the total still counts.
    const [c] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from users u left join scim_users s on s.tenant_id = u.tenant_id and s.user_id = u.id where ${where}`,
      ),
    );
    return { total: c?.n ?? 0, people: [] };
  }
  return { total: rows[0]?.total ?? 0, people: rows.map(toPerson) };
}

export async function findScimPerson(
  db: Db,
  tenantId: string,
  id: string,
  opts: { includeDeleted?: boolean } = {},
): Promise<ScimPersonRecord | null> {
  const { people } = await findScimPeople(db, tenantId, [{ attribute: 'id', value: id }], { offset: 0, limit: 1 }, opts);
  return people[0] ?? null;
}

/** The SCIM row of a userName, deleted or not (a POST of a deleted person's userName brings them back). */
export async function findScimUserByUserName(
  db: Db,
  tenantId: string,
  userName: string,
): Promise<{ userId: string; deleted: boolean; status: string } | null> {
  const [row] = rowsOf<{ user_id: string; deleted: boolean; status: string }>(
    await db.execute(sql`
      select s.user_id::text, s.deleted_at is not null as deleted, u.status
        from scim_users s join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
       where s.tenant_id = ${tenantId} and lower(s.user_name) = lower(${userName})`),
  );
  return row ? { userId: row.user_id, deleted: row.deleted, status: row.status } : null;
}

/** Whether someone other than `exceptId` answers to this userName (their own, or their address while the provider never named them). */
export async function userNameTaken(db: Db, tenantId: string, userName: string, exceptId: string | null): Promise<boolean> {
  const [row] = rowsOf<{ taken: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from scim_users s where s.tenant_id = ${tenantId} and lower(s.user_name) = lower(${userName})
           and (${exceptId}::uuid is null or s.user_id <> ${exceptId}::uuid)
        union all
        select 1 from users u where u.tenant_id = ${tenantId} and lower(u.email) = lower(${userName}) and u.status <> 'geloescht'
           and (${exceptId}::uuid is null or u.id <> ${exceptId}::uuid)
           and not exists (select 1 from scim_users s3 where s3.tenant_id = u.tenant_id and s3.user_id = u.id)
      ) as taken`),
  );
  return row?.taken === true;
}

/** The member (of any status but erased) holding an address, compared without regard to case. */
export async function memberIdByEmail(
  db: Db,
  tenantId: string,
  email: string,
): Promise<{ id: string; scim: boolean; deleted: boolean } | null> {
  const [row] = rowsOf<{ id: string; scim: boolean; deleted: boolean }>(
    await db.execute(sql`
      select u.id::text, s.user_id is not null as scim, coalesce(s.deleted_at is not null, false) as deleted
        from users u left join scim_users s on s.tenant_id = u.tenant_id and s.user_id = u.id
       where u.tenant_id = ${tenantId} and lower(u.email) = lower(${email}) and u.status <> 'geloescht'`),
  );
  return row ?? null;
}

export async function saveScimUser(
  db: Db,
  tenantId: string,
  userId: string,
  v: { userName: string; externalId: string | null; deleted: boolean },
): Promise<void> {
  const values = { userName: v.userName, externalId: v.externalId, deletedAt: v.deleted ? sql`now()` : null, updatedAt: sql`now()` };
  await db
    .insert(scimUsers)
    .values({ tenantId, userId, ...values })
    .onConflictDoUpdate({ target: [scimUsers.tenantId, scimUsers.userId], set: values });
}

/** The ids among `ids` that name a member of this tenant the provider can see (uuids only; anything else names nobody). */
export async function visibleMemberIds(db: Db, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  const uuids = ids.filter((i) => UUID.test(i)).map((i) => i.toLowerCase());
  if (uuids.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select u.id::text from users u left join scim_users s on s.tenant_id = u.tenant_id and s.user_id = u.id
       where u.tenant_id = ${tenantId} and u.status <> 'geloescht' and s.deleted_at is null
         and u.id = any(${sql.param(uuids)}::uuid[])`),
  );
  return new Set(rows.map((r) => r.id));
}

// ---------------------------------------------------------------- groups

export interface ScimGroupRecord {
  id: string;
  name: string;
  externalId: string | null;
  created: Date | null;
  lastModified: Date | null;
  membersStamp: string;
}

/**
 * The columns a SCIM list sorts by (RFC 7644 §3.4.2.3): case-insensitive
 * attributes by their lower case, missing values last when ascending (as
 * PostgreSQL puts nulls); Buchbar's own order breaks ties, so pages never
 * overlap.
 */
const USER_ORDER: Record<UserSortKey, SQL> = {
  id: sql`u.id`,
  userName: sql`lower(coalesce(s.user_name, u.email))`,
  externalId: sql`s.external_id`,
  givenName: sql`lower(u.first_name)`,
  familyName: sql`lower(u.last_name)`,
  displayName: sql`lower(u.first_name || ' ' || u.last_name)`,
  email: sql`lower(u.email)`,
  created: sql`u.created_at`,
  lastModified: sql`greatest(u.created_at, coalesce(s.updated_at, u.created_at))`,
};
const GROUP_ORDER: Record<GroupSortKey, SQL> = {
  id: sql`g.id`,
  displayName: sql`lower(g.name)`,
  externalId: sql`sg.external_id`,
  created: sql`sg.created_at`,
  lastModified: sql`coalesce(sg.updated_at, sg.created_at)`,
};

function orderBy<K extends string>(columns: Record<K, SQL>, sort: ScimSort<K> | null | undefined): SQL {
  if (!sort) return sql``;
  return sql`${columns[sort.key]} ${sort.descending ? sql`desc` : sql`asc`},`;
}

function groupCondition(tenantId: string, attribute: GroupLookup, value: string): SQL {
  switch (attribute) {
    case 'id':
      return idIs(sql`g.id`, value);
    case 'externalId':
      return sql`sg.external_id = ${value}`;
    case 'displayName':
      return sql`lower(g.name) = lower(${value})`;
    case 'member':
      return sql`exists (select 1 from user_groups ug where ug.tenant_id = ${tenantId} and ug.group_id = g.id and ${idIs(sql`ug.user_id`, value)})`;
  }
}

export async function findScimGroups(
  db: Db,
  tenantId: string,
  plan: LookupPlan<GroupLookup>,
  page: { offset: number; limit: number },
  sort: ScimSort<GroupSortKey> | null = null,
): Promise<{ total: number; groups: ScimGroupRecord[] }> {
  const where = sql.join([sql`g.tenant_id = ${tenantId}`, ...plan.map((p) => groupCondition(tenantId, p.attribute, p.value))], sql` and `);
  const rows = rowsOf<{
    id: string;
    name: string;
    external_id: string | null;
    created_at: string | Date | null;
    updated_at: string | Date | null;
    members_stamp: string | null;
    total: number;
  }>(
    await db.execute(sql`
      select g.id::text as id, g.name, sg.external_id, sg.created_at, sg.updated_at, count(*) over ()::int as total,
             (select md5(string_agg(ug.user_id::text, ',' order by ug.user_id))
                from user_groups ug
                join users u on u.tenant_id = ug.tenant_id and u.id = ug.user_id
                left join scim_users s on s.tenant_id = u.tenant_id and s.user_id = u.id
               where ug.tenant_id = g.tenant_id and ug.group_id = g.id and u.status <> 'geloescht' and s.deleted_at is null) as members_stamp
        from groups g left join scim_groups sg on sg.tenant_id = g.tenant_id and sg.group_id = g.id
       where ${where}
       order by ${orderBy(GROUP_ORDER, sort)} lower(g.name), g.id
       limit ${page.limit} offset ${page.offset}`),
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && (page.offset > 0 || page.limit === 0)) {
    const [c] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from groups g left join scim_groups sg on sg.tenant_id = g.tenant_id and sg.group_id = g.id where ${where}`,
      ),
    );
    total = c?.n ?? 0;
  }
  return {
    total,
    groups: rows.map((r) => ({
      id: r.id,
      name: r.name,
      externalId: r.external_id,
      created: r.created_at ? new Date(r.created_at) : null,
      lastModified: r.updated_at ? new Date(r.updated_at) : null,
      membersStamp: r.members_stamp ?? '',
    })),
  };
}

export async function findScimGroup(db: Db, tenantId: string, id: string): Promise<ScimGroupRecord | null> {
  const { groups } = await findScimGroups(db, tenantId, [{ attribute: 'id', value: id }], { offset: 0, limit: 1 });
  return groups[0] ?? null;
}

/** The group holding a name, compared without regard to case. */
export async function groupIdByName(db: Db, tenantId: string, name: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text from groups where tenant_id = ${tenantId} and lower(name) = lower(${name})`),
  );
  return row?.id ?? null;
}

/** The visible members of the given groups, with the name SCIM shows as `display`. */
export async function membersOfScimGroups(
  db: Db,
  tenantId: string,
  groupIds: readonly string[],
): Promise<Map<string, { id: string; display: string }[]>> {
  const out = new Map<string, { id: string; display: string }[]>(groupIds.map((g) => [g, []]));
  if (groupIds.length === 0) return out;
  const rows = rowsOf<{ group_id: string; id: string; display: string }>(
    await db.execute(sql`
      select ug.group_id::text, u.id::text, u.first_name || ' ' || u.last_name as display
        from user_groups ug
        join users u on u.tenant_id = ug.tenant_id and u.id = ug.user_id
        left join scim_users s on s.tenant_id = u.tenant_id and s.user_id = u.id
       where ug.tenant_id = ${tenantId} and ug.group_id = any(${sql.param([...groupIds])}::uuid[])
         and u.status <> 'geloescht' and s.deleted_at is null
       order by u.created_at, u.id`),
  );
  for (const r of rows) out.get(r.group_id)?.push({ id: r.id, display: r.display });
  return out;
}

/** Members of one group among `ids`: who is in it already. */
export async function membersAmong(db: Db, tenantId: string, groupId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select user_id::text as id from user_groups
       where tenant_id = ${tenantId} and group_id = ${groupId}::uuid and user_id = any(${sql.param([...ids])}::uuid[])`),
  );
  return new Set(rows.map((r) => r.id));
}

export async function allMemberIds(db: Db, tenantId: string, groupId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select user_id::text as id from user_groups where tenant_id = ${tenantId} and group_id = ${groupId}::uuid`),
  );
  return rows.map((r) => r.id);
}

export async function saveScimGroup(db: Db, tenantId: string, groupId: string, externalId: string | null): Promise<void> {
  await db
    .insert(scimGroups)
    .values({ tenantId, groupId, externalId })
    .onConflictDoUpdate({ target: [scimGroups.tenantId, scimGroups.groupId], set: { externalId, updatedAt: sql`now()` } });
}

/** The names of people, for the audit trail of membership changes. */
export async function namesOfPeople(db: Db, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`
      select id::text, first_name || ' ' || last_name as name from users
       where tenant_id = ${tenantId} and id = any(${sql.param([...ids])}::uuid[])`),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
