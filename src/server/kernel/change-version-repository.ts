import type { Db } from '@db/client';
import { sql } from 'drizzle-orm';
import { rowsOf } from './rows';

/**
 * What the trigger of migration 0004 counts: per tenant vehicle_bookings,
 * reading_rooms (plans, objects, equipment, opening hours), reading_room_bookings, people
 * (members, departments, groups, roles, grants) and settings; `auth` (sign-in
 * identities and sessions) is global, counted under the nil tenant.
 */
export type ChangeSubject =
  | 'vehicle_bookings'
  | 'reading_rooms'
  | 'reading_room_bookings'
  | 'people'
  | 'settings'
  | 'auth'
  /** current driving licences (migration 0015) */
  | 'licences'
  /** host names, tenants and their features; global, counted under the nil tenant (migration 0026) */
  | 'tenants'
  /** floor plans with a public occupancy page, the tenant's websites and colour of it (migration 0053) */
  | 'occupancy';

const GLOBAL_TENANT = '00000000-0000-0000-0000-000000000000';

/**
 * The current change versions of some subjects as one stamp per subject
 * ("vehicle_bookings:12"); a subject never changed reads as 0. Read inside a
 * tenant transaction they match what that transaction sees, but there
 * row-level security hides the global `auth` counter: read that one outside.
 */
export async function changeVersions<S extends ChangeSubject>(db: Db, tenantId: string, subjects: S[]): Promise<Record<S, string>> {
  const rows = rowsOf<{ subject: string; version: string | number }>(
    await db.execute(sql`
      select subject, version from change_versions
       where (tenant_id = ${tenantId} or (tenant_id = ${GLOBAL_TENANT} and subject = 'auth'))
         and subject = any(${`{${subjects.join(',')}}`}::text[])`),
  );
  const by = new Map(rows.map((r) => [r.subject, String(r.version)]));
  return Object.fromEntries(subjects.map((s) => [s, `${s}:${by.get(s) ?? 0}`])) as Record<S, string>;
}

/** All of `changeVersions` as one stamp ("vehicle_bookings:12,people:3"). */
export async function changeStamp(db: Db, tenantId: string, subjects: ChangeSubject[]): Promise<string> {
  const v = await changeVersions(db, tenantId, subjects);
  return subjects.map((s) => v[s]).join(',');
}

/** The stamp `changeStamp` writes, from versions read by another query (a subject never changed reads as 0). */
export const stampOf = (subjects: readonly ChangeSubject[], versions: ReadonlyMap<string, string | number>): string =>
  subjects.map((s) => `${s}:${versions.get(s) ?? 0}`).join(',');

/**
 * The version of a global subject (counted under the nil tenant), read
 * outside any tenant transaction: one primary-key lookup. A subject never
 * changed reads as "0".
 */
export async function globalChangeVersion(db: Db, subject: 'tenants' | 'auth'): Promise<string> {
  const [row] = rowsOf<{ version: string | number }>(
    await db.execute(sql`select version from change_versions where tenant_id = ${GLOBAL_TENANT} and subject = ${subject}`),
  );
  return String(row?.version ?? 0);
}
