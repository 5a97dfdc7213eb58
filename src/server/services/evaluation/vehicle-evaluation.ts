import type { EvaluationQuery, VehicleEvaluation } from '@contracts/evaluation';
import { withTenant } from '@db/client';
import { bookableMinutesByMonth, percent, validatePeriod } from '@domain/evaluation';
import type { Deps } from '@server/deps';
import { evaluationLocations, vehicleDepartmentFigures, vehicleMonthFigures } from '@server/repositories/evaluation-repository';
import type { UserContext } from '../context';
import { evaluationScope, hours } from './scope';

/**
 * Auswertung of the pool vehicles (decision 061): bookings of type BUCHUNG by
 * their start, utilisation against each vehicle's individual booking time,
 * kilometres from the CHECK_IN and CHECK_OUT mileage of each trip.
 */
export async function vehicleEvaluation(deps: Deps, user: UserContext, query: EvaluationQuery): Promise<VehicleEvaluation> {
  const period = validatePeriod({ from: query.from, to: query.to });
  const scope = evaluationScope(user, query);
  return withTenant(deps.database.db, user.tenant.id, async (tx) => {
    const locations = await evaluationLocations(tx, scope.tenantId);
    const rows = await vehicleMonthFigures(tx, scope);
    const departments = await vehicleDepartmentFigures(tx, scope);

    const bookable = new Map<string, Map<string, number>>();
    const vehicles = new Map<string, VehicleEvaluation['vehicles'][number] & { bookedMinutes: number; bookableMinutes: number }>();
    const months: VehicleEvaluation['months'] = [];
    for (const r of rows) {
      let perMonth = bookable.get(r.vehicleId);
      if (!perMonth) {
        perMonth = bookableMinutesByMonth(period, r.bookingWeekdays, r.bookingFrom, r.bookingTo);
        bookable.set(r.vehicleId, perMonth);
      }
      const base = {
        vehicleId: r.vehicleId,
        licensePlate: r.licensePlate,
        vehicle: r.label,
        location: r.locationName,
      };
      const total = vehicles.get(r.vehicleId) ?? {
        ...base,
        bookings: 0,
        trips: 0,
        cancelled: 0,
        bookedHours: 0,
        utilisation: 0,
        kilometres: 0,
        bookedMinutes: 0,
        bookableMinutes: [...perMonth.values()].reduce((a, b) => a + b, 0),
      };
      if (r.month) {
        total.bookings += r.bookings;
        total.trips += r.trips;
        total.cancelled += r.cancelled;
        total.kilometres += r.kilometres;
        total.bookedMinutes += r.bookedMinutes;
        months.push({
          ...base,
          month: r.month,
          bookings: r.bookings,
          trips: r.trips,
          cancelled: r.cancelled,
          bookedHours: hours(r.bookedMinutes),
          utilisation: percent(r.bookedMinutes, perMonth.get(r.month) ?? 0),
          kilometres: r.kilometres,
        });
      }
      vehicles.set(r.vehicleId, total);
    }
    return {
      from: period.from,
      to: period.to,
      locations,
      vehicles: [...vehicles.values()].map(({ bookedMinutes, bookableMinutes, ...v }) => ({
        ...v,
        bookedHours: hours(bookedMinutes),
        utilisation: percent(bookedMinutes, bookableMinutes),
      })),
      months,
      departments,
    };
  });
}
