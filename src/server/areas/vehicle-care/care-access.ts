import type { Db } from '@db/client';
import { findVehicle, notFound, type VehicleRecord } from '@server/areas/vehicles/public';
import type { UserContext } from '../../kernel/context';
import { kernelErrors } from '../../kernel/errors';
import { vehicleCareErrors } from './errors';

/** Who may do what in vehicle care (docs/product.md#permissions): fleet managers maintain, report holders read the booklet, bookers report damages. */

const refuse = (p: string) => kernelErrors.fail('forbidden', { denial: `no ${p}` });

export const isFleetManager = (u: UserContext) => u.permissions.has('fahrzeug_pflege');

export function assertFleetManager(u: UserContext): void {
  if (!isFleetManager(u)) throw refuse('fahrzeug_pflege');
}

export function assertMayReadBooklet(u: UserContext): void {
  if (!isFleetManager(u) && !u.permissions.has('fahrzeug_logbuch_report')) throw refuse('fahrzeug_pflege');
}

/** Anyone who may drive or book the vehicle reports damages; fleet managers too. */
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

/** A stored file id belongs to this vehicle's uploads or to one of the listed trips. */
export function assertOwnFiles(ids: readonly string[], owners: readonly string[]): void {
  for (const f of ids) {
    if (!owners.some((o) => f.startsWith(`${o}/`))) throw vehicleCareErrors.fail('receipt_invalid');
  }
}

export const fileKind = (fileId: string) => fileId.slice(fileId.lastIndexOf('.') + 1) as 'png' | 'jpg' | 'pdf';
