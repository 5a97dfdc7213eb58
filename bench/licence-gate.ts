/**
 * Benchmark: the driving-licence booking gate on a tenant with
 * 10,000 people and 200 vehicles, and the examiner's list over those people.
 *
 *   npx tsx bench/licence-gate.ts          (PGlite; PostgreSQL too when DATABASE_URL is set)
 *
 * Prints p50/p95/p99, requests per second, SQL statements per request and the
 * ratio to a bare Fastify JSON endpoint measured in the same run. Checks at the
 * end: booking creation with the gate within the latency budget of docs/product.md#performance-budgets
 * (p95 under 50 ms), at most one more SQL statement per booking than for a
 * vehicle without a required class, and the examiner's list pages within the
 * budget; exit 1 when one is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase } from '@db/client';
import { tenants } from '@db/schema/index';
import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { checkBudgets, measure, summary } from './support/measure';
import { onEachEngine } from './support/scratch-postgres';
import { signInCookie } from './support/sign-in';

const PEOPLE = 10_000;
const VEHICLES = 200;
const N = Number(process.env.BENCH_N ?? 200);
const host = 'stadtwerke.localhost';

let queries = 0;
const onQuery = () => void queries++;

/** 10,000 drivers (group "Alle Mitarbeitenden") with one check each in mixed states, and 200 vehicles of which 180 need class B. */
async function seedBench(database: Database) {
  const [t] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subIdentifier, 'stadtwerke'));
  const tenantId = t!.id;
  const t0 = performance.now();
  await database.db.execute(sql`
    insert into auth_user (id, name, email, email_verified)
    select 'bench-' || g, 'Person ' || g, 'person' || g || '@bench.test', true from generate_series(1, ${PEOPLE}) g`);
  await database.db.execute(sql`
    insert into users (tenant_id, auth_user_id, employee_id, first_name, last_name, email)
    select ${tenantId}, 'bench-' || g, 'P' || lpad(g::text, 6, '0'), 'Vorname' || g, 'Nachname' || lpad(g::text, 5, '0'), 'person' || g || '@bench.test'
      from generate_series(1, ${PEOPLE}) g`);
  await database.db.execute(sql`
    insert into user_groups (tenant_id, user_id, group_id)
    select ${tenantId}, u.id, (select id from groups where tenant_id = ${tenantId} and name = 'Alle Mitarbeitenden')
      from users u where u.tenant_id = ${tenantId} and u.email like '%@bench.test'`);
  // checked 0–240 days ago: with six months most are valid, some due soon, some overdue; every 50th has no record
  await database.db.execute(sql`
    insert into licence_checks (tenant_id, user_id, checked_on, examiner_id, method, classes, licence_number, issue_date)
    select ${tenantId}, u.id, current_date - ((row_number() over (order by u.id)) % 240)::int,
           (select id from users where tenant_id = ${tenantId} and email = 'pruefer@stadtwerke.test'),
           'persoenlich', array['AM','B'], 'BENCH' || row_number() over (order by u.id), date '2010-01-01'
      from users u where u.tenant_id = ${tenantId} and u.email like '%@bench.test' and right(u.employee_id, 2) <> '50'`);
  await database.db.execute(sql`
    insert into vehicles (tenant_id, location_id, category, brand, model, license_plate, fuel, booking_weekdays, booking_from, booking_to, required_license_class)
    select ${tenantId}, (select id from locations where tenant_id = ${tenantId} order by name limit 1), 'Bench', 'Bench', 'Modell ' || g,
           'BE-NCH ' || g, 'Benzin', '["montags","dienstags","mittwochs","donnerstags","freitags","samstags","sonntags"]'::jsonb, '00:00', '23:59',
           case when g <= 20 then null else 'B' end
      from generate_series(1, ${VEHICLES}) g`);
  await database.db.execute(sql`analyze`);
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${PEOPLE} people with licences, ${VEHICLES} vehicles`);
  const ids = (await database.db.execute(
    sql`select id::text, required_license_class from vehicles where tenant_id = ${tenantId} and category = 'Bench' order by license_plate`,
  )) as unknown as { rows: { id: string; required_license_class: string | null }[] };
  return {
    gated: ids.rows.filter((r) => r.required_license_class).map((r) => r.id),
    free: ids.rows.filter((r) => !r.required_license_class).map((r) => r.id),
  };
}

const loginCookie = (app: Awaited<ReturnType<typeof buildApp>>['app'], email: string) => signInCookie(app, host, email);

async function runOn(kind: 'pglite' | 'postgres', open: () => Promise<Database>, cleanup: () => Promise<void>) {
  console.log(`\n== ${kind} ==`);
  const database = await open();
  await migrateDatabase(database);
  await prepareDatabase(database.db);
  const vehicles = await seedBench(database);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'buchbar-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
  });
  const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot: '/nonexistent' });
  await app.ready();
  const cookie = await loginCookie(app, 'mitarbeiter@stadtwerke.test');
  const examiner = await loginCookie(app, 'pruefer@stadtwerke.test');
  const today = berlinDay(new Date());

  const bare = Fastify();
  const payload = { ok: true, items: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Objekt ${i}` })) };
  bare.get('/bare', async () => payload);
  await bare.ready();

  // Request idx books vehicle idx mod n at slot idx div n (one hour, 3–22 days ahead): no two requests collide.
  const booking = (list: string[], idx: number) => {
    const k = Math.floor(idx / list.length);
    const day = addDays(today, 3 + (Math.floor(k / 7) % 20));
    const hour = 6 + (k % 7) * 2;
    return {
      vehicleId: list[idx % list.length]!,
      von: berlinInstant(day, `${String(hour).padStart(2, '0')}:00`).toISOString(),
      bis: berlinInstant(day, `${String(hour + 1).padStart(2, '0')}:00`).toISOString(),
      reason: 'Benchmark',
    };
  };
  const create = (body: object) => app.inject({ method: 'POST', url: '/api/vehicle-bookings', headers: { host, cookie }, payload: body });
  queries = 0;
  const probeGated = await create(booking(vehicles.gated, 0));
  const perGated = queries;
  queries = 0;
  const probeFree = await create(booking(vehicles.free, 0));
  const perFree = queries;
  if (probeGated.statusCode !== 201 || probeFree.statusCode !== 201) {
    throw new Error(`create ${probeGated.statusCode} ${probeGated.body} / ${probeFree.statusCode} ${probeFree.body}`);
  }
  const list = (url: string) => app.inject({ method: 'GET', url, headers: { host, cookie: examiner } });
  queries = 0;
  const first = await list('/api/driving-licences?page=1&pageSize=50');
  const perList = queries;
  const firstBody = first.json() as { total: number; dueCount: number; counts: Record<string, number> };
  console.log(
    `  examiner list: ${firstBody.total} drivers, ${firstBody.dueCount} due (${Object.entries(firstBody.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
  );
  console.log(
    `  SQL statements per request (incl. session lookup and tenant set-up): create booking with gate ${perGated}, without required class ${perFree}, examiner list page ${perList}`,
  );

  const b = await measure('bare Fastify JSON (baseline)', N, () => bare.inject({ method: 'GET', url: '/bare' }));
  let failed = 0;
  const c = await measure(
    'POST booking (gate on, class B)',
    N,
    async (i) => {
      const idx = i < 0 ? 5000 - i : i + 1;
      const res = await create(booking(vehicles.gated, idx));
      if (res.statusCode !== 201) failed++;
    },
    10,
  );
  // The same requests against the one vehicle without a required class: what booking costs without the gate.
  const plain = await measure(
    'POST booking (no required class)',
    N,
    async (i) => {
      const idx = i < 0 ? 2000 - i : i + 1;
      const res = await create(booking(vehicles.free, idx));
      if (res.statusCode !== 201) failed++;
    },
    10,
  );
  const page = await measure('GET examiner list, page 1 of 10,000', N, (i) =>
    list(`/api/driving-licences?page=${1 + (Math.abs(i) % 5)}&pageSize=50`),
  );
  const due = await measure('GET examiner list, due only', N, () =>
    list('/api/driving-licences?state=bald_faellig,ueberfaellig,keine_daten'),
  );
  const search = await measure('GET examiner list, search', N, (i) =>
    list(`/api/driving-licences?q=${encodeURIComponent(`Nachname0${String(Math.abs(i) % 100).padStart(2, '0')}`)}`),
  );
  const count = await measure('GET due count (menu badge)', N, () => list('/api/driving-licences/due-count'));
  console.log(`  (${failed} bookings not created)`);

  await app.close();
  await bare.close();
  await database.close();
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  return { kind, perGated, perFree, perList, failed, baseline: b, create: c, plain, page, due, search, count };
}

const results = await onEachEngine('buchbar_lbench', onQuery, runOn);
console.log('\nsummary');
for (const r of results) {
  console.log(`  ${r.kind}: bare ${r.baseline.rps.toFixed(0)} req/s`);
  console.log(
    `    create booking with the licence gate: ${summary(r.create, r.baseline)}, ${r.perGated} SQL statements (${r.perFree} without a required class)`,
  );
  console.log(`    examiner list page (${PEOPLE} people): ${summary(r.page, r.baseline)}, ${r.perList} SQL statements`);
  console.log(`    examiner list, due only: ${summary(r.due, r.baseline)}`);
  console.log(`    examiner list, search: ${summary(r.search, r.baseline)}`);
  console.log(`    due count: ${summary(r.count, r.baseline)}`);
}
const ok = checkBudgets(
  results.flatMap((r) => [
    { label: `${r.kind}: create booking with gate p95`, value: r.create.p95, limit: 50, unit: 'ms' },
    { label: `${r.kind}: extra SQL statements per booking for the gate`, value: r.perGated - r.perFree, limit: 1, unit: 'statements' },
    { label: `${r.kind}: bookings refused during the run`, value: r.failed, limit: 0, unit: 'bookings' },
    { label: `${r.kind}: examiner list page p95`, value: r.page.p95, limit: 50, unit: 'ms' },
    { label: `${r.kind}: examiner list search p95`, value: r.search.p95, limit: 50, unit: 'ms' },
    { label: `${r.kind}: due count p95`, value: r.count.p95, limit: 50, unit: 'ms' },
  ]),
);
process.exit(ok ? 0 : 1);
