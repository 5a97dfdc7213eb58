/**
 * Benchmark: the evaluation of one year with 500,000 seat bookings and
 * 100,000 vehicle bookings in one tenant (docs/product.md#performance-budgets).
 *
 *   npx tsx bench/evaluation.ts            (PGlite; PostgreSQL too when DATABASE_URL is set)
 *   BENCH_SCALE=0.1 npx tsx bench/evaluation.ts   (a tenth of the volume, for a quick look)
 *   BENCH_ENGINES=postgres DATABASE_URL=… npx tsx bench/evaluation.ts   (one engine only)
 *
 * Seeds the volume with set-based SQL (the roll-up triggers of decision 126
 * fire once per statement), then measures GET /api/admin/evaluation/office
 * and …/vehicles for the whole year and …/vehicles/months of the busiest
 * vehicle (p50/p95/p99, one client), the same
 * figures summed straight over the bookings as before the roll-up (repository
 * level, for the before/after comparison in one run), and counts the SQL
 * statements per request for a year and for one month: they must be the
 * same (no statement per row). Ends with the budget checks (p95 under the
 * plain 50 ms of docs/product.md#performance-budgets; the load factor of the run, bench/support/measure.ts,
 * is printed as context and does not loosen them) and exits 1 when one is
 * missed; tests never assert milliseconds.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase } from '@db/client';
import { addDays, berlinDay, instantOf } from '@domain/opening-hours';
import { buildApp } from '@server/app';
import * as rollup from '@server/areas/evaluation/evaluation-repository';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import * as direct from '../test/support/evaluation-direct';
import { checkBudgets, type Figures, latencies, loadAdjusted, measure } from './support/measure';
import { onEachEngine } from './support/scratch-postgres';
import { signInCookie } from './support/sign-in';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SEAT_BOOKINGS = Math.round(500_000 * SCALE);
const VEHICLE_BOOKINGS = Math.round(100_000 * SCALE);
const DESKS = 500;
const VEHICLES = 200;
const N = Number(process.env.BENCH_N ?? 30);

let queries = 0;
const onQuery = () => void queries++;

/** The year's bookings of the Stadtwerke, written by a few set-based statements (past, so no overlap rules apply). */
async function seedVolume(database: Database, from: string) {
  const db = database.db;
  const t0 = performance.now();
  await db.execute(sql`
    insert into floor_plans (tenant_id, name, area, location_id)
    select t.id, 'Benchmark Büro', 'arbeitswelt', (select id from locations where tenant_id = t.id order by name limit 1)
      from tenants t where t.sub_identifier = 'stadtwerke'`);
  await db.execute(sql`
    insert into reading_rooms (tenant_id, floor_plan_id, designation, pos_x, pos_y)
    select p.tenant_id, p.id, 'B-' || lpad(g::text, 3, '0'), 2 + (g % 25) * 3.9, 2 + (g / 25) * 4.7
      from floor_plans p, generate_series(0, ${DESKS - 1}) g where p.name = 'Benchmark Büro'`);
  // desk = g mod 500; three 3-hour slots a day, one after the other, over the year
  await db.execute(sql`
    with desks as (
      select r.tenant_id, r.id, row_number() over (order by r.designation) - 1 as n
        from reading_rooms r join floor_plans p on p.tenant_id = r.tenant_id and p.id = r.floor_plan_id
       where p.name = 'Benchmark Büro'
    ), people as (
      select u.tenant_id, u.id, row_number() over (order by u.email) - 1 as n, count(*) over () as total
        from users u join tenants t on t.id = u.tenant_id where t.sub_identifier = 'stadtwerke'
    ), g as (
      select g, g % ${DESKS} as desk, (g / ${DESKS}) as i from generate_series(0, ${SEAT_BOOKINGS - 1}) g
    )
    insert into reading_room_bookings (tenant_id, reading_room_id, von, bis, status, booker_id, checked_in_at, cancelled_at)
    select d.tenant_id, d.id,
           (${from}::date + (g.i / 3 % 365)::int + time '08:00' + (g.i % 3) * interval '3 hours') at time zone 'Europe/Berlin',
           (${from}::date + (g.i / 3 % 365)::int + time '11:00' + (g.i % 3) * interval '3 hours') at time zone 'Europe/Berlin',
           case when g.g % 17 = 0 then 'storniert' else 'durchgeführt' end,
           p.id,
           case when g.g % 17 = 0 then null else (${from}::date + (g.i / 3 % 365)::int + time '08:05') at time zone 'Europe/Berlin' end,
           case when g.g % 17 = 0 then (${from}::date + (g.i / 3 % 365)::int + time '08:20' + (g.i % 3) * interval '3 hours') at time zone 'Europe/Berlin' end
      from g join desks d on d.n = g.desk join people p on p.n = g.g % p.total`);
  const seatsDone = performance.now();
  await db.execute(sql`
    insert into vehicles (tenant_id, location_id, category, brand, model, license_plate, fuel, booking_weekdays, booking_from, booking_to)
    select v.tenant_id, v.location_id, v.category, v.brand, v.model, 'BENCH ' || g, v.fuel, v.booking_weekdays, v.booking_from, v.booking_to
      from (select * from vehicles where license_plate = 'MS-SW 121') v, generate_series(1, ${VEHICLES}) g`);
  await db.execute(sql`
    with cars as (
      select v.tenant_id, v.id, row_number() over (order by v.license_plate) - 1 as n from vehicles v where v.license_plate like 'BENCH %'
    ), people as (
      select u.tenant_id, u.id, row_number() over (order by u.email) - 1 as n, count(*) over () as total
        from users u join tenants t on t.id = u.tenant_id where t.sub_identifier = 'stadtwerke'
    ), g as (
      select g, g % ${VEHICLES} as car, g / ${VEHICLES} as i from generate_series(0, ${VEHICLE_BOOKINGS - 1}) g
    )
    insert into vehicle_bookings (tenant_id, vehicle_id, von, bis, blocked_until, status, type, booked_by_id, driver_id)
    select c.tenant_id, c.id,
           (${from}::date + (g.i / 2 % 365)::int + time '08:00' + (g.i % 2) * interval '5 hours') at time zone 'Europe/Berlin',
           (${from}::date + (g.i / 2 % 365)::int + time '12:00' + (g.i % 2) * interval '5 hours') at time zone 'Europe/Berlin',
           (${from}::date + (g.i / 2 % 365)::int + time '12:00' + (g.i % 2) * interval '5 hours') at time zone 'Europe/Berlin',
           case when g.g % 11 = 0 then 'storniert' else 'durchgeführt' end, 'BUCHUNG', p.id, p.id
      from g join cars c on c.n = g.car join people p on p.n = g.g % p.total`);
  // autovacuum would have counted the new bookings by the time their trips end; without it the planner
  // reads every booking of the tenant once per vehicle
  await db.execute(sql`analyze vehicles, vehicle_bookings`);
  await db.execute(sql`
    insert into vehicle_history (tenant_id, vehicle_id, time, type, status, booking_id, mileage)
    select b.tenant_id, b.vehicle_id, b.von, x.type, x.status, b.id,
           case x.type when 'CHECK_IN' then 10000 else 10000 + 20 + (extract(epoch from b.von)::bigint % 80)::int end
      from vehicle_bookings b join vehicles v on v.tenant_id = b.tenant_id and v.id = b.vehicle_id,
           (values ('CHECK_IN', 'aktiv'), ('CHECK_OUT', 'durchgeführt')) x(type, status)
     where v.license_plate like 'BENCH %' and b.status = 'durchgeführt'`);
  // what autovacuum (PostgreSQL) or the nightly planner-statistics job (PGlite) does after a bulk write:
  // the seeding's roll-up updates left a dead version of every month row behind (docs/performance/evaluation.md)
  await db.execute(sql`vacuum (analyze)`);
  console.log(
    `  seeded ${SEAT_BOOKINGS} seat bookings on ${DESKS} desks (${((seatsDone - t0) / 1000).toFixed(0)} s) and ${VEHICLE_BOOKINGS} vehicle bookings on ${VEHICLES} vehicles with check-in/out mileage (${((performance.now() - seatsDone) / 1000).toFixed(0)} s)`,
  );
}

async function runOn(kind: 'pglite' | 'postgres', open: () => Promise<Database>, cleanup: () => Promise<void>) {
  console.log(`\n== ${kind} ==`);
  const database = await open();
  database.pool?.on('error', () => undefined);
  await migrateDatabase(database);
  await prepareDatabase(database.db);
  const today = berlinDay(new Date());
  const from = addDays(today, -365);
  const to = addDays(today, -1);
  await seedVolume(database, from);
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'buchbar-bench-')),
    PUBLIC_URL: 'http://localhost:3000',
  });
  const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot: path.resolve('dist/web') });
  await app.ready();
  const host = 'stadtwerke.localhost';
  const cookie = await signInCookie(app, host, 'admin@stadtwerke.test');
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { host, cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const year = `from=${from}&to=${to}`;
  const month = `from=${addDays(to, -29)}&to=${to}`;
  const statements = async (url: string) => {
    await get(url);
    queries = 0;
    await get(url);
    return queries;
  };
  const office = (await get(`/api/admin/evaluation/office?${year}`)).json();
  const plan = office.floorPlans.find((p: { floorPlan: string }) => p.floorPlan === 'Benchmark Büro');
  console.log(
    `  office year: ${plan.bookings} bookings on the benchmark plan, utilisation ${plan.utilisation} %, ${office.objects.length} places`,
  );
  const vehicles = (await get(`/api/admin/evaluation/vehicles?${year}`)).json();
  const busiest = vehicles.vehicles.reduce((a: { bookings: number }, b: { bookings: number }) => (b.bookings > a.bookings ? b : a));
  const vehicleMonths = `/api/admin/evaluation/vehicles/months?${year}&vehicleId=${busiest.vehicleId}`;
  const monthRows = (await get(vehicleMonths)).json().months.length;
  console.log(
    `  vehicles year: ${vehicles.vehicles.length} vehicles, ${vehicles.months.length} fleet months, ${monthRows} months of one vehicle`,
  );
  const sqlCounts = {
    officeYear: await statements(`/api/admin/evaluation/office?${year}`),
    officeMonth: await statements(`/api/admin/evaluation/office?${month}`),
    vehiclesYear: await statements(`/api/admin/evaluation/vehicles?${year}`),
    vehiclesMonth: await statements(`/api/admin/evaluation/vehicles?${month}`),
  };
  console.log(
    `  SQL statements per request (incl. session and tenant set-up): office ${sqlCounts.officeYear} for a year, ${sqlCounts.officeMonth} for a month; vehicles ${sqlCounts.vehiclesYear} / ${sqlCounts.vehiclesMonth}`,
  );
  const bare = Fastify();
  const payload = { ok: true, items: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Objekt ${i}` })) };
  bare.get('/bare', async () => payload);
  await bare.ready();
  const baseline = await measure('bare Fastify JSON (baseline)', 500, () => bare.inject({ method: 'GET', url: '/bare' }));
  await bare.close();
  const o: Figures = await measure('GET …/evaluation/office (year)', N, () => get(`/api/admin/evaluation/office?${year}`), 2);
  const v: Figures = await measure('GET …/evaluation/vehicles (year)', N, () => get(`/api/admin/evaluation/vehicles?${year}`), 2);
  const vm: Figures = await measure('GET …/evaluation/vehicles/months (year, one vehicle)', N, () => get(vehicleMonths), 2);
  const x: Figures = await measure(
    'GET …/office/export xlsx (year, places)',
    Math.max(5, Math.round(N / 3)),
    () => get(`/api/admin/evaluation/office/export?${year}&table=plaetze&format=xlsx`),
    1,
  );
  const location = (await get(`/api/admin/evaluation/office?${year}`)).json().locations?.[0]?.id as string | undefined;
  const ol: Figures = await measure(
    'GET …/evaluation/office (year, one location)',
    N,
    () => get(`/api/admin/evaluation/office?${year}${location ? `&locationId=${location}` : ''}`),
    2,
  );
  // Before and after in one run: the six aggregations of both screens for the year, straight over
  // the bookings (as before decision 126) and from the roll-up, called like the services call them.
  const tenantId = (
    (await database.db.execute(sql`select id::text as id from tenants where sub_identifier = 'stadtwerke'`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0]!.id;
  const scope = {
    tenantId,
    from: instantOf(from, '00:00'),
    to: instantOf(addDays(to, 1), '00:00'),
    fromDay: from,
    toDay: addDays(to, 1),
    locationId: null,
  };
  const all = async (m: typeof rollup | typeof direct) => {
    await m.officeObjectFigures(database.db, scope);
    await m.officeWeekdayMinutes(database.db, scope);
    await m.officeDepartmentFigures(database.db, scope);
    await m.vehicleTotals(database.db, scope);
    await m.fleetMonthFigures(database.db, scope);
    await m.vehicleDepartmentFigures(database.db, scope);
  };
  const timed = async (label: string, n: number, fn: () => Promise<void>) => {
    await fn();
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    return latencies(label, times);
  };
  const before = await timed('6 aggregations over the bookings (before)', Math.max(3, Math.round(N / 6)), () => all(direct));
  const after = await timed('6 aggregations from the roll-up (after)', N, () => all(rollup));
  await app.close();
  await database.close();
  await cleanup();
  return { kind, o, ol, v, vm, x, sqlCounts, baseline, before, after };
}

const results: Awaited<ReturnType<typeof runOn>>[] = [];
// BENCH_ENGINES=postgres (or pglite) measures one engine only.
results.push(...(await onEachEngine('buchbar_bench_eval', onQuery, runOn)));
console.log("\nsummary (ratios to the same run's bare endpoint median)");
for (const r of results) {
  const f = loadAdjusted(50, r.baseline).factor;
  console.log(`  ${r.kind}: bare p50 ${r.baseline.p50.toFixed(3)} ms, load factor ${f.toFixed(2)}`);
  for (const x of [r.o, r.ol, r.v, r.vm, r.x, r.before, r.after])
    console.log(`    ${x.label}: p50 ${x.p50.toFixed(1)} / p95 ${x.p95.toFixed(1)} ms = ${(x.p95 / r.baseline.p50).toFixed(0)} × bare p50`);
  console.log(`    roll-up speed-up of the six aggregations (p50): ${(r.before.p50 / r.after.p50).toFixed(1)} ×`);
}
const budget = (r: (typeof results)[number], label: string, value: number) => {
  const { factor } = loadAdjusted(50, r.baseline);
  return { label: `${r.kind}: ${label} p95 (run's load factor ${factor.toFixed(2)})`, value, limit: 50, unit: 'ms' };
};
const ok = checkBudgets(
  results.flatMap((r) => [
    budget(r, 'office evaluation of a year', r.o.p95),
    budget(r, 'office evaluation of a year, one location', r.ol.p95),
    budget(r, 'vehicle evaluation of a year', r.v.p95),
    budget(r, "one vehicle's months of a year", r.vm.p95),
    {
      label: `${r.kind}: extra SQL statements, office year vs month`,
      value: r.sqlCounts.officeYear - r.sqlCounts.officeMonth,
      limit: 0,
      unit: 'statements',
    },
    {
      label: `${r.kind}: extra SQL statements, vehicles year vs month`,
      value: r.sqlCounts.vehiclesYear - r.sqlCounts.vehiclesMonth,
      limit: 0,
      unit: 'statements',
    },
  ]),
);
process.exit(ok ? 0 : 1);
