import { vehicleCareErrors } from './errors';

/** A stored file id belongs to this vehicle's uploads or to one of the listed trips. */
export function assertOwnFiles(ids: readonly string[], owners: readonly string[]): void {
  for (const f of ids) {
    if (!owners.some((o) => f.startsWith(`${o}/`))) throw vehicleCareErrors.fail('receipt_invalid');
  }
}
