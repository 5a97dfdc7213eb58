import type { Db } from '@db/client';
import { ANONYMISED_GUEST, ANONYMISED_PERSON } from '@domain/retention';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/**
 * The retention run's statements (decision 150). Each takes at most `limit`
 * rows that are not yet marked `anonymised_at`, so a run is a loop of short
 * transactions and a second run finds nothing. A person in an old booking is
 * replaced by the tenant's "Anonymisierte Person" of the same department, so
 * the evaluation roll-ups (counted per department) stay as they were.
 */

const anonEmail = (tenantId: string, department: SQL) =>
  sql`'anonym+' || ${tenantId}::text || '+' || coalesce(${department}::text, 'ohne') || '@buchbar.invalid'`;

/** One placeholder person per department (and one without); made once, found by its e-mail. */
export async function ensureAnonymousPeople(db: Db, tenantId: string): Promise<void> {
  const departments = sql`(select d.id::text as dep from departments d where d.tenant_id = ${tenantId} union all select null::text)`;
  await db.execute(sql`
    insert into auth_user (id, name, email, email_verified)
    select 'anonym:' || ${tenantId}::text || ':' || coalesce(x.dep, 'ohne'), ${`${ANONYMISED_PERSON.firstName} ${ANONYMISED_PERSON.lastName}`},
           ${anonEmail(tenantId, sql`x.dep`)}, false
      from ${departments} x
    on conflict do nothing`);
  await db.execute(sql`
    insert into users (tenant_id, auth_user_id, first_name, last_name, email, status, department_id)
    select ${tenantId}, 'anonym:' || ${tenantId}::text || ':' || coalesce(x.dep, 'ohne'), ${ANONYMISED_PERSON.firstName}, ${ANONYMISED_PERSON.lastName},
           ${anonEmail(tenantId, sql`x.dep`)}, 'geloescht', x.dep::uuid
      from ${departments} x
    on conflict do nothing`);
}

/** The placeholder of the department of the person in `column` of row alias b (the person itself if none is found). */
const anonOf = (tenantId: string, column: SQL) => sql`coalesce((
    select p.id from users u
      join users p on p.tenant_id = u.tenant_id and p.email = ${anonEmail(tenantId, sql`u.department_id`)}
     where u.tenant_id = ${tenantId} and u.id = ${column}), ${column})`;

/** Seat and desk bookings ended before the cut-off: booker and confirming person replaced. */
export async function anonymiseSeatBookings(db: Db, tenantId: string, cutoff: Date, now: Date, limit: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with due as (
        select id from reading_room_bookings
         where tenant_id = ${tenantId} and anonymised_at is null and bis < ${cutoff.toISOString()}::timestamptz
         order by bis limit ${limit})
      update reading_room_bookings b
         set booker_id = ${anonOf(tenantId, sql`b.booker_id`)},
             confirming_id = case when b.confirming_id is null then null else ${anonOf(tenantId, sql`b.confirming_id`)} end,
             exclusive_person_id = null,
             anonymised_at = ${now.toISOString()}::timestamptz
        from due
       where b.tenant_id = ${tenantId} and b.id = due.id
      returning b.id::text as id`),
  );
  return rows.length;
}

/**
 * Vehicle bookings past their period: a driven trip (one with a logbook entry)
 * after `trips`, any other booking after `bookings`. Free texts go; the booker
 * is replaced; the driver of a driven trip stays (the logbook names them), of
 * any other booking is replaced. History entries of the booking lose the
 * person who recorded them unless that is the driver kept.
 */
export async function anonymiseVehicleBookings(
  db: Db,
  tenantId: string,
  cutoffs: { bookings: Date | null; trips: Date | null },
  now: Date,
  limit: number,
): Promise<number> {
  // revision 1: every trip's original; the partial unique index one-per-trip answers it.
  const driven = sql`exists (select 1 from logbook_entries e where e.tenant_id = b.tenant_id and e.booking_id = b.id and e.revision = 1)`;
  const arms: SQL[] = [];
  if (cutoffs.trips) arms.push(sql`(${driven} and b.bis < ${cutoffs.trips.toISOString()}::timestamptz)`);
  if (cutoffs.bookings) arms.push(sql`(not ${driven} and b.bis < ${cutoffs.bookings.toISOString()}::timestamptz)`);
  if (arms.length === 0) return 0;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with due as (
        select b.id, ${driven} as driven from vehicle_bookings b
         where b.tenant_id = ${tenantId} and b.anonymised_at is null and b.status <> 'aktiv'
           and (${sql.join(arms, sql` or `)})
         order by b.bis limit ${limit})
      update vehicle_bookings b
         set info_text = null, reason = null, passengers = null, destination = null, stopover = null, contact = null, detour = null,
             booked_by_id = ${anonOf(tenantId, sql`b.booked_by_id`)},
             driver_id = case when due.driven then b.driver_id else ${anonOf(tenantId, sql`b.driver_id`)} end,
             anonymised_at = ${now.toISOString()}::timestamptz
        from due
       where b.tenant_id = ${tenantId} and b.id = due.id
      returning b.id::text as id`),
  );
  if (rows.length === 0) return 0;
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`
    update vehicle_history h
       set user_id = ${anonOf(tenantId, sql`h.user_id`)}
      from vehicle_bookings b
     where h.tenant_id = ${tenantId} and b.tenant_id = h.tenant_id and b.id = h.booking_id and h.booking_id in (${ids})
       and h.type in ('CHECK_IN', 'CHECK_OUT')
       and h.user_id is not null and h.user_id <> b.driver_id`);
  return rows.length;
}

/**
 * Guest data of vehicle bookings ended before the cut-off: name, e-mail,
 * phone and notes, and the guest's licence checks (opened for exactly these
 * bookings by a transaction-local setting the trigger of migration 0032 reads).
 */
export async function anonymiseGuests(db: Db, tenantId: string, cutoff: Date, now: Date, limit: number): Promise<number> {
  const due = rowsOf<{ booking_id: string }>(
    await db.execute(sql`
      select g.booking_id::text as booking_id from vehicle_booking_guests g
        join vehicle_bookings b on b.tenant_id = g.tenant_id and b.id = g.booking_id
       where g.tenant_id = ${tenantId} and g.anonymised_at is null and b.bis < ${cutoff.toISOString()}::timestamptz and b.status <> 'aktiv'
       order by b.bis limit ${limit}`),
  );
  if (due.length === 0) return 0;
  const ids = sql.join(
    due.map((r) => sql`${r.booking_id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`select set_config('buchbar.erase_guests_before', ${cutoff.toISOString()}, true)`);
  await db.execute(sql`delete from guest_licence_checks where tenant_id = ${tenantId} and booking_id in (${ids})`);
  await db.execute(sql`select set_config('buchbar.erase_guests_before', '', true)`);
  await db.execute(sql`
    update vehicle_booking_guests
       set name = ${ANONYMISED_GUEST}, email = '', phone = null, notes = null, anonymised_at = ${now.toISOString()}::timestamptz
     where tenant_id = ${tenantId} and booking_id in (${ids})`);
  return due.length;
}

/** Requests of the public guest rental whose period ended before the cut-off. */
export async function anonymiseRentalRequests(db: Db, tenantId: string, cutoff: Date, now: Date, limit: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with due as (
        select id from rental_requests
         where tenant_id = ${tenantId} and anonymised_at is null and bis < ${cutoff.toISOString()}::timestamptz
         order by bis limit ${limit})
      update rental_requests r
         set name = ${ANONYMISED_GUEST}, email = '', phone = null, anonymised_at = ${now.toISOString()}::timestamptz
        from due
       where r.tenant_id = ${tenantId} and r.id = due.id
      returning r.id::text as id`),
  );
  return rows.length;
}

/**
 * Booking series (seats and vehicles) that ended before the cut-off: their
 * people become the placeholder of their department and a vehicle series'
 * details (purpose, destination, …) go. Done when no real person is left on
 * them, so a second run finds nothing (decision 169).
 */
export async function anonymiseEndedSeries(db: Db, tenantId: string, cutoff: Date, limit: number): Promise<number> {
  const real = (column: SQL) =>
    sql`exists (select 1 from users u where u.tenant_id = ${tenantId} and u.id = ${column} and u.status <> 'geloescht')`;
  const seats = rowsOf<{ id: string }>(
    await db.execute(sql`
      with due as (
        select id from booking_series s
         where s.tenant_id = ${tenantId} and s.ended_at < ${cutoff.toISOString()}::timestamptz and ${real(sql`s.booker_id`)}
         order by s.ended_at limit ${limit})
      update booking_series s set booker_id = ${anonOf(tenantId, sql`s.booker_id`)}
        from due where s.tenant_id = ${tenantId} and s.id = due.id
      returning s.id::text as id`),
  );
  const vehicles = rowsOf<{ id: string }>(
    await db.execute(sql`
      with due as (
        select id from vehicle_series s
         where s.tenant_id = ${tenantId} and s.ended_at < ${cutoff.toISOString()}::timestamptz
           and (s.details <> '{}'::jsonb or ${real(sql`s.booked_by_id`)} or ${real(sql`s.driver_id`)})
         order by s.ended_at limit ${limit})
      update vehicle_series s
         set booked_by_id = ${anonOf(tenantId, sql`s.booked_by_id`)}, driver_id = ${anonOf(tenantId, sql`s.driver_id`)}, details = '{}'::jsonb
        from due where s.tenant_id = ${tenantId} and s.id = due.id
      returning s.id::text as id`),
  );
  return Math.max(seats.length, vehicles.length);
}

/** The tenant's mails in the outbox written before the cut-off (they name people, bookings and purposes). */
export async function deleteOutboxMails(db: Db, tenantId: string, cutoff: Date, limit: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      delete from mail_outbox where id in (
        select id from mail_outbox where tenant_id = ${tenantId} and created_at < ${cutoff.toISOString()}::timestamptz limit ${limit})
      returning id::text as id`),
  );
  return rows.length;
}

/**
 * Logbook entries whose every revision ended before `before` (ten years after
 * the trip's year, decision 169), removed whole: the trigger of migration 0035
 * lets these deletes through while the transaction names the cut-off. The
 * driver that an anonymised booking kept for the logbook goes with it.
 */
export async function deleteOldLogbookEntries(db: Db, tenantId: string, before: Date, limit: number): Promise<number> {
  const due = rowsOf<{ entry_id: string }>(
    await db.execute(sql`
      select entry_id::text as entry_id from logbook_entries where tenant_id = ${tenantId}
       group by entry_id having max(ended_at) < ${before.toISOString()}::timestamptz
       order by min(started_at) limit ${limit}`),
  );
  if (due.length === 0) return 0;
  const entries = sql.join(
    due.map((r) => sql`${r.entry_id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`select set_config('buchbar.purge_logbook_before', ${before.toISOString()}, true)`);
  const bookings = rowsOf<{ id: string }>(
    await db.execute(sql`
      delete from logbook_entries where tenant_id = ${tenantId} and entry_id in (${entries})
      returning booking_id::text as id`),
  ).filter((r) => r.id !== null);
  await db.execute(sql`select set_config('buchbar.purge_logbook_before', '', true)`);
  if (bookings.length > 0) {
    const ids = sql.join(
      [...new Set(bookings.map((r) => r.id))].map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await db.execute(sql`
      update vehicle_history h set user_id = ${anonOf(tenantId, sql`h.user_id`)}
        from vehicle_bookings b
       where h.tenant_id = ${tenantId} and b.tenant_id = h.tenant_id and b.id = h.booking_id and b.id in (${ids})
         and b.anonymised_at is not null and h.user_id is not null`);
    await db.execute(sql`
      update vehicle_bookings b set driver_id = ${anonOf(tenantId, sql`b.driver_id`)}
       where b.tenant_id = ${tenantId} and b.id in (${ids}) and b.anonymised_at is not null`);
  }
  return due.length;
}

/** Audit entries written before `before` (three years after their year, decision 169); opened by the trigger of migration 0035. */
export async function deleteOldAuditEntries(db: Db, tenantId: string, before: Date, limit: number): Promise<number> {
  await db.execute(sql`select set_config('buchbar.purge_audit_before', ${before.toISOString()}, true)`);
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      delete from audit_log where tenant_id = ${tenantId} and id in (
        select id from audit_log where tenant_id = ${tenantId} and at < ${before.toISOString()}::timestamptz order by at limit ${limit})
      returning id::text as id`),
  );
  await db.execute(sql`select set_config('buchbar.purge_audit_before', '', true)`);
  return rows.length;
}

/** Rows of the logging table written before the cut-off (decision 169). */
export async function deleteOldLogs(db: Db, tenantId: string, cutoff: Date, limit: number): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      delete from logs where tenant_id = ${tenantId} and id in (
        select id from logs where tenant_id = ${tenantId} and created_at < ${cutoff.toISOString()}::timestamptz order by created_at limit ${limit})
      returning id::text as id`),
  );
  return rows.length;
}
