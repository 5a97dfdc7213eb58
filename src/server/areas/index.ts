import type { AreaManifest } from '../kernel/area';
import { manifest as absence } from './absence/manifest';
import { manifest as accessAdmin } from './access-admin/manifest';
import { manifest as calendar } from './calendar/manifest';
import { manifest as directory } from './directory/manifest';
import { manifest as driverInstruction } from './driver-instruction/manifest';
import { manifest as drivingLicences } from './driving-licences/manifest';
import { manifest as evaluation } from './evaluation/manifest';
import { manifest as fleetCosts } from './fleet-costs/manifest';
import { manifest as guests } from './guests/manifest';
import { manifest as handbook } from './handbook/manifest';
import { manifest as integrations } from './integrations/manifest';
import { manifest as locations } from './locations/manifest';
import { manifest as lockers } from './lockers/manifest';
import { manifest as logbook } from './logbook/manifest';
import { manifest as occupancy } from './occupancy/manifest';
import { manifest as operations } from './operations/manifest';
import { manifest as people } from './people/manifest';
import { manifest as privacy } from './privacy/manifest';
import { manifest as readingRooms } from './reading-rooms/manifest';
import { manifest as scim } from './scim/manifest';
import { manifest as series } from './series/manifest';
import { manifest as session } from './session/manifest';
import { manifest as settings } from './settings/manifest';
import { manifest as teamSeating } from './team-seating/manifest';
import { manifest as tenant } from './tenant/manifest';
import { manifest as tripChecklist } from './trip-checklist/manifest';
import { manifest as vehicleCare } from './vehicle-care/manifest';
import { manifest as vehicles } from './vehicles/manifest';

/**
 * Every area of the server, one line each (docs/architecture.md). Order does
 * not matter: routes are matched by path, jobs by name, and an area's hooks
 * apply to all routes whichever area registers them.
 */
export const AREAS: readonly AreaManifest[] = [
  absence,
  accessAdmin,
  calendar,
  directory,
  driverInstruction,
  drivingLicences,
  evaluation,
  fleetCosts,
  guests,
  handbook,
  integrations,
  locations,
  lockers,
  logbook,
  occupancy,
  operations,
  people,
  privacy,
  readingRooms,
  scim,
  series,
  session,
  settings,
  teamSeating,
  tenant,
  tripChecklist,
  vehicleCare,
  vehicles,
];
