import { type Database, openPglite, openPostgres, type QueryObserver } from '@db/client';
import pg from 'pg';

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the server of DATABASE_URL for one benchmark run, so
 * figures never depend on what an earlier run left behind; `drop` removes it.
 */
export async function scratchPostgres(url: string, prefix: string, onQuery?: QueryObserver) {
  const name = `${prefix}_${process.pid}`;
  await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    open: (): Promise<Database> => openPostgres(u.toString(), onQuery),
    drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export type BenchEngine = 'pglite' | 'postgres';

/**
 * Runs one benchmark on each engine, one after the other: embedded PGlite and,
 * when DATABASE_URL is set, a scratch PostgreSQL database that is dropped
 * afterwards. BENCH_ENGINES=pglite (or =postgres) measures one engine only;
 * BENCH_PGLITE=0 leaves PGlite out as well.
 */
export async function onEachEngine<T>(
  prefix: string,
  onQuery: QueryObserver,
  run: (kind: BenchEngine, open: () => Promise<Database>, cleanup: () => Promise<void>) => Promise<T>,
): Promise<T[]> {
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
  const results: T[] = [];
  if (engines.includes('pglite') && process.env.BENCH_PGLITE !== '0') {
    results.push(
      await run(
        'pglite',
        () => openPglite(undefined, undefined, onQuery),
        async () => undefined,
      ),
    );
  }
  const url = process.env.DATABASE_URL;
  if (url && engines.includes('postgres')) {
    const scratch = await scratchPostgres(url, prefix, onQuery);
    results.push(await run('postgres', scratch.open, scratch.drop));
  }
  return results;
}
