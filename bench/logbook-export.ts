/**
 * Logbook export budget: seeds 200 vehicles with a year of trips
 * (250 each, 50,000 entries) into the Stadtwerke tenant and times the Excel
 * and PDF export of one vehicle-year and of all vehicles for the year, with
 * the peak RSS of this process while each export runs.
 *
 *   npx tsx bench/logbook-export.ts          (PGlite; PostgreSQL instead when DATABASE_URL is set)
 *
 * Budgets: one vehicle-year under 1 s per format; the all-vehicles year under
 * 60 s with peak RSS under 400 MB. On PGlite the database lives in this
 * process, so the RSS budget is checked on the growth over the RSS before the
 * export (the database's own memory is not the export's); on PostgreSQL on
 * the absolute peak. Exits 1 when a budget is missed. The CPU time printed next
 * to each figure tells a slow export from a machine busy with other work.
 */
import { createWriteStream } from 'node:fs';
import { type Database, migrateDatabase, openPglite } from '@db/client';
import { pdfBuffer, writeXlsx } from '@server/areas/logbook/export-logbook';
import type { Deps } from '@server/deps';
import type { UserContext } from '@server/kernel/context';
import { prepareDatabase } from '@server/prepare-database';
import { sql } from 'drizzle-orm';
import { checkBudgets } from './support/measure';
import { scratchPostgres } from './support/scratch-postgres';

const VEHICLES = 200;
const TRIPS = 250;
const YEAR = 2025;

const url = process.env.DATABASE_URL;
const scratch = url ? await scratchPostgres(url, 'buchbar_lbbench') : null;
const database: Database = scratch ? await scratch.open() : await openPglite(undefined);
const kind = scratch ? 'postgres' : 'pglite';
await migrateDatabase(database);
await prepareDatabase(database.db);

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const [tenant] = rows<{ id: string; name: string }>(
  await database.db.execute(sql`select id::text, name from tenants where sub_identifier = 'stadtwerke'`),
);
const [fleet] = rows<{ id: string }>(
  await database.db.execute(sql`select id::text from users where tenant_id = ${tenant!.id} and email = 'fuhrpark@stadtwerke.test'`),
);
const t0 = performance.now();
await database.db.execute(sql`
  insert into vehicles (tenant_id, location_id, category, brand, model, license_plate, fuel)
  select ${tenant!.id}, (select id from locations where tenant_id = ${tenant!.id} order by id limit 1),
         'Bench', 'VW', 'Caddy', 'BE-LB ' || lpad(n::text, 3, '0'), 'Diesel'
    from generate_series(1, ${VEHICLES}) n`);
// 250 trips a year per vehicle, every 35 hours, 20–99 km each, readings continuous.
await database.db.execute(sql`
  with v as (
    select id, row_number() over (order by license_plate) as vn from vehicles
     where tenant_id = ${tenant!.id} and license_plate like 'BE-LB %'
  ), trips as (
    select gen_random_uuid() as id, v.id as vehicle_id, v.vn, g.n,
           timestamptz '${sql.raw(`${YEAR}-01-01 06:00:00+01`)}' + (g.n * interval '35 hours') as started_at,
           20 + ((g.n * 37 + v.vn * 11) % 80) as km
      from v cross join generate_series(0, ${TRIPS - 1}) g(n)
  )
  insert into logbook_entries (tenant_id, id, entry_id, revision, kind, vehicle_id, started_at, ended_at,
                               odometer_start, odometer_end, driver_id, driver_name, destination, reason, trip_kind, created_by_id)
  select ${tenant!.id}, id, id, 1, 'FAHRT', vehicle_id, started_at, started_at + interval '90 minutes',
         10000 + sum(km) over w - km, 10000 + sum(km) over w, ${fleet!.id}, 'Felix Fuhrmann',
         'Baustelle Lindenallee ' || n, 'Materialtransport', case when n % 10 = 0 then 'privat' else 'dienstlich' end, ${fleet!.id}
    from trips window w as (partition by vehicle_id order by n)`);
const [count] = rows<{ n: string }>(await database.db.execute(sql`select count(*)::text as n from logbook_entries`));
console.log(`${kind}: seeded ${VEHICLES} vehicles, ${count!.n} logbook entries in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const [one] = rows<{ id: string }>(
  await database.db.execute(sql`select id::text from vehicles where tenant_id = ${tenant!.id} and license_plate = 'BE-LB 001'`),
);
const deps = { database } as Deps;
const user = {
  tenant: { id: tenant!.id, name: tenant!.name, features: ['fahrzeug'] },
  member: { id: fleet!.id },
  permissions: new Set(['fahrzeug_logbuch_report']),
  locale: 'de-de',
  emailVerified: true,
} as unknown as UserContext;
const year = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };

async function timed(label: string, fn: () => Promise<number>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  const cpu = process.cpuUsage();
  const bytes = await fn();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (b: number) => b / 1024 / 1024;
  console.log(
    `  ${label}: ${ms.toFixed(0)} ms (CPU ${((used.user + used.system) / 1000).toFixed(0)} ms), ${(bytes / 1024).toFixed(0)} KB, peak RSS ${mb(peak).toFixed(0)} MB (+${mb(peak - before).toFixed(0)} MB)`,
  );
  return { ms, peakMb: mb(peak), growthMb: mb(peak - before) };
}

const toFile = (path: string, q: { vehicleId?: string; from: string; to: string }) => async () => {
  const out = createWriteStream(path);
  const closed = new Promise<void>((resolve) => out.on('close', () => resolve()));
  await writeXlsx(deps, user, q, out);
  await closed;
  return out.bytesWritten;
};

// Warm-up on another vehicle's year: fonts, exceljs, the query plans and the JIT, so the
// figures are those of a running server, not of the module load.
const [warm] = rows<{ id: string }>(
  await database.db.execute(sql`select id::text from vehicles where tenant_id = ${tenant!.id} and license_plate = 'BE-LB 002'`),
);
await pdfBuffer(deps, user, { vehicleId: warm!.id, ...year });
await toFile('/tmp/buchbar-logbook-warm.xlsx', { vehicleId: warm!.id, ...year })();

console.log(`\n${kind}: exports`);
const oneXlsx = await timed('one vehicle-year, xlsx', toFile('/tmp/buchbar-logbook-one.xlsx', { vehicleId: one!.id, ...year }));
const onePdf = await timed(
  'one vehicle-year, pdf',
  async () => (await pdfBuffer(deps, user, { vehicleId: one!.id, ...year })).bytes.length,
);
const allXlsx = await timed('all vehicles, year, xlsx (streamed to a file)', toFile('/tmp/buchbar-logbook-all.xlsx', year));
const allPdf = await timed('all vehicles, year, pdf', async () => (await pdfBuffer(deps, user, year)).bytes.length);

await database.close();
await scratch?.drop();

const rss = (r: { peakMb: number; growthMb: number }) => (kind === 'postgres' ? r.peakMb : r.growthMb);
const rssLabel = kind === 'postgres' ? 'peak RSS' : 'RSS growth during the export';
const ok = checkBudgets([
  { label: `${kind}: one vehicle-year xlsx`, value: oneXlsx.ms, limit: 1000, unit: 'ms' },
  { label: `${kind}: one vehicle-year pdf`, value: onePdf.ms, limit: 1000, unit: 'ms' },
  { label: `${kind}: all vehicles year xlsx`, value: allXlsx.ms / 1000, limit: 60, unit: 's' },
  { label: `${kind}: all vehicles year pdf`, value: allPdf.ms / 1000, limit: 60, unit: 's' },
  { label: `${kind}: all vehicles year xlsx, ${rssLabel}`, value: rss(allXlsx), limit: 400, unit: 'MB' },
  { label: `${kind}: all vehicles year pdf, ${rssLabel}`, value: rss(allPdf), limit: 400, unit: 'MB' },
]);
process.exit(ok ? 0 : 1);
