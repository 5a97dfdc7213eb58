import { type Database, migrateDatabase, openPglite, withTenant } from '@db/client';
import { prepareDatabase } from '@server/prepare-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openTestDatabase } from '../support/databases';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function tenantIds(database: Database) {
  const r = rows<{ id: string; sub: string }>(await database.db.execute(sql`select id::text, sub_identifier as sub from tenants`));
  return Object.fromEntries(r.map((x) => [x.sub, x.id])) as Record<'stadtwerke' | 'tourismus' | 'bibliothek', string>;
}

describe('migrations from an empty PGlite', () => {
  it('create every table, the app role and a tenant policy on every tenant table, and a second run changes nothing', async () => {
    const database = await openPglite(undefined);
    try {
      await migrateDatabase(database);
      await migrateDatabase(database);
      const tables = rows<{ table_name: string }>(
        await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`),
      ).map((r) => r.table_name);
      expect(tables).toEqual(
        expect.arrayContaining([
          'tenants',
          'tenant_domains',
          'legacy_mappings',
          'users',
          'departments',
          'groups',
          'roles',
          'permissions',
          'role_permissions',
          'user_roles',
          'user_groups',
          'group_roles',
          'user_permissions',
          'features',
          'tenant_features',
          'setting_options',
          'setting_values',
          'locations',
          'parking_spaces',
          'logs',
          'mail_outbox',
          'auth_user',
          'auth_session',
          'auth_account',
          'auth_verification',
        ]),
      );
      const unprotected = rows<{ table_name: string }>(
        await database.db.execute(sql`
          select c.table_name from information_schema.columns c
          join pg_class k on k.relname = c.table_name and k.relnamespace = 'public'::regnamespace
          where c.table_schema = 'public' and c.column_name = 'tenant_id' and not k.relrowsecurity
          order by 1`),
      ).map((r) => r.table_name);
      // Only the two deliberate exceptions (see the security migration) lack row-level security.
      expect(unprotected).toEqual(['mail_outbox', 'tenant_domains']);
      const role = rows<{ rolsuper: boolean; rolbypassrls: boolean }>(
        await database.db.execute(sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'buchbar_app'`),
      );
      expect(role).toEqual([{ rolsuper: false, rolbypassrls: false }]);
    } finally {
      await database.close();
    }
  });
});

describe.each(DB_KINDS)('database on %s', (kind) => {
  let database: Database;
  let ids: Awaited<ReturnType<typeof tenantIds>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ids = await tenantIds(database);
  });
  afterAll(() => database?.close());

  it('seeds the three demo tenants once: a second start adds nothing', async () => {
    const count = async () =>
      rows<{ n: number }>(
        await database.db.execute(
          sql`select (select count(*) from tenants)::int + (select count(*) from users)::int + (select count(*) from auth_user)::int + (select count(*) from locations)::int as n`,
        ),
      )[0]!.n;
    const before = await count();
    expect(await prepareDatabase(database.db)).toBe(false);
    expect(await count()).toBe(before);
    expect(Object.keys(ids).sort()).toEqual(['bibliothek', 'stadtwerke', 'tourismus']);
  });

  it('row-level security: the app role sees only its tenant, even with a query that asks for another', async () => {
    const all = await withTenant(database.db, ids.stadtwerke, (tx) => tx.execute(sql`select email, tenant_id::text as t from users`));
    const emails = rows<{ email: string; t: string }>(all);
    expect(emails.length).toBe(5);
    expect(new Set(emails.map((e) => e.t))).toEqual(new Set([ids.stadtwerke]));

    const forged = await withTenant(database.db, ids.stadtwerke, (tx) =>
      tx.execute(sql`select email from users where tenant_id = ${ids.bibliothek}::uuid or email like '%bibliothek%'`),
    );
    expect(rows(forged)).toEqual([]);

    const settingsOfOthers = await withTenant(database.db, ids.bibliothek, (tx) =>
      tx.execute(sql`select * from setting_values where tenant_id = ${ids.tourismus}::uuid`),
    );
    expect(rows(settingsOfOthers)).toEqual([]);
  });

  it('row-level security: the app role cannot write a row into another tenant', async () => {
    let failure = '';
    await withTenant(database.db, ids.stadtwerke, (tx) =>
      tx.execute(sql`insert into departments (tenant_id, name) values (${ids.bibliothek}::uuid, 'Eingeschleust')`),
    ).catch((e: Error & { cause?: Error }) => {
      failure = e.cause?.message ?? e.message;
    });
    expect(failure).toMatch(/row-level security/);
  });

  it('row-level security: without a tenant the app role sees no tenant rows at all', async () => {
    const r = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'buchbar_app', true)`);
      return tx.execute(sql`select count(*)::int as n from users`);
    });
    expect(rows<{ n: number }>(r)[0]!.n).toBe(0);
  });
});
