import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrateDatabase, openPglite, openPostgres } from '@db/client';
import { prepareDatabase } from '@server/prepare-database';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { TEST_APP_SECRET } from './test-secret';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

/**
 * Builds one migrated and seeded database per engine for the whole run;
 * every test file then clones it (PGlite: loadDataDir ~0.3 s instead of ~3 s
 * and ~750 MB for a fresh instance; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const removePglite = await providePgliteTemplate(project);
  const removePostgres = await providePostgresTemplate(project);
  return async () => {
    await removePostgres?.();
    removePglite();
  };
}

/** The PGlite template as a data-dir tarball under `.tmp/`; returns its removal (47 MB a run otherwise stay behind). */
export async function providePgliteTemplate(project: TestProject): Promise<() => void> {
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const pgl = await openPglite(undefined);
  await migrateDatabase(pgl);
  await prepareDatabase(pgl.db, { appSecret: TEST_APP_SECRET });
  const dump = await pgl.pglite!.dumpDataDir('none');
  const file = path.join(dir, `pglite-template-${process.pid}-${project.name}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pgl.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}

/** The PostgreSQL template database when DATABASE_URL is set; returns its teardown. */
export async function providePostgresTemplate(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('postgresTemplate', null);
    return;
  }
  const name = `buchbar_tpl_${process.pid}_${project.name}`;
  await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const tpl = await openPostgres(withDatabase(url, name));
  await migrateDatabase(tpl);
  await prepareDatabase(tpl.db, { appSecret: TEST_APP_SECRET });
  await tpl.close();
  project.provide('postgresTemplate', name);
  return async () => {
    await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
