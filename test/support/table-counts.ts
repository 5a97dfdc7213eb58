import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/** Rows of every table and the change version of every subject: any write would show. */
export async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = (await t.database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const r = (await t.database.db.execute(sql.raw(`select count(*)::int as n from "${name}"`))) as unknown as { rows: { n: number }[] };
    out[name] = r.rows[0]!.n;
  }
  const versions = (await t.database.db.execute(
    sql`select tenant_id::text || '/' || subject as k, version::int as v from change_versions`,
  )) as unknown as { rows: { k: string; v: number }[] };
  for (const { k, v } of versions.rows) out[`version ${k}`] = v;
  return out;
}
