/**
 * Benchmark: a full SCIM sync of 10,000 people, as Entra ID's first provisioning cycle runs it (decision 229).
 *
 *   npx tsx bench/scim.ts         (PGlite; PostgreSQL too when DATABASE_URL is set)
 *
 * For each person the client asks `GET /Users?filter=userName eq "…"` and, finding nobody, `POST /Users`; then it
 * makes 10 groups and adds 1,000 members to each in PATCHes of 100, and disables 1,000 people with
 * `PATCH active "False"`. Prints the time of each phase, milliseconds and SQL statements per person, and two ratios
 * measured in the same run: against the bare Fastify JSON endpoint (the load gauge of every bench/*.ts) and
 * against the people administration's own `POST /api/users` for 500 people (the way a person is made without SCIM).
 * The requests of a sync are spread over several tokens, each under its limit of SCIM_REQUESTS_PER_MINUTE, so the
 * limit does not pace the figures; the limit itself is tested in test/integration/scim.int.test.ts.
 * BENCH_PEOPLE (default 10,000) sets the people.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, migrateDatabase } from '@db/client';
import { SCIM_REQUESTS_PER_MINUTE, SCIM_SCHEMAS } from '@domain/scim';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import Fastify from 'fastify';
import pino from 'pino';
import { measure } from './support/measure';
import { onEachEngine } from './support/scratch-postgres';
import { signInCookie } from './support/sign-in';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 10_000);
const GROUPS = 10;
const MEMBERS_PER_GROUP = Math.min(1_000, PEOPLE);
const BATCH = 100;
const DISABLED = Math.min(1_000, PEOPLE);
const ADMIN_CREATES = 500;

let queries = 0;
const onQuery = () => void queries++;

async function runOn(kind: 'pglite' | 'postgres', open: () => Promise<Database>, cleanup: () => Promise<void>) {
  console.log(`\n== ${kind} ==`);
  const database = await open();
  database.pool?.on('error', () => undefined);
  await migrateDatabase(database);
  await prepareDatabase(database.db);
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

  // Tokens for the sync, each used for fewer requests than its minute allows.
  const perToken = Math.floor(SCIM_REQUESTS_PER_MINUTE * 0.9);
  const tokens: string[] = [];
  let used = 0;
  const bearer = async () => {
    if (tokens.length === 0 || used >= perToken) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/tenant/scim-tokens',
        headers: { host, cookie },
        payload: { name: `Bench ${tokens.length + 1}`, expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) },
      });
      if (res.statusCode !== 200) throw new Error(`token ${res.statusCode} ${res.body}`);
      tokens.push(res.json().secret);
      used = 0;
    }
    used++;
    return tokens.at(-1)!;
  };
  const scim = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { host, authorization: `Bearer ${await bearer()}`, ...(body ? { 'content-type': 'application/scim+json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    if (res.statusCode >= 400) throw new Error(`${method} ${url} ${res.statusCode} ${res.body}`);
    return res;
  };

  const bare = Fastify();
  bare.post('/bare', async (req) => ({ ok: true, echo: req.body }));
  await bare.ready();
  const baseline = await measure('bare Fastify JSON POST (baseline)', 500, () =>
    bare.inject({ method: 'POST', url: '/bare', payload: { userName: 'x@y.de', active: true } }),
  );

  // The people administration's own create (with its invitation mail into the outbox), for the ratio per person.
  const adminStart = performance.now();
  queries = 0;
  for (let i = 0; i < ADMIN_CREATES; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { host, cookie },
      payload: { firstName: 'Admin', lastName: `Angelegt ${i}`, email: `admin-angelegt-${i}@bench.test`, roleIds: [], groupIds: [] },
    });
    if (res.statusCode >= 300) throw new Error(`POST /api/users ${res.statusCode} ${res.body}`);
  }
  const adminMs = (performance.now() - adminStart) / ADMIN_CREATES;
  const adminStatements = queries / ADMIN_CREATES;
  console.log(
    `  POST /api/users (people administration): ${adminMs.toFixed(2)} ms and ${adminStatements.toFixed(1)} statements per person`,
  );

  const ids: string[] = [];
  queries = 0;
  const syncStart = performance.now();
  for (let i = 0; i < PEOPLE; i++) {
    const userName = `person${i}@bench.test`;
    const found = JSON.parse((await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`)).body);
    if (found.totalResults !== 0) throw new Error(`${userName} found before its creation`);
    const created = await scim('POST', '/Users', {
      schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterprise],
      externalId: `ext-${i}`,
      userName,
      active: true,
      emails: [{ primary: true, type: 'work', value: userName }],
      name: { givenName: 'Person', familyName: `Nummer ${i}` },
      [SCIM_SCHEMAS.enterprise]: { employeeNumber: `B-${i}` },
    });
    ids.push(JSON.parse(created.body).id);
  }
  const syncMs = performance.now() - syncStart;
  const syncStatements = queries;

  queries = 0;
  const groupStart = performance.now();
  for (let g = 0; g < GROUPS; g++) {
    const group = JSON.parse(
      (await scim('POST', '/Groups', { schemas: [SCIM_SCHEMAS.group], displayName: `Bench-SCIM ${g}`, externalId: `g-${g}` })).body,
    );
    for (let b = 0; b < MEMBERS_PER_GROUP; b += BATCH) {
      const members = ids
        .slice((g * MEMBERS_PER_GROUP + b) % ids.length, ((g * MEMBERS_PER_GROUP + b) % ids.length) + BATCH)
        .map((value) => ({ value }));
      await scim('PATCH', `/Groups/${group.id}`, {
        schemas: [SCIM_SCHEMAS.patchOp],
        Operations: [{ op: 'Add', path: 'members', value: members }],
      });
    }
  }
  const groupMs = performance.now() - groupStart;
  const groupStatements = queries;

  queries = 0;
  const disableStart = performance.now();
  for (let i = 0; i < DISABLED; i++) {
    await scim('PATCH', `/Users/${ids[i]}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
  }
  const disableMs = performance.now() - disableStart;
  const disableStatements = queries;

  const perPerson = syncMs / PEOPLE;
  const perRequest = perPerson / 2;
  console.log(`  full sync of ${PEOPLE} people (GET by filter + POST each): ${(syncMs / 1000).toFixed(1)} s`);
  console.log(`    per person ${perPerson.toFixed(2)} ms and ${(syncStatements / PEOPLE).toFixed(1)} statements (two requests)`);
  console.log(
    `    per request ${perRequest.toFixed(2)} ms = ${(perRequest / baseline.p50).toFixed(0)} × the bare endpoint's p50 (${baseline.p50.toFixed(3)} ms)`,
  );
  console.log(`    per person ${(perPerson / adminMs).toFixed(2)} × the people administration's create (${adminMs.toFixed(2)} ms)`);
  console.log(
    `  ${GROUPS} groups with ${MEMBERS_PER_GROUP} members in PATCHes of ${BATCH}: ${(groupMs / 1000).toFixed(1)} s, ` +
      `${(groupMs / (GROUPS * MEMBERS_PER_GROUP)).toFixed(2)} ms and ${(groupStatements / (GROUPS * MEMBERS_PER_GROUP)).toFixed(1)} statements per membership`,
  );
  console.log(
    `  ${DISABLED} people disabled (PATCH active "False"): ${(disableMs / DISABLED).toFixed(2)} ms and ${(disableStatements / DISABLED).toFixed(1)} statements per person`,
  );
  await app.close();
  await bare.close();
  await database.close();
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  return { kind, perPerson, statementsPerPerson: syncStatements / PEOPLE };
}

await onEachEngine('buchbar_bench_scim', onQuery, runOn);
process.exit(0);
