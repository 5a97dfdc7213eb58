import type { Feature } from './navigation';
import { guardRoute, type Permission, VEHICLE_VIEWER_PERMISSIONS } from './permissions';

/**
 * What an API route needs before its handler runs, declared as data on the
 * route so one table can be enforced, listed and tested (decision 055).
 *
 * - `public`: nobody needs to be signed in (sign-in, kiosk, health).
 * - `signedIn`: any active member of the host's tenant.
 * - `section`: the screen guard of an admin area (docs/product.md#route-guard): the API of a
 *   screen is guarded exactly like the screen.
 * - `permission`: one permission (docs/product.md#permissions) outside the admin area.
 * - `anyPermission`: any one of several permissions; the denial names the first.
 * - `sectionOrPermission`: the area's guard, or one permission on its own
 *   (opening hours are kept by room admins and by holders of oeffnungszeiten_pflege).
 * - `operator`: the operator of the whole installation, never a tenant member.
 *
 * `feature` names a tenant feature the route needs; it is checked after the
 * section (an admin learns the feature is off) and before a single permission
 * (a member learns the feature is off rather than which right is missing).
 */
/** One feature, or several of which any one will do (reading rooms and workplaces share their API). */
export type FeatureNeed = Feature | readonly Feature[];

export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signedIn'; feature?: FeatureNeed }
  | { kind: 'section'; section: string; feature?: FeatureNeed }
  | { kind: 'permission'; permission: Permission; feature?: FeatureNeed }
  | { kind: 'anyPermission'; permissions: readonly [Permission, ...Permission[]]; feature?: FeatureNeed }
  | { kind: 'sectionOrPermission'; section: string; permission: Permission }
  | { kind: 'operator' };

export interface Caller {
  signedIn: boolean;
  operator: boolean;
  permissions: ReadonlySet<string>;
  features: ReadonlySet<string>;
}

export type AccessRefusal =
  | { code: 'unauthenticated' }
  | { code: 'feature_disabled'; feature: FeatureNeed }
  | { code: 'forbidden'; denial: string };

export type AccessResult = { allowed: true } | { allowed: false; refusal: AccessRefusal };

const refuse = (refusal: AccessRefusal): AccessResult => ({ allowed: false, refusal });
const ALLOWED: AccessResult = { allowed: true };

function featureCheck(feature: FeatureNeed | undefined, caller: Caller): AccessResult {
  if (!feature) return ALLOWED;
  const anyOf: readonly Feature[] = typeof feature === 'string' ? [feature] : feature;
  return anyOf.some((f) => caller.features.has(f)) ? ALLOWED : refuse({ code: 'feature_disabled', feature });
}

const featureText = (feature: FeatureNeed | undefined) =>
  feature ? `, Funktion ${typeof feature === 'string' ? feature : feature.join(' | ')}` : '';

/** Decides a route's access for a caller; the first failing check names the refusal. */
export function checkAccess(access: RouteAccess, caller: Caller): AccessResult {
  switch (access.kind) {
    case 'public':
      return ALLOWED;
    case 'operator':
      return caller.operator ? ALLOWED : refuse({ code: 'forbidden', denial: 'no operator' });
    case 'signedIn':
      if (!caller.signedIn) return refuse({ code: 'unauthenticated' });
      return featureCheck(access.feature, caller);
    case 'section': {
      if (!caller.signedIn) return refuse({ code: 'unauthenticated' });
      const guard = guardRoute(access.section, caller.permissions);
      if (!guard.allowed) return refuse({ code: 'forbidden', denial: guard.denial });
      return featureCheck(access.feature, caller);
    }
    case 'permission': {
      if (!caller.signedIn) return refuse({ code: 'unauthenticated' });
      const feature = featureCheck(access.feature, caller);
      if (!feature.allowed) return feature;
      return caller.permissions.has(access.permission) ? ALLOWED : refuse({ code: 'forbidden', denial: `no ${access.permission}` });
    }
    case 'anyPermission': {
      if (!caller.signedIn) return refuse({ code: 'unauthenticated' });
      const feature = featureCheck(access.feature, caller);
      if (!feature.allowed) return feature;
      return access.permissions.some((p) => caller.permissions.has(p))
        ? ALLOWED
        : refuse({ code: 'forbidden', denial: `no ${access.permissions[0]}` });
    }
    case 'sectionOrPermission': {
      if (!caller.signedIn) return refuse({ code: 'unauthenticated' });
      if (caller.permissions.has(access.permission)) return ALLOWED;
      const guard = guardRoute(access.section, caller.permissions);
      return guard.allowed ? ALLOWED : refuse({ code: 'forbidden', denial: guard.denial });
    }
  }
}

/** A short German description of an access rule, for test reports and the API documentation. */
export function describeAccess(access: RouteAccess): string {
  switch (access.kind) {
    case 'public':
      return 'öffentlich';
    case 'operator':
      return 'Betrieb';
    case 'signedIn':
      return `angemeldet${featureText(access.feature)}`;
    case 'section':
      return `Bereich ${access.section}${featureText(access.feature)}`;
    case 'permission':
      return `${access.permission}${featureText(access.feature)}`;
    case 'anyPermission':
      return `${access.permissions.join(' | ')}${featureText(access.feature)}`;
    case 'sectionOrPermission':
      return `Bereich ${access.section} oder ${access.permission}`;
  }
}

/**
 * The access a route declares in its own options (`config: { access: ACCESS.fleet }`),
 * named once so that routes of several areas guarding the same people say so alike.
 */
export const ACCESS = {
  public: { kind: 'public' },
  signedIn: { kind: 'signedIn' },
  /** Reading rooms and workplaces share one API; the requested area's own feature is checked by the service. */
  places: { kind: 'signedIn', feature: ['leseraum', 'arbeitswelt'] },
  vehicles: { kind: 'signedIn', feature: 'fahrzeug' },
  /** Who may see vehicles: bookers, dispatchers, fleet managers and approvers (vehicle-catalogue assertMayView). */
  vehicleViewers: {
    kind: 'anyPermission',
    permissions: VEHICLE_VIEWER_PERMISSIONS,
    feature: 'fahrzeug',
  },
  fleet: { kind: 'section', section: '/admin/fahrzeuge', feature: 'fahrzeug' },
  approver: { kind: 'permission', permission: 'fahrzeug_freigabe_von_sonderfahrten', feature: 'fahrzeug' },
  rooms: { kind: 'section', section: '/admin/raeume' },
  openingHours: { kind: 'sectionOrPermission', section: '/admin/raeume', permission: 'oeffnungszeiten_pflege' },
  users: { kind: 'section', section: '/admin/benutzer' },
  officeUtilisation: { kind: 'section', section: '/admin/bueroauslastung', feature: ['leseraum', 'arbeitswelt'] },
  vehicleEvaluation: { kind: 'section', section: '/admin/auswertung', feature: 'fahrzeug' },
  logbookFleet: {
    kind: 'anyPermission',
    permissions: ['fahrzeug_logbuch_report', 'fahrzeug_pflege'],
    feature: 'fahrzeug',
  },
  logbookReport: { kind: 'permission', permission: 'fahrzeug_logbuch_report', feature: 'fahrzeug' },
  care: { kind: 'permission', permission: 'fahrzeug_pflege', feature: 'fahrzeug' },
  /** Damages are reported by whoever drives or hands over a vehicle (vehicle-care care-access assertMayReport). */
  damageReporters: {
    kind: 'anyPermission',
    permissions: ['fahrzeug_buchen', 'fahrzeug_fremdbuchung', 'fahrzeug_pflege', 'fahrzeug_gastbuchung'],
    feature: 'fahrzeug',
  },
  lockers: { kind: 'signedIn', feature: 'arbeitswelt' },
  examiner: { kind: 'permission', permission: 'fahrzeug_fuehrerscheinpruefung', feature: 'fahrzeug' },
  reception: { kind: 'permission', permission: 'fahrzeug_gastbuchung', feature: 'fahrzeug' },
} as const satisfies Record<string, RouteAccess>;
