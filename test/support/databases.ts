import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Database, migrateDatabase, openPglite, openPostgres } from '@db/client';
import { prepareDatabase } from '@server/prepare-database';
import { inject } from 'vitest';
import { adminQuery, withDatabase } from './global-setup';
import { TEST_APP_SECRET } from './test-secret';

export type DbKind = 'pglite' | 'postgres';

/** Engines every integration suite runs on: PGlite always, PostgreSQL when DATABASE_URL is set (CI sets it). */
export const DB_KINDS: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A private, seeded database for one test file; `close()` also drops a PostgreSQL clone. */
export async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    const tar = readFileSync(inject('pgliteTemplate'));
    return openPglite(undefined, new Blob([tar]));
  }
  const url = process.env.DATABASE_URL!;
  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL-Vorlage fehlt: DATABASE_URL war beim globalen Setup nicht gesetzt.');
  const name = `buchbar_t_${randomBytes(6).toString('hex')}`;
  // Parallel clones of one template can collide on the template's lock; retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (err) {
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const database = await openPostgres(withDatabase(url, name));
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A database of its own, migrated and seeded with the demo as if Buchbar were started at `now` — not a clone of
 * the template, whose demo was seeded at the start of the run. Slower (migrations and seed run again): only for
 * tests of the demo data itself.
 */
export async function openDatabaseSeededAt(kind: DbKind, now: Date): Promise<Database> {
  const seed = async (database: Database) => {
    await migrateDatabase(database);
    await prepareDatabase(database.db, { appSecret: TEST_APP_SECRET, now });
    return database;
  };
  if (kind === 'pglite') return seed(await openPglite(undefined));
  const url = process.env.DATABASE_URL!;
  const name = `buchbar_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const database = await seed(await openPostgres(withDatabase(url, name)));
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
