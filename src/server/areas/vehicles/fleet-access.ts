import type { Db } from '@db/client';
import type { UserContext } from '../../kernel/context';
import { kernelErrors } from '../../kernel/errors';
import { isFleetManager, notFound } from './common';
import { findVehicle, type VehicleRecord } from './vehicle-repository';

/**
 * Who may do what with a vehicle's upkeep (docs/product.md#permissions): fleet
 * managers maintain it and keep its cards; report holders read its service
 * booklet and receipts; whoever may drive or book it reports damages and
 * receipts. Vehicle care and fleet costs both ask here, so the rule is one.
 */

const refuse = (p: string) => kernelErrors.fail('forbidden', { denial: `no ${p}` });

export function assertFleetManager(u: UserContext): void {
  if (!isFleetManager(u)) throw refuse('fahrzeug_pflege');
}

export function assertMayReadBooklet(u: UserContext): void {
  if (!isFleetManager(u) && !u.permissions.has('fahrzeug_logbuch_report')) throw refuse('fahrzeug_pflege');
}

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

/** The kind of a stored upload, from its id's ending. */
export const fileKind = (fileId: string) => fileId.slice(fileId.lastIndexOf('.') + 1) as 'png' | 'jpg' | 'pdf';
