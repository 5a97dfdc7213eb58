/**
 * Benchmark: two production nodes on one PostgreSQL under a realistic mix.
 *
 *   npm run build && DATABASE_URL=postgres://… npx tsx bench/load.ts
 *   BENCH_LOAD_SECONDS=20 BENCH_SSE_SECONDS=60 BENCH_SSE_CLIENTS=1000   (defaults)
 *
 * Starts two built servers (NODE_ENV=production, dist/server/main.js) on a
 * fresh database, then autocannon with 200 connections spread over both nodes
 * (the Stadtwerke demo people take turns: a connection is one simulated
 * person's browser): 85 % reads of the desk map and the month timeline, 10 %
 * bookings of a random vehicle and hour, 5 % cancellations of bookings made
 * earlier in the run. Prints throughput, p99, errors (5xx and broken
 * connections; a refused double booking, 409, is an answer, not an error), the
 * ratio to a bare Fastify endpoint measured with the same autocannon settings,
 * and counts overlapping active bookings in SQL afterwards. Then holds 1,000 SSE
 * clients on node B for a minute and samples its memory.
 *
 * Exit 1 when an error occurred, a double booking exists or memory under the
 * held SSE clients grew by more than 25 % from the first to the last sample.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase } from '@db/client';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import { prepareDatabase } from '@server/prepare-database';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { checkBudgets } from './support/measure';
import { scratchPostgres } from './support/scratch-postgres';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('bench/load needs PostgreSQL: set DATABASE_URL');
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'dist/server/main.js'))) {
  console.error('bench/load runs the production build: run "npm run build" first');
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const SSE_SECONDS = Number(process.env.BENCH_SSE_SECONDS ?? 60);
const SSE_CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 1000);
const CONNECTIONS = 200;
const PEOPLE = ['mitarbeiter@stadtwerke.test', 'fuhrpark@stadtwerke.test', 'freigabe@stadtwerke.test', 'admin@stadtwerke.test'];

const scratch = await scratchPostgres(url, 'buchbar_load');
const u = new URL(url);
u.pathname = `/buchbar_load_${process.pid}`;
const nodeUrl = u.toString();
{
  const database = await scratch.open();
  await migrateDatabase(database);
  await prepareDatabase(database.db);
  // The demo people's licences are partly overdue on purpose; the licence gate has its own bench (bench/licence-gate).
  await database.db.execute(sql`update vehicles set required_license_class = null`);
  await database.close();
}

interface Node {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}
const dataDirs: string[] = [];
async function startNode(port: number): Promise<Node> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'buchbar-load-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: nodeUrl,
      APP_SECRET: 'load-secret-load-secret-load-secret-0123456789',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node on ${port} ended`);
    const ok = await fetch(`${base}/api/ready`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`node on ${port} not ready`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { child, base, exited };
}
const t0 = performance.now();
const nodes = [await startNode(3911), await startNode(3912)];
console.log(`two production nodes ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

async function login(node: Node, email: string) {
  const res = await fetch(`${node.base}/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
// Sessions live in the database: a cookie made on node A works on node B.
const cookies = await Promise.all(PEOPLE.map((p) => login(nodes[0]!, p)));

const database = await scratch.open();
const rows = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
const vehicles = (
  await rows<{ id: string }>(sql`select v.id::text from vehicles v join tenants t on t.id = v.tenant_id
    where t.sub_identifier = 'stadtwerke' order by v.license_plate`)
).map((r) => r.id);
if (vehicles.length === 0) throw new Error('no Stadtwerke vehicles');
const [plan] = await rows<{ id: string }>(sql`select p.id::text from floor_plans p join tenants t on t.id = p.tenant_id
  where t.sub_identifier = 'stadtwerke' order by p.name limit 1`);
const today = berlinDay(new Date());
const monthFrom = berlinInstant(today, '00:00').toISOString();
const monthTo = berlinInstant(addDays(today, 31), '00:00').toISOString();

const created: { id: string; cookie: string }[] = [];
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;

/** One request of the mix; autocannon calls it before every request of a connection. */
function mixed(cookieOf: () => string) {
  return (req: Record<string, unknown>, context: Record<string, unknown>) => {
    const r = Math.random();
    const cookie = cookieOf();
    context.cookie = cookie;
    const headers = { cookie, 'content-type': 'application/json' };
    if (r < 0.85) {
      const path =
        r < 0.425 && plan
          ? `/api/reading-rooms/floor-plans/${plan.id}/map?date=${addDays(today, Math.floor(Math.random() * 5))}&mode=ganztags`
          : `/api/vehicles/timeline?from=${encodeURIComponent(monthFrom)}&to=${encodeURIComponent(monthTo)}`;
      return { ...req, method: 'GET', path, headers: { cookie }, body: undefined };
    }
    if (r < 0.95 || created.length === 0) {
      const day = addDays(today, 1 + Math.floor(Math.random() * 14));
      const hour = 6 + Math.floor(Math.random() * 14);
      const body = JSON.stringify({
        vehicleId: pick(vehicles),
        von: berlinInstant(day, `${String(hour).padStart(2, '0')}:00`).toISOString(),
        bis: berlinInstant(day, `${String(hour).padStart(2, '0')}:45`).toISOString(),
        reason: 'Last',
      });
      return { ...req, method: 'POST', path: '/api/vehicle-bookings', headers, body };
    }
    const victim = created.splice(Math.floor(Math.random() * created.length), 1)[0]!;
    return {
      ...req,
      method: 'POST',
      path: `/api/vehicle-bookings/${victim.id}/cancel`,
      headers: { ...headers, cookie: victim.cookie },
      body: '{}',
    };
  };
}

let serverErrors = 0;
const statusCounts = new Map<number, number>();
// The first few refusal messages, so a mix that only gets refused shows why.
const refusals = new Map<string, number>();
function runCannon(target: string, cookieOf: () => string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target,
        connections: CONNECTIONS / nodes.length,
        duration: SECONDS,
        // a shared 2-core machine answers slowly under 200 connections; only a request without an answer in 30 s is an error
        timeout: 30,
        requests: [
          {
            setupRequest: mixed(cookieOf) as never,
            onResponse: (status: number, body: string, context: Record<string, unknown>) => {
              statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
              if (status >= 500) serverErrors++;
              if (status >= 400 && status < 500) {
                const message = (() => {
                  try {
                    return String(JSON.parse(body).error.message);
                  } catch {
                    return body.slice(0, 120);
                  }
                })();
                refusals.set(message, (refusals.get(message) ?? 0) + 1);
              }
              if (status === 201) {
                try {
                  created.push({ id: JSON.parse(body).booking.id, cookie: String(context.cookie ?? '') });
                } catch {
                  // not a booking answer
                }
              }
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    void instance;
  });
}

// Each booking is cancelled with the cookie of the person who made it: the mix remembers it per connection.
let turn = 0;
const cookieTurn = () => cookies[turn++ % cookies.length]!;
console.log(`\nmixed load: ${CONNECTIONS} connections over ${nodes.length} nodes for ${SECONDS} s`);
const results = await Promise.all(nodes.map((n) => runCannon(n.base, cookieTurn)));
const total = results.reduce((s, r) => s + r.requests.total, 0);
const rps = results.reduce((s, r) => s + r.requests.average, 0);
const p99 = Math.max(...results.map((r) => r.latency.p99));
const broken = results.reduce((s, r) => s + r.errors + r.timeouts, 0);
console.log(`  ${total} requests, ${rps.toFixed(0)} req/s, p50 ${results[0]!.latency.p50} ms, p99 ${p99} ms`);
console.log(
  `  answers: ${[...statusCounts].map(([s, n]) => `${s}×${n}`).join(', ')}; 5xx ${serverErrors}, connection errors/timeouts ${broken}`,
);
for (const [message, n] of [...refusals].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  refused ${n}×: ${message}`);

const [{ n: doubles }] = (await rows<{ n: number }>(sql`
  select count(*)::int as n from vehicle_bookings a join vehicle_bookings b
    on a.tenant_id = b.tenant_id and a.vehicle_id = b.vehicle_id and a.id < b.id
   and a.status not in ('storniert', 'abgelehnt') and b.status not in ('storniert', 'abgelehnt')
   and tstzrange(a.von, a.bis) && tstzrange(b.von, b.bis)`)) as [{ n: number }];
console.log(`  overlapping active bookings afterwards: ${doubles}`);

// The same autocannon settings against a bare Fastify JSON endpoint in this process.
const bare = Fastify();
const payload = { ok: true, items: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Objekt ${i}` })) };
bare.get('/bare', async () => payload);
await bare.listen({ port: 3913, host: '127.0.0.1' });
const bareResult = await autocannon({ url: 'http://127.0.0.1:3913/bare', connections: CONNECTIONS, duration: Math.min(SECONDS, 10) });
await bare.close();
console.log(
  `  bare Fastify: ${bareResult.requests.average.toFixed(0)} req/s; mixed / bare = ${((rps / bareResult.requests.average) * 100).toFixed(1)} %`,
);

// 1,000 SSE clients on node B for a minute: its memory must stay flat.
const nodeB = nodes[1]!;
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${nodeB.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
console.log(`\n${SSE_CLIENTS} SSE clients on node B for ${SSE_SECONDS} s`);
const controllers: AbortController[] = [];
let open = 0;
let events = 0;
await Promise.all(
  Array.from({ length: SSE_CLIENTS }, async (_, i) => {
    const controller = new AbortController();
    controllers.push(controller);
    const res = await fetch(`${nodeB.base}/api/events?topics=vehicle-bookings`, {
      headers: { cookie: cookies[i % cookies.length]! },
      signal: controller.signal,
    }).catch(() => null);
    if (res?.status !== 200) return;
    open++;
    const reader = res.body!.getReader();
    void (async () => {
      try {
        for (;;) {
          const { done } = await reader.read();
          if (done) return;
          events++;
        }
      } catch {
        // aborted at the end
      }
    })();
  }),
);
const samples: number[] = [];
const sseStart = Date.now();
while (Date.now() - sseStart < SSE_SECONDS * 1000) {
  samples.push(rss());
  // a booking now and then so the streams carry events
  await fetch(`${nodes[0]!.base}/api/vehicles/timeline?from=${encodeURIComponent(monthFrom)}&to=${encodeURIComponent(monthTo)}`, {
    headers: { cookie: cookies[0]! },
  });
  await new Promise((r) => setTimeout(r, 5000));
}
samples.push(rss());
for (const c of controllers) c.abort();
const growth = samples.at(-1)! / samples[0]! - 1;
console.log(
  `  ${open} streams open, ${events} chunks received; node B RSS ${samples.map((s) => s.toFixed(0)).join(' → ')} MB (${(growth * 100).toFixed(1)} %)`,
);

for (const n of nodes) n.child.kill('SIGTERM');
await Promise.all(nodes.map((n) => n.exited));
await database.close();
await scratch.drop();
for (const d of dataDirs) rmSync(d, { recursive: true, force: true });

const ok = checkBudgets([
  { label: 'errors under mixed load (5xx, broken connections)', value: serverErrors + broken, limit: 0, unit: 'errors' },
  { label: 'double bookings afterwards', value: doubles, limit: 0, unit: 'bookings' },
  { label: 'SSE streams that did not open', value: SSE_CLIENTS - open, limit: 0, unit: 'streams' },
  { label: 'node B memory growth with SSE clients held', value: growth * 100, limit: 25, unit: '%' },
]);
process.exit(ok ? 0 : 1);
