import { type Database, openPostgres, type QueryObserver } from '@db/client';
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
