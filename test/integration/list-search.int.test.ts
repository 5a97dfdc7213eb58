import { withTenant } from '@db/client';
import { findTenantByDomain } from '@server/areas/tenant/tenant-repository';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const TI = 'tourismus.localhost';

/**
 * The search of the people list and the examiner's list (decision 165, docs/performance/people.md and driving-licences.md): one predicate,
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
    p: { first: string; last: string; email: string; employeeId: string; licence?: string; checkedDaysAgo?: number },
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
        values (${tenantId}, ${row!.id}::uuid, current_date - ${p.checkedDaysAgo ?? 0}::int,
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

  it("finds people by their department's name together with those found by name, in the tenant's departments only", async () => {
    const db = t.database.db;
    const department = async (host: string, name: string, email: string) => {
      const [d] = rowsOf<{ id: string }>(
        await db.execute(sql`insert into departments (tenant_id, name) values (${tenant[host]!}, ${name}) returning id::text`),
      );
      await db.execute(sql`update users set department_id = ${d!.id}::uuid where tenant_id = ${tenant[host]!} and email = ${email}`);
    };
    await department(SW, `Prozessleitstelle ${kind}`, 'ulla.u@stadtwerke.test');
    await department(TI, `Prozessleitstelle ${kind}`, 'juergen.ml@tourismus.test');
    // "proze": Rosa Prozent by her name, Ulla by her department; the other tenant's department finds nobody here.
    expect(await people('proze')).toEqual(['rosa_p@stadtwerke.test', 'ulla.u@stadtwerke.test']);
    expect(await people(`leitstelle ${kind}`)).toEqual(['ulla.u@stadtwerke.test']);
    const res = await t.call(SW, { method: 'GET', url: '/api/users?search=proze&status=inaktiv', cookie: admin });
    expect(res.json().total).toBe(0);
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

  it('pages a search over the found drivers: total, state filter and order as in the whole list, the chips count the whole tenant', async () => {
    // five drivers named Seitenblick, checked 0–250 days ago; two more found people are no drivers: one has
    // neither a licence nor a grant, one with a licence has left
    for (const [i, days] of [
      [1, 0],
      [2, 200],
      [3, 175],
      [4, 30],
      [5, 250],
    ] as const) {
      await person(SW, `search-seitenblick-${i}-${kind}`, {
        first: `Sina${i}`,
        last: 'Seitenblick',
        email: `seitenblick${i}@stadtwerke.test`,
        employeeId: `SB-${i}`,
        licence: `SB-L${i}`,
        checkedDaysAgo: days,
      });
    }
    await person(SW, `search-seitenblick-none-${kind}`, {
      first: 'Kai',
      last: 'Seitenblick',
      email: 'kai.sb@stadtwerke.test',
      employeeId: 'SB-8',
    });
    const left = await person(SW, `search-seitenblick-left-${kind}`, {
      first: 'Lea',
      last: 'Seitenblick',
      email: 'lea.sb@stadtwerke.test',
      employeeId: 'SB-9',
      licence: 'SB-L9',
    });
    await t.database.db.execute(sql`update users set status = 'inaktiv' where id = ${left}::uuid`);

    const list = async (query: string) => {
      const res = await t.call(SW, { method: 'GET', url: `/api/driving-licences?${query}`, cookie: examiner });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { name: string; state: string }[]; total: number; counts: Record<string, number>; dueCount: number };
    };
    const pages = await Promise.all([1, 2, 3].map((page) => list(`q=seitenBLICK&pageSize=2&page=${page}`)));
    // most urgent first, then by the next check
    expect(pages.flatMap((p) => p.items.map((i) => `${i.name} ${i.state}`))).toEqual([
      'Seitenblick, Sina5 ueberfaellig',
      'Seitenblick, Sina2 ueberfaellig',
      'Seitenblick, Sina3 bald_faellig',
      'Seitenblick, Sina4 gueltig',
      'Seitenblick, Sina1 gueltig',
    ]);
    expect(pages.map((p) => [p.items.length, p.total])).toEqual([
      [2, 5],
      [2, 5],
      [1, 5],
    ]);
    const due = await list('q=seitenblick&state=ueberfaellig,bald_faellig&pageSize=2&page=2');
    expect([due.items.map((i) => i.name), due.total]).toEqual([['Seitenblick, Sina3'], 3]);
    expect((await list('q=sb-l&state=gueltig')).items.map((i) => i.name)).toEqual(['Seitenblick, Sina4', 'Seitenblick, Sina1']);
    // the chips and the due count stay those of every driver of the tenant, whatever the search
    const all = await list('');
    expect(pages[0]!.counts).toEqual(all.counts);
    expect(pages[0]!.dueCount).toBe(all.dueCount);
    expect(Object.values(all.counts).reduce((a, b) => a + b, 0)).toBe(all.total);
  });
});
