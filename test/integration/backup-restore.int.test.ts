import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openPglite, openPostgres } from '@db/client';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../support/global-setup';

const url = process.env.DATABASE_URL;

function run(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, file], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${script}: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Row counts of every table in public, pgboss and drizzle, and the full row of one vehicle booking. */
async function snapshot(database: Database) {
  const tables = (
    (await database.db.execute(sql`
      select table_schema || '.' || table_name as t from information_schema.tables
       where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`)) as unknown as { rows: { t: string }[] }
  ).rows.map((r) => r.t);
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const r = (await database.db.execute(sql.raw(`select count(*)::int as n from ${t}`))) as unknown as { rows: { n: number }[] };
    counts[t] = r.rows[0]!.n;
  }
  const booking = (
    (await database.db.execute(sql`select to_jsonb(b) as row from vehicle_bookings b order by b.created_at, b.id limit 1`)) as unknown as {
      rows: { row: unknown }[];
    }
  ).rows[0]?.row;
  return { counts, booking };
}

describe('backup and restore', () => {
  it('PGlite (server stopped): the restored data directory has the same rows and the same booking', async () => {
    const source = mkdtempSync(path.join(tmpdir(), 'buchbar-backup-src-'));
    const target = mkdtempSync(path.join(tmpdir(), 'buchbar-backup-dst-'));
    const seeded = await openPglite(path.join(source, 'pglite'), new Blob([readFileSync(inject('pgliteTemplate'))]));
    const before = await snapshot(seeded);
    await seeded.close();

    const file = path.join(source, 'sicherung.tar.gz');
    expect(run('backup', file, { DATA_DIR: source })).toContain('Sicherung geschrieben');
    expect(run('restore', file, { DATA_DIR: target })).toContain('Wiederhergestellt');

    const restored = await openPglite(path.join(target, 'pglite'));
    const after = await snapshot(restored);
    await restored.close();
    expect(before.counts['public.vehicle_bookings']).toBeGreaterThan(0);
    expect(after).toEqual(before);
  }, 120_000);

  it.runIf(url)(
    'PostgreSQL (pg_dump / pg_restore into an empty database): same rows and the same booking',
    async () => {
      const suffix = randomBytes(5).toString('hex');
      const from = `buchbar_bk_${suffix}`;
      const to = `buchbar_rs_${suffix}`;
      await adminQuery(url!, `CREATE DATABASE ${from} TEMPLATE ${inject('postgresTemplate')}`);
      await adminQuery(url!, `CREATE DATABASE ${to}`);
      try {
        const source = await openPostgres(withDatabase(url!, from));
        const before = await snapshot(source);
        await source.close();
        const file = path.join(mkdtempSync(path.join(tmpdir(), 'buchbar-pgdump-')), 'sicherung.dump');
        run('backup', file, { DATABASE_URL: withDatabase(url!, from) });
        run('restore', file, { DATABASE_URL: withDatabase(url!, to) });
        const restored = await openPostgres(withDatabase(url!, to));
        const after = await snapshot(restored);
        await restored.close();
        expect(before.counts['public.vehicle_bookings']).toBeGreaterThan(0);
        expect(after).toEqual(before);
      } finally {
        await adminQuery(url!, `DROP DATABASE IF EXISTS ${from} WITH (FORCE)`);
        await adminQuery(url!, `DROP DATABASE IF EXISTS ${to} WITH (FORCE)`);
      }
    },
    120_000,
  );
});
