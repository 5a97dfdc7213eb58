import type { Database } from '@db/client';
import { writeLog } from '@server/kernel/tenant-logger';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openTestDatabase } from '../support/databases';

const silent = pino({ level: 'silent' });

describe.each(DB_KINDS)('logging on %s', (kind) => {
  let database: Database;
  let tenantId: string;
  const entries = async () =>
    (
      (await database.db.execute(sql`select level, message, category, tenant_id::text as tenant from logs order by id`)) as unknown as {
        rows: { level: string; message: string; category: string; tenant: string }[];
      }
    ).rows;
  const setDebug = (value: string | null) =>
    value === null
      ? database.db.execute(sql`delete from setting_values where option_name = 'EnableDebug' and tenant_id = ${tenantId}::uuid`)
      : database.db.execute(sql`
          insert into setting_values (tenant_id, option_name, layer, value) values (${tenantId}::uuid, 'EnableDebug', 'MANDANT', ${value})
          on conflict on constraint setting_values_slot do update set value = excluded.value`);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const r = (await database.db.execute(sql`select id::text from tenants where sub_identifier = 'bibliothek'`)) as unknown as {
      rows: { id: string }[];
    };
    tenantId = r.rows[0]!.id;
  });
  afterAll(() => database?.close());

  it('writes level, message, category and tenant', async () => {
    expect(await writeLog(database.db, silent, tenantId, { level: 'INFO', message: 'Grundriss gespeichert', category: 'leseraum' })).toBe(
      true,
    );
    expect(await entries()).toEqual([{ level: 'INFO', message: 'Grundriss gespeichert', category: 'leseraum', tenant: tenantId }]);
  });

  it('drops DEBUG entries unless the tenant set EnableDebug to true or 1', async () => {
    const debug = { level: 'DEBUG' as const, message: 'Detail', category: 'test' };
    await setDebug(null);
    expect(await writeLog(database.db, silent, tenantId, debug)).toBe(false);
    await setDebug('false');
    expect(await writeLog(database.db, silent, tenantId, debug)).toBe(false);
    await setDebug('true');
    expect(await writeLog(database.db, silent, tenantId, debug)).toBe(true);
    await setDebug('1');
    expect(await writeLog(database.db, silent, tenantId, debug)).toBe(true);
    expect((await entries()).filter((e) => e.level === 'DEBUG')).toHaveLength(2);
  });
});
