/**
 * Benchmark: a floor plan's map for a day with 500 seats (docs/product.md#performance-budgets).
 *
 *   npx tsx bench/seat-map.ts            (PGlite; PostgreSQL too when DATABASE_URL is set)
 *   BENCH_BROWSER=0 npx tsx bench/seat-map.ts   (skip the Chromium render measurement)
 *
 * Prints server latency p50/p95/p99 and throughput of GET …/map against a bare
 * Fastify JSON endpoint measured in the same run (ratio), SQL statements per
 * request, and the time Chromium takes to render the map with 500 seats
 * (needs `npx vite build` first). Ends with the budget checks of docs/product.md#performance-budgets and
 * exits 1 when one is missed; tests never assert milliseconds.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase, withTenant } from '@db/client';
import { floorPlans } from '@db/schema/index';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { addDays, berlinDay } from '@domain/opening-hours';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { checkBudgets, latencies, measure, summary } from './support/measure';
import { onEachEngine } from './support/scratch-postgres';
import { seatBooker, seedSeatPlan } from './support/seed';
import { signInCookie } from './support/sign-in';

const SEATS = 500;
const N = Number(process.env.BENCH_N ?? 150);

let queries = 0;
const onQuery = () => void queries++;

async function runOn(kind: 'pglite' | 'postgres', open: () => Promise<Database>, cleanup: () => Promise<void>) {
  console.log(`\n== ${kind} ==`);
  const database = await open();
  // The clean-up drops the bench database WITH (FORCE); a pool connection still closing must not crash the run.
  database.pool?.on('error', () => undefined);
  await migrateDatabase(database);
  await prepareDatabase(database.db);
  const day = addDays(berlinDay(new Date()), 1);
  const plan = await seedSeatPlan(database, day, SEATS);
  const { planId, bookings, tenantId, smallPlanId } = plan;
  // A booking made outside the request being measured: it changes the tenant's reading-room version.
  const bookOneSeat = seatBooker(database, plan, day);
  console.log(`  plan with ${SEATS} seats, ${bookings} bookings on ${day}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'buchbar-bench-'));
  // Measured as deployed: production settings (no response re-validation, see http/send-built-dto.ts).
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
  });
  const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot: path.resolve('dist/web') });
  await app.ready();
  const host = 'bibliothek.localhost';
  const cookie = await signInCookie(app, host, 'leser@bibliothek.test');
  const url = `/api/reading-rooms/floor-plans/${planId}/map?date=${day}&mode=ganztags`;

  const bare = Fastify();
  const payload = { ok: true, items: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Objekt ${i}` })) };
  bare.get('/bare', async () => payload);
  await bare.ready();

  const first = await app.inject({ method: 'GET', url, headers: { host, cookie } });
  if (first.statusCode !== 200) throw new Error(`map ${first.statusCode} ${first.body}`);
  console.log(`  response ${(first.body.length / 1024).toFixed(0)} KB, ${first.json().objects.length} objects`);
  queries = 0;
  await app.inject({ method: 'GET', url, headers: { host, cookie } });
  const perMap = queries;
  queries = 0;
  await app.inject({ method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', headers: { host, cookie } });
  const perBoot = queries;
  // No N+1: a map built afresh (after a change of the plan) takes as many statements for 500 seats as for the 74 of a seeded plan.
  const builtStatements = async (plan: string) => {
    // a no-op update still counts as a change: plan, objects and day are all built again
    await withTenant(database.db, tenantId, (tx) => tx.update(floorPlans).set({ name: sql`name` }).where(eq(floorPlans.id, plan)));
    queries = 0;
    await app.inject({
      method: 'GET',
      url: `/api/reading-rooms/floor-plans/${plan}/map?date=${day}&mode=ganztags`,
      headers: { host, cookie },
    });
    return queries;
  };
  const perBuiltLarge = await builtStatements(planId);
  const perBuiltSmall = await builtStatements(smallPlanId);
  console.log(
    `  SQL statements per request: map ${perMap} unchanged, ${perBuiltLarge} built afresh (${perBuiltSmall} for a plan with 74 objects) (incl. session lookup and tenant set-up), bootstrap ${perBoot}`,
  );

  const b = await measure('bare Fastify JSON (baseline)', N, () => bare.inject({ method: 'GET', url: '/bare' }));
  // Reference: the cheapest signed-in endpoint, so the session's share of the map's cost is visible.
  const me = await measure('GET /api/session/me (signed in)', N, () =>
    app.inject({ method: 'GET', url: '/api/session/me', headers: { host, cookie } }),
  );
  const m = await measure(`GET …/map (${SEATS} seats)`, N, () => app.inject({ method: 'GET', url, headers: { host, cookie } }));
  console.log(
    `  ratio map/baseline throughput: ${((m.rps / b.rps) * 100).toFixed(1)} %; map/session-me: ${((m.rps / me.rps) * 100).toFixed(1)} %`,
  );
  const afterWrite: number[] = [];
  for (let k = 0; k < 60; k++) {
    await bookOneSeat();
    const t0 = performance.now();
    await app.inject({ method: 'GET', url, headers: { host, cookie } });
    afterWrite.push(performance.now() - t0);
  }
  const built = latencies(`GET …/map right after a booking`, afterWrite.slice(10));

  let render: string | null = null;
  if (kind === 'pglite' && process.env.BENCH_BROWSER !== '0' && existsSync('dist/web/index.html')) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    render = await browserRender(`http://${host}:${port}`, planId, day);
  }
  await app.close();
  await bare.close();
  await database.close();
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  return { kind, perMap, perBuiltLarge, perBuiltSmall, baseline: b, me, map: m, built, render };
}

async function browserRender(origin: string, planId: string, day: string): Promise<string> {
  const { launchBrowser, newPage } = await import('@e2e/support/browser');
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser);
    await page.goto(`${origin}/leseraum/karte`);
    await page.waitForURL(/\/login$/);
    await page
      .getByLabel('E-Mail')
      .fill('leser@bibliothek.test')
      .catch(async (err: unknown) => {
        await page.screenshot({ path: '/tmp/seat-map-bench-login.png' });
        throw err;
      });
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = Date.now();
      await page.goto(`${origin}/leseraum/karte?grundriss=${planId}&datum=${day}`);
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="floor-plan-map"] [data-seat]').length >= n, SEATS, {
        timeout: 30_000,
      });
      runs.push(Date.now() - t0);
    }
    // Re-render of the 500 markers when the period changes (data already cached by the server, not by the client).
    const t1 = Date.now();
    await page.getByLabel('Tageszeit', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Vormittags' }).click();
    await page.waitForURL(/tageszeit=vormittags/);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="floor-plan-map"] [data-seat]').length >= n, SEATS);
    const switchMs = Date.now() - t1;
    runs.sort((a, b) => a - b);
    const line = `page load to ${SEATS} seats rendered: median ${runs[2]} ms (min ${runs[0]}, max ${runs[4]}); switch to morning ${switchMs} ms`;
    console.log(`  Chromium: ${line}`);
    return line;
  } finally {
    await browser.close();
  }
}

const results = await onEachEngine('buchbar_bench', onQuery, runOn);
console.log('\nsummary');
for (const r of results) {
  console.log(
    `  ${r.kind}: map ${summary(r.map, r.baseline)} (bare ${r.baseline.rps.toFixed(0)} req/s); right after a booking p50 ${r.built.p50.toFixed(1)} / p95 ${r.built.p95.toFixed(1)} / p99 ${r.built.p99.toFixed(1)} ms; session-only endpoint ${summary(r.me, r.baseline)}, ${r.perMap} SQL statements per map request (${r.perBuiltLarge} when built)${r.render ? `; ${r.render}` : ''}`,
  );
}
const ok = checkBudgets(
  results.flatMap((r) => [
    { label: `${r.kind}: map of ${SEATS} seats p95, unchanged`, value: r.map.p95, limit: 50, unit: 'ms' },
    { label: `${r.kind}: map of ${SEATS} seats p95, right after a booking`, value: r.built.p95, limit: 50, unit: 'ms' },
    {
      label: `${r.kind}: extra SQL statements for ${SEATS} instead of 74 objects`,
      value: r.perBuiltLarge - r.perBuiltSmall,
      limit: 0,
      unit: 'statements',
    },
  ]),
);
process.exit(ok ? 0 : 1);
