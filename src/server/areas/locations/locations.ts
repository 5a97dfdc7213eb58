import { auditChanges } from '@domain/access-admin';
import {
  deleteLocation,
  deleteParkingSpace,
  findLocation,
  findParkingSpace,
  insertLocation,
  insertParkingSpace,
  listAdminLocations,
  renameLocation,
  updateParkingSpace,
} from '@server/areas/locations/location-repository';
import type { Deps } from '@server/deps';
import { audit, change, read } from '../../kernel/admin-change';
import type { UserContext } from '../../kernel/context';
import { locationsErrors } from './errors';

/** /admin/lokationen: locations and their parking spaces, every change in the audit trail. */

const locationNotFound = () => locationsErrors.fail('location_not_found');
const spaceNotFound = () => locationsErrors.fail('parking_space_not_found');
const locationTaken = (name: string) => () => locationsErrors.fail('location_name_taken', { name });
const spaceTaken = (name: string) => () => locationsErrors.fail('parking_space_name_taken', { name });

export const listLocationsAdmin = (deps: Deps, user: UserContext) => read(deps, user, (tx, t) => listAdminLocations(tx, t));

export function createLocation(deps: Deps, user: UserContext, name: string) {
  return change(
    deps,
    user,
    async (tx, t) => {
      const id = await insertLocation(tx, t, name);
      await audit(tx, user, {
        action: 'anlegen',
        subjectType: 'standort',
        subjectId: id,
        subjectName: name,
        changes: auditChanges({}, { Name: name }),
      });
      return { id, name };
    },
    locationTaken(name),
  );
}

export function renameLocationAdmin(deps: Deps, user: UserContext, id: string, name: string) {
  return change(
    deps,
    user,
    async (tx, t) => {
      const before = await findLocation(tx, t, id);
      if (!before) throw locationNotFound();
      if (before.name === name) return before;
      await renameLocation(tx, t, id, name);
      await audit(tx, user, {
        action: 'ändern',
        subjectType: 'standort',
        subjectId: id,
        subjectName: name,
        changes: auditChanges({ Name: before.name }, { Name: name }),
      });
      return { id, name };
    },
    locationTaken(name),
  );
}

/** A location that vehicles or floor plans still use stays: they would lose where they are. */
export function removeLocation(deps: Deps, user: UserContext, id: string) {
  return change(deps, user, async (tx, t) => {
    const loc = (await listAdminLocations(tx, t)).find((l) => l.id === id);
    if (!loc) throw locationNotFound();
    if (loc.vehicles > 0 || loc.floorPlans > 0) {
      throw locationsErrors.fail('location_in_use', { name: loc.name, vehicles: loc.vehicles, floorPlans: loc.floorPlans });
    }
    if (loc.parkingSpaces.some((s) => s.used)) {
      throw locationsErrors.fail('location_spaces_in_history', { name: loc.name });
    }
    await deleteLocation(tx, t, id);
    await audit(tx, user, {
      action: 'löschen',
      subjectType: 'standort',
      subjectId: id,
      subjectName: loc.name,
      changes: auditChanges({ Name: loc.name, Stellplätze: loc.parkingSpaces.map((s) => s.name).join(', ') || null }, {}),
    });
  });
}

export function addParkingSpace(deps: Deps, user: UserContext, locationId: string, name: string) {
  return change(
    deps,
    user,
    async (tx, t) => {
      const loc = await findLocation(tx, t, locationId);
      if (!loc) throw locationNotFound();
      const id = await insertParkingSpace(tx, t, locationId, name);
      await audit(tx, user, {
        action: 'anlegen',
        subjectType: 'abstellplatz',
        subjectId: id,
        subjectName: `${loc.name} / ${name}`,
        changes: auditChanges({}, { Name: name, Standort: loc.name }),
      });
      return { id, name, active: true, used: false };
    },
    spaceTaken(name),
  );
}

const activeText = (a: boolean) => (a ? 'aktiv' : 'inaktiv');

export function changeParkingSpace(deps: Deps, user: UserContext, id: string, patch: { name?: string; active?: boolean }) {
  return change(
    deps,
    user,
    async (tx, t) => {
      const before = await findParkingSpace(tx, t, id);
      if (!before) throw spaceNotFound();
      await updateParkingSpace(tx, t, id, patch);
      const after = { ...before, ...patch };
      const changes = auditChanges(
        { Name: before.name, Status: activeText(before.active) },
        { Name: after.name, Status: activeText(after.active) },
      );
      if (changes.length > 0) {
        await audit(tx, user, { action: 'ändern', subjectType: 'abstellplatz', subjectId: id, subjectName: after.name, changes });
      }
      return { id, name: after.name, active: after.active, used: before.used };
    },
    spaceTaken(patch.name ?? ''),
  );
}

/** Deletes a parking space; one that vehicle history names is deactivated instead, so the history keeps its place. */
export function removeParkingSpace(deps: Deps, user: UserContext, id: string): Promise<{ deactivated: boolean }> {
  return change(deps, user, async (tx, t) => {
    const space = await findParkingSpace(tx, t, id);
    if (!space) throw spaceNotFound();
    if (space.used) {
      if (space.active) {
        await updateParkingSpace(tx, t, id, { active: false });
        await audit(tx, user, {
          action: 'ändern',
          subjectType: 'abstellplatz',
          subjectId: id,
          subjectName: space.name,
          changes: auditChanges({ Status: 'aktiv' }, { Status: 'inaktiv' }),
        });
      }
      return { deactivated: true };
    }
    await deleteParkingSpace(tx, t, id);
    await audit(tx, user, {
      action: 'löschen',
      subjectType: 'abstellplatz',
      subjectId: id,
      subjectName: space.name,
      changes: auditChanges({ Name: space.name }, {}),
    });
    return { deactivated: false };
  });
}
