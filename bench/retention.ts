/**
 * Benchmark: the nightly retention run (decision 150) over years of history.
 *
 *   npx tsx bench/retention.ts         (PGlite; PostgreSQL too when DATABASE_URL is set)
 *
 * Seeds BENCH_SEATS seat bookings and BENCH_VEHICLES vehicle bookings (a tenth of them guest bookings)
 * that ended three years ago, spread over 500 people, into the demo tenant, then times the first run
 * (everything due), a second run (nothing due: the partial indexes make it a few index probes) and
 * counts the statements of the second run. The run is a nightly job: no latency budget, the figures
 * show that it stays in minutes at this volume and that an idle night costs almost nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase } from '@db/client';
import { tenants } from '@db/schema/index';
import { buildApp } from '@server/app';
import { runRetentionForTenant } from '@server/areas/privacy/retention';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { onEachEngine } from './support/scratch-postgres';

const SEATS = Number(process.env.BENCH_SEATS ?? 20_000);
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 20_000);
const PEOPLE = 500;

let queries = 0;
const onQuery = () => void queries++;

async function seed(database: Database, tenantId: string) {
  const db = database.db;
  await db.execute(sql`
    insert into auth_user (id, name, email, email_verified)
    select 'bench-' || i, 'Person ' || i, 'person' || i || '@bench.test', true from generate_series(1, ${PEOPLE}) i`);
  await db.execute(sql`
    insert into users (tenant_id, auth_user_id, first_name, last_name, email, department_id)
    select ${tenantId}::uuid, 'bench-' || i, 'Person', 'Nummer ' || i, 'person' || i || '@bench.test',
           (select d.id from departments d where d.tenant_id = ${tenantId}::uuid order by d.name offset (i % 3) limit 1)
      from generate_series(1, ${PEOPLE}) i`);
  await db.execute(sql`
    with p as (select array_agg(id) as ids from users where tenant_id = ${tenantId}::uuid and email like '%@bench.test'),
         r as (select array_agg(id) as ids from reading_rooms where tenant_id = ${tenantId}::uuid)
    insert into reading_room_bookings (tenant_id, reading_room_id, von, bis, status, booker_id)
    select ${tenantId}::uuid, r.ids[1 + i % array_length(r.ids, 1)], now() - interval '3 years' - (i || ' minutes')::interval,
           now() - interval '3 years' - (i || ' minutes')::interval + interval '30 seconds', 'durchgeführt', p.ids[1 + i % ${PEOPLE}]
      from generate_series(1, ${SEATS}) i, p, r`);
  await db.execute(sql`
    with p as (select array_agg(id) as ids from users where tenant_id = ${tenantId}::uuid and email like '%@bench.test'),
         v as (select array_agg(id) as ids from vehicles where tenant_id = ${tenantId}::uuid)
    insert into vehicle_bookings (tenant_id, vehicle_id, von, bis, blocked_until, status, booked_by_id, driver_id, reason, destination)
    select ${tenantId}::uuid, v.ids[1 + i % array_length(v.ids, 1)], now() - interval '3 years' - (i || ' minutes')::interval,
           now() - interval '3 years' - (i || ' minutes')::interval + interval '30 seconds',
           now() - interval '3 years' - (i || ' minutes')::interval + interval '30 seconds',
           'storniert', p.ids[1 + i % ${PEOPLE}], p.ids[1 + (i * 7) % ${PEOPLE}], 'Termin ' || i, 'Ort ' || i
      from generate_series(1, ${VEHICLES}) i, p, v`);
  await db.execute(sql`
    insert into vehicle_booking_guests (tenant_id, booking_id, name, email, phone, token_hash)
    select tenant_id, id, 'Gast ' || row_number() over (), 'gast' || row_number() over () || '@example.org', '+49 40 1',
           md5(id::text) || md5(id::text || 'x')
      from (select tenant_id, id from vehicle_bookings where tenant_id = ${tenantId}::uuid and reason like 'Termin %0') g`);
  if (database.kind === 'postgres') await db.execute(sql`analyze`);
}

async function runOn(kind: 'pglite' | 'postgres', open: () => Promise<Database>, cleanup: () => Promise<void>) {
  console.log(`\n== ${kind} ==`);
  const database = await open();
  database.pool?.on('error', () => undefined);
  await migrateDatabase(database);
  await prepareDatabase(database.db);
  const [t] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subIdentifier, 'stadtwerke'));
  await seed(database, t!.id);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'buchbar-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
  });
  const { app, deps } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot: path.resolve('dist/web') });
  let start = performance.now();
  const first = await runRetentionForTenant(deps, t!.id);
  const firstMs = performance.now() - start;
  queries = 0;
  start = performance.now();
  const second = await runRetentionForTenant(deps, t!.id);
  const secondMs = performance.now() - start;
  console.log(
    `  first run: ${first.seats} seats, ${first.vehicles} vehicle bookings, ${first.guests} guests in ${(firstMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  second run: ${second.seats + second.vehicles + second.guests + second.rentalRequests} rows in ${secondMs.toFixed(0)} ms, ${queries} statements`,
  );
  await app.close();
  await database.close();
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
}

await onEachEngine('buchbar_bench_retention', onQuery, runOn);
