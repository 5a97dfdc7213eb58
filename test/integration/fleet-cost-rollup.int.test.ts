import { type Database, withTenant } from '@db/client';
import { addDays } from '@domain/opening-hours';
import { type CostSums, costSums } from '@server/areas/fleet-costs/fleet-costs-repository';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openTestDatabase } from '../support/databases';
import { directCostSums } from '../support/fleet-cost-direct';

type Row = Record<string, unknown>;
const rows = (r: unknown) => (r as { rows: Row[] }).rows;

/** A small seeded generator, so that a failure can be replayed with the printed seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (n: number) => Math.floor(next() * n), pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]! };
}

const FIRST = '2025-01-20';
const dayOf = (n: number) => addDays(FIRST, n);

/** Sums as the report shows them: litres and kWh to three decimals, whatever the float arithmetic left. */
const shown = (m: Map<string, CostSums>) =>
  Object.fromEntries(
    [...m]
      .map(([id, s]) => [id, { ...s, litres: Math.round(s.litres * 1000) / 1000, kwh: Math.round(s.kwh * 1000) / 1000 }] as const)
      .filter(([, s]) => Object.values(s).some((v) => v !== 0))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/**
 * The fleet-cost roll-up (migration 0049) against the sums straight over the receipts and the logbook: random
 * receipts over five months around the change to summer time, changed and deleted ones, trips entered late in the
 * evening (a Berlin day that is another UTC day), corrections that supersede a revision, and deleted chains as the
 * retention job deletes them. Every period (whole months, partial months on either side of the half, single days,
 * a rolling year) must give the same sums, and another tenant's rows never count.
 */
describe.each(DB_KINDS)('fleet-cost roll-up on %s', (kind) => {
  let database: Database;
  let sw: string;
  let other: string;
  let vehicles: string[];
  let driver: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const tenants = rows(await database.db.execute(sql`select id::text as id, sub_identifier from tenants order by sub_identifier`));
    sw = String(tenants.find((t) => t.sub_identifier === 'stadtwerke')!.id);
    other = String(tenants.find((t) => t.sub_identifier !== 'stadtwerke')!.id);
    vehicles = rows(await database.db.execute(sql`select id::text as id from vehicles where tenant_id = ${sw} order by license_plate`))
      .slice(0, 4)
      .map((r) => String(r.id));
    driver = String(rows(await database.db.execute(sql`select id::text as id from users where tenant_id = ${sw} limit 1`))[0]!.id);
  });
  afterAll(async () => {
    await database?.close();
  });

  const periods: [string, string][] = [
    ['2025-01-20', '2025-06-20'],
    ['2025-02-01', '2025-03-01'],
    ['2025-02-03', '2025-03-28'],
    ['2025-03-10', '2025-04-25'],
    ['2025-03-30', '2025-03-31'],
    ['2025-03-29', '2025-04-02'],
    ['2024-06-21', '2025-06-21'],
  ];
  async function compare() {
    for (const [from, to] of periods) {
      const [rolled, direct] = await withTenant(database.db, sw, async (tx) => [
        await costSums(tx, sw, from, to),
        await directCostSums(tx, sw, from, to),
      ]);
      expect(shown(rolled), `${from}…${to}`).toEqual(shown(direct));
    }
  }

  it('equals the direct sums after random receipts, changes and deletions', async () => {
    const seed = Date.now() % 100_000;
    const g = generator(seed);
    const kinds = ['kraftstoff', 'laden', 'sonstiges'] as const;
    await withTenant(database.db, sw, async (tx) => {
      for (let batch = 0; batch < 6; batch++) {
        const values = Array.from({ length: 40 }, () => {
          const k = g.pick([...kinds]);
          return sql`(${sw}::uuid, ${g.pick(vehicles)}::uuid, ${k}, ${dayOf(g.int(150))}::date,
                      ${k === 'kraftstoff' ? 10 + g.int(400) / 10 : null}::real, ${k === 'laden' ? 5 + g.int(500) / 10 : null}::real,
                      ${500 + g.int(9000)})`;
        });
        await tx.execute(sql`insert into fuel_receipts (tenant_id, vehicle_id, kind, day, litres, kwh, amount_cents)
                             values ${sql.join(values, sql`, `)}`);
      }
      // one statement changing many rows, one moving receipts to another day and vehicle, one deleting some
      await tx.execute(sql`update fuel_receipts set amount_cents = amount_cents + 111 where tenant_id = ${sw} and amount_cents % 3 = 0`);
      await tx.execute(sql`update fuel_receipts set day = day + 17, vehicle_id = ${vehicles[0]!}::uuid
                            where tenant_id = ${sw} and amount_cents % 5 = 1 and day < '2025-05-01'`);
      await tx.execute(
        sql`update fuel_receipts set kind = 'sonstiges', litres = null where tenant_id = ${sw} and kind = 'kraftstoff' and amount_cents % 7 = 2`,
      );
      await tx.execute(sql`delete from fuel_receipts where tenant_id = ${sw} and amount_cents % 4 = 3`);
    });
    await withTenant(database.db, other, async (tx) => {
      const [v] = rows(await tx.execute(sql`select id::text as id from vehicles where tenant_id = ${other} limit 1`));
      if (v)
        await tx.execute(sql`insert into fuel_receipts (tenant_id, vehicle_id, kind, day, amount_cents)
                             values (${other}::uuid, ${String(v.id)}::uuid, 'sonstiges', ${dayOf(20)}::date, 99999)`);
    });
    try {
      await compare();
    } catch (e) {
      throw new Error(`seed ${seed}: ${(e as Error).message}`);
    }
  });

  it('equals the direct sums after trips, corrections that supersede them and deleted chains', async () => {
    const seed = (Date.now() + 7) % 100_000;
    const g = generator(seed);
    const originals: { id: string; vehicle: string; start: number }[] = [];
    await withTenant(database.db, sw, async (tx) => {
      const values = Array.from({ length: 160 }, () => {
        const id = crypto.randomUUID();
        const vehicle = g.pick(vehicles);
        const start = 1000 + g.int(50_000);
        originals.push({ id, vehicle, start });
        // late evening in Berlin: from 22:30 the trip starts on the next UTC day in summer time, and before in winter
        const at = `${dayOf(g.int(150))}T${String(20 + g.int(4)).padStart(2, '0')}:${String(g.int(60)).padStart(2, '0')}:00Z`;
        return sql`(${sw}::uuid, ${id}::uuid, ${id}::uuid, 1, ${g.pick(['FAHRT', 'FAHRT', 'LUECKE'])}, ${vehicle}::uuid,
                    ${at}::timestamptz, ${at}::timestamptz + interval '50 minutes', ${start}, ${start + 5 + g.int(300)},
                    ${driver}::uuid, 'Test Fahrer', 'dienstlich', ${driver}::uuid)`;
      });
      await tx.execute(sql`insert into logbook_entries (tenant_id, id, entry_id, revision, kind, vehicle_id, started_at, ended_at,
                                                        odometer_start, odometer_end, driver_id, driver_name, trip_kind, created_by_id)
                           values ${sql.join(values, sql`, `)}`);
      // corrections: a new revision with other readings and another start, one at a time and many in one statement
      const corrected = originals.filter((_, i) => i % 4 === 0);
      for (const o of corrected.slice(0, 5)) {
        await tx.execute(sql`insert into logbook_entries (tenant_id, id, entry_id, revision, supersedes_id, kind, vehicle_id, started_at, ended_at,
                                                          odometer_start, odometer_end, driver_id, driver_name, trip_kind, created_by_id)
                             select tenant_id, gen_random_uuid(), entry_id, 2, id, 'FAHRT', vehicle_id, started_at - interval '3 days', ended_at - interval '3 days',
                                    odometer_start, odometer_end + 40, driver_id, driver_name, trip_kind, created_by_id
                               from logbook_entries where tenant_id = ${sw} and id = ${o.id}::uuid`);
      }
      await tx.execute(sql`insert into logbook_entries (tenant_id, id, entry_id, revision, supersedes_id, kind, vehicle_id, started_at, ended_at,
                                                        odometer_start, odometer_end, driver_id, driver_name, trip_kind, created_by_id)
                           select tenant_id, gen_random_uuid(), entry_id, 2, id, kind, vehicle_id, started_at + interval '40 days', ended_at + interval '40 days',
                                  odometer_start + 1, odometer_end, driver_id, driver_name, trip_kind, created_by_id
                             from logbook_entries
                            where tenant_id = ${sw} and revision = 1 and id in (${sql.join(
                              corrected.slice(5).map((o) => sql`${o.id}::uuid`),
                              sql`, `,
                            )})`);
      // a third revision of a corrected entry
      await tx.execute(sql`insert into logbook_entries (tenant_id, id, entry_id, revision, supersedes_id, kind, vehicle_id, started_at, ended_at,
                                                        odometer_start, odometer_end, driver_id, driver_name, trip_kind, created_by_id)
                           select tenant_id, gen_random_uuid(), entry_id, 3, id, kind, vehicle_id, started_at, ended_at,
                                  odometer_start, odometer_end + 7, driver_id, driver_name, trip_kind, created_by_id
                             from logbook_entries where tenant_id = ${sw} and revision = 2 limit 3`);
    });
    await compare();
    // the retention job deletes whole entries (as the owner: the app role may not delete logbook rows); one statement
    // also deletes only the newest revision of a chain, after which the revision before it counts again
    const chains = originals.filter((_, i) => i % 8 === 0).map((o) => sql`${o.id}::uuid`);
    await database.db.execute(sql`delete from logbook_entries where tenant_id = ${sw} and entry_id in (${sql.join(chains, sql`, `)})`);
    await database.db.execute(sql`
      delete from logbook_entries e where e.tenant_id = ${sw} and e.revision = 2
         and not exists (select 1 from logbook_entries s where s.tenant_id = e.tenant_id and s.supersedes_id = e.id)
         and e.entry_id in (select entry_id from logbook_entries where tenant_id = ${sw} and revision = 2 order by entry_id limit 4)`);
    try {
      await compare();
    } catch (e) {
      throw new Error(`seed ${seed}: ${(e as Error).message}`);
    }
  });

  it('reads a year in one statement for the roll-up and one for the service booklet, as for a month', async () => {
    const statements: string[] = [];
    await withTenant(database.db, sw, async (tx) => {
      const counting = new Proxy(tx, {
        get: (target, key) =>
          key === 'execute'
            ? (q: Parameters<typeof tx.execute>[0]) => {
                statements.push('x');
                return target.execute(q);
              }
            : Reflect.get(target, key),
      });
      await costSums(counting, sw, '2024-06-21', '2025-06-21');
      const year = statements.length;
      statements.length = 0;
      await costSums(counting, sw, '2025-03-10', '2025-03-20');
      expect(year).toBe(2);
      expect(statements.length).toBe(2);
    });
  });
});
