/**
 * Benchmark: Buchbar with years of bookings in one tenant, on PostgreSQL.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/scale.ts
 *   BENCH_SCALE_STAGES=100000,1000000,10000000 …   (the stages; default 100,000 and 1,000,000)
 *   BENCH_SCALE_ANALYZE=desk …                      (EXPLAIN ANALYZE of the booking statements of the paths so named)
 *
 * The Stadtwerke get 2,000 vehicles and 5,000 desks; bookings (half vehicle,
 * half seat) are written by set-based SQL, newest first going back in time:
 * one booking per vehicle or desk and day, so the recent weeks look the same at
 * every stage and only the history grows. At each stage the script measures
 * the hot paths through the real app (month timeline of 20 vehicles, the desk
 * map of yesterday, my bookings, booking creation, the vehicle and office
 * evaluation of last month), prints p50/p95/p99 side by side and EXPLAINs
 * every statement those requests sent that reads a booking table.
 *
 * Budget (exit 1 when missed): p95 at the largest stage at most 2 × p95 at the
 * first stage, and no sequential scan on a booking table in any hot path.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase } from '@db/client';
import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { checkBudgets, type Figures, latencies } from './support/measure';
import { scratchPostgres } from './support/scratch-postgres';
import { signInCookie } from './support/sign-in';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('bench/scale needs PostgreSQL: set DATABASE_URL');
  process.exit(1);
}
const STAGES = (process.env.BENCH_SCALE_STAGES ?? '100000,1000000').split(',').map(Number);
const VEHICLES = 2000;
const DESKS = 5000;
const N = Number(process.env.BENCH_N ?? 40);
const host = 'stadtwerke.localhost';
const BOOKING_TABLES = ['vehicle_bookings', 'reading_room_bookings'];

// Every statement the app sends while `capturing` is on, with its parameters, for EXPLAIN.
let capturing: { text: string; values: unknown[] }[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text: string; values?: unknown[] };
  if (capturing) {
    const text = typeof first === 'string' ? first : first?.text;
    const values = typeof first === 'string' ? args[1] : (first?.values ?? args[1]);
    if (text) capturing.push({ text, values: Array.isArray(values) ? values : [] });
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const scratch = await scratchPostgres(url, 'buchbar_scale');
const database = await scratch.open();
await migrateDatabase(database);
await prepareDatabase(database.db);
const db = database.db;
const one = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows[0]!;
const { tenant_id: tenantId } = await one<{ tenant_id: string }>(
  sql`select id as tenant_id from tenants where sub_identifier = 'stadtwerke'`,
);

/** Vehicles, desks and numbered helpers, once. */
async function seedResources() {
  const t0 = performance.now();
  await db.execute(sql`
    insert into vehicles (tenant_id, location_id, category, brand, model, license_plate, fuel, booking_weekdays, booking_from, booking_to)
    select ${tenantId}, (select id from locations where tenant_id = ${tenantId} order by name limit 1), 'Skala', 'Skala', 'Modell ' || g,
           'SK-AL ' || g, 'Benzin', '["montags","dienstags","mittwochs","donnerstags","freitags","samstags","sonntags"]'::jsonb, '00:00', '23:59'
      from generate_series(1, ${VEHICLES}) g`);
  await db.execute(sql`
    insert into floor_plans (tenant_id, name, area, location_id)
    values (${tenantId}, 'Skala Büro', 'arbeitswelt', (select id from locations where tenant_id = ${tenantId} order by name limit 1))`);
  await db.execute(sql`
    insert into reading_rooms (tenant_id, floor_plan_id, designation, pos_x, pos_y)
    select ${tenantId}, p.id, 'S-' || lpad(g::text, 4, '0'), 1 + (g % 70) * 1.4, 1 + (g / 70) * 1.35
      from floor_plans p, generate_series(0, ${DESKS - 1}) g where p.tenant_id = ${tenantId} and p.name = 'Skala Büro'`);
  await db.execute(sql`create table scale_cars as
    select id, row_number() over (order by license_plate) - 1 as n from vehicles where tenant_id = ${tenantId} and category = 'Skala'`);
  await db.execute(sql`create table scale_desks as
    select r.id, row_number() over (order by r.designation) - 1 as n from reading_rooms r
      join floor_plans p on p.tenant_id = r.tenant_id and p.id = r.floor_plan_id where p.name = 'Skala Büro'`);
  await db.execute(sql`create table scale_people as
    select id, row_number() over (order by email) - 1 as n from users where tenant_id = ${tenantId} and status = 'aktiv'`);
  // Statistics as autovacuum would have them a minute after such an import: without them the planner takes the
  // tenant for five vehicles and joins its way through every vehicle's bookings.
  for (const table of ['vehicles', 'floor_plans', 'reading_rooms', 'users', 'scale_cars', 'scale_desks', 'scale_people']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  console.log(`  ${VEHICLES} vehicles, ${DESKS} desks in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * Bookings number `from` … `to` - 1 (half per kind): booking k of a resource lies k days before yesterday,
 * 08:00–16:00 Berlin, so no two overlap and the newest days fill first.
 *
 * Bulk loading the way a restore does it, so that 10 million rows take minutes, not most of an hour: on one
 * connection of the superuser, triggers and foreign-key checks are off (`session_replication_role = replica`;
 * the rows are built from existing ids, and the change-version stamps are bumped once at the end), the two
 * tables are unlogged and without their secondary indexes while rows go in (the partial exclusion indexes stay:
 * finished and cancelled bookings never enter them), rows go in by set-based INSERT … SELECT in chunks, then the
 * indexes are built once, the tables are logged again and the foreign keys that point at them come back; the
 * stage's bookings are then added to the evaluation roll-up in one statement per kind, as migration 0027 filled it.
 */
const CHUNK = 1_000_000;
async function seedBookings(from: number, to: number) {
  const t0 = performance.now();
  const half = (x: number) => Math.floor(x / 2);
  const client = await database.pool!.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    await q(`set maintenance_work_mem = '512MB'`);
    await q('set synchronous_commit = off');
    const stageStart = String((await q(`select now()::text as t`)).rows[0].t);
    await q('set session_replication_role = replica');
    const indexes = (
      await q(
        `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
           from pg_index i
          where i.indrelid = any(array['vehicle_bookings'::regclass, 'reading_room_bookings'::regclass])
            and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      )
    ).rows as { name: string; def: string }[];
    // Logged tables may not point at unlogged ones: the foreign keys into the booking tables wait outside.
    const inbound = (
      await q(
        `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
           from pg_constraint
          where contype = 'f' and confrelid = any(array['vehicle_bookings'::regclass, 'reading_room_bookings'::regclass])
            and conrelid <> confrelid`,
      )
    ).rows as { tbl: string; name: string; def: string }[];
    for (const fk of inbound) await q(`alter table ${fk.tbl} drop constraint "${fk.name}"`);
    for (const ix of indexes) await q(`drop index ${ix.name}`);
    await q('alter table vehicle_bookings set unlogged');
    await q('alter table reading_room_bookings set unlogged');
    const tLoad = performance.now();
    const people = Number((await q('select count(*)::int as n from scale_people')).rows[0].n);
    for (let lo = half(from); lo < half(to); lo += CHUNK / 2) {
      const hi = Math.min(half(to), lo + CHUNK / 2) - 1;
      await q(
        `insert into vehicle_bookings (tenant_id, vehicle_id, von, bis, blocked_until, status, type, booked_by_id, driver_id)
         select $1, c.id, d.day + time '08:00' at time zone 'Europe/Berlin', d.day + time '16:00' at time zone 'Europe/Berlin',
                d.day + time '16:00' at time zone 'Europe/Berlin', case when g % 11 = 0 then 'storniert' else 'durchgeführt' end, 'BUCHUNG', p.id, p.id
           from generate_series($2::bigint, $3::bigint) g
           join scale_cars c on c.n = g % ${VEHICLES}
           join scale_people p on p.n = g % ${people}
           cross join lateral (select current_date - 1 - (g / ${VEHICLES})::int as day) d`,
        [tenantId, lo, hi],
      );
      await q(
        `insert into reading_room_bookings (tenant_id, reading_room_id, von, bis, status, booker_id)
         select $1, s.id, d.day + time '08:00' at time zone 'Europe/Berlin', d.day + time '16:00' at time zone 'Europe/Berlin',
                case when g % 17 = 0 then 'storniert' else 'durchgeführt' end, p.id
           from generate_series($2::bigint, $3::bigint) g
           join scale_desks s on s.n = g % ${DESKS}
           join scale_people p on p.n = (g * 7) % ${people}
           cross join lateral (select current_date - 1 - (g / ${DESKS})::int as day) d`,
        [tenantId, lo, hi],
      );
      process.stdout.write(`  … ${((hi + 1) * 2).toLocaleString('en')} rows\r`);
    }
    const tIndex = performance.now();
    for (const ix of indexes) await q(ix.def);
    const tLogged = performance.now();
    await q('alter table vehicle_bookings set logged');
    await q('alter table reading_room_bookings set logged');
    for (const fk of inbound) await q(`alter table ${fk.tbl} add constraint "${fk.name}" ${fk.def}`);
    await q('set session_replication_role = origin');
    // The roll-up triggers of the evaluation (decision 126) were off too: add this stage's bookings to the roll-up
    // the way migration 0027 filled it, so the evaluation reads what a live system would hold.
    // This stage's rows are the ones created since it began (`now()` of each chunk's own transaction).
    const stage = (table: string) => `(select * from ${table} where created_at >= '${stageStart}'::timestamptz)`;
    const tRollup = performance.now();
    await q('analyze vehicle_bookings');
    await q('analyze reading_room_bookings');
    await q('select set_config($1, $2, false)', ['buchbar.scale_seat', stage('reading_room_bookings')]);
    await q('select set_config($1, $2, false)', ['buchbar.scale_car', stage('vehicle_bookings')]);
    await q(`do $$ begin
      execute buchbar_seat_rollup_sql(buchbar_seat_rollup_source(current_setting('buchbar.scale_seat'), 1));
      execute buchbar_vehicle_rollup_sql(buchbar_vehicle_rollup_source(current_setting('buchbar.scale_car'), 1));
    end $$`);
    for (const table of ['seat_booking_days', 'seat_department_days', 'vehicle_booking_days', 'vehicle_department_days']) {
      await q(`analyze ${table}`);
    }
    const rollupSeconds = (performance.now() - tRollup) / 1000;
    // The triggers that bump the stamps were off: bump them once, so no cache serves the earlier stage.
    await q('update change_versions set version = version + 1 where tenant_id = $1', [tenantId]);
    await q('analyze vehicle_bookings');
    await q('analyze reading_room_bookings');
    const sec = (a: number, b: number) => ((b - a) / 1000).toFixed(0);
    const s = (performance.now() - t0) / 1000;
    console.log(
      `  bookings ${from.toLocaleString('en')} → ${to.toLocaleString('en')} in ${s.toFixed(0)} s (${((to - from) / s).toFixed(0)} rows/s; ` +
        `rows ${sec(tLoad, tIndex)} s, ${indexes.length} indexes ${sec(tIndex, tLogged)} s, logging, keys and evaluation roll-up ${sec(tLogged, performance.now())} s, of it the roll-up ${rollupSeconds.toFixed(0)} s)`,
    );
  } finally {
    await client.query('reset all').catch(() => undefined);
    client.release();
  }
}

await seedResources();
const dataDir = mkdtempSync(path.join(tmpdir(), 'buchbar-scale-'));
const config = loadConfig({
  NODE_ENV: 'production',
  APP_SECRET: 'scale-secret-scale-secret-scale-secret-0123',
  DATA_DIR: dataDir,
  PUBLIC_URL: 'http://localhost:3000',
});
const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot: '/nonexistent' });
await app.ready();
const login = (email: string) => signInCookie(app, host, email);
const user = await login('mitarbeiter@stadtwerke.test');
const admin = await login('admin@stadtwerke.test');
const { plan_id: planId } = await one<{ plan_id: string }>(
  sql`select id::text as plan_id from floor_plans where tenant_id = ${tenantId} and name = 'Skala Büro'`,
);
const cars = (
  (await db.execute(sql`select id::text from scale_cars order by n limit 20`)) as unknown as { rows: { id: string }[] }
).rows.map((r) => r.id);
const today = berlinDay(new Date());
const monthFrom = berlinInstant(addDays(today, -30), '00:00').toISOString();
const monthTo = berlinInstant(today, '00:00').toISOString();
const yesterday = addDays(today, -1);

let created = 0;
/** The hot paths; `i` varies the input so no response cache answers from an earlier identical request. */
const paths: { label: string; run: (i: number) => { method: 'GET' | 'POST'; url: string; cookie: string; payload?: object } }[] = [
  {
    label: 'month timeline (20 vehicles)',
    run: (i) => ({
      method: 'GET',
      url: `/api/vehicles/timeline?from=${encodeURIComponent(new Date(Date.parse(monthFrom) - (i % 50) * 60_000).toISOString())}&to=${encodeURIComponent(monthTo)}&vehicleIds=${cars.join(',')}`,
      cookie: user,
    }),
  },
  {
    label: 'desk map (5,000 desks, yesterday)',
    run: (i) => ({
      method: 'GET',
      url: `/api/reading-rooms/floor-plans/${planId}/map?date=${addDays(yesterday, -(i % 5))}&mode=ganztags`,
      cookie: user,
    }),
  },
  { label: 'my bookings (upcoming)', run: () => ({ method: 'GET', url: '/api/vehicle-bookings/mine', cookie: user }) },
  {
    label: 'create vehicle booking',
    run: () => {
      // request k: vehicle k mod 20, one of six 1-hour slots, then the next day (2–21 days ahead): never a conflict
      const k = created++;
      const hour = 6 + (Math.floor(k / cars.length) % 6) * 2;
      const day = addDays(today, 2 + (Math.floor(k / (6 * cars.length)) % 20));
      return {
        method: 'POST',
        url: '/api/vehicle-bookings',
        cookie: user,
        payload: {
          vehicleId: cars[k % cars.length],
          von: berlinInstant(day, `${String(hour).padStart(2, '0')}:00`).toISOString(),
          bis: berlinInstant(day, `${String(hour + 1).padStart(2, '0')}:00`).toISOString(),
          reason: 'Skala',
        },
      };
    },
  },
  {
    label: 'vehicle evaluation (last month)',
    run: (i) => ({
      method: 'GET',
      url: `/api/admin/evaluation/vehicles?from=${addDays(today, -31 - (i % 3))}&to=${addDays(today, -1)}`,
      cookie: admin,
    }),
  },
  {
    label: 'office evaluation (last month)',
    run: (i) => ({
      method: 'GET',
      url: `/api/admin/evaluation/office?from=${addDays(today, -31 - (i % 3))}&to=${addDays(today, -1)}`,
      cookie: admin,
    }),
  },
];

async function call(r: ReturnType<(typeof paths)[number]['run']>) {
  const res = await app.inject({
    method: r.method,
    url: r.url,
    headers: { host, cookie: r.cookie },
    ...(r.payload ? { payload: r.payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res;
}

/** EXPLAIN each statement of one request that reads a booking table; returns the sequential scans on booking tables. */
async function explain(label: string, r: ReturnType<(typeof paths)[number]['run']>) {
  capturing = [];
  await call(r);
  const statements = capturing.filter((s) => BOOKING_TABLES.some((t) => s.text.includes(t)) && /^\s*(select|with)/i.test(s.text));
  capturing = null;
  const seq: string[] = [];
  const client = await database.pool!.connect();
  try {
    for (const s of statements) {
      const plan = (await client.query(`explain (format json) ${s.text}`, s.values)).rows[0]['QUERY PLAN'];
      if (process.env.BENCH_SCALE_ANALYZE && label.startsWith(process.env.BENCH_SCALE_ANALYZE)) {
        // The executed plan with buffers, for the path asked for (e.g. BENCH_SCALE_ANALYZE=desk).
        const text = (await client.query(`explain (analyze, buffers) ${s.text}`, s.values)).rows.map((r) => r['QUERY PLAN']);
        console.log(`    ${label}:\n      ${text.join('\n      ')}`);
      }
      const walk = (node: Record<string, unknown>) => {
        if (node['Node Type'] === 'Seq Scan' && BOOKING_TABLES.includes(String(node['Relation Name']))) {
          seq.push(`${label}: Seq Scan on ${node['Relation Name']}`);
        }
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      walk(plan[0].Plan);
    }
  } finally {
    client.release();
  }
  return { statements: statements.length, seq };
}

const results: { rows: number; figures: Figures[]; seq: string[] }[] = [];
let have = 0;
for (const stage of STAGES) {
  console.log(`\n== ${stage.toLocaleString('en')} bookings ==`);
  await seedBookings(have, stage);
  have = stage;
  const figures: Figures[] = [];
  const seq: string[] = [];
  for (const p of paths) {
    const { statements, seq: s } = await explain(p.label, p.run(0));
    seq.push(...s);
    for (let i = 0; i < 5; i++) await call(p.run(-1 - i));
    const times: number[] = [];
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      await call(p.run(i));
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const f = { ...latencies(p.label, times), rps: 0 };
    figures.push(f);
    console.log(
      `  ${p.label.padEnd(36)} p50 ${f.p50.toFixed(1).padStart(7)}  p95 ${f.p95.toFixed(1).padStart(7)}  p99 ${f.p99.toFixed(1).padStart(7)} ms  (${statements} booking statements EXPLAINed${s.length ? `, ${s.join('; ')}` : ', index only'})`,
    );
  }
  results.push({ rows: stage, figures, seq });
}

console.log('\nsummary (p50 / p95 / p99 in ms per stage)');
console.log(`  ${'path'.padEnd(36)} ${results.map((r) => r.rows.toLocaleString('en').padStart(24)).join('')}`);
for (let i = 0; i < paths.length; i++) {
  const cells = results.map((r) => {
    const f = r.figures[i]!;
    return `${f.p50.toFixed(0)} / ${f.p95.toFixed(0)} / ${f.p99.toFixed(0)}`.padStart(24);
  });
  console.log(`  ${paths[i]!.label.padEnd(36)} ${cells.join('')}`);
}
const first = results[0]!;
const last = results.at(-1)!;
const ok = checkBudgets([
  ...paths.map((p, i) => ({
    label: `${p.label}: p95 at ${last.rows.toLocaleString('en')} / p95 at ${first.rows.toLocaleString('en')}`,
    value: last.figures[i]!.p95 / Math.max(first.figures[i]!.p95, 1),
    limit: 2,
    unit: '×',
  })),
  // A small first stage may rightly read a whole table (a month of it is all of it); at the largest stage none may.
  { label: `sequential scans on booking tables at ${last.rows.toLocaleString('en')}`, value: last.seq.length, limit: 0, unit: 'scans' },
]);
await app.close();
await database.close();
await scratch.drop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
