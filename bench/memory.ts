/**
 * Benchmark: memory of the server as `npm start` runs it.
 *
 *   npx tsx bench/memory.ts                     (embedded PGlite)
 *   DATABASE_URL=postgres://… npx tsx bench/memory.ts   (PGlite, then PostgreSQL)
 *   BENCH_MEMORY_REQUESTS=300   (requests of the load phase, default)
 *
 * Starts scripts/start.mjs (the launcher of `npm start`; it builds the web app
 * and the server bundle when stale) on a fresh temporary data directory, for
 * PostgreSQL on a scratch database that is dropped afterwards. Waits for
 * /api/ready, lets the process settle and prints its idle RSS, then signs in a
 * Stadtwerke demo person and sends a few hundred requests over HTTP (desk map,
 * month timeline of the vehicles, own vehicle and seat bookings, four at a
 * time) while sampling RSS, and prints the peak and the RSS after the load.
 * PGlite is measured twice: the first start on an empty data directory
 * (migrations and demo data) and a second start on the same directory, as
 * everyone starts it from then on. The load average is printed beside each
 * figure: on a shared machine starts take longer, memory hardly changes.
 *
 * Exit 1 when the idle RSS of either PGlite start is 400 MB or more (decision
 * 195). On the first start the launcher creates the database in a process of
 * its own that ends before the server starts (initdb, migrations and demo
 * data left about 100 MB of freed native heap in the process that ran them),
 * so the first start is held to the same budget as every later one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase } from '@db/client';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import { prepareDatabase } from '@server/prepare-database';
import { checkBudgets } from './support/measure';
import { scratchPostgres } from './support/scratch-postgres';

const root = path.resolve(import.meta.dirname, '..');
const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 300);
const IDLE_LIMIT_MB = 400;
const PORT = 3931;
const PERSON = 'mitarbeiter@stadtwerke.test';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

async function start(env: NodeJS.ProcessEnv): Promise<{ server: Server; seconds: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...env, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://localhost:${PORT}`;
  // a first start on a shared machine builds, migrates and seeds: give it time
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode} before it was ready`);
    const ok = await fetch(`${base}/api/ready`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not get ready in 10 minutes');
    await sleep(500);
  }
  return { server: { child, base, exited }, seconds: (performance.now() - t0) / 1000 };
}

async function stop(server: Server) {
  server.child.kill('SIGTERM');
  await server.exited;
}

/**
 * RSS once it stops moving: at least 20 s, then ten one-second samples within 2 % of each other (at
 * most two minutes). Right after the first start the garbage of migrations and demo data is still
 * in the heap; an idle process collects it only some seconds later.
 */
async function settledRss(pid: number): Promise<number> {
  const samples: number[] = [];
  const from = Date.now();
  for (;;) {
    samples.push(rssOf(pid));
    const last = samples.slice(-10);
    const steady = Date.now() - from >= 20_000 && last.length === 10 && Math.max(...last) <= Math.min(...last) * 1.02;
    if (steady || Date.now() - from > 120_000) return last.at(-1)!;
    await sleep(1000);
  }
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: PERSON, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${PERSON}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The requests of the load phase: what a person's browser asks for on the map, the timeline and the own bookings. */
async function loadPaths(base: string, cookie: string): Promise<string[]> {
  let planId: string | undefined;
  for (const area of ['arbeitswelt', 'leseraum']) {
    const res = await fetch(`${base}/api/reading-rooms/bootstrap?area=${area}`, { headers: { cookie } });
    if (res.status === 200) planId ??= ((await res.json()) as { floorPlans: { id: string }[] }).floorPlans[0]?.id;
  }
  if (!planId) throw new Error('no floor plan for the demo person');
  const today = berlinDay(new Date());
  const from = encodeURIComponent(berlinInstant(today, '00:00').toISOString());
  const to = encodeURIComponent(berlinInstant(addDays(today, 31), '00:00').toISOString());
  return Array.from({ length: REQUESTS }, (_, i) => {
    switch (i % 4) {
      case 0:
        return `/api/reading-rooms/floor-plans/${planId}/map?date=${addDays(today, i % 7)}&mode=ganztags`;
      case 1:
        return `/api/vehicles/timeline?from=${from}&to=${to}`;
      case 2:
        return '/api/vehicle-bookings/mine';
      default:
        return '/api/reading-room-bookings/mine';
    }
  });
}

interface Figures {
  label: string;
  ready: number;
  idle: number;
  idleLoad: string;
  peak: number;
  after: number;
  loadLoad: string;
  rps: number;
  failed: number;
}

async function measure(label: string, env: NodeJS.ProcessEnv): Promise<Figures> {
  console.log(`\n${label}: starting scripts/start.mjs …`);
  const { server, seconds } = await start(env);
  const pid = server.child.pid!;
  try {
    const idle = await settledRss(pid);
    const idleLoad = load();
    console.log(`  ready after ${seconds.toFixed(0)} s; idle RSS ${idle.toFixed(0)} MB (load ${idleLoad})`);
    const cookie = await signIn(server.base);
    const paths = await loadPaths(server.base, cookie);
    let peak = rssOf(pid);
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 100);
    let next = 0;
    let failed = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < paths.length) {
          const res = await fetch(`${server.base}${paths[next++]}`, { headers: { cookie } });
          await res.arrayBuffer();
          if (res.status !== 200) failed++;
        }
      }),
    );
    const rps = paths.length / ((performance.now() - t0) / 1000);
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    const loadLoad = load();
    const after = await settledRss(pid);
    console.log(
      `  ${paths.length} requests (${rps.toFixed(0)} req/s, ${failed} not 200): peak RSS ${peak.toFixed(0)} MB, afterwards ${after.toFixed(0)} MB (load ${loadLoad})`,
    );
    return { label, ready: seconds, idle, idleLoad, peak, after, loadLoad, rps, failed };
  } finally {
    await stop(server);
  }
}

// The child gets the launcher's environment minus what would point it elsewhere.
const { DATABASE_URL: url, DATA_DIR: _dataDir, PORT: _port, ...baseEnv } = process.env;
const results: Figures[] = [];
const dataDirs: string[] = [];

const pgliteDir = mkdtempSync(path.join(tmpdir(), 'buchbar-memory-'));
dataDirs.push(pgliteDir);
results.push(await measure('PGlite, first start (empty data directory)', { ...baseEnv, DATA_DIR: pgliteDir }));
results.push(await measure('PGlite, second start', { ...baseEnv, DATA_DIR: pgliteDir }));

if (url) {
  const scratch = await scratchPostgres(url, 'buchbar_memory');
  try {
    {
      const database = await scratch.open();
      await migrateDatabase(database);
      await prepareDatabase(database.db);
      await database.close();
    }
    const u = new URL(url);
    u.pathname = `/buchbar_memory_${process.pid}`;
    const pgDir = mkdtempSync(path.join(tmpdir(), 'buchbar-memory-'));
    dataDirs.push(pgDir);
    results.push(await measure('PostgreSQL', { ...baseEnv, DATA_DIR: pgDir, DATABASE_URL: u.toString() }));
  } finally {
    await scratch.drop();
  }
}
for (const d of dataDirs) rmSync(d, { recursive: true, force: true });

console.log('\nsummary (RSS in MB; load average 1 / 5 / 15 min)');
for (const r of results) {
  console.log(
    `  ${r.label.padEnd(44)} ready ${r.ready.toFixed(0).padStart(4)} s  idle ${r.idle.toFixed(0).padStart(4)}  peak ${r.peak.toFixed(0).padStart(4)}  after ${r.after.toFixed(0).padStart(4)}  ${r.rps.toFixed(0).padStart(4)} req/s  (load ${r.idleLoad})`,
  );
}
const steady = results.filter((r) => r.label.startsWith('PGlite'));
const within = checkBudgets([
  ...steady.map((r) => ({ label: `idle RSS, ${r.label}`, value: r.idle, limit: IDLE_LIMIT_MB, unit: 'MB' })),
  {
    label: 'requests of the load phase that did not answer 200',
    value: results.reduce((s, r) => s + r.failed, 0),
    limit: 0,
    unit: 'requests',
  },
]);
// the budget is "under 400 MB": exactly 400 misses it too
process.exit(within && steady.every((r) => r.idle < IDLE_LIMIT_MB) ? 0 : 1);
