/**
 * Benchmark: the people list of /admin/benutzer with 10,000 people and 200 roles and groups (docs/product.md#performance-budgets).
 *
 *   npx tsx bench/admin-lists.ts         (PGlite; PostgreSQL too when DATABASE_URL is set)
 *
 * Prints p50/p95/p99 and throughput of GET /api/users (first page, a later page, a search, a sort by
 * department) against a bare Fastify JSON endpoint measured in the same run, and the SQL statements per
 * request for 10,000 people and for the seeded few. Ends with the budget checks and exits 1 when one is
 * missed: p95 under the plain 50 ms of docs/product.md#performance-budgets, and no extra statements for more people. The load factor
 * of the run (the bare endpoint's median against its median on the quiet machine, bench/support/measure.ts)
 * is printed beside the figures, so a reader can tell a loaded run; it does not loosen the budget.
 * BENCH_N (default 150) sets the requests per figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase } from '@db/client';
import { tenants } from '@db/schema/index';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { checkBudgets, type Figures, loadAdjusted, measure, summary } from './support/measure';
import { onEachEngine } from './support/scratch-postgres';
import { signInCookie } from './support/sign-in';

const PEOPLE = 10_000;
const ROLES_AND_GROUPS = 200;
const N = Number(process.env.BENCH_N ?? 150);

let queries = 0;
const onQuery = () => void queries++;

/** 10,000 members with identities, 200 roles with permissions, 200 groups with a role each, every member in two groups. */
async function seedPeople(database: Database, tenantId: string) {
  const db = database.db;
  await db.execute(sql`
    insert into auth_user (id, name, email, email_verified)
    select 'bench-' || i, 'Person ' || i, 'person' || i || '@bench.test', true from generate_series(1, ${PEOPLE}) i`);
  await db.execute(sql`
    insert into departments (tenant_id, name) select ${tenantId}::uuid, 'Abteilung ' || i from generate_series(1, 40) i`);
  await db.execute(sql`
    insert into users (tenant_id, auth_user_id, employee_id, first_name, last_name, email, status, department_id)
    select ${tenantId}::uuid, 'bench-' || i, 'B-' || lpad(i::text, 5, '0'),
           (array['Anna','Ben','Clara','David','Eva','Felix','Greta','Hannes','Ida','Jonas'])[1 + i % 10],
           (array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Schulz','Hoffmann'])[1 + (i / 10) % 10] || '-' || i,
           'person' || i || '@bench.test', case when i % 17 = 0 then 'inaktiv' else 'aktiv' end,
           (select d.id from departments d where d.tenant_id = ${tenantId}::uuid and d.name = 'Abteilung ' || (1 + i % 40))
      from generate_series(1, ${PEOPLE}) i`);
  await db.execute(
    sql`insert into roles (tenant_id, name) select ${tenantId}::uuid, 'Bench-Rolle ' || i from generate_series(1, ${ROLES_AND_GROUPS}) i`,
  );
  await db.execute(
    sql`insert into groups (tenant_id, name) select ${tenantId}::uuid, 'Bench-Gruppe ' || i from generate_series(1, ${ROLES_AND_GROUPS}) i`,
  );
  await db.execute(sql`
    insert into role_permissions (tenant_id, role_id, permission_name, value)
    select r.tenant_id, r.id, 'fahrzeug_buchen', 'true' from roles r where r.tenant_id = ${tenantId}::uuid and r.name like 'Bench-Rolle %'`);
  await db.execute(sql`
    insert into group_roles (tenant_id, group_id, role_id)
    select g.tenant_id, g.id, r.id from groups g join roles r on r.tenant_id = g.tenant_id and r.name = replace(g.name, 'Gruppe', 'Rolle')
     where g.tenant_id = ${tenantId}::uuid`);
  await db.execute(sql`
    insert into user_groups (tenant_id, user_id, group_id)
    select u.tenant_id, u.id, g.id from users u
      join groups g on g.tenant_id = u.tenant_id and g.name in ('Bench-Gruppe ' || (1 + abs(hashtext(u.email)) % ${ROLES_AND_GROUPS}), 'Bench-Gruppe ' || (1 + abs(hashtext(u.email || 'x')) % ${ROLES_AND_GROUPS}))
     where u.tenant_id = ${tenantId}::uuid and u.email like '%@bench.test'
    on conflict do nothing`);
  // As autovacuum (PostgreSQL) or the nightly statistics job (PGlite, docs/performance/people.md) would after such an import.
  await db.execute(sql`analyze`);
}

async function runOn(kind: 'pglite' | 'postgres', open: () => Promise<Database>, cleanup: () => Promise<void>) {
  console.log(`\n== ${kind} ==`);
  const database = await open();
  database.pool?.on('error', () => undefined);
  await migrateDatabase(database);
  await prepareDatabase(database.db);
  const [t] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subIdentifier, 'stadtwerke'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'buchbar-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
  });
  const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot: path.resolve('dist/web') });
  await app.ready();
  const host = 'stadtwerke.localhost';
  const cookie = await signInCookie(app, host, 'admin@stadtwerke.test');
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host, cookie } });
  const statements = async (url: string) => {
    await get(url);
    queries = 0;
    const res = await get(url);
    if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode} ${res.body}`);
    return queries;
  };
  const few = await statements('/api/users?search=schmidt');
  await seedPeople(database, t!.id);
  const many = await statements('/api/users?search=schmidt');
  const total = (await get('/api/users')).json().total as number;
  console.log(
    `  ${total} people, ${ROLES_AND_GROUPS} roles and groups; SQL statements per list request: ${many} (${few} with the seeded few)`,
  );

  const bare = Fastify();
  const payload = { ok: true, items: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `Objekt ${i}` })) };
  bare.get('/bare', async () => payload);
  await bare.ready();
  // Many cheap samples: the median of the bare endpoint is the load gauge of this run.
  const baseline = await measure('bare Fastify JSON (baseline)', Math.max(N, 500), () => bare.inject({ method: 'GET', url: '/bare' }));
  const runs: Figures[] = [];
  const names = ['müller', 'schmidt-1', 'anna', 'b-0', 'abteilung 7', 'person99'];
  runs.push(await measure('GET /api/users first page (50 of 10,000, by name)', N, () => get('/api/users')));
  runs.push(await measure('GET /api/users page 150', N, () => get('/api/users?page=150')));
  runs.push(
    await measure('GET /api/users search (varying)', N, (i) =>
      get(`/api/users?search=${encodeURIComponent(names[Math.abs(i) % names.length]!)}`),
    ),
  );
  runs.push(await measure('GET /api/users sorted by department, descending', N, () => get('/api/users?sort=department&dir=desc&page=3')));
  runs.push(await measure('GET /api/admin/groups (200 groups with counts)', N, () => get('/api/admin/groups')));
  const { factor } = loadAdjusted(50, baseline);
  console.log(`  load factor of this run (bare p50 ${baseline.p50.toFixed(3)} ms against the quiet machine): ${factor.toFixed(2)}`);
  for (const r of runs) console.log(`  ${r.label}: ${summary(r, baseline)}, p95 = ${(r.p95 / baseline.p50).toFixed(0)} × bare p50`);
  await app.close();
  await bare.close();
  await database.close();
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  return { kind, runs, baseline, few, many };
}

const results = await onEachEngine('buchbar_bench_admin', onQuery, runOn);
const ok = checkBudgets(
  results.flatMap((r) => [
    ...r.runs.map((x) => ({
      label: `${r.kind}: ${x.label} p95 (run's load factor ${loadAdjusted(50, r.baseline).factor.toFixed(2)})`,
      value: x.p95,
      limit: 50,
      unit: 'ms',
    })),
    { label: `${r.kind}: extra SQL statements for ${PEOPLE} people`, value: r.many - r.few, limit: 0, unit: 'statements' },
  ]),
);
process.exit(ok ? 0 : 1);
