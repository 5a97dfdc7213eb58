import type { Db } from '@db/client';
import { ERASED_PERSON } from '@domain/retention';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/**
 * Erasing a person on request (decision 150): the `users` row stays, so every
 * booking, trip and logbook entry keeps its reference, but it no longer names
 * anybody. Run inside the erasing transaction; files are removed after commit.
 */

/** Storage paths of the person's licence scans and data exports, read before the rows go. */
export async function filesOfPerson(db: Db, tenantId: string, userId: string) {
  const scans = rowsOf<{ path: string }>(
    await db.execute(sql`select scan_path as path from licence_checks
                          where tenant_id = ${tenantId} and user_id = ${userId}::uuid and scan_path is not null`),
  ).map((r) => r.path);
  const exports = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text as id from personal_data_exports where tenant_id = ${tenantId} and user_id = ${userId}::uuid`),
  ).map((r) => r.id);
  return { scans, exports };
}

/**
 * Everything attached to the person that is theirs alone: memberships and
 * grants, personal settings, calendar feed, reminders, data exports, the
 * licence with its check history (opened for exactly this person by the
 * trigger of migration 0032). Series they hold end; lockers they hold are released.
 */
export async function removeDataOfPerson(db: Db, tenantId: string, userId: string, now: Date): Promise<{ licenceChecks: number }> {
  const id = sql`${userId}::uuid`;
  for (const table of [
    'user_roles',
    'user_groups',
    'user_permissions',
    'setting_values',
    'calendar_feeds',
    'licence_reminders',
    'personal_data_exports',
  ]) {
    await db.execute(sql`delete from ${sql.identifier(table)} where tenant_id = ${tenantId} and user_id = ${id}`);
  }
  await db.execute(sql`select set_config('buchbar.erase_person', ${userId}, true)`);
  const checks = rowsOf<{ id: string }>(
    await db.execute(sql`delete from licence_checks where tenant_id = ${tenantId} and user_id = ${id} returning id::text as id`),
  );
  await db.execute(sql`select set_config('buchbar.erase_person', '', true)`);
  await db.execute(sql`delete from current_licences where tenant_id = ${tenantId} and user_id = ${id}`);
  const at = sql`${now.toISOString()}::timestamptz`;
  await db.execute(
    sql`update booking_series set ended_at = ${at} where tenant_id = ${tenantId} and booker_id = ${id} and ended_at is null`,
  );
  await db.execute(sql`update vehicle_series set ended_at = ${at}
                        where tenant_id = ${tenantId} and (driver_id = ${id} or booked_by_id = ${id}) and ended_at is null`);
  await db.execute(
    sql`update locker_assignments set released_at = ${at} where tenant_id = ${tenantId} and user_id = ${id} and released_at is null`,
  );
  return { licenceChecks: checks.length };
}

/**
 * The row itself: name "Gelöschte Person", an address under .invalid (so the
 * real one can be invited again), no personnel number, status geloescht, and a
 * fresh identity without password or session. The department stays: the
 * evaluations count bookings per department and must not change.
 * The old identity goes too unless another tenant's membership still uses it.
 */
export async function anonymisePersonRow(db: Db, tenantId: string, userId: string, oldAuthUserId: string, tombstoneId: string) {
  const email = `geloescht+${userId}@buchbar.invalid`;
  await db.execute(sql`insert into auth_user (id, name, email, email_verified)
                       values (${tombstoneId}, ${`${ERASED_PERSON.firstName} ${ERASED_PERSON.lastName}`}, ${email}, false)`);
  await db.execute(sql`
    update users set first_name = ${ERASED_PERSON.firstName}, last_name = ${ERASED_PERSON.lastName}, email = ${email},
                     employee_id = null, status = 'geloescht', single_sign_on = false, auth_user_id = ${tombstoneId}
     where tenant_id = ${tenantId} and id = ${userId}::uuid`);
  // Row-level security hides other tenants' members; the function of migration 0032 sees them all.
  const [used] = rowsOf<{ used: boolean }>(await db.execute(sql`select buchbar_identity_in_use(${oldAuthUserId}) as used`));
  if (used?.used === false) await db.execute(sql`delete from auth_user where id = ${oldAuthUserId}`);
}
