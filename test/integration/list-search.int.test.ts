import { withTenant } from '@db/client';
import { findTenantByDomain } from '@server/repositories/tenant-repository';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const TI = 'tourismus.localhost';

/**
 * The search of the people list and the examiner's list (decisions 125, 156, 165): one predicate,
 * answered by the tenant's search functions of migration 0034. The other tenant holds a twin of the
 * searched person (same name, personnel number and licence number), so a search that leaked across
 * tenants would show two people.
 */
describe.each(DB_KINDS)('list search on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let examiner: string;
  let tiAdmin: string;
  const tenant: Record<string, string> = {};
  let juergenId = '';
  let twinId = '';
  const juergen = () => juergenId;
  const twin = () => twinId;

  const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
  /** A person of the tenant with an identity and, when given, a current licence checked today. */
  const person = async (
    host: string,
    key: string,
    p: { first: string; last: string; email: string; employeeId: string; licence?: string },
  ) => {
    const tenantId = tenant[host]!;
    const db = t.database.db;
    await db.execute(sql`insert into auth_user (id, name, email, email_verified) values (${key}, ${p.first}, ${p.email}, true)`);
    const [row] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into users (tenant_id, auth_user_id, employee_id, first_name, last_name, email)
        values (${tenantId}, ${key}, ${p.employeeId}, ${p.first}, ${p.last}, ${p.email}) returning id::text`),
    );
    if (p.licence) {
      await db.execute(sql`insert into licence_checks (tenant_id, user_id, checked_on, examiner_id, method, classes, licence_number, issue_date)
        values (${tenantId}, ${row!.id}::uuid, current_date,
                (select id from users where tenant_id = ${tenantId} and email like 'admin@%'), 'persoenlich', array['B'], ${p.licence}, date '2010-01-01')`);
    }
    return row!.id;
  };
  const people = async (term: string, host = SW, cookie = admin) => {
    const res = await t.call(host, { method: 'GET', url: `/api/users?pageSize=200&search=${encodeURIComponent(term)}`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().users as { email: string }[]).map((u) => u.email).sort();
  };
  const drivers = async (term: string, host = SW, cookie = examiner) => {
    const res = await t.call(host, { method: 'GET', url: `/api/driving-licences?pageSize=200&q=${encodeURIComponent(term)}`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { email: string }[]).map((i) => i.email).sort();
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const host of [SW, TI]) tenant[host] = (await findTenantByDomain(t.database.db, host))!.id;
    juergenId = await person(SW, `search-juergen-${kind}`, {
      first: 'Jürgen',
      last: 'Müller-Lüdenscheidt',
      email: 'juergen.ml@stadtwerke.test',
      employeeId: 'SW-9001',
      licence: 'MÜ-4711-ZZ',
    });
    await person(SW, `search-rosa-${kind}`, {
      first: 'Rosa',
      last: 'Prozent',
      email: 'rosa_p@stadtwerke.test',
      employeeId: 'SW-50%',
      licence: 'RP-1',
    });
    await person(SW, `search-ulla-${kind}`, { first: 'Ulla', last: 'Unterstrich', email: 'ulla.u@stadtwerke.test', employeeId: 'SW-5_1' });
    twinId = await person(TI, `search-twin-${kind}`, {
      first: 'Jürgen',
      last: 'Müller-Lüdenscheidt',
      email: 'juergen.ml@tourismus.test',
      employeeId: 'SW-9001',
      licence: 'MÜ-4711-ZZ',
    });
    [admin, examiner, tiAdmin] = await Promise.all([
      t.login(SW, 'admin@stadtwerke.test'),
      t.login(SW, 'pruefer@stadtwerke.test'),
      t.login(TI, 'admin@tourismus.test'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds a person case-insensitively by name in both orders, with umlauts, by e-mail and by personnel number', async () => {
    const juergen = ['juergen.ml@stadtwerke.test'];
    for (const term of [
      'müller-lüd',
      'MÜLLER-LÜD',
      'Jürgen Müller',
      'Müller-Lüdenscheidt, Jürgen',
      'JUERGEN.ML@',
      'sw-9001',
      '  üdensch  ',
    ]) {
      expect(await people(term), term).toEqual(juergen);
      expect(await drivers(term), term).toEqual(juergen);
    }
    expect(await people('Lüdenscheidt Jürgen')).toEqual([]);
  });

  it('finds drivers by the number of their current licence; the people list does not search licence numbers', async () => {
    expect(await drivers('mü-4711')).toEqual(['juergen.ml@stadtwerke.test']);
    expect(await drivers('rp-1')).toEqual(['rosa_p@stadtwerke.test']);
    expect(await people('mü-4711')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(await people('%')).toEqual(['rosa_p@stadtwerke.test']);
    expect(await people('_')).toEqual(['rosa_p@stadtwerke.test', 'ulla.u@stadtwerke.test']);
    expect(await people('sw-5_')).toEqual(['ulla.u@stadtwerke.test']);
    expect(await drivers('%')).toEqual(['rosa_p@stadtwerke.test']);
    expect(await people('\\')).toEqual([]);
  });

  it("never finds another tenant's people, by any field", async () => {
    for (const term of ['müller-lüdenscheidt', 'sw-9001', 'juergen.ml@']) {
      expect(await people(term, TI, tiAdmin), term).toEqual(['juergen.ml@tourismus.test']);
    }
    for (const term of ['rosa', 'sw-5', 'stadtwerke.test']) expect(await people(term, TI, tiAdmin), term).toEqual([]);
    expect(await drivers('mü-4711', TI, tiAdmin)).toEqual(['juergen.ml@tourismus.test']);
    expect(await drivers('rp-1', TI, tiAdmin)).toEqual([]);
  });

  it('the search functions answer for the tenant of the transaction only, and for no tenant without one', async () => {
    const ids = (r: unknown) => rowsOf<{ id: string }>(r).map((x) => x.id);
    for (const [host, own] of [
      [SW, juergen],
      [TI, twin],
    ] as const) {
      const found = await withTenant(t.database.db, tenant[host]!, async (tx) => [
        ...ids(await tx.execute(sql`select id::text from buchbar_people_matching('%müller-lüdenscheidt%') m(id)`)),
        ...ids(await tx.execute(sql`select id::text from buchbar_licence_holders_matching('%mü-4711%') m(id)`)),
      ]);
      expect(found).toEqual([own(), own()]);
    }
    // the app role without a tenant set: nothing, although both tenants hold a match
    const none = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'buchbar_app', true)`);
      return tx.execute(sql`select (select count(*) from buchbar_people_matching('%müller%'))::int
                                 + (select count(*) from buchbar_licence_holders_matching('%mü-4711%'))::int
                                 + (select count(*) from buchbar_guest_checks_matching('%'))::int as n`);
    });
    expect(rowsOf<{ n: number }>(none)[0]!.n).toBe(0);
  });
});
