/**
 * Benchmark: the fleet's cost report for 2,000 vehicles over a year (docs/product.md#fleet-costs,
 * docs/product.md#performance-budgets: 50 ms p95 for a read).
 *
 *   npx tsx bench/fleet-costs.ts                       (PGlite; PostgreSQL too when DATABASE_URL is set)
 *   BENCH_ENGINES=postgres DATABASE_URL=… npx tsx bench/fleet-costs.ts   (one engine only)
 *   BENCH_SCALE=0.1 npx tsx bench/fleet-costs.ts       (a tenth of the volume, for a quick look)
 *
 * Seeds one tenant's year with set-based SQL: 2,000 vehicles, a booking every other day per vehicle (the
 * evaluation's roll-up gives the booked hours), a logbook trip every other day, a fuel or charging receipt
 * about every sixth day and four service-booklet entries per vehicle. Then measures GET
 * /api/admin/evaluation/costs for the year and for the last month and the Excel export of the year (p50/p95/p99,
 * one client), beside the bare Fastify endpoint of the same run (the baseline: the same process answering
 * from memory), with the load average. Counts the SQL statements per request for a year and for a month:
 * they must be the same (no statement per vehicle or per day). Exits 1 when the year's p95 misses the
 * budget or the statement counts differ; tests never assert milliseconds.
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase } from '@db/client';
import { addDays, berlinDay, instantOf } from '@domain/opening-hours';
import { buildApp } from '@server/app';
import { vehicleTotals } from '@server/areas/evaluation/public';
import { costSums } from '@server/areas/fleet-costs/fleet-costs-repository';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { directCostSums } from '../test/support/fleet-cost-direct';
import { checkBudgets, type Figures, latencies, measure } from './support/measure';
import { onEachEngine } from './support/scratch-postgres';
import { signInCookie } from './support/sign-in';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const VEHICLES = Math.max(10, Math.round(2_000 * SCALE));
const N = Number(process.env.BENCH_N ?? 30);

let queries = 0;
const onQuery = () => void queries++;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function seedVolume(database: Database, from: string) {
  const db = database.db;
  const t0 = performance.now();
  await db.execute(sql`
    insert into vehicles (tenant_id, location_id, category, brand, model, license_plate, fuel, booking_weekdays, booking_from, booking_to, tank_litres, battery_kwh)
    select v.tenant_id, v.location_id, v.category, v.brand, v.model, 'COST ' || lpad(g::text, 4, '0'),
           case when g % 5 = 0 then 'Elektro' else v.fuel end, v.booking_weekdays, v.booking_from, v.booking_to,
           case when g % 5 = 0 then null else 50 end, case when g % 5 = 0 then 58 end
      from (select * from vehicles where license_plate = 'MS-SW 121') v, generate_series(1, ${VEHICLES}) g`);
  await db.execute(sql`analyze vehicles`);
  const cars = sql`select v.tenant_id, v.id, row_number() over (order by v.license_plate) - 1 as n
                     from vehicles v where v.license_plate like 'COST %'`;
  const driver = sql`(select u.id from users u join tenants t on t.id = u.tenant_id
                       where t.sub_identifier = 'stadtwerke' and u.email = 'mitarbeiter@stadtwerke.test')`;
  // a booking every other day per vehicle, 08:00–12:00 (the roll-up's triggers fire once per statement)
  await db.execute(sql`
    insert into vehicle_bookings (tenant_id, vehicle_id, von, bis, blocked_until, status, type, booked_by_id, driver_id)
    select c.tenant_id, c.id,
           (${from}::date + d * 2 + time '08:00') at time zone 'Europe/Berlin',
           (${from}::date + d * 2 + time '12:00') at time zone 'Europe/Berlin',
           (${from}::date + d * 2 + time '12:00') at time zone 'Europe/Berlin',
           'durchgeführt', 'BUCHUNG', ${driver}, ${driver}
      from (${cars}) c, generate_series(0, 181) d`);
  // the logbook: a trip of 20–99 km every other day, odometers continuing
  await db.execute(sql`
    with trips as (select gen_random_uuid() as id, c.tenant_id, c.id as vehicle_id, c.n, d from (${cars}) c, generate_series(0, 181) d)
    insert into logbook_entries (tenant_id, id, entry_id, revision, kind, vehicle_id, started_at, ended_at,
                                 odometer_start, odometer_end, driver_id, driver_name, destination, reason, trip_kind, created_by_id, created_at)
    select x.tenant_id, x.id, x.id, 1, 'FAHRT', x.vehicle_id,
           (${from}::date + x.d * 2 + time '08:10') at time zone 'Europe/Berlin',
           (${from}::date + x.d * 2 + time '11:40') at time zone 'Europe/Berlin',
           10000 + x.d * 60, 10000 + x.d * 60 + 20 + ((x.d * 7 + x.n) % 40),
           ${driver}, 'Max Mitarbeiter', 'Baustelle', 'Kundentermin', 'dienstlich', ${driver},
           (${from}::date + x.d * 2 + time '11:40') at time zone 'Europe/Berlin'
      from trips x`);
  // a fill or charge about every sixth day, a car wash now and then
  await db.execute(sql`
    insert into fuel_receipts (tenant_id, vehicle_id, kind, day, litres, kwh, amount_cents, odometer)
    select c.tenant_id, c.id,
           case when d % 8 = 7 then 'sonstiges' when c.n % 5 = 4 then 'laden' else 'kraftstoff' end,
           ${from}::date + d * 6 + 1,
           case when d % 8 <> 7 and c.n % 5 <> 4 then 30 + (d % 10) end,
           case when d % 8 <> 7 and c.n % 5 = 4 then 35 + (d % 10) end,
           case when d % 8 = 7 then 1490 when c.n % 5 = 4 then 1800 + d * 3 else 5400 + d * 7 end,
           10000 + d * 180 + 30
      from (${cars}) c, generate_series(0, 56) d`);
  await db.execute(sql`
    insert into service_entries (tenant_id, vehicle_id, kind, description, performed_on, cost_cents)
    select c.tenant_id, c.id, case when q % 2 = 0 then 'Inspektion' else 'Reparatur' end, 'Benchmark',
           ${from}::date + q * 90 + 10, 18000 + q * 2500
      from (${cars}) c, generate_series(0, 3) q`);
  // what autovacuum (PostgreSQL) or the nightly planner-statistics job (PGlite) does after a bulk write
  await db.execute(sql`vacuum (analyze)`);
  const counts = (
    (await db.execute(sql`
      select (select count(*) from fuel_receipts)::int as receipts, (select count(*) from logbook_entries)::int as trips,
             (select count(*) from vehicle_bookings)::int as bookings`)) as unknown as {
      rows: { receipts: number; trips: number; bookings: number }[];
    }
  ).rows[0]!;
  console.log(
    `  seeded ${VEHICLES} vehicles, ${counts.bookings} bookings, ${counts.trips} logbook trips, ${counts.receipts} receipts in ${((performance.now() - t0) / 1000).toFixed(0)} s (load ${load()})`,
  );
}

async function runOn(kind: 'pglite' | 'postgres', open: () => Promise<Database>, cleanup: () => Promise<void>) {
  console.log(`\n== ${kind} == (load ${load()})`);
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
  const cookie = await signInCookie(app, host, 'fuhrpark@stadtwerke.test');
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { host, cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  const year = `/api/admin/evaluation/costs?from=${from}&to=${to}`;
  const month = `/api/admin/evaluation/costs?from=${addDays(to, -29)}&to=${to}`;
  const report = (await get(year)).json() as { vehicles: unknown[]; fleet: { total: number; kilometres: number } };
  console.log(
    `  year: ${report.vehicles.length} vehicles, fleet total ${report.fleet.total.toFixed(0)} €, ${report.fleet.kilometres} km; answer ${(
      (await get(year)).body.length / 1024
    ).toFixed(0)} KB`,
  );
  const statements = async (url: string) => {
    await get(url);
    queries = 0;
    await get(url);
    return queries;
  };
  const sqlCounts = { year: await statements(year), month: await statements(month) };
  console.log(
    `  SQL statements per request (incl. session and tenant set-up): ${sqlCounts.year} for a year, ${sqlCounts.month} for a month`,
  );

  const bare = Fastify();
  const payload = (await get(year)).body;
  // the limit: the same bytes from the same kind of process, answered from memory
  bare.get('/bare', async (_req, reply) => reply.header('content-type', 'application/json').send(payload));
  await bare.ready();
  const baseline = await measure('same bytes from memory (baseline)', 200, () => bare.inject({ method: 'GET', url: '/bare' }));
  await bare.close();
  console.log(`  load ${load()}`);
  const y: Figures = await measure('GET …/evaluation/costs (year)', N, () => get(year), 3);
  const m: Figures = await measure('GET …/evaluation/costs (month)', N, () => get(month), 3);
  const x: Figures = await measure(
    'GET …/costs/export xlsx (year)',
    Math.max(5, Math.round(N / 3)),
    () => get(`${year.replace('/costs?', '/costs/export?')}&format=xlsx`),
    1,
  );
  // before and after in one run: the receipt and logbook sums of the year straight over the rows (as before the
  // roll-up of migration 0049) and from the roll-up, at repository level
  const tenantId = (
    (await database.db.execute(sql`select id::text as id from tenants where sub_identifier = 'stadtwerke'`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0]!.id;
  const timed = async (label: string, n: number, fn: () => Promise<unknown>) => {
    await fn();
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    return latencies(label, times);
  };
  const before = await timed('sums straight over the rows (before)', Math.max(3, Math.round(N / 6)), () =>
    directCostSums(database.db, tenantId, from, addDays(to, 1)),
  );
  const after = await timed('sums from the roll-up (after)', N, () => costSums(database.db, tenantId, from, addDays(to, 1)));
  // where the rest of the request goes: the booked hours per vehicle from the evaluation's roll-up
  const hours = await timed('booked hours per vehicle (evaluation roll-up)', N, () =>
    vehicleTotals(database.db, {
      tenantId,
      from: instantOf(from, '00:00'),
      to: instantOf(addDays(to, 1), '00:00'),
      fromDay: from,
      toDay: addDays(to, 1),
      locationId: null,
    }),
  );
  console.log(`  load ${load()}`);
  await app.close();
  await database.close();
  await cleanup();
  return { kind, y, m, x, sqlCounts, baseline, before, after, hours };
}

const results = await onEachEngine('buchbar_cost_bench', onQuery, runOn);
console.log(`\nsummary (ratios to the same run's baseline p50; load ${load()})`);
for (const r of results) {
  console.log(`  ${r.kind}: baseline p50 ${r.baseline.p50.toFixed(3)} ms`);
  for (const f of [r.y, r.m, r.x])
    console.log(
      `    ${f.label}: p50 ${f.p50.toFixed(1)} / p95 ${f.p95.toFixed(1)} ms = ${(f.p95 / r.baseline.p50).toFixed(0)} × baseline p50`,
    );
}
const ok = checkBudgets(
  results.flatMap((r) => [
    {
      label: `${r.kind}: cost report of a year, ${VEHICLES} vehicles, p95`,
      value: r.y.p95,
      limit: 50,
      unit: 'ms',
    },
    { label: `${r.kind}: extra SQL statements, year vs month`, value: r.sqlCounts.year - r.sqlCounts.month, limit: 0, unit: 'statements' },
  ]),
);
process.exit(ok ? 0 : 1);
