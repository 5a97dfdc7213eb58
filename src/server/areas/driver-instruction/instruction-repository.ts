import type { Db } from '@db/client';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';
import { idMatches, likeNeedle } from '../../kernel/text-search';

/**
 * Driver instruction (decision 227): the current version of a topic is its highest version number; a
 * person's standing in a topic is their latest instruction in it (any version), and the next one falls due
 * the tenant's interval later (PostgreSQL's month arithmetic keeps month ends in the target month, exactly as
 * domain/driver-instruction nextInstructionDate does).
 */

export interface InstructionSettings {
  months: number;
  reminderDays: number;
}

export const INTERVAL = 'unterweisungIntervallMonate';
export const REMINDER = 'unterweisungErinnerungTage';
export const GATE = 'unterweisungSperre';

/** A tenant-layer setting as an integer inside the statement (the options exist at MANDANT level only). */
const tenantNumber = (tenantId: string, name: string, fallback: number) => sql`coalesce((
  select nullif(sv.value, '')::int from setting_values sv
   where sv.tenant_id = ${tenantId} and sv.option_name = ${name} and sv.layer = 'MANDANT' limit 1), ${fallback})`;

const tenantFlag = (tenantId: string, name: string) => sql`coalesce((
  select sv.value = 'true' from setting_values sv
   where sv.tenant_id = ${tenantId} and sv.option_name = ${name} and sv.layer = 'MANDANT' limit 1), false)`;

// ───────────────────────── versions ─────────────────────────

export interface VersionRow {
  id: string;
  category: string;
  version: number;
  title: string;
  body: string;
  pdfPath: string | null;
  publishedOn: string;
  publishedBy: string;
}

interface RawVersion {
  id: string;
  category: string;
  version: number;
  title: string;
  body: string;
  pdf_path: string | null;
  published_on: string;
  published_by: string;
}

const toVersion = (r: RawVersion): VersionRow => ({
  id: r.id,
  category: r.category,
  version: Number(r.version),
  title: r.title,
  body: r.body,
  pdfPath: r.pdf_path,
  publishedOn: r.published_on,
  publishedBy: r.published_by,
});

const versionColumns = sql`v.id::text as id, v.category, v.version, v.title, v.body, v.pdf_path, v.published_on::text as published_on,
  p.first_name || ' ' || p.last_name as published_by`;

/** Every version of the tenant, topic by topic, newest first. */
export async function listVersions(tx: Db, tenantId: string): Promise<VersionRow[]> {
  return rowsOf<RawVersion>(
    await tx.execute(sql`select ${versionColumns} from instruction_versions v
      join users p on p.tenant_id = v.tenant_id and p.id = v.published_by_id
     where v.tenant_id = ${tenantId} order by v.category, v.version desc`),
  ).map(toVersion);
}

export async function findVersion(tx: Db, tenantId: string, id: string): Promise<VersionRow | null> {
  const [r] = rowsOf<RawVersion>(
    await tx.execute(sql`select ${versionColumns} from instruction_versions v
      join users p on p.tenant_id = v.tenant_id and p.id = v.published_by_id
     where v.tenant_id = ${tenantId} and v.id = ${id}`),
  );
  return r ? toVersion(r) : null;
}

/** The current version of one topic, or null when the tenant published none in it. */
export async function currentVersion(tx: Db, tenantId: string, category: string): Promise<VersionRow | null> {
  const [r] = rowsOf<RawVersion>(
    await tx.execute(sql`select ${versionColumns} from instruction_versions v
      join users p on p.tenant_id = v.tenant_id and p.id = v.published_by_id
     where v.tenant_id = ${tenantId} and v.category = ${category} order by v.version desc limit 1`),
  );
  return r ? toVersion(r) : null;
}

/** The categories of the tenant's active vehicles (the topics a version may be published for). */
export async function vehicleCategories(tx: Db, tenantId: string): Promise<string[]> {
  return rowsOf<{ category: string }>(
    await tx.execute(sql`select distinct btrim(category) as category from vehicles
      where tenant_id = ${tenantId} and not deactivated and btrim(category) <> '' order by 1`),
  ).map((r) => r.category);
}

/** Publishes the next version of a topic; two at once for one topic: the unique key refuses the second (23505). */
export async function insertVersion(
  tx: Db,
  tenantId: string,
  v: { id: string; category: string; title: string; body: string; pdfPath: string | null; publishedOn: string; publishedById: string },
): Promise<void> {
  await tx.execute(sql`
    insert into instruction_versions (tenant_id, id, category, version, title, body, pdf_path, published_on, published_by_id)
    select ${tenantId}, ${v.id}::uuid, ${v.category}, coalesce(max(version), 0) + 1, ${v.title}, ${v.body}, ${v.pdfPath},
           ${v.publishedOn}::date, ${v.publishedById}::uuid
      from instruction_versions where tenant_id = ${tenantId} and category = ${v.category}`);
}

// ───────────────────────── instructions ─────────────────────────

export interface InstructionRow {
  id: string;
  category: string;
  version: number;
  title: string;
  kind: string;
  instructedOn: string;
  instructor: string | null;
  note: string | null;
  recordedBy: string;
  createdAt: Date;
}

interface RawInstruction {
  id: string;
  category: string;
  version: number;
  title: string;
  kind: string;
  instructed_on: string;
  instructor: string | null;
  note: string | null;
  recorded_by: string;
  created_at: string | Date;
}

const toInstruction = (r: RawInstruction): InstructionRow => ({
  id: r.id,
  category: r.category,
  version: Number(r.version),
  title: r.title,
  kind: r.kind,
  instructedOn: r.instructed_on,
  instructor: r.instructor,
  note: r.note,
  recordedBy: r.recorded_by,
  createdAt: new Date(r.created_at),
});

const instructionColumns = sql`c.id::text as id, c.category, cv.version, cv.title, c.kind, c.instructed_on::text as instructed_on,
  c.instructor, c.note, r.first_name || ' ' || r.last_name as recorded_by, c.created_at`;

const instructionJoins = sql`join instruction_versions cv on cv.tenant_id = c.tenant_id and cv.id = c.version_id
  join users r on r.tenant_id = c.tenant_id and r.id = c.recorded_by_id`;

/** A person's instructions, newest first. */
export async function instructionsOf(tx: Db, tenantId: string, userId: string): Promise<InstructionRow[]> {
  return rowsOf<RawInstruction>(
    await tx.execute(sql`select ${instructionColumns} from instruction_confirmations c ${instructionJoins}
     where c.tenant_id = ${tenantId} and c.user_id = ${userId}
     order by c.instructed_on desc, c.created_at desc`),
  ).map(toInstruction);
}

/** Records an instruction (never changed afterwards; a second app confirmation of a version on one day is 23505). */
export async function insertInstruction(
  tx: Db,
  tenantId: string,
  c: {
    userId: string;
    versionId: string;
    category: string;
    kind: 'app' | 'praesenz';
    instructedOn: string;
    instructor: string | null;
    note: string | null;
    recordedById: string;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into instruction_confirmations (tenant_id, user_id, version_id, category, kind, instructed_on, instructor, note, recorded_by_id)
    values (${tenantId}, ${c.userId}::uuid, ${c.versionId}::uuid, ${c.category}, ${c.kind}, ${c.instructedOn}::date, ${c.instructor},
            ${c.note}, ${c.recordedById}::uuid)`);
}

/**
 * A person's standing in every topic the tenant published: the current version and the latest instruction
 * in that topic, with the tenant's interval, reminder days and gate, in one statement.
 */
export async function standingsOf(tx: Db, tenantId: string, userId: string, defaults: InstructionSettings) {
  const rows = rowsOf<
    RawVersion & {
      months: number;
      reminder_days: number;
      gate: boolean;
      c_id: string | null;
      c_version: number | null;
      c_title: string | null;
      c_kind: string | null;
      c_instructed_on: string | null;
      c_instructor: string | null;
      c_note: string | null;
      c_recorded_by: string | null;
      c_created_at: string | Date | null;
    }
  >(
    await tx.execute(sql`
      with s as (select ${tenantNumber(tenantId, INTERVAL, defaults.months)} as months,
                        ${tenantNumber(tenantId, REMINDER, defaults.reminderDays)} as reminder_days,
                        ${tenantFlag(tenantId, GATE)} as gate),
      cur as (select distinct on (category) * from instruction_versions where tenant_id = ${tenantId} order by category, version desc)
      select s.months, s.reminder_days, s.gate, ${versionColumns},
             l.id as c_id, l.version as c_version, l.title as c_title, l.kind as c_kind, l.instructed_on as c_instructed_on,
             l.instructor as c_instructor, l.note as c_note, l.recorded_by as c_recorded_by, l.created_at as c_created_at
        from s
        left join cur v on true
        left join users p on p.tenant_id = v.tenant_id and p.id = v.published_by_id
        left join lateral (
          select ${instructionColumns} from instruction_confirmations c ${instructionJoins}
           where c.tenant_id = ${tenantId} and c.user_id = ${userId} and c.category = v.category
           order by c.instructed_on desc, c.created_at desc limit 1) l on true
       order by v.category`),
  );
  const first = rows[0];
  return {
    months: Number(first?.months ?? defaults.months),
    reminderDays: Number(first?.reminder_days ?? defaults.reminderDays),
    gate: first?.gate === true,
    topics: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        current: toVersion(r),
        last:
          r.c_id === null
            ? null
            : toInstruction({
                id: r.c_id,
                category: r.category,
                version: r.c_version!,
                title: r.c_title!,
                kind: r.c_kind!,
                instructed_on: r.c_instructed_on!,
                instructor: r.c_instructor,
                note: r.c_note,
                recorded_by: r.c_recorded_by!,
                created_at: r.c_created_at!,
              }),
      })),
  };
}

// ───────────────────────── the gate ─────────────────────────

/**
 * The gate's one statement: whether the tenant switched it on, its interval, and – only then – the topics the
 * vehicle's category needs (the general one and the category's own, where published) with the driver's latest
 * instruction in each. With the gate off nothing but the setting is read.
 */
export async function gateTopics(tx: Db, tenantId: string, userId: string, category: string, defaults: InstructionSettings) {
  const rows = rowsOf<{ enabled: boolean; months: number; category: string | null; title: string | null; last_on: string | null }>(
    await tx.execute(sql`
      with s as (select ${tenantFlag(tenantId, GATE)} as enabled, ${tenantNumber(tenantId, INTERVAL, defaults.months)} as months)
      select s.enabled, s.months, v.category, v.title, l.last_on
        from s
        left join lateral (
          select distinct on (category) category, title from instruction_versions
           where tenant_id = ${tenantId} and category in ('', ${category})
           order by category, version desc) v on s.enabled
        left join lateral (
          select max(c.instructed_on)::text as last_on from instruction_confirmations c
           where c.tenant_id = ${tenantId} and c.user_id = ${userId} and c.category = v.category) l on v.category is not null`),
  );
  const first = rows[0];
  return {
    enabled: first?.enabled === true,
    months: Number(first?.months ?? defaults.months),
    topics: rows.filter((r) => r.category !== null).map((r) => ({ category: r.category!, title: r.title!, lastOn: r.last_on })),
  };
}

// ───────────────────────── the fleet's list ─────────────────────────

export interface DriverQuery {
  category: string;
  today: string;
  defaults: InstructionSettings;
  search?: string | undefined;
  states?: readonly string[];
  limit: number | null;
  offset: number;
}

export interface InstructedDriverRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  departmentName: string | null;
  state: string;
  lastOn: string | null;
  lastKind: string | null;
  lastVersion: number | null;
  nextDue: string | null;
}

const STATES = ['gueltig', 'bald_faellig', 'ueberfaellig', 'keine'] as const;

/**
 * The drivers of a topic (`d`): active holders of fahrzeug_buchen (direct, role, group role) and anyone
 * instructed in the topic, each with the latest instruction, the next due day and the state of
 * domain/driver-instruction instructionState, in SQL so filtering and paging stay in the database.
 */
function driversCte(tenantId: string, q: Pick<DriverQuery, 'category' | 'today' | 'defaults' | 'search'>) {
  const needle = likeNeedle(q.search);
  const found = needle ? sql`and ${idMatches(sql`u.id`, 'people', needle)}` : sql``;
  return sql`with s as materialized (
      select ${tenantNumber(tenantId, INTERVAL, q.defaults.months)} as months,
             ${tenantNumber(tenantId, REMINDER, q.defaults.reminderDays)} as reminder_days),
    p as (
      select up.user_id from user_permissions up
       where up.tenant_id = ${tenantId} and up.permission_name = 'fahrzeug_buchen' and up.value = 'true'
      union
      select ur.user_id from user_roles ur
        join role_permissions rp on rp.tenant_id = ur.tenant_id and rp.role_id = ur.role_id
       where ur.tenant_id = ${tenantId} and rp.permission_name = 'fahrzeug_buchen' and rp.value = 'true'
      union
      select ug.user_id from user_groups ug
        join group_roles gr on gr.tenant_id = ug.tenant_id and gr.group_id = ug.group_id
        join role_permissions rp on rp.tenant_id = gr.tenant_id and rp.role_id = gr.role_id
       where ug.tenant_id = ${tenantId} and rp.permission_name = 'fahrzeug_buchen' and rp.value = 'true'
      union
      select c.user_id from instruction_confirmations c where c.tenant_id = ${tenantId} and c.category = ${q.category}),
    l as (
      select distinct on (c.user_id) c.user_id, c.instructed_on, c.kind, v.version
        from instruction_confirmations c
        join instruction_versions v on v.tenant_id = c.tenant_id and v.id = c.version_id
       where c.tenant_id = ${tenantId} and c.category = ${q.category}
       order by c.user_id, c.instructed_on desc, c.created_at desc),
    d0 as (
      select u.id, u.first_name, u.last_name, u.email, u.department_id, l.instructed_on as last_on, l.kind as last_kind,
             l.version as last_version, (l.instructed_on + make_interval(months => s.months))::date as next_due, s.reminder_days
        from users u
        join p on p.user_id = u.id
        cross join s
        left join l on l.user_id = u.id
       where u.tenant_id = ${tenantId} and u.status = 'aktiv' ${found}),
    d as (
      select d0.*, case
          when d0.last_on is null then 'keine'
          when d0.next_due <= ${q.today}::date then 'ueberfaellig'
          when d0.next_due - d0.reminder_days <= ${q.today}::date then 'bald_faellig'
          else 'gueltig' end as state
        from d0)`;
}

/** Most urgent first, then by due day, name and id (so pages never overlap). */
const listOrder = (alias: string) =>
  sql.raw(
    `case ${alias}.state when 'ueberfaellig' then 0 when 'keine' then 1 when 'bald_faellig' then 2 else 3 end, ${alias}.next_due nulls first, ${alias}.last_name, ${alias}.first_name, ${alias}.id`,
  );

/** One page of a topic's drivers (all of them with `limit` null, for the export), the total and the counts per state. */
export async function listInstructedDrivers(tx: Db, tenantId: string, q: DriverQuery) {
  const stateCond: SQL =
    q.states && q.states.length > 0
      ? sql`where w.state in (${sql.join(
          q.states.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``;
  const counts = sql.join(
    STATES.map((st) => sql`count(*) filter (where d.state = ${st}) over () as ${sql.raw(`n_${st}`)}`),
    sql`, `,
  );
  const rows = rowsOf<
    {
      id: string;
      first_name: string;
      last_name: string;
      email: string;
      department_name: string | null;
      state: string;
      last_on: string | null;
      last_kind: string | null;
      last_version: number | null;
      next_due: string | null;
      total: number;
    } & Record<`n_${(typeof STATES)[number]}`, number>
  >(
    await tx.execute(sql`${driversCte(tenantId, q)},
      w as (select d.*, ${counts} from d),
      pg as (select w.*, count(*) over () as total from w ${stateCond} order by ${listOrder('w')}
             limit ${q.limit === null ? sql.raw('all') : sql`${q.limit}`} offset ${q.offset})
      select pg.id::text as id, pg.first_name, pg.last_name, pg.email, dep.name as department_name, pg.state,
             pg.last_on::text as last_on, pg.last_kind, pg.last_version, pg.next_due::text as next_due, pg.total,
             ${sql.join(
               STATES.map((st) => sql.raw(`pg.n_${st}`)),
               sql`, `,
             )}
        from pg left join departments dep on dep.tenant_id = ${tenantId} and dep.id = pg.department_id
       order by ${listOrder('pg')}`),
  );
  const first = rows[0];
  return {
    total: Number(first?.total ?? 0),
    // Counts over all drivers of the topic (before the state filter); absent on an empty page.
    counts: first ? new Map(STATES.map((st) => [st, Number(first[`n_${st}`])])) : null,
    rows: rows.map(
      (r): InstructedDriverRow => ({
        userId: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        departmentName: r.department_name,
        state: r.state,
        lastOn: r.last_on,
        lastKind: r.last_kind,
        lastVersion: r.last_version === null ? null : Number(r.last_version),
        nextDue: r.next_due,
      }),
    ),
  };
}

/** Counts per state over all drivers of a topic (when a page is empty or a search narrows it). */
export async function countInstructionStates(tx: Db, tenantId: string, q: Pick<DriverQuery, 'category' | 'today' | 'defaults'>) {
  const rows = rowsOf<{ state: string; n: number }>(
    await tx.execute(sql`${driversCte(tenantId, q)} select d.state, count(*)::int as n from d group by d.state`),
  );
  return new Map(rows.map((r) => [r.state, Number(r.n)]));
}

/**
 * The general topic for some people (the licence examiner's list): whether the tenant published it, the
 * interval and reminder days, and each person's latest general instruction, in one statement.
 */
export async function generalStandings(tx: Db, tenantId: string, userIds: readonly string[], defaults: InstructionSettings) {
  const rows = rowsOf<{ published: boolean; months: number; reminder_days: number; user_id: string | null; last_on: string | null }>(
    await tx.execute(sql`
      with s as (select exists (select 1 from instruction_versions where tenant_id = ${tenantId} and category = '') as published,
                        ${tenantNumber(tenantId, INTERVAL, defaults.months)} as months,
                        ${tenantNumber(tenantId, REMINDER, defaults.reminderDays)} as reminder_days)
      select s.published, s.months, s.reminder_days, l.user_id::text as user_id, l.last_on::text as last_on
        from s left join lateral (
          select c.user_id, max(c.instructed_on) as last_on from instruction_confirmations c
           where s.published and c.tenant_id = ${tenantId} and c.category = ''
             and c.user_id = any(${sql`array[${sql.join(
               userIds.length ? userIds.map((id) => sql`${id}::uuid`) : [sql`null::uuid`],
               sql`, `,
             )}]`})
           group by c.user_id) l on true`),
  );
  const first = rows[0];
  return {
    published: first?.published === true,
    months: Number(first?.months ?? defaults.months),
    reminderDays: Number(first?.reminder_days ?? defaults.reminderDays),
    lastOn: new Map(rows.filter((r) => r.user_id).map((r) => [r.user_id!, r.last_on!])),
  };
}

// ───────────────────────── reminders ─────────────────────────

export interface ReminderCandidate {
  userId: string;
  name: string;
  email: string;
  category: string;
  title: string;
  nextDue: string;
}

/**
 * Drivers whose next instruction of a topic falls due within the reminder days (or has passed) and who were
 * not yet reminded of that due day. Missed days are caught up because the condition is "on or before today",
 * and the reminders table keeps each one single.
 */
export async function reminderCandidates(
  tx: Db,
  tenantId: string,
  today: string,
  defaults: InstructionSettings,
): Promise<ReminderCandidate[]> {
  const rows = rowsOf<{ user_id: string; name: string; email: string; category: string; title: string; next_due: string }>(
    await tx.execute(sql`
      with s as (select ${tenantNumber(tenantId, INTERVAL, defaults.months)} as months,
                        ${tenantNumber(tenantId, REMINDER, defaults.reminderDays)} as reminder_days),
      cur as (select distinct on (category) category, title from instruction_versions where tenant_id = ${tenantId}
               order by category, version desc),
      l as (select c.user_id, c.category, max(c.instructed_on) as last_on from instruction_confirmations c
             where c.tenant_id = ${tenantId} group by c.user_id, c.category),
      d as (select l.user_id, l.category, cur.title, (l.last_on + make_interval(months => s.months))::date as next_due, s.reminder_days
              from l join cur on cur.category = l.category cross join s)
      select u.id::text as user_id, u.first_name || ' ' || u.last_name as name, u.email, d.category, d.title, d.next_due::text as next_due
        from d join users u on u.tenant_id = ${tenantId} and u.id = d.user_id and u.status = 'aktiv'
       where d.next_due - d.reminder_days <= ${today}::date
         and not exists (select 1 from instruction_reminders r where r.tenant_id = ${tenantId} and r.user_id = d.user_id
                           and r.category = d.category and r.due_on = d.next_due)
       order by u.last_name, u.first_name, d.category`),
  );
  return rows.map((r) => ({ userId: r.user_id, name: r.name, email: r.email, category: r.category, title: r.title, nextDue: r.next_due }));
}

/** Claims a reminder; false when it was already sent (another node or an earlier run). */
export async function claimReminder(tx: Db, tenantId: string, userId: string, category: string, dueOn: string): Promise<boolean> {
  const rows = rowsOf<{ user_id: string }>(
    await tx.execute(sql`insert into instruction_reminders (tenant_id, user_id, category, due_on)
      values (${tenantId}, ${userId}::uuid, ${category}, ${dueOn}::date) on conflict do nothing returning user_id::text`),
  );
  return rows.length > 0;
}
