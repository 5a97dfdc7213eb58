import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** A database or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The embedded instance, when running on PGlite (tests clone it). */
  pglite?: PGlite;
  /** The connection pool, when running on PostgreSQL (jobs and LISTEN use it). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The role every tenant-scoped transaction runs as: not superuser, not BYPASSRLS, so policies apply. */
export const APP_ROLE = 'buchbar_app';

/** Sees every SQL statement drizzle sends: benchmarks count queries per request with it. */
export type QueryObserver = (query: string) => void;
const observe = (onQuery?: QueryObserver) => (onQuery ? { logger: { logQuery: (q: string) => onQuery(q) } } : {});

/**
 * PostgreSQL settings of the embedded engine (decision 195). Its shared memory
 * lives in the WebAssembly heap and is resident in full from the start, whether
 * a page was ever read or not, and that heap never shrinks: the 128 MB initdb
 * writes into postgresql.conf held 161 MB of the idle server's heap, 16 MB hold
 * 35 MB. 16 MB keep the demo database's hot pages; a page beyond them is read
 * again from the data directory through the operating system's cache.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob | File, onQuery?: QueryObserver): Promise<Database> {
  const client = await PGlite.create({
    dataDir,
    // pg_trgm: the trigram indexes of the people search (migration 0027, docs/performance/people.md).
    extensions: { btree_gist, pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  const db = drizzlePglite({ client, schema, ...observe(onQuery) }) as unknown as Db;
  return { kind: 'pglite', db, pglite: client, close: () => client.close() };
}

export async function openPostgres(url: string, onQuery?: QueryObserver): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  // An idle connection the server closes (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.warn(`PostgreSQL-Verbindung beendet: ${err.message}`));
  const db = drizzlePg({ client: pool, schema, ...observe(onQuery) }) as unknown as Db;
  return { kind: 'postgres', db, pool, close: () => pool.end() };
}

export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(path.join(opts.dataDir, 'pglite'));
}

/** Advisory lock key that serialises migrations across nodes ("buchb" read as a number). */
const MIGRATION_LOCK = 0x6275636862;

/** Applies the committed SQL migrations, then (re)applies grants and tenant policies to every table. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (!database.pool) {
    await migratePglite(database.db as never, { migrationsFolder });
    await database.db.execute(sql`select buchbar_secure_tables()`);
    return;
  }
  // Several nodes start at once against one database: the second would race the first through the
  // migrations and the grants ("tuple concurrently updated"). A session advisory lock on one
  // connection makes them take turns; the later ones find nothing left to do.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzlePg({ client, schema });
    await migratePg(db, { migrationsFolder });
    await db.execute(sql`select buchbar_secure_tables()`);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/**
 * Runs `fn` in one transaction as the app role with the tenant set, so that
 * row-level security confines every statement to that tenant — the second wall
 * behind the tenant filter every repository applies itself. JIT compilation is
 * off for it: the app's statements run for milliseconds, but a filter with
 * per-row subplans can be estimated past the JIT threshold, and compiling it
 * took 0.8 s of a 0.9 s search (decision 165).
 */
export async function withTenant<T>(db: Db, tenantId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${tenantId}, true), set_config('jit', 'off', true)`,
    );
    return fn(tx as unknown as Db);
  });
}
