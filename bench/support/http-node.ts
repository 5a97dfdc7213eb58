/**
 * The server of bench/http-reads.ts: Buchbar as `src/server/main.ts` starts it
 * (NODE_ENV=production, migrations, demo data, pg-boss jobs), bundled like
 * `npm run build` bundles the server, plus what only the benchmark needs, on a
 * second port of the same process and never in the app: the seed, a booking
 * of a seat outside any measured request, and **the limit** — an answer of the
 * app captured once and then served from memory, byte for byte (compressed as
 * the app sent it), by a bare Fastify instance.
 *
 * Environment: PORT (the app), BENCH_CONTROL_PORT, DATA_DIR and, for
 * PostgreSQL, DATABASE_URL.
 */
import { gzipSync } from 'node:zlib';
import { migrateDatabase, openDatabase, withTenant } from '@db/client';
import { tenants } from '@db/schema/index';
import { addDays, berlinDay } from '@domain/opening-hours';
import { buildApp } from '@server/app';
import { timelineJson } from '@server/areas/vehicles/vehicle-booking-repository';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { seatBooker, seedFleet, seedSeatPlan } from './seed';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  PUBLIC_URL: 'http://localhost:3000',
  HOST: '127.0.0.1',
});
const database = await openDatabase(config);
database.pool?.on('error', () => undefined);
await migrateDatabase(database);
await prepareDatabase(database.db, { appSecret: config.appSecret });
const vehicles = await seedFleet(database);
const day = addDays(berlinDay(new Date()), 1);
const plan = await seedSeatPlan(database, day);
const bookSeat = seatBooker(database, plan, day);

const { app } = await buildApp({ config, database, log: pino({ level: 'warn' }), startJobs: true, webRoot: '/nonexistent' });
await app.listen({ port: config.port, host: '127.0.0.1' });

interface Captured {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
const captured = new Map<string, Captured>();
const KEPT_HEADERS = ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary'];

const control = Fastify({ bodyLimit: 1024 * 1024 });
control.get('/info', async () => ({ vehicles, planId: plan.planId, day, seats: 500 }));
control.post('/book-seat', async () => {
  await bookSeat();
  return { ok: true };
});
/** Asks the app once (as the client would) and keeps the answer's bytes and headers for /limit/:key. */
control.post<{ Body: { key: string; method: 'GET' | 'POST'; url: string; headers: Record<string, string>; payload?: string } }>(
  '/capture',
  async (req) => {
    const { key, method, url, headers, payload } = req.body;
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const kept: Record<string, string> = {};
    for (const h of KEPT_HEADERS) if (res.headers[h] !== undefined) kept[h] = String(res.headers[h]);
    captured.set(key, { status: res.statusCode, headers: kept, body: res.rawPayload });
    return { status: res.statusCode, bytes: res.rawPayload.length, headers: kept, body: res.headers['content-encoding'] ? '' : res.body };
  },
);
control.route<{ Params: { key: string } }>({
  method: ['GET', 'POST'],
  url: '/limit/:key',
  handler: async (req, reply) => {
    const c = captured.get(req.params.key);
    if (!c) return reply.code(404).send({ error: 'not captured' });
    return reply.code(c.status).headers(c.headers).send(c.body);
  },
});
/**
 * Where the time of a never-cached month view goes, piece by piece in this process: the statement that builds
 * the JSON (database time plus the driver reading the text), and compressing that text at gzip levels 1 and 6.
 */
control.post<{ Body: { from: string; to: string; n: number } }>('/timing', async (req) => {
  const [t] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subIdentifier, 'stadtwerke'));
  const sqlMs: number[] = [];
  const gzip1: number[] = [];
  const gzip6: number[] = [];
  let bytes = 0;
  let gz1 = 0;
  let gz6 = 0;
  for (let i = 0; i < req.body.n; i++) {
    const from = new Date(new Date(req.body.from).getTime() + (i + 1) * 17 * 60_000);
    const to = new Date(new Date(req.body.to).getTime() + (i + 1) * 17 * 60_000);
    const t0 = performance.now();
    const json = await withTenant(database.db, t!.id, (tx) => timelineJson(tx, t!.id, from, to));
    sqlMs.push(performance.now() - t0);
    const buf = Buffer.from(json);
    bytes = buf.length;
    const t1 = performance.now();
    gz1 = gzipSync(buf, { level: 1 }).length;
    gzip1.push(performance.now() - t1);
    const t2 = performance.now();
    gz6 = gzipSync(buf, { level: 6 }).length;
    gzip6.push(performance.now() - t2);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { bytes, sqlMs: median(sqlMs), gzip1Ms: median(gzip1), gzip1Bytes: gz1, gzip6Ms: median(gzip6), gzip6Bytes: gz6 };
});
await control.listen({ port: Number(process.env.BENCH_CONTROL_PORT), host: '127.0.0.1' });
console.log('bench node ready');

const stop = async () => {
  await control.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
