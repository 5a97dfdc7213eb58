import type { Db } from '@db/client';
import { findVehicle, notFound, type VehicleRecord } from '@server/areas/vehicles/public';
import type { UserContext } from '../../kernel/context';
import { kernelErrors } from '../../kernel/errors';

/**
 * Who may do what with cards, receipts and costs (docs/product.md#fleet-costs):
 * the same people as for the service booklet and damages. Kept here rather than
 * taken from vehicle care, whose public module the vehicles area imports (a cycle).
 */

const refuse = (p: string) => kernelErrors.fail('forbidden', { denial: `no ${p}` });

const isFleetManager = (u: UserContext) => u.permissions.has('fahrzeug_pflege');

/** Cards and capacities are kept by the fleet. */
export function assertFleetManager(u: UserContext): void {
  if (!isFleetManager(u)) throw refuse('fahrzeug_pflege');
}

/** Receipts are read by the fleet and report holders. */
export function assertMayReadBooklet(u: UserContext): void {
  if (!isFleetManager(u) && !u.permissions.has('fahrzeug_logbuch_report')) throw refuse('fahrzeug_pflege');
}

/** Whoever drives or hands over the vehicle records a receipt. */
export function assertMayReport(u: UserContext): void {
  const p = u.permissions;
  if (!(p.has('fahrzeug_buchen') || p.has('fahrzeug_fremdbuchung') || p.has('fahrzeug_pflege') || p.has('fahrzeug_gastbuchung'))) {
    throw refuse('fahrzeug_buchen');
  }
}

/** The vehicle of the caller's tenant (deactivated ones only for fleet managers); a foreign or unknown id is 404. */
export async function vehicleOf(tx: Db, u: UserContext, vehicleId: string): Promise<VehicleRecord> {
  const v = await findVehicle(tx, u.tenant.id, vehicleId, isFleetManager(u));
  if (!v) throw notFound();
  return v;
}

export const fileKind = (fileId: string) => fileId.slice(fileId.lastIndexOf('.') + 1) as 'png' | 'jpg' | 'pdf';
