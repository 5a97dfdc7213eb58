import type { CostQuery, CostReport } from '@contracts/fleet-costs';
import { withTenant } from '@db/client';
import { validatePeriod } from '@domain/evaluation';
import { costFigures, sumCosts, type VehicleCostInput } from '@domain/fleet-costs';
import { evaluationScope, vehicleTotals } from '@server/areas/evaluation/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { costSums } from './fleet-costs-repository';

/**
 * The fleet's costs per vehicle over a period (docs/product.md#fleet-costs):
 * receipts by kind, the service booklet's costs (Reparatur as repair, every
 * other kind as service), the logbook's distances, and the booked hours of
 * the evaluation's roll-up, so cost per hour divides by the very hours the
 * utilisation shows. Four grouped queries for any fleet size.
 */
export async function costReport(deps: Deps, user: UserContext, query: CostQuery): Promise<CostReport> {
  const period = validatePeriod({ from: query.from, to: query.to });
  const scope = evaluationScope(user, query);
  return withTenant(deps.database.db, user.tenant.id, async (tx) => {
    const vehicles = await vehicleTotals(tx, scope);
    const sums = await costSums(tx, scope.tenantId, scope.fromDay, scope.toDay);
    const inputs = vehicles.map((v): VehicleCostInput => {
      const s = sums.get(v.vehicleId);
      return {
        fuelCents: s?.fuelCents ?? 0,
        chargingCents: s?.chargingCents ?? 0,
        serviceCents: s?.serviceCents ?? 0,
        repairCents: s?.repairCents ?? 0,
        otherCents: s?.otherCents ?? 0,
        litres: s?.litres ?? 0,
        kwh: s?.kwh ?? 0,
        kilometres: s?.kilometres ?? 0,
        bookedMinutes: v.bookedMinutes,
      };
    });
    const fleet = costFigures(sumCosts(inputs));
    // The fleet's consumption is the fuel of the vehicles that took fuel over their own kilometres, likewise for
    // charging: an electric car's kilometres would otherwise thin the diesel figure.
    const fuelled = sumCosts(inputs.filter((i) => i.litres > 0));
    const charged = sumCosts(inputs.filter((i) => i.kwh > 0));
    return {
      from: period.from,
      to: period.to,
      vehicles: vehicles.map((v, i) => ({
        vehicleId: v.vehicleId,
        licensePlate: v.licensePlate,
        vehicle: v.label,
        location: v.locationName,
        ...costFigures(inputs[i]!),
      })),
      fleet: {
        ...fleet,
        litresPer100: costFigures(fuelled).litresPer100,
        kwhPer100: costFigures(charged).kwhPer100,
      },
    };
  });
}
