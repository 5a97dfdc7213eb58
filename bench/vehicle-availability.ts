/**
 * Benchmark: vehicle availability for a month over 200 vehicles with 100,000
 * bookings in the tenant, and booking creation (docs/product.md#performance-budgets).
 *
 *   npx tsx bench/vehicle-availability.ts          (PGlite; PostgreSQL too when DATABASE_URL is set)
 *
 * Prints p50/p95/p99, requests per second, SQL statements per request and the
 * throughput ratio to a bare Fastify JSON endpoint measured in the same run.
 * Ends with the budget checks of docs/product.md#performance-budgets (p95 under 50 ms, constant SQL
 * statements) and exits 1 when one is missed; tests never assert milliseconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase } from '@db/client';
import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import Fastify from 'fastify';
import pino from 'pino';
import { checkBudgets, latencies, measure, summary } from './support/measure';
import { onEachEngine } from './support/scratch-postgres';
import { seedFleet } from './support/seed';
import { signInCookie } from './support/sign-in';

const VEHICLES = 200;
const BOOKINGS_PER_VEHICLE = 500; // 200 × 500 = 100,000
const N = Number(process.env.BENCH_N ?? 300);
const host = 'stadtwerke.localhost';

let queries = 0;
const onQuery = () => void queries++;

async function runOn(kind: 'pglite' | 'postgres', open: () => Promise<Database>, cleanup: () => Promise<void>) {
  console.log(`\n== ${kind} ==`);
  const database = await open();
  await migrateDatabase(database);
  await prepareDatabase(database.db);
  const benchVehicles = await seedFleet(database, VEHICLES, BOOKINGS_PER_VEHICLE);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'buchbar-bench-'));
  // Measured as deployed: production settings (no response re-validation, see http/send-built-dto.ts).
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
  });
  const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot: '/nonexistent' });
  await app.ready();
  const cookie = await signInCookie(app, host, 'mitarbeiter@stadtwerke.test');

  const today = berlinDay(new Date());
  const monthFrom = berlinInstant(today, '00:00').toISOString();
  const monthTo = berlinInstant(addDays(today, 31), '00:00').toISOString();
  const timelineUrl = `/api/vehicles/timeline?from=${encodeURIComponent(monthFrom)}&to=${encodeURIComponent(monthTo)}`;

  const bare = Fastify();
  const payload = { ok: true, items: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Objekt ${i}` })) };
  bare.get('/bare', async () => payload);
  await bare.ready();

  const first = await app.inject({ method: 'GET', url: timelineUrl, headers: { host, cookie } });
  if (first.statusCode !== 200) throw new Error(`timeline ${first.statusCode} ${first.body}`);
  const body = first.json() as { vehicles: { bookings: unknown[] }[] };
  console.log(
    `  month timeline: ${body.vehicles.length} vehicles, ${body.vehicles.reduce((s, v) => s + v.bookings.length, 0)} bookings, ${(first.body.length / 1024).toFixed(0)} KB`,
  );
  queries = 0;
  await app.inject({ method: 'GET', url: timelineUrl, headers: { host, cookie } });
  const perTimeline = queries;
  // No N+1: building a timeline (not from the cache) takes as many statements for 2 vehicles as for all of them.
  const coldStatements = async (ids: string) => {
    const from = new Date(new Date(monthFrom).getTime() - 7 * 60_000).toISOString();
    queries = 0;
    await app.inject({
      method: 'GET',
      url: `/api/vehicles/timeline?from=${encodeURIComponent(from)}&to=${encodeURIComponent(monthTo)}${ids}`,
      headers: { host, cookie },
    });
    return queries;
  };
  const perColdTwo = await coldStatements(`&vehicleIds=${benchVehicles.slice(0, 2).join(',')}`);
  const perColdAll = await coldStatements('');
  queries = 0;
  const listRes = await app.inject({ method: 'GET', url: '/api/vehicles', headers: { host, cookie } });
  const perList = queries;
  queries = 0;
  const av = await app.inject({
    method: 'GET',
    url: `/api/vehicles/${benchVehicles[0]}/availability?von=${encodeURIComponent(monthFrom)}&bis=${encodeURIComponent(monthTo)}`,
    headers: { host, cookie },
  });
  const perAvailability = queries;
  if (listRes.statusCode !== 200 || av.statusCode !== 200) throw new Error(`list ${listRes.statusCode} / availability ${av.statusCode}`);

  // Booking creation: each request a different vehicle and a free evening 5–24 days ahead.
  const bookingPayload = (i: number) => {
    const idx = i < 0 ? VEHICLES - 1 + i + 1 : i; // warm-up uses the last vehicles
    const vehicleId = benchVehicles[((idx % VEHICLES) + VEHICLES) % VEHICLES]!;
    const day = addDays(today, 3 + (Math.floor(Math.abs(idx) / VEHICLES) % 20) + (i < 0 ? 5 : 0));
    return {
      vehicleId,
      von: berlinInstant(day, '20:00').toISOString(),
      bis: berlinInstant(day, '21:00').toISOString(),
      reason: 'Benchmark',
    };
  };
  queries = 0;
  const probe = await app.inject({ method: 'POST', url: '/api/vehicle-bookings', headers: { host, cookie }, payload: bookingPayload(-25) });
  const perCreate = queries;
  if (probe.statusCode !== 201) throw new Error(`create ${probe.statusCode} ${probe.body}`);
  console.log(
    `  SQL statements per request (incl. session lookup and tenant set-up): month timeline ${perTimeline} (built: ${perColdAll} for all vehicles, ${perColdTwo} for 2), vehicle list ${perList}, availability ${perAvailability}, create booking ${perCreate}`,
  );

  const b = await measure('bare Fastify JSON (baseline)', N, () => bare.inject({ method: 'GET', url: '/bare' }));
  const me = await measure('GET /api/session/me (app floor)', N, () =>
    app.inject({ method: 'GET', url: '/api/session/me', headers: { host, cookie } }),
  );
  // Unchanged bookings: the text comes from the stamped cache after one version query.
  const m = await measure(`GET month timeline (${VEHICLES} vehicles)`, N, () =>
    app.inject({ method: 'GET', url: timelineUrl, headers: { host, cookie } }),
  );
  // A browser revalidating with its ETag: 304 without a body.
  const etag = String((await app.inject({ method: 'GET', url: timelineUrl, headers: { host, cookie } })).headers.etag);
  const r304 = await measure('GET month timeline, If-None-Match (304)', N, () =>
    app.inject({ method: 'GET', url: timelineUrl, headers: { host, cookie, 'if-none-match': etag } }),
  );
  // Worst case: every request a period the cache has not seen (shifted by i minutes), so the database builds it.
  const shifted = (i: number) => {
    const f = new Date(new Date(monthFrom).getTime() + (i + 1000) * 60_000).toISOString();
    const t = new Date(new Date(monthTo).getTime() + (i + 1000) * 60_000).toISOString();
    return `/api/vehicles/timeline?from=${encodeURIComponent(f)}&to=${encodeURIComponent(t)}`;
  };
  const cold = await measure(`GET month timeline, never cached`, N, (i) =>
    app.inject({ method: 'GET', url: shifted(i), headers: { host, cookie } }),
  );
  const a = await measure('GET availability (1 vehicle, month)', N, () =>
    app.inject({
      method: 'GET',
      url: `/api/vehicles/${benchVehicles[7]}/availability?von=${encodeURIComponent(monthFrom)}&bis=${encodeURIComponent(monthTo)}`,
      headers: { host, cookie },
    }),
  );
  const vl = await measure('GET /api/vehicles (list, 209 vehicles)', N, () =>
    app.inject({ method: 'GET', url: '/api/vehicles', headers: { host, cookie } }),
  );
  let failed = 0;
  const c = await measure(
    'POST booking',
    VEHICLES / 2,
    async (i) => {
      const res = await app.inject({ method: 'POST', url: '/api/vehicle-bookings', headers: { host, cookie }, payload: bookingPayload(i) });
      if (res.statusCode !== 201) failed++;
    },
    10,
  );
  // Timeline reads while bookings are being made: each read follows a write, so none can come from the cache.
  const afterWrite: number[] = [];
  for (let k = 0; k < 60; k++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/vehicle-bookings',
      headers: { host, cookie },
      payload: bookingPayload(VEHICLES * 25 + k),
    });
    if (res.statusCode !== 201) failed++;
    const t0 = performance.now();
    await app.inject({ method: 'GET', url: timelineUrl, headers: { host, cookie } });
    afterWrite.push(performance.now() - t0);
  }
  const mixed = latencies('GET month timeline right after a booking', afterWrite.slice(10));
  console.log(`  (${failed} bookings not created)`);

  await app.close();
  await bare.close();
  await database.close();
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    kind,
    perTimeline,
    perColdAll,
    perColdTwo,
    perCreate,
    baseline: b,
    me,
    timeline: m,
    r304,
    cold,
    mixed,
    availability: a,
    list: vl,
    create: c,
  };
}

const results = await onEachEngine('buchbar_vbench', onQuery, runOn);
console.log('\nsummary');
for (const r of results) {
  console.log(`  ${r.kind}: bare ${r.baseline.rps.toFixed(0)} req/s; signed-in floor GET /api/session/me ${summary(r.me, r.baseline)}`);
  console.log(
    `    month timeline (${VEHICLES} vehicles, 100,000 bookings), unchanged: ${summary(r.timeline, r.baseline)}, ${r.perTimeline} SQL statements/request`,
  );
  console.log(`    month timeline revalidated (304): ${summary(r.r304, r.baseline)}`);
  console.log(`    month timeline never cached (built by the database): ${summary(r.cold, r.baseline)}`);
  console.log(
    `    month timeline right after a booking: p50 ${r.mixed.p50.toFixed(1)} / p95 ${r.mixed.p95.toFixed(1)} / p99 ${r.mixed.p99.toFixed(1)} ms`,
  );
  console.log(`    availability of one vehicle for a month: ${summary(r.availability, r.baseline)}`);
  console.log(`    vehicle list: ${summary(r.list, r.baseline)}`);
  console.log(`    create booking: ${summary(r.create, r.baseline)}, ${r.perCreate} SQL statements/request`);
}
const ok = checkBudgets(
  results.flatMap((r) => [
    { label: `${r.kind}: month timeline p95, unchanged`, value: r.timeline.p95, limit: 50, unit: 'ms' },
    { label: `${r.kind}: month timeline p95, never cached`, value: r.cold.p95, limit: 50, unit: 'ms' },
    { label: `${r.kind}: month timeline p95, right after a booking`, value: r.mixed.p95, limit: 50, unit: 'ms' },
    {
      label: `${r.kind}: extra SQL statements for 208 instead of 2 vehicles`,
      value: r.perColdAll - r.perColdTwo,
      limit: 0,
      unit: 'statements',
    },
  ]),
);
process.exit(ok ? 0 : 1);
