/**
 * Benchmark: the vehicle and seat reads and the booking writes over real HTTP,
 * each beside the limit of the machine (issue 34, decision 234).
 *
 *   npx tsx bench/http-reads.ts          (PGlite; PostgreSQL too when DATABASE_URL is set)
 *   BENCH_ENGINES=postgres  BENCH_N=200  BENCH_SECONDS=3   (defaults: both engines, 200 requests, 3 s per throughput block)
 *   BENCH_PROFILE=1 npx tsx bench/http-reads.ts   (CPU profile of the server under the never-cached month view only)
 *
 * Bundles the server like `npm run build` does (bench/support/http-node.ts: the app as main.ts starts it,
 * NODE_ENV=production) into dist/bench and runs it as its own process on a fresh database seeded like
 * bench/vehicle-availability.ts (200 vehicles, 100,000 bookings) plus a 500-seat plan. The client speaks
 * HTTP/1.1 with keep-alive and asks for gzip like a browser. For every request it prints p50/p95/p99 of
 * one client and throughput at 20 and 100 connections (autocannon), and beside it **the limit**: the same
 * bytes, captured once from the app, served by a bare Fastify instance in the same server process from
 * memory. Ratios are to that limit; the load average is printed with each block.
 *
 * Exit 1 when a target of issue 34 is missed (measured on PostgreSQL) or a request failed.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { type BudgetCheck, checkBudgets } from './support/measure';
import { type BenchEngine, scratchPostgres } from './support/scratch-postgres';

const root = path.resolve(import.meta.dirname, '..');
const N = Number(process.env.BENCH_N ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PROFILE = process.env.BENCH_PROFILE === '1';
const CONNECTIONS = [20, 100];
const FLEET = 'stadtwerke.localhost';
const LIBRARY = 'bibliothek.localhost';
const ACCEPT = 'application/json';
const ENCODING = 'gzip, deflate, br';
// ports of this run (several benchmarks may share the machine)
const APP_PORT = 20_000 + (process.pid % 20_000);
const CONTROL_PORT = APP_PORT + 1;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The server bundle: the same esbuild settings as scripts/build-server.ts, with the bench's entry. */
async function bundle(): Promise<string> {
  const out = path.join(root, 'dist/bench');
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'bench/support/http-node.ts')],
    outfile: path.join(out, 'http-node.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  return path.join(out, 'http-node.js');
}

interface Answer {
  status: number;
  bytes: number;
  body: string;
}
/** One keep-alive connection (one browser tab): requests go one after the other. */
function keepAliveClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (method: string, urlPath: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: urlPath,
          agent,
          headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const b = Buffer.concat(chunks);
            resolve({ status: res.statusCode ?? 0, bytes: b.length, body: res.headers['content-encoding'] ? '' : b.toString() });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

interface Req {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}
interface Scenario {
  key: string;
  label: string;
  /** The i-th request (i counts over the whole run, so a never-cached period is never repeated). */
  request: (i: number) => Req;
  /** Untimed work before each timed request of the one-client run (a booking before the seat map). */
  before?: () => Promise<void>;
  /** Work running beside the throughput blocks (bookings while the seat map is read). */
  beside?: () => () => void;
  onAnswer?: (status: number, body: string) => void;
  /** How many requests a throughput block may make at most (cancellations need bookings to cancel). */
  budget?: () => number;
}
interface Block {
  p50: number;
  p95: number;
  p99: number;
  rps: Record<number, number>;
  cannonP50: Record<number, number>;
  cannonP99: Record<number, number>;
  bytes: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function oneClient(
  port: number,
  s: Scenario,
  next: () => number,
  limit: Req | null,
): Promise<Omit<Block, 'rps' | 'cannonP50' | 'cannonP99'>> {
  const send = keepAliveClient(port);
  const times: number[] = [];
  let errors = 0;
  let bytes = 0;
  for (let k = -10; k < N; k++) {
    const r = limit ?? s.request(next());
    const target = limit ? `/limit/${s.key}` : r.path;
    if (!limit && s.before) await s.before();
    const t0 = performance.now();
    const a = await send(r.method, target, r.headers, r.body);
    const ms = performance.now() - t0;
    if (a.status >= 400) errors++;
    if (!limit) s.onAnswer?.(a.status, a.body);
    bytes = a.bytes;
    if (k >= 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), bytes, errors };
}

function throughput(port: number, s: Scenario, connections: number, next: () => number, limit: Req | null) {
  return new Promise<{ rps: number; p50: number; p99: number; errors: number }>((resolve, reject) => {
    let errors = 0;
    const amount = s.budget && !limit ? s.budget() : undefined;
    if (amount !== undefined && amount < connections) {
      resolve({ rps: Number.NaN, p50: Number.NaN, p99: Number.NaN, errors: 0 });
      return;
    }
    const stopBeside = !limit && s.beside ? s.beside() : () => undefined;
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        ...(amount !== undefined ? { amount } : { duration: SECONDS }),
        timeout: 30,
        requests: [
          {
            setupRequest: (req: Record<string, unknown>) => {
              const r = limit ?? s.request(next());
              return {
                ...req,
                method: r.method,
                path: limit ? `/limit/${s.key}` : r.path,
                headers: r.body ? { ...r.headers, 'content-type': 'application/json' } : r.headers,
                body: r.body,
              };
            },
            onResponse: (status: number, body: string) => {
              if (status >= 400) errors++;
              if (!limit) s.onAnswer?.(status, body);
            },
          },
        ] as never,
      },
      (err, result) => {
        stopBeside();
        if (err) reject(err);
        else
          resolve({
            rps: result.requests.total / Math.max(result.duration, 0.001),
            p50: result.latency.p50,
            p99: result.latency.p99,
            errors: errors + result.errors + result.timeouts,
          });
      },
    );
  });
}

/**
 * After a throughput block the server still answers the requests queued when the client stopped: wait until
 * it answers a tiny request at once again, so the next block does not measure the tail of this one.
 */
async function settle() {
  const ping = keepAliveClient(CONTROL_PORT);
  const until = Date.now() + 15_000;
  let quick = 0;
  while (quick < 5 && Date.now() < until) {
    const t0 = performance.now();
    await ping('GET', '/info', {});
    quick = performance.now() - t0 < 2 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function measureBlock(port: number, s: Scenario, next: () => number, limit: Req | null): Promise<Block> {
  await settle();
  const one = await oneClient(port, s, next, limit);
  const rps: Record<number, number> = {};
  const cannonP50: Record<number, number> = {};
  const cannonP99: Record<number, number> = {};
  let errors = one.errors;
  for (const c of CONNECTIONS) {
    await settle();
    const t = await throughput(port, s, c, next, limit);
    rps[c] = t.rps;
    cannonP50[c] = t.p50;
    cannonP99[c] = t.p99;
    errors += t.errors;
  }
  return { ...one, rps, cannonP50, cannonP99, errors };
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
function printBlock(label: string, b: Block) {
  const conc = CONNECTIONS.map(
    (c) => `${c} conn ${fmt(b.rps[c]!)} req/s (p50 ${fmt(b.cannonP50[c]!)} p99 ${fmt(b.cannonP99[c]!)} ms)`,
  ).join(', ');
  console.log(
    `  ${label.padEnd(12)} p50 ${b.p50.toFixed(2).padStart(7)}  p95 ${b.p95.toFixed(2).padStart(7)}  p99 ${b.p99.toFixed(2).padStart(7)} ms (1 client); ${conc}; ${(b.bytes / 1024).toFixed(1)} KB on the wire${b.errors ? `; ${b.errors} FAILED` : ''}`,
  );
}

interface Result {
  label: string;
  key: string;
  app: Block;
  limit: Block;
}

async function runOn(
  kind: BenchEngine,
  entry: string,
): Promise<{ kind: BenchEngine; results: Result[]; timing: Record<string, number> | null }> {
  console.log(`\n== ${kind} ==  (load ${load()})`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'buchbar-http-'));
  const profileDir = PROFILE ? mkdtempSync(path.join(tmpdir(), 'buchbar-prof-')) : null;
  const scratch = kind === 'postgres' ? await scratchPostgres(process.env.DATABASE_URL!, 'buchbar_http') : null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(APP_PORT),
    BENCH_CONTROL_PORT: String(CONTROL_PORT),
  };
  delete env.DATABASE_URL;
  if (scratch) {
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/buchbar_http_${process.pid}`;
    env.DATABASE_URL = u.toString();
  }
  const child: ChildProcess = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), entry], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // a run that fails half-way must not leave its server behind
  process.once('exit', () => child.kill('SIGTERM'));
  const control = keepAliveClient(CONTROL_PORT);
  const t0 = performance.now();
  let info: { vehicles: string[]; planId: string; day: string } | null = null;
  while (!info) {
    if (child.exitCode !== null) throw new Error('bench node ended');
    info = await control('GET', '/info', {})
      .then((a) => (a.status === 200 ? JSON.parse(a.body) : null))
      .catch(() => null);
    if (!info) await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`  server ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const app = keepAliveClient(APP_PORT);
  const signIn = async (host: string, email: string) => {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: APP_PORT,
          method: 'POST',
          path: '/api/session/login',
          headers: { host, 'content-type': 'application/json' },
        },
        resolve,
      );
      req.on('error', reject);
      req.end(JSON.stringify({ email, password: DEMO_PASSWORD }));
    });
    res.resume();
    if (res.statusCode !== 200) throw new Error(`Anmeldung ${email}: ${res.statusCode}`);
    return ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  const fleetCookie = await signIn(FLEET, 'mitarbeiter@stadtwerke.test');
  const libraryCookie = await signIn(LIBRARY, 'leser@bibliothek.test');
  const fleet = { host: FLEET, cookie: fleetCookie, accept: ACCEPT, 'accept-encoding': ENCODING };
  const library = { host: LIBRARY, cookie: libraryCookie, accept: ACCEPT, 'accept-encoding': ENCODING };

  const today = berlinDay(new Date());
  const monthFrom = new Date(berlinInstant(today, '00:00'));
  const monthTo = new Date(berlinInstant(addDays(today, 31), '00:00'));
  const period = (i: number) => {
    // a period no request asked for before: shifted by i minutes
    const f = new Date(monthFrom.getTime() + i * 60_000).toISOString();
    const t = new Date(monthTo.getTime() + i * 60_000).toISOString();
    return `from=${encodeURIComponent(f)}&to=${encodeURIComponent(t)}`;
  };
  const created: string[] = [];
  const booking = (i: number) => {
    const vehicleId = info!.vehicles[i % info!.vehicles.length]!;
    const round = Math.floor(i / info!.vehicles.length);
    const day = addDays(today, 3 + (round % 21));
    const hour = 20 + 2 * (Math.floor(round / 21) % 2);
    return JSON.stringify({
      vehicleId,
      von: berlinInstant(day, `${hour}:00`).toISOString(),
      bis: berlinInstant(day, `${hour}:45`).toISOString(),
      reason: 'Benchmark',
    });
  };
  let slot = 0;
  const bookSeat = async () => {
    const a = await control('POST', '/book-seat', {});
    if (a.status !== 200) throw new Error(`book-seat ${a.status}`);
  };
  const scenarios: Scenario[] = [
    {
      key: 'month-cold',
      label: 'month view of all vehicles, never cached',
      request: (i) => ({ method: 'GET', path: `/api/vehicles/timeline?${period(i)}`, headers: fleet }),
    },
    {
      key: 'month-unchanged',
      label: 'month view of all vehicles, unchanged',
      request: () => ({ method: 'GET', path: `/api/vehicles/timeline?${period(0)}`, headers: fleet }),
    },
    {
      key: 'vehicle-month',
      label: "one vehicle's month, never cached",
      request: (i) => ({ method: 'GET', path: `/api/vehicles/timeline?${period(i)}&vehicleIds=${info!.vehicles[7]}`, headers: fleet }),
    },
    {
      key: 'seat-map',
      label: 'seat map of 500 seats after a booking',
      request: () => ({
        method: 'GET',
        path: `/api/reading-rooms/floor-plans/${info!.planId}/map?date=${info!.day}&mode=ganztags`,
        headers: library,
      }),
      before: bookSeat,
      // under concurrency: a seat booked every 50 ms beside the reads
      beside: () => {
        const timer = setInterval(() => void bookSeat().catch(() => undefined), 50);
        return () => clearInterval(timer);
      },
    },
    {
      key: 'create',
      label: 'create a booking',
      request: () => ({ method: 'POST', path: '/api/vehicle-bookings', headers: fleet, body: booking(slot++) }),
      onAnswer: (status, body) => {
        if (status === 201) created.push(JSON.parse(body).booking.id);
      },
    },
    {
      key: 'cancel',
      label: 'cancel a booking',
      request: () => {
        const id = created.pop();
        return { method: 'POST', path: `/api/vehicle-bookings/${id}/cancel`, headers: fleet, body: '{}' };
      },
      budget: () => Math.floor(created.length / 2),
    },
  ];
  // Each scenario's answer once, kept by the server for its limit; the limit is asked with the same request.
  const limitRequests = new Map<string, Req>();
  let counter = 100;
  const next = () => counter++;
  for (const s of scenarios) {
    const r = s.key === 'cancel' ? null : s.request(next());
    const captureReq = r ?? { method: 'POST' as const, path: '/api/vehicle-bookings/x/cancel', headers: fleet, body: '{}' };
    if (s.key === 'cancel') {
      // a real cancellation's answer: book once more and cancel it through the capture
      const made = await app('POST', '/api/vehicle-bookings', { ...fleet, 'accept-encoding': 'identity' }, booking(100_000));
      captureReq.path = `/api/vehicle-bookings/${JSON.parse(made.body).booking.id}/cancel`;
    }
    const res = await control(
      'POST',
      '/capture',
      {},
      JSON.stringify({
        key: s.key,
        method: captureReq.method,
        url: captureReq.path,
        headers: captureReq.body ? { ...captureReq.headers, 'content-type': 'application/json' } : captureReq.headers,
        payload: captureReq.body,
      }),
    );
    const c = JSON.parse(res.body) as { status: number; bytes: number; headers: Record<string, string> };
    if (c.status >= 400) throw new Error(`${s.key}: ${c.status}`);
    console.log(`  ${s.label}: ${c.status}, ${(c.bytes / 1024).toFixed(1)} KB (${c.headers['content-encoding'] ?? 'uncompressed'})`);
    limitRequests.set(s.key, captureReq);
  }
  // Where the never-cached month view's time goes, measured piece by piece in the server.
  const timingRes = await control(
    'POST',
    '/timing',
    {},
    JSON.stringify({ from: monthFrom.toISOString(), to: monthTo.toISOString(), n: 30 }),
  );
  const timing = JSON.parse(timingRes.body) as Record<string, number>;
  console.log(
    `  never-cached month view in parts (median of 30): SQL building ${(timing.bytes! / 1024).toFixed(0)} KB of JSON ${timing.sqlMs!.toFixed(1)} ms; gzip level 6 ${timing.gzip6Ms!.toFixed(1)} ms → ${(timing.gzip6Bytes! / 1024).toFixed(0)} KB, level 1 ${timing.gzip1Ms!.toFixed(1)} ms → ${(timing.gzip1Bytes! / 1024).toFixed(0)} KB`,
  );

  const results: Result[] = [];
  for (const s of PROFILE ? scenarios.slice(0, 1) : scenarios) {
    console.log(`\n  ${s.label}  (load ${load()})`);
    const appBlock = await measureBlock(APP_PORT, s, next, null);
    printBlock('app', appBlock);
    const limitBlock = await measureBlock(CONTROL_PORT, s, next, limitRequests.get(s.key)!);
    printBlock('limit', limitBlock);
    console.log(
      `  ratio app/limit: p95 ${(appBlock.p95 / limitBlock.p95).toFixed(1)}×, throughput at ${CONNECTIONS.map((c) => `${c} conn ${fmt((appBlock.rps[c]! / limitBlock.rps[c]!) * 100)} %`).join(', ')} of the limit`,
    );
    results.push({ label: s.label, key: s.key, app: appBlock, limit: limitBlock });
  }
  child.kill('SIGTERM');
  await exited;
  if (profileDir) summariseProfile(profileDir);
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
  return { kind, results, timing };
}

/** Self time of the server's CPU profile by where it was spent, and its heaviest functions. */
function summariseProfile(dir: string) {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return console.log('  no CPU profile written');
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const groups = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/');
    const group =
      functionName === '(idle)'
        ? 'idle (waiting for the database or the network)'
        : functionName === '(garbage collector)'
          ? 'garbage collection'
          : functionName === '(program)'
            ? 'native (V8/libuv, incl. socket writes)'
            : /zlib/.test(url) || /zlib|deflate|gzip|crc32/i.test(functionName)
              ? 'compression (zlib)'
              : /pg-protocol|\/pg\/|pglite/.test(url)
                ? 'database driver'
                : /fastify|avvio|find-my-way|light-my-request/.test(url)
                  ? 'fastify'
                  : /drizzle/.test(url)
                    ? 'drizzle'
                    : url.includes('dist/')
                      ? 'Buchbar'
                      : url.startsWith('node:')
                        ? 'node core'
                        : 'other';
    groups.set(group, (groups.get(group) ?? 0) + us);
    const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + us);
    total += us;
  }
  console.log(`\n  CPU profile of the server (${(total / 1e6).toFixed(1)} s sampled, self time)`);
  for (const [g, us] of [...groups].sort((a, b) => b[1] - a[1])) console.log(`    ${((us / total) * 100).toFixed(1).padStart(5)} %  ${g}`);
  console.log('  heaviest functions');
  for (const [f, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`    ${((us / total) * 100).toFixed(1).padStart(5)} %  ${f}`);
  rmSync(dir, { recursive: true, force: true });
}

const entry = await bundle();
console.log(
  `server bundled (git ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim()}); N=${N}, ${SECONDS} s per throughput block`,
);
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres')
  .split(',')
  .filter((e) => e !== 'postgres' || process.env.DATABASE_URL) as BenchEngine[];
const runs: Awaited<ReturnType<typeof runOn>>[] = [];
for (const e of engines) runs.push(await runOn(e, entry));

if (PROFILE) process.exit(0);
console.log(`\nsummary (load ${load()})`);
for (const r of runs) {
  for (const x of r.results) {
    console.log(
      `  ${r.kind}: ${x.label}: p95 ${x.app.p95.toFixed(1)} ms (limit ${x.limit.p95.toFixed(1)}, ${(x.app.p95 / x.limit.p95).toFixed(1)}×); ${CONNECTIONS.map((c) => `${c} conn ${fmt(x.app.rps[c]!)} req/s (limit ${fmt(x.limit.rps[c]!)})`).join(', ')}`,
    );
  }
}
const pg = runs.find((r) => r.kind === 'postgres');
const lite = runs.find((r) => r.kind === 'pglite');
const of = (r: (typeof runs)[number] | undefined, key: string) => r?.results.find((x) => x.key === key);
const checks: BudgetCheck[] = runs.map((r) => ({
  label: `${r.kind}: failed requests`,
  value: r.results.reduce((s, x) => s + x.app.errors + x.limit.errors, 0),
  limit: 0,
  unit: 'requests',
}));
if (pg) {
  const cold = of(pg, 'month-cold')!;
  checks.push(
    { label: 'postgres: month view never cached, p95 / limit p95', value: cold.app.p95 / cold.limit.p95, limit: 3, unit: '×' },
    {
      label: 'postgres: month view unchanged at 20 connections, below 1,000 req/s by',
      value: Math.max(0, 1000 - of(pg, 'month-unchanged')!.app.rps[20]!),
      limit: 0,
      unit: 'req/s',
    },
    { label: "postgres: one vehicle's month p95", value: of(pg, 'vehicle-month')!.app.p95, limit: 10, unit: 'ms' },
    { label: 'postgres: seat map after a booking p95', value: of(pg, 'seat-map')!.app.p95, limit: 10, unit: 'ms' },
    { label: 'postgres: create a booking p95', value: of(pg, 'create')!.app.p95, limit: 25, unit: 'ms' },
  );
  if (lite) {
    for (const x of lite.results) {
      checks.push({ label: `pglite / postgres p95: ${x.label}`, value: x.app.p95 / of(pg, x.key)!.app.p95, limit: 2, unit: '×' });
    }
  }
}
process.exit(checkBudgets(checks) ? 0 : 1);
