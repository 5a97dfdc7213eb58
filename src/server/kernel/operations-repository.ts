import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Db, migrationsFolder } from '@db/client';
import { sql } from 'drizzle-orm';
import { rowsOf } from './rows';

/** Migrations the code base ships (the journal), read once. */
let shipped: number | null = null;
export function shippedMigrationCount(): number {
  if (shipped === null) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    shipped = journal.entries.length;
  }
  return shipped;
}

/** Migrations the database has applied; 0 before the first migration created drizzle's table. */
export async function appliedMigrationCount(db: Db): Promise<number> {
  const [exists] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!exists?.present) return 0;
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  return row?.n ?? 0;
}

/** pg-boss jobs by queue and state (created, retry, active, completed, cancelled, failed); empty before pg-boss made its schema. */
export async function jobCountsByState(db: Db): Promise<{ name: string; state: string; n: number }[]> {
  const [exists] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('pgboss.job') is not null as present`));
  if (!exists?.present) return [];
  return rowsOf<{ name: string; state: string; n: number }>(
    await db.execute(sql`select name, state::text as state, count(*)::int as n from pgboss.job group by name, state`),
  );
}

/** Mails in the outbox not sent yet (waiting or failed; without SMTP they stay there). */
export async function unsentMailCount(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from mail_outbox where sent_at is null`));
  return row?.n ?? 0;
}

/**
 * Counts one hit for `key` in a fixed window of `windowMs` and answers the
 * count and the time left. One statement, so parallel hits on any node are
 * counted exactly; a window that ran out starts again at 1.
 */
export async function countRateLimitHit(db: Db, key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
  const [row] = rowsOf<{ hits: number; ttl_ms: number }>(
    await db.execute(sql`
      insert into rate_limit_hits as r (key, hits, reset_at)
      values (${key}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when r.reset_at <= clock_timestamp() then 1 else r.hits + 1 end,
        reset_at = case when r.reset_at <= clock_timestamp() then excluded.reset_at else r.reset_at end
      returning hits, greatest(0, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000))::int as ttl_ms`),
  );
  return { hits: row!.hits, ttlMs: row!.ttl_ms };
}

/** Reads the count of `key` without counting (0 when the window ran out). */
export async function readRateLimit(db: Db, key: string): Promise<{ hits: number; ttlMs: number }> {
  const [row] = rowsOf<{ hits: number; ttl_ms: number }>(
    await db.execute(sql`
      select hits, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000)::int as ttl_ms
        from rate_limit_hits where key = ${key} and reset_at > clock_timestamp()`),
  );
  return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
}

/** Drops counters whose window ended long ago. */
export async function purgeRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where reset_at < clock_timestamp() - interval '1 hour'`);
}

/**
 * What autovacuum does on PostgreSQL, for every table: reclaim the rows that
 * updates and deletes left behind and count the rows for the planner. The
 * embedded database runs no autovacuum. Without statistics its planner keeps
 * the row counts of the day the tables were small, and for example walks a
 * tenant's whole people table instead of the search index (docs/performance/people.md).
 * Without vacuum, every update leaves a dead row behind. The evaluation's
 * roll-up rows are updated with each booking, so reading them then means
 * reading each dead version too (docs/performance/evaluation.md).
 */
export async function vacuumAndAnalyzeAllTables(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}

/** Gives one hit of `key` back (an attempt that succeeded and should not count); the last one removes the counter. */
export async function releaseRateLimitHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`
    with last as (delete from rate_limit_hits where key = ${key} and hits <= 1)
    update rate_limit_hits set hits = hits - 1 where key = ${key} and hits > 1`);
}
