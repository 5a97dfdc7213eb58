import type { Db } from '@db/client';
import { licenceChecks, licenceReminders } from '@db/schema/index';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';
import { foundIds, likeNeedle } from '../../kernel/text-search';

/**
 * Driving licences: the latest check per person is the current
 * record; the next check is computed here as last check + the tenant's interval
 * (PostgreSQL's month arithmetic keeps month ends in the target month, exactly
 * as domain/driving-licence nextCheckDate does).
 */

export interface LicenceSettings {
  months: number;
  reminderDays: number;
  graceDays: number;
}

export const INTERVAL = 'fuehrerscheinPruefintervallMonate';
export const REMINDER = 'fuehrerscheinErinnerungTage';
export const GRACE = 'fuehrerscheinMaximaleLueckeTage';

/** A tenant-layer setting as an integer inside the statement (the options only exist at MANDANT level). */
export const tenantNumber = (tenantId: string, name: string, fallback: number) => sql`coalesce((
  select nullif(sv.value, '')::int from setting_values sv
   where sv.tenant_id = ${tenantId} and sv.option_name = ${name} and sv.layer = 'MANDANT' limit 1), ${fallback})`;

export interface CurrentLicence {
  checkId: string;
  classes: string[];
  licenceNumber: string;
  issueDate: string;
  lastCheck: string;
  nextCheck: string;
  banFrom: string | null;
  banTo: string | null;
  extraInfo: string | null;
  examinerName: string | null;
  method: string;
}

interface LicenceRow {
  check_id: string | null;
  classes: string[] | null;
  licence_number: string | null;
  issue_date: string | null;
  last_check: string | null;
  next_check: string | null;
  ban_from: string | null;
  ban_to: string | null;
  extra_info: string | null;
  examiner_name: string | null;
  method: string | null;
}

const toLicence = (r: LicenceRow): CurrentLicence | null =>
  r.check_id
    ? {
        checkId: r.check_id,
        classes: r.classes ?? [],
        licenceNumber: r.licence_number!,
        issueDate: r.issue_date!,
        lastCheck: r.last_check!,
        nextCheck: r.next_check!,
        banFrom: r.ban_from,
        banTo: r.ban_to,
        extraInfo: r.extra_info,
        examinerName: r.examiner_name,
        method: r.method!,
      }
    : null;

/**
 * The current licence of each person (table current_licences, kept by a
 * trigger with each check, decision 076) joined to `u`; `months` is a SQL expression.
 */
const latestCheck = (months: SQL) => sql`left join lateral (
    select c.check_id::text as check_id, c.classes, c.licence_number, c.issue_date::text, c.checked_on::text as last_check,
           (c.checked_on + make_interval(months => ${months}))::date::text as next_check,
           c.ban_from::text, c.ban_to::text, c.extra_info, c.method,
           e.first_name || ' ' || e.last_name as examiner_name
      from current_licences c
      left join users e on e.tenant_id = c.tenant_id and e.id = c.examiner_id
     where c.tenant_id = u.tenant_id and c.user_id = u.id) lc on true`;

/**
 * The gate's one statement: the driver's current licence with the tenant's
 * interval and maximum gap. Returns null settings-wise never: defaults fill in.
 */
export async function licenceForGate(
  tx: Db,
  tenantId: string,
  userId: string,
  defaults: LicenceSettings,
): Promise<{ licence: CurrentLicence | null; graceDays: number }> {
  const months = tenantNumber(tenantId, INTERVAL, defaults.months);
  const [row] = rowsOf<LicenceRow & { grace_days: number }>(
    await tx.execute(sql`
      select lc.*, ${tenantNumber(tenantId, GRACE, defaults.graceDays)} as grace_days
        from users u ${latestCheck(months)}
       where u.tenant_id = ${tenantId} and u.id = ${userId}`),
  );
  return { licence: row ? toLicence(row) : null, graceDays: Number(row?.grace_days ?? defaults.graceDays) };
}

/** Active users who hold fahrzeug_buchen (direct, role or group role), or have a licence on record. */
const driverCondition = sql`u.status = 'aktiv' and (
    exists (select 1 from user_permissions up where up.tenant_id = u.tenant_id and up.user_id = u.id
             and up.permission_name = 'fahrzeug_buchen' and up.value = 'true')
    or exists (select 1 from user_roles ur join role_permissions rp on rp.tenant_id = ur.tenant_id and rp.role_id = ur.role_id
                where ur.tenant_id = u.tenant_id and ur.user_id = u.id and rp.permission_name = 'fahrzeug_buchen' and rp.value = 'true')
    or exists (select 1 from user_groups ug
                 join group_roles gr on gr.tenant_id = ug.tenant_id and gr.group_id = ug.group_id
                 join role_permissions rp on rp.tenant_id = gr.tenant_id and rp.role_id = gr.role_id
                where ug.tenant_id = u.tenant_id and ug.user_id = u.id and rp.permission_name = 'fahrzeug_buchen' and rp.value = 'true')
    or exists (select 1 from current_licences x where x.tenant_id = u.tenant_id and x.user_id = u.id))`;

/** The state of domain/driving-licence licenceState, in SQL, over a licence's columns as text (alias `lc`). */
export const stateExpr = (today: string, reminderDays: SQL) =>
  stateOf(today, reminderDays, {
    missing: sql`lc.check_id is null`,
    banFrom: sql`lc.ban_from::date`,
    banTo: sql`lc.ban_to::date`,
    nextCheck: sql`lc.next_check::date`,
  });

/** The state of domain/driving-licence licenceState, in SQL, so filtering and paging stay in the database. */
function stateOf(today: string, reminderDays: SQL, lc: { missing: SQL; banFrom: SQL; banTo: SQL; nextCheck: SQL }) {
  return sql`case
    when ${lc.missing} then 'keine_daten'
    when ${lc.banFrom} is not null and ${lc.banFrom} <= ${today}::date and ${today}::date <= ${lc.banTo} then 'fahrverbot'
    when ${lc.nextCheck} <= ${today}::date then 'ueberfaellig'
    when ${lc.nextCheck} - ${reminderDays} <= ${today}::date then 'bald_faellig'
    else 'gueltig' end`;
}

export interface DriverRow extends CurrentLicence {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string | null;
  departmentName: string | null;
  state: string;
}

export interface DriverQuery {
  today: string;
  defaults: LicenceSettings;
  search?: string;
  states?: readonly string[];
  limit: number;
  offset: number;
}

/**
 * All drivers of the tenant (`d`: id, names, next check as a date, state), set-based so 10,000 people cost
 * a few index scans and hash joins, not 10,000 lookups: the holders of fahrzeug_buchen (direct, role, group
 * role) and anyone with a current licence as one union. Narrow on purpose (docs/performance/driving-licences.md): sorting and counting
 * run over these columns, and the wide ones are read only for the rows of a page.
 */
function driversCte(tenantId: string, q: DriverQuery) {
  const term = likeNeedle(q.search);
  // A search keeps few people (decision 165, docs/performance/driving-licences.md): the ids the search functions find (names, e-mail, personnel
  // number; the number of the current licence), and the drivers among them only, each path by its primary key.
  // Asking per person with EXISTS let the planner hash every member of a large group instead.
  const found = term
    ? sql`m as materialized (
      select f.id from ${foundIds('people', term)} f(id) union select f.id from ${foundIds('licenceHolders', term)} f(id)),`
    : sql``;
  const among = (column: SQL) => (term ? sql`and ${column} = any(array(select m.id from m))` : sql``);
  // the tenant's two settings once: inlined, each use of the state planned and ran its own pair of subqueries
  const nextCheck = sql`(c.checked_on + make_interval(months => s.months))::date`;
  return sql`with ${found} s as materialized (
      select ${tenantNumber(tenantId, INTERVAL, q.defaults.months)} as months,
             ${tenantNumber(tenantId, REMINDER, q.defaults.reminderDays)} as reminder_days),
    p as (
      select up.user_id from user_permissions up
       where up.tenant_id = ${tenantId} and up.permission_name = 'fahrzeug_buchen' and up.value = 'true' ${among(sql`up.user_id`)}
      union
      select ur.user_id from user_roles ur
        join role_permissions rp on rp.tenant_id = ur.tenant_id and rp.role_id = ur.role_id
       where ur.tenant_id = ${tenantId} and rp.permission_name = 'fahrzeug_buchen' and rp.value = 'true' ${among(sql`ur.user_id`)}
      union
      select ug.user_id from user_groups ug
        join group_roles gr on gr.tenant_id = ug.tenant_id and gr.group_id = ug.group_id
        join role_permissions rp on rp.tenant_id = gr.tenant_id and rp.role_id = gr.role_id
       where ug.tenant_id = ${tenantId} and rp.permission_name = 'fahrzeug_buchen' and rp.value = 'true' ${among(sql`ug.user_id`)}
      union
      select x.user_id from current_licences x where x.tenant_id = ${tenantId} ${among(sql`x.user_id`)}),
    d as (
      select u.id, u.first_name, u.last_name, ${nextCheck} as next_check,
             ${stateOf(q.today, sql`s.reminder_days`, { missing: sql`c.user_id is null`, banFrom: sql`c.ban_from`, banTo: sql`c.ban_to`, nextCheck })} as state
        from users u
        join p on p.user_id = u.id
        cross join s
        -- on the whole key, so a search's few people each find their licence by the primary key
        left join current_licences c on c.tenant_id = u.tenant_id and c.user_id = u.id
       where u.tenant_id = ${tenantId} and u.status = 'aktiv')`;
}

const STATES = ['gueltig', 'bald_faellig', 'ueberfaellig', 'fahrverbot', 'keine_daten'] as const;

const urgency = (alias: string) =>
  `case ${alias}.state when 'ueberfaellig' then 0 when 'fahrverbot' then 1 when 'bald_faellig' then 2 when 'keine_daten' then 3 else 4 end`;

/** The list's order: most urgent first, then by next check, name and id (so pages never overlap). */
const listOrder = (alias: string) =>
  sql.raw(`${urgency(alias)}, ${alias}.next_check nulls last, ${alias}.last_name, ${alias}.first_name, ${alias}.id`);

/**
 * One page of drivers with their licence state and the total for the filter, in one statement. Without a
 * search the same pass counts the drivers per state (the filter chips); a search does not need them, the
 * service shows the tenant's counts then.
 */
export async function listDrivers(
  tx: Db,
  tenantId: string,
  q: DriverQuery,
): Promise<{ rows: DriverRow[]; total: number; counts: Map<string, number> | null }> {
  const stateCond =
    q.states && q.states.length > 0
      ? sql`where w.state in (${sql.join(
          q.states.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``;
  const withCounts = likeNeedle(q.search) === null;
  const counted = (make: (st: string) => SQL) => (withCounts ? sql`, ${sql.join(STATES.map(make), sql`, `)}` : sql``);
  const stateCounts = counted((st) => sql`count(*) filter (where d.state = ${st}) over () as ${sql.raw(`n_${st}`)}`);
  const rows = rowsOf<
    LicenceRow & {
      user_id: string;
      first_name: string;
      last_name: string;
      email: string;
      employee_id: string | null;
      department_name: string | null;
      state: string;
      total: number;
    } & Partial<Record<`n_${(typeof STATES)[number]}`, number>>
  >(
    await tx.execute(sql`${driversCte(tenantId, q)},
      w as (select d.* ${stateCounts} from d),
      pg as (
        select w.*, count(*) over () as total from w ${stateCond}
         order by ${listOrder('w')}
         limit ${q.limit} offset ${q.offset})
      select pg.total ${counted((st) => sql.raw(`pg.n_${st}`))}, pg.id::text as user_id, pg.first_name, pg.last_name, pg.state,
             pg.next_check::text as next_check, u.email, u.employee_id, dep.name as department_name,
             c.check_id::text as check_id, c.classes, c.licence_number, c.issue_date::text as issue_date,
             c.checked_on::text as last_check, c.ban_from::text as ban_from, c.ban_to::text as ban_to, c.extra_info, c.method,
             e.first_name || ' ' || e.last_name as examiner_name
        from pg
        join users u on u.tenant_id = ${tenantId} and u.id = pg.id
        left join current_licences c on c.tenant_id = ${tenantId} and c.user_id = pg.id
        left join departments dep on dep.tenant_id = ${tenantId} and dep.id = u.department_id
        left join users e on e.tenant_id = ${tenantId} and e.id = c.examiner_id
       order by ${listOrder('pg')}`),
  );
  const first = rows[0];
  return {
    total: Number(first?.total ?? 0),
    // Counts per state over all drivers, from the same pass (absent on an empty page and for a search).
    counts: first && withCounts ? new Map(STATES.map((st) => [st, Number(first[`n_${st}`])])) : null,
    rows: rows.map((r) => ({
      ...(toLicence(r) ?? {
        checkId: '',
        classes: [],
        licenceNumber: '',
        issueDate: '',
        lastCheck: '',
        nextCheck: '',
        banFrom: null,
        banTo: null,
        extraInfo: null,
        examinerName: null,
        method: '',
      }),
      userId: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      employeeId: r.employee_id,
      departmentName: r.department_name,
      state: r.state,
    })),
  };
}

/** Counts per state over all drivers of the tenant (for the filter chips and the menu's due count). */
export async function countDriverStates(tx: Db, tenantId: string, q: Pick<DriverQuery, 'today' | 'defaults'>) {
  const rows = rowsOf<{ state: string; n: number }>(
    await tx.execute(sql`${driversCte(tenantId, { ...q, limit: 0, offset: 0 })}
      select d.state, count(*)::int as n from d group by d.state`),
  );
  return new Map(rows.map((r) => [r.state, Number(r.n)]));
}

export interface CheckRow {
  id: string;
  checkedOn: string;
  method: string;
  classes: string[];
  licenceNumber: string;
  issueDate: string;
  banFrom: string | null;
  banTo: string | null;
  extraInfo: string | null;
  remark: string | null;
  examinerName: string;
  hasScan: boolean;
  createdAt: Date;
}

/** A person's checks, newest first. */
export async function checksOfUser(tx: Db, tenantId: string, userId: string): Promise<CheckRow[]> {
  const rows = rowsOf<{
    id: string;
    checked_on: string;
    method: string;
    classes: string[];
    licence_number: string;
    issue_date: string;
    ban_from: string | null;
    ban_to: string | null;
    extra_info: string | null;
    remark: string | null;
    examiner_name: string;
    has_scan: boolean;
    created_at: string | Date;
  }>(
    await tx.execute(sql`
      select c.id::text, c.checked_on::text, c.method, c.classes, c.licence_number, c.issue_date::text, c.ban_from::text,
             c.ban_to::text, c.extra_info, c.remark, e.first_name || ' ' || e.last_name as examiner_name,
             c.scan_path is not null as has_scan, c.created_at
        from licence_checks c
        join users e on e.tenant_id = c.tenant_id and e.id = c.examiner_id
       where c.tenant_id = ${tenantId} and c.user_id = ${userId}
       order by c.checked_on desc, c.created_at desc`),
  );
  return rows.map((r) => ({
    id: r.id,
    checkedOn: r.checked_on,
    method: r.method,
    classes: r.classes,
    licenceNumber: r.licence_number,
    issueDate: r.issue_date,
    banFrom: r.ban_from,
    banTo: r.ban_to,
    extraInfo: r.extra_info,
    remark: r.remark,
    examinerName: r.examiner_name,
    hasScan: r.has_scan,
    createdAt: new Date(r.created_at),
  }));
}

/** The current licence of one person (for the driver's own dialog). */
export async function currentLicence(tx: Db, tenantId: string, userId: string, defaults: LicenceSettings) {
  return (await licenceForGate(tx, tenantId, userId, defaults)).licence;
}

export interface NewCheck {
  userId: string;
  checkedOn: string;
  examinerId: string;
  method: string;
  classes: string[];
  licenceNumber: string;
  issueDate: string;
  banFrom: string | null;
  banTo: string | null;
  extraInfo: string | null;
  remark: string | null;
}

export async function insertCheck(tx: Db, tenantId: string, c: NewCheck): Promise<string> {
  const [row] = await tx
    .insert(licenceChecks)
    .values({ tenantId, ...c })
    .returning({ id: licenceChecks.id });
  return row!.id;
}

export async function attachScan(tx: Db, tenantId: string, checkId: string, path: string | null, contentType: string | null) {
  await tx.execute(sql`update licence_checks set scan_path = ${path}, scan_content_type = ${contentType}
    where tenant_id = ${tenantId} and id = ${checkId}`);
}

export async function findScan(tx: Db, tenantId: string, checkId: string) {
  const [row] = rowsOf<{ user_id: string; scan_path: string | null; scan_content_type: string | null }>(
    await tx.execute(sql`select user_id::text, scan_path, scan_content_type from licence_checks
      where tenant_id = ${tenantId} and id = ${checkId}`),
  );
  return row ?? null;
}

// ───────────────────────── reminders ─────────────────────────

export interface ReminderCandidate {
  userId: string;
  name: string;
  email: string;
  nextCheck: string;
  kind: 'vorab' | 'faellig';
}

/**
 * Drivers whose reminder is due on `today` and not yet sent for their current
 * next-check date: 'faellig' once the date is reached, 'vorab' from
 * `reminderDays` before it. Missed days are caught up because the condition is
 * "on or before today", and the reminders table keeps each one single.
 */
export async function reminderCandidates(tx: Db, tenantId: string, today: string, defaults: LicenceSettings): Promise<ReminderCandidate[]> {
  const months = tenantNumber(tenantId, INTERVAL, defaults.months);
  const reminder = tenantNumber(tenantId, REMINDER, defaults.reminderDays);
  const rows = rowsOf<{ user_id: string; name: string; email: string; next_check: string; kind: 'vorab' | 'faellig' }>(
    await tx.execute(sql`
      with d as (
        select u.id as uid, u.id::text as user_id, u.first_name || ' ' || u.last_name as name, u.email, lc.next_check,
               case when lc.next_check::date <= ${today}::date then 'faellig' else 'vorab' end as kind
          from users u ${latestCheck(months)}
         where u.tenant_id = ${tenantId} and ${driverCondition} and lc.check_id is not null
           and lc.next_check::date - ${reminder} <= ${today}::date)
      select d.user_id, d.name, d.email, d.next_check, d.kind from d
       where not exists (select 1 from licence_reminders r where r.tenant_id = ${tenantId} and r.user_id = d.uid
                           and r.kind = d.kind and r.due_date = d.next_check::date)
       order by d.name`),
  );
  return rows.map((r) => ({ userId: r.user_id, name: r.name, email: r.email, nextCheck: r.next_check, kind: r.kind }));
}

/** Claims a reminder; false when it was already sent (another node or an earlier run). */
export async function claimReminder(tx: Db, tenantId: string, userId: string, kind: string, dueDate: string): Promise<boolean> {
  const rows = await tx
    .insert(licenceReminders)
    .values({ tenantId, userId, kind, dueDate })
    .onConflictDoNothing()
    .returning({ userId: licenceReminders.userId });
  return rows.length > 0;
}

/** Names of drivers due (bald fällig, überfällig, no record) for the examiners' digest. */
export async function dueDriverNames(tx: Db, tenantId: string, today: string, defaults: LicenceSettings) {
  const rows = rowsOf<{ name: string; state: string; next_check: string | null }>(
    await tx.execute(sql`${driversCte(tenantId, { today, defaults, limit: 0, offset: 0 })}
      select d.last_name || ', ' || d.first_name as name, d.state, d.next_check::text as next_check from d
       where d.state in ('bald_faellig', 'ueberfaellig', 'keine_daten')
       order by ${sql.raw(urgency('d'))}, d.last_name, d.first_name`),
  );
  return rows.map((r) => ({ name: r.name, state: r.state, nextCheck: r.next_check }));
}
