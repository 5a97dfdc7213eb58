import type { Db } from '@db/client';
import {
  completeRegularHours,
  type DeviatingOpeningHour,
  type OpeningCalendar,
  type OpeningPeriod,
  type RegularOpeningHour,
} from '@domain/opening-hours';
import { publicHolidays } from '@domain/public-holidays';
import { effectiveSetting } from '../settings/public';
import { listDeviatingHours, listPeriods, listRegularHours } from './reading-room-repository';

/** Everything a plan's effective hours from `from` to `to` are decided on (domain dayOpening, decision 235). */
export interface PlanHours {
  regular: RegularOpeningHour[];
  deviating: DeviatingOpeningHour[];
  calendar: OpeningCalendar;
}

/** The tenant's Bundesland (setting feiertageBundesland; `kein` by default: no holidays). */
export const tenantBundesland = (tx: Db, tenantId: string) => effectiveSetting(tx, tenantId, null, 'feiertageBundesland');

const toPeriod = (p: OpeningPeriod): OpeningPeriod => ({
  name: p.name,
  validFrom: p.validFrom,
  validTo: p.validTo,
  hours: completeRegularHours(p.hours, () => false),
});

/** Weekly default, deviations, periods and the tenant's holidays of several plans for the days `from` … `to`, in four queries. */
export async function loadPlansHours(
  tx: Db,
  tenantId: string,
  planIds: string[],
  from: string,
  to: string,
): Promise<Map<string, PlanHours>> {
  const regular = await listRegularHours(tx, tenantId, planIds);
  const deviating = await listDeviatingHours(tx, tenantId, planIds, from, to);
  const periods = await listPeriods(tx, tenantId, planIds, from, to);
  const holidays = publicHolidays(await tenantBundesland(tx, tenantId), from, to);
  return new Map(
    planIds.map((id) => [
      id,
      {
        regular: completeRegularHours(regular.filter((r) => r.floorPlanId === id)),
        deviating: deviating.filter((d) => d.floorPlanId === id),
        calendar: { periods: periods.filter((p) => p.floorPlanId === id).map(toPeriod), holidays },
      },
    ]),
  );
}

export async function loadPlanHours(tx: Db, tenantId: string, planId: string, from: string, to: string): Promise<PlanHours> {
  return (await loadPlansHours(tx, tenantId, [planId], from, to)).get(planId)!;
}
