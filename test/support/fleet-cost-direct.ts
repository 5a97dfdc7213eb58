import type { Db } from '@db/client';
import type { CostSums } from '@server/areas/fleet-costs/fleet-costs-repository';
import { rowsOf } from '@server/kernel/rows';
import { sql } from 'drizzle-orm';

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/**
 * The cost report's sums straight over the receipts, the service booklet and the logbook, as the report read them
 * before the roll-up of migration 0049: the independent oracle the roll-up is compared with
 * (test/integration/fleet-cost-rollup.int.test.ts) and the "before" of bench/fleet-costs.ts.
 */
export async function directCostSums(db: Db, tenantId: string, fromDay: string, toDay: string): Promise<Map<string, CostSums>> {
  const receipts = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select vehicle_id::text as vehicle_id,
             sum(amount_cents) filter (where kind = 'kraftstoff') as fuel,
             sum(amount_cents) filter (where kind = 'laden') as charging,
             sum(amount_cents) filter (where kind = 'sonstiges') as other,
             sum(litres) as litres, sum(kwh) as kwh
        from fuel_receipts
       where tenant_id = ${tenantId} and day >= ${fromDay}::date and day < ${toDay}::date
       group by vehicle_id`),
  );
  const service = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select vehicle_id::text as vehicle_id,
             sum(cost_cents) filter (where kind <> 'Reparatur') as service,
             sum(cost_cents) filter (where kind = 'Reparatur') as repair
        from service_entries
       where tenant_id = ${tenantId} and performed_on >= ${fromDay}::date and performed_on < ${toDay}::date and cost_cents is not null
       group by vehicle_id`),
  );
  // The logbook is the record of distances, trips entered by hand included; a corrected entry counts in its newest revision.
  const distances = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select e.vehicle_id::text as vehicle_id, sum(e.odometer_end - e.odometer_start) as km
        from logbook_entries e
       where e.tenant_id = ${tenantId} and e.started_at >= ${fromDay}::date::timestamp at time zone 'Europe/Berlin'
         and e.started_at < ${toDay}::date::timestamp at time zone 'Europe/Berlin'
         and not exists (select 1 from logbook_entries s where s.tenant_id = e.tenant_id and s.supersedes_id = e.id)
       group by e.vehicle_id`),
  );
  const out = new Map<string, CostSums>();
  const at = (id: string) => {
    let s = out.get(id);
    if (!s) {
      s = { fuelCents: 0, chargingCents: 0, otherCents: 0, litres: 0, kwh: 0, serviceCents: 0, repairCents: 0, kilometres: 0 };
      out.set(id, s);
    }
    return s;
  };
  for (const r of receipts) {
    const s = at(String(r.vehicle_id));
    s.fuelCents = num(r.fuel);
    s.chargingCents = num(r.charging);
    s.otherCents = num(r.other);
    s.litres = num(r.litres);
    s.kwh = num(r.kwh);
  }
  for (const r of service) {
    const s = at(String(r.vehicle_id));
    s.serviceCents = num(r.service);
    s.repairCents = num(r.repair);
  }
  for (const r of distances) at(String(r.vehicle_id)).kilometres = num(r.km);
  return out;
}
