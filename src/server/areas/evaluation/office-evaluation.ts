import type { EvaluationQuery, OfficeEvaluation } from '@contracts/evaluation';
import { withTenant } from '@db/client';
import { openMinutesByWeekday, percent, validatePeriod } from '@domain/evaluation';
import { completeRegularHours } from '@domain/opening-hours';
import {
  evaluationLocations,
  officeDepartmentFigures,
  officeObjectFigures,
  officeWeekdayMinutes,
} from '@server/areas/evaluation/evaluation-repository';
import { listDeviatingHours, listRegularHours } from '@server/areas/reading-rooms/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { evaluationScope, hours } from './scope';

/**
 * Büroauslastung (decision 061): utilisation = booked place-minutes against
 * the open minutes of the floor plan times its places; cancellation and
 * no-show rates against all bookings started in the period.
 */
export async function officeEvaluation(deps: Deps, user: UserContext, query: EvaluationQuery): Promise<OfficeEvaluation> {
  const period = validatePeriod({ from: query.from, to: query.to });
  const scope = evaluationScope(user, query);
  return withTenant(deps.database.db, user.tenant.id, async (tx) => {
    const locations = await evaluationLocations(tx, scope.tenantId);
    const objects = await officeObjectFigures(tx, scope);
    const weekdayMinutes = await officeWeekdayMinutes(tx, scope);
    const departments = await officeDepartmentFigures(tx, scope);
    const planIds = [...new Set(objects.map((o) => o.floorPlanId))];
    const regular = await listRegularHours(tx, scope.tenantId, planIds);
    const deviating = await listDeviatingHours(tx, scope.tenantId, planIds, period.from, period.to);

    const openByPlan = new Map(
      planIds.map((id) => [
        id,
        openMinutesByWeekday(
          period,
          completeRegularHours(regular.filter((r) => r.floorPlanId === id)),
          deviating.filter((d) => d.floorPlanId === id),
        ),
      ]),
    );
    const openTotal = (id: string) => (openByPlan.get(id) ?? []).reduce((a, b) => a + b, 0);

    const plans = new Map<string, OfficeEvaluation['floorPlans'][number] & { bookedMinutes: number; cancelled: number; noShows: number }>();
    for (const o of objects) {
      const plan = plans.get(o.floorPlanId) ?? {
        floorPlanId: o.floorPlanId,
        floorPlan: o.floorPlanName,
        area: o.area as 'leseraum' | 'arbeitswelt',
        location: o.locationName,
        places: 0,
        bookings: 0,
        bookedHours: 0,
        capacityHours: 0,
        utilisation: 0,
        cancellationRate: 0,
        noShowRate: 0,
        bookedMinutes: 0,
        cancelled: 0,
        noShows: 0,
      };
      plan.places += o.capacity;
      plan.bookings += o.bookings;
      plan.bookedMinutes += o.bookedMinutes;
      plan.cancelled += o.cancelled;
      plan.noShows += o.noShows;
      plans.set(o.floorPlanId, plan);
    }
    const floorPlans = [...plans.values()].map(({ bookedMinutes, cancelled, noShows, ...p }) => {
      const capacity = openTotal(p.floorPlanId) * p.places;
      return {
        ...p,
        bookedHours: hours(bookedMinutes),
        capacityHours: hours(capacity),
        utilisation: percent(bookedMinutes, capacity),
        cancellationRate: percent(cancelled - noShows, p.bookings),
        noShowRate: percent(noShows, p.bookings),
      };
    });

    const heatmap = [...plans.values()].map((p) => {
      const open = openByPlan.get(p.floorPlanId) ?? [];
      return {
        floorPlanId: p.floorPlanId,
        floorPlan: p.floorPlan,
        weekdays: [1, 2, 3, 4, 5, 6, 7].map((wd) => {
          const booked = weekdayMinutes.find((w) => w.floorPlanId === p.floorPlanId && w.weekday === wd)?.bookedMinutes ?? 0;
          return percent(booked, (open[wd - 1] ?? 0) * p.places);
        }),
      };
    });

    return {
      from: period.from,
      to: period.to,
      locations,
      floorPlans,
      heatmap,
      objects: objects.map((o) => ({
        floorPlan: o.floorPlanName,
        designation: o.designation,
        kind: o.kind as 'platz' | 'raum',
        bookings: o.bookings,
        bookedHours: hours(o.bookedMinutes),
        utilisation: percent(o.bookedMinutes, openTotal(o.floorPlanId) * o.capacity),
        cancellationRate: percent(o.cancelled - o.noShows, o.bookings),
        noShowRate: percent(o.noShows, o.bookings),
      })),
      departments: departments.map((d) => ({
        department: d.department,
        bookings: d.bookings,
        bookedHours: hours(d.bookedMinutes),
        cancellationRate: percent(d.cancelled - d.noShows, d.bookings),
        noShowRate: percent(d.noShows, d.bookings),
      })),
    };
  });
}
