import type { Db } from '@db/client';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

const CONSENT = 'teamSitzplatzFreigabe';

/** A person of the tenant with their consent to „Mein Team heute“ (decision 110). */
export interface TeamPersonRecord {
  tenantId: string;
  id: string;
  firstName: string;
  lastName: string;
  departmentId: string | null;
  departmentName: string | null;
  active: boolean;
  consented: boolean;
}

/** A holding desk booking of the day with the person who sits there. */
export interface TeamDeskRecord extends TeamPersonRecord {
  bookingId: string;
  objectId: string;
  objectName: string;
  floorPlanId: string;
  floorPlanName: string;
  von: Date;
  bis: Date;
}

const consentOf = (tenantId: string, userColumn: ReturnType<typeof sql>) => sql`exists (
  select 1 from setting_values s
   where s.tenant_id = ${tenantId} and s.option_name = ${CONSENT} and s.layer = 'BENUTZER'
     and s.user_id = ${userColumn} and s.value = 'true')`;

/**
 * Desks of the workplace area held in [from, to) by consenting people who are
 * in the department or on the favourite list: the privacy switches are part of
 * the query, so a person without consent never leaves the database.
 */
export async function findTeamDesks(
  db: Db,
  tenantId: string,
  scope: { departmentId: string | null; favouriteIds: readonly string[]; excludeId: string },
  from: Date,
  to: Date,
): Promise<TeamDeskRecord[]> {
  const favourites = sql`array[${sql.join(
    scope.favouriteIds.length ? scope.favouriteIds.map((id) => sql`${id}`) : [sql`null`],
    sql`, `,
  )}]::uuid[]`;
  const result = await db.execute(sql`
    select b.id as "bookingId", b.von, b.bis, r.id as "objectId", r.designation as "objectName",
           p.id as "floorPlanId", p.name as "floorPlanName",
           u.tenant_id as "tenantId", u.id, u.first_name as "firstName", u.last_name as "lastName",
           u.department_id as "departmentId", d.name as "departmentName", (u.status = 'aktiv') as active, true as consented
      from reading_room_bookings b
      join reading_rooms r on r.tenant_id = b.tenant_id and r.id = b.reading_room_id
      join floor_plans p on p.tenant_id = r.tenant_id and p.id = r.floor_plan_id and p.area = 'arbeitswelt' and p.active
      join users u on u.tenant_id = b.tenant_id and u.id = coalesce(b.confirming_id, b.booker_id)
      left join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id
     where b.tenant_id = ${tenantId}
       and b.status in ('vorgemerkt', 'reserviert', 'durchgeführt')
       and b.von < ${to.toISOString()}::timestamptz and b.bis > ${from.toISOString()}::timestamptz
       and u.status = 'aktiv' and u.id <> ${scope.excludeId}
       and ((${scope.departmentId}::uuid is not null and u.department_id = ${scope.departmentId}::uuid) or u.id = any(${favourites}))
       and ${consentOf(tenantId, sql`u.id`)}
     order by u.last_name, u.first_name, b.von`);
  return rowsOf<Omit<TeamDeskRecord, 'von' | 'bis'> & { von: string | Date; bis: string | Date }>(result).map((r) => ({
    ...r,
    von: new Date(r.von),
    bis: new Date(r.bis),
  }));
}

/** The given people of the tenant (others' ids find nothing), with consent. */
export async function findTeamPeople(db: Db, tenantId: string, ids: readonly string[]): Promise<TeamPersonRecord[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select u.tenant_id as "tenantId", u.id, u.first_name as "firstName", u.last_name as "lastName",
           u.department_id as "departmentId", d.name as "departmentName", (u.status = 'aktiv') as active,
           ${consentOf(tenantId, sql`u.id`)} as consented
      from users u
      left join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id
     where u.tenant_id = ${tenantId} and u.id = any(array[${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )}]::uuid[])
     order by u.last_name, u.first_name`);
  return rowsOf<TeamPersonRecord>(result);
}

/**
 * Active, consenting people of the tenant whose first, last or full name
 * begins with the term; at most `limit`. Only names are searched (not e-mail
 * addresses), and people who have not agreed are never found.
 */
export async function searchConsentingPeople(
  db: Db,
  tenantId: string,
  term: string,
  excludeId: string,
  limit: number,
): Promise<TeamPersonRecord[]> {
  const prefix = `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await db.execute(sql`
    select u.tenant_id as "tenantId", u.id, u.first_name as "firstName", u.last_name as "lastName",
           u.department_id as "departmentId", d.name as "departmentName", true as active, true as consented
      from users u
      left join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id
     where u.tenant_id = ${tenantId} and u.status = 'aktiv' and u.id <> ${excludeId}
       and (lower(u.first_name) like ${prefix} or lower(u.last_name) like ${prefix}
            or lower(u.first_name || ' ' || u.last_name) like ${prefix})
       and ${consentOf(tenantId, sql`u.id`)}
     order by u.last_name, u.first_name, u.id
     limit ${limit}`);
  return rowsOf<TeamPersonRecord>(result);
}
