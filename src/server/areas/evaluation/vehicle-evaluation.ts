import type { EvaluationMonth, EvaluationQuery, VehicleEvaluation, VehicleMonths, VehicleMonthsQuery } from '@contracts/evaluation';
import { withTenant } from '@db/client';
import { bookableMinutesByMonth, type EvaluationPeriod, monthWeekdayCounts, percent, validatePeriod } from '@domain/evaluation';
import {
  type EvaluatedVehicle,
  evaluationLocations,
  fleetMonthFigures,
  type VehicleFigures,
  vehicleDepartmentFigures,
  vehicleMonthFigures,
  vehicleTotals,
} from '@server/areas/evaluation/evaluation-repository';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { notFound } from '../vehicles/public';
import { evaluationScope, hours } from './scope';

/**
 * Auswertung of the pool vehicles (decision 061): bookings of type BUCHUNG by
 * their start, utilisation against each vehicle's individual booking time,
 * kilometres from the CHECK_IN and CHECK_OUT mileage of each trip. The screen
 * gets the vehicles and the fleet per month; one vehicle's months come on
 * request, the whole vehicle × month table as a download (decision 180).
 */
export async function vehicleEvaluation(deps: Deps, user: UserContext, query: EvaluationQuery): Promise<VehicleEvaluation> {
  const period = validatePeriod({ from: query.from, to: query.to });
  const scope = evaluationScope(user, query);
  return withTenant(deps.database.db, user.tenant.id, async (tx) => {
    const locations = await evaluationLocations(tx, scope.tenantId);
    const totals = await vehicleTotals(tx, scope);
    const fleet = await fleetMonthFigures(tx, scope);
    const departments = await vehicleDepartmentFigures(tx, scope);

    const bookable = bookableMinutes(period);
    const fleetBookable = new Map<string, number>();
    const vehicles = totals.map((v) => {
      const perMonth = bookable.of(v);
      let minutes = 0;
      for (const [month, m] of perMonth) {
        minutes += m;
        fleetBookable.set(month, (fleetBookable.get(month) ?? 0) + m);
      }
      return { vehicleId: v.vehicleId, licensePlate: v.licensePlate, vehicle: v.label, location: v.locationName, ...shown(v, minutes) };
    });
    return {
      from: period.from,
      to: period.to,
      locations,
      vehicles,
      months: everyMonth(bookable.months, fleet, fleetBookable),
      departments,
    };
  });
}

/** The months of one vehicle of the tenant, every month of the period; a vehicle of another tenant is not found. */
export async function vehicleMonths(deps: Deps, user: UserContext, query: VehicleMonthsQuery): Promise<VehicleMonths> {
  const period = validatePeriod({ from: query.from, to: query.to });
  const scope = evaluationScope(user, { from: query.from, to: query.to });
  return withTenant(deps.database.db, user.tenant.id, async (tx) => {
    const { vehicles, months } = await vehicleMonthFigures(tx, scope, query.vehicleId);
    const vehicle = vehicles[0];
    if (!vehicle) throw notFound();
    const bookable = bookableMinutes(period);
    return { vehicleId: vehicle.vehicleId, months: everyMonth(bookable.months, months, bookable.of(vehicle)) };
  });
}

/** Per vehicle and month with bookings, for the download: the vehicles of the filter and their months. */
export async function vehicleMonthTable(
  deps: Deps,
  user: UserContext,
  query: EvaluationQuery,
): Promise<{ from: string; to: string; rows: ({ licensePlate: string; vehicle: string } & EvaluationMonth)[] }> {
  const period = validatePeriod({ from: query.from, to: query.to });
  const scope = evaluationScope(user, query);
  return withTenant(deps.database.db, user.tenant.id, async (tx) => {
    const { vehicles, months } = await vehicleMonthFigures(tx, scope);
    const bookable = bookableMinutes(period);
    const monthsOf = new Map<string, typeof months>();
    for (const m of months) {
      const own = monthsOf.get(m.vehicleId);
      if (own) own.push(m);
      else monthsOf.set(m.vehicleId, [m]);
    }
    // by plate, like the screen (the month rows come by vehicle id)
    const rows = vehicles.flatMap((v) => {
      const perMonth = bookable.of(v);
      return (monthsOf.get(v.vehicleId) ?? []).map((m) => ({
        licensePlate: v.licensePlate,
        vehicle: v.label,
        month: m.month,
        ...shown(m, perMonth.get(m.month) ?? 0),
      }));
    });
    return { from: period.from, to: period.to, rows };
  });
}

/** The figures as shown: hours with one decimal, utilisation against the bookable minutes. */
const shown = (f: VehicleFigures, bookableMinutes: number) => ({
  bookings: f.bookings,
  trips: f.trips,
  cancelled: f.cancelled,
  bookedHours: hours(f.bookedMinutes),
  utilisation: percent(f.bookedMinutes, bookableMinutes),
  kilometres: f.kilometres,
});

const NONE: VehicleFigures = { bookings: 0, trips: 0, cancelled: 0, bookedMinutes: 0, kilometres: 0 };

/** Every month of the period, zero where nothing was booked, so a chart or table has no gaps. */
function everyMonth(
  months: readonly string[],
  figures: readonly ({ month: string } & VehicleFigures)[],
  bookable: ReadonlyMap<string, number>,
): EvaluationMonth[] {
  const byMonth = new Map(figures.map((f) => [f.month, f]));
  return months.map((month) => ({ month, ...shown(byMonth.get(month) ?? NONE, bookable.get(month) ?? 0) }));
}

/**
 * The months of the period, and `of(vehicle)`: its bookable minutes per month.
 * Vehicles with the same booking days and times share one computation (a
 * fleet mostly has a few).
 */
function bookableMinutes(period: EvaluationPeriod) {
  const counts = monthWeekdayCounts(period);
  const known = new Map<string, Map<string, number>>();
  const of = (v: Pick<EvaluatedVehicle, 'bookingWeekdays' | 'bookingFrom' | 'bookingTo'>) => {
    const key = `${v.bookingWeekdays.join(',')}|${v.bookingFrom}|${v.bookingTo}`;
    let perMonth = known.get(key);
    if (!perMonth) {
      perMonth = bookableMinutesByMonth(period, v.bookingWeekdays, v.bookingFrom, v.bookingTo, counts);
      known.set(key, perMonth);
    }
    return perMonth;
  };
  return { of, months: [...counts.keys()] };
}
