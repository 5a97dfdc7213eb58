import type { TripCheckDto } from '@contracts/trip-checklist';
import { withTenant } from '@db/client';
import { findVehicle } from '@server/areas/vehicles/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '../../kernel/context';
import { kernelErrors } from '../../kernel/errors';
import { notFound } from './errors';
import { listChecksOfVehicle } from './trip-checklist-repository';

/** How many checks of a vehicle the detail shows: the newest, enough for weeks of daily trips. */
const SHOWN = 100;

/** The newest checks before the trip of one vehicle, as answered (fleet and logbook report holders, like the logbook). */
export async function checksOfVehicle(deps: Deps, user: UserContext, vehicleId: string): Promise<{ checks: TripCheckDto[] }> {
  if (!user.permissions.has('fahrzeug_pflege') && !user.permissions.has('fahrzeug_logbuch_report')) {
    throw kernelErrors.fail('forbidden', { denial: 'no fahrzeug_pflege' });
  }
  const tenantId = user.tenant.id;
  const rows = await withTenant(deps.database.db, tenantId, async (tx) => {
    if (!(await findVehicle(tx, tenantId, vehicleId, true))) throw notFound('Fahrzeug');
    return listChecksOfVehicle(tx, tenantId, vehicleId, SHOWN);
  });
  return { checks: rows.map((c) => ({ ...c, answeredAt: c.answeredAt.toISOString() })) };
}
