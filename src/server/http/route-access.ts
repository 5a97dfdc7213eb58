import { AppError } from '@domain/errors';
import { FEATURE_DENIALS } from '@domain/navigation';
import { VEHICLE_VIEWER_PERMISSIONS } from '@domain/permissions';
import { type AccessRefusal, type Caller, checkAccess, type RouteAccess } from '@domain/route-access';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { Deps } from '../deps';
import { currentUser } from './request-context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs before its handler runs (decision 055). */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every API route with its declared access, for the authorization matrix. */
    apiRoutes: ApiRoute[];
  }
}

const PUBLIC: RouteAccess = { kind: 'public' };
const SIGNED_IN: RouteAccess = { kind: 'signedIn' };
/** Reading rooms and workplaces share one API; the requested area's own feature is checked by the service. */
const PLACES: RouteAccess = { kind: 'signedIn', feature: ['leseraum', 'arbeitswelt'] };
const VEHICLES: RouteAccess = { kind: 'signedIn', feature: 'fahrzeug' };
/** Who may see vehicles: bookers, dispatchers, fleet managers and approvers (vehicle-catalogue assertMayView). */
const VEHICLE_VIEWERS: RouteAccess = {
  kind: 'anyPermission',
  permissions: VEHICLE_VIEWER_PERMISSIONS,
  feature: 'fahrzeug',
};
const FLEET: RouteAccess = { kind: 'section', section: '/admin/fahrzeuge', feature: 'fahrzeug' };
const APPROVER: RouteAccess = { kind: 'permission', permission: 'fahrzeug_freigabe_von_sonderfahrten', feature: 'fahrzeug' };
const ROOMS: RouteAccess = { kind: 'section', section: '/admin/raeume' };
const OPENING_HOURS: RouteAccess = { kind: 'sectionOrPermission', section: '/admin/raeume', permission: 'oeffnungszeiten_pflege' };
const USERS: RouteAccess = { kind: 'section', section: '/admin/benutzer' };
const OFFICE_UTILISATION: RouteAccess = { kind: 'section', section: '/admin/bueroauslastung', feature: ['leseraum', 'arbeitswelt'] };
const VEHICLE_EVALUATION: RouteAccess = { kind: 'section', section: '/admin/auswertung', feature: 'fahrzeug' };
const LOGBOOK_FLEET: RouteAccess = {
  kind: 'anyPermission',
  permissions: ['fahrzeug_logbuch_report', 'fahrzeug_pflege'],
  feature: 'fahrzeug',
};
const LOGBOOK_REPORT: RouteAccess = { kind: 'permission', permission: 'fahrzeug_logbuch_report', feature: 'fahrzeug' };
const CARE: RouteAccess = { kind: 'permission', permission: 'fahrzeug_pflege', feature: 'fahrzeug' };
/** Damages are reported by whoever drives or hands over a vehicle (vehicle-care care-access assertMayReport). */
const DAMAGE_REPORTERS: RouteAccess = {
  kind: 'anyPermission',
  permissions: ['fahrzeug_buchen', 'fahrzeug_fremdbuchung', 'fahrzeug_pflege', 'fahrzeug_gastbuchung'],
  feature: 'fahrzeug',
};
const LOCKERS: RouteAccess = { kind: 'signedIn', feature: 'arbeitswelt' };
const EXAMINER: RouteAccess = { kind: 'permission', permission: 'fahrzeug_fuehrerscheinpruefung', feature: 'fahrzeug' };
const RECEPTION: RouteAccess = { kind: 'permission', permission: 'fahrzeug_gastbuchung', feature: 'fahrzeug' };

/**
 * Declarations of the routes that do not carry their own `config.access`.
 * New routes declare access in their route options; a route with neither
 * fails the authorization matrix test.
 */
export const DECLARED_ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  // Not a person's route: the metrics check their own token or loopback caller (decision 066).
  'GET /api/metrics': PUBLIC,
  'GET /api/tenant': PUBLIC,
  'GET /api/tenant/manifest.webmanifest': PUBLIC,
  'GET /api/tenant/icon.svg': PUBLIC,
  'GET /api/kiosk/:token': PUBLIC,
  'GET /api/kiosk/:token/image': PUBLIC,
  'GET /api/kiosk/:token/events': PUBLIC,
  'POST /api/session/login': PUBLIC,
  'POST /api/session/logout': PUBLIC,
  'POST /api/session/password/forgot': PUBLIC,
  'POST /api/session/password/reset': PUBLIC,
  'POST /api/session/email/confirm': PUBLIC,
  'POST /api/session/login/code': PUBLIC,
  'POST /api/session/email-code/request': PUBLIC,
  'POST /api/session/email-code/login': PUBLIC,
  'GET /api/session/security': SIGNED_IN,
  'DELETE /api/session/sessions/:id': SIGNED_IN,
  'POST /api/session/two-factor/enrol': SIGNED_IN,
  'POST /api/session/two-factor/confirm': SIGNED_IN,
  'POST /api/session/two-factor/disable': SIGNED_IN,
  'POST /api/session/two-factor/recovery-codes': SIGNED_IN,
  'GET /api/session/me': SIGNED_IN,
  'POST /api/session/password/change': SIGNED_IN,
  'POST /api/session/email/send-confirmation': SIGNED_IN,
  'PATCH /api/session/profile': SIGNED_IN,
  'PUT /api/session/locale': SIGNED_IN,
  'GET /api/events': SIGNED_IN,
  // calendar subscription: the feed itself is found by its secret token within the host's tenant (decision 090)
  'GET /api/calendar/feed': SIGNED_IN,
  'POST /api/calendar/feed': SIGNED_IN,
  'DELETE /api/calendar/feed': SIGNED_IN,
  'GET /api/calendar/:token/buchbar.ics': PUBLIC,
  // absence: for oneself; for someone else the service asks for fleet or user maintenance (decision 092)
  'POST /api/absence/preview': SIGNED_IN,
  'POST /api/absence': SIGNED_IN,
  'GET /api/settings': SIGNED_IN,
  'PUT /api/settings/:name': SIGNED_IN,
  'DELETE /api/settings/:name': SIGNED_IN,
  'GET /api/admin/settings': { kind: 'section', section: '/admin/einstellungen' },
  'GET /api/users': USERS,
  'PATCH /api/users/:id': USERS,
  'POST /api/users/:id/invitation': USERS,
  // reading rooms and workplaces
  'GET /api/reading-rooms/bootstrap': PLACES,
  'GET /api/reading-rooms/floor-plans/:id/map': PLACES,
  'GET /api/reading-rooms/floor-plans/:id/image': PLACES,
  'GET /api/reading-rooms/people': PLACES,
  'PUT /api/reading-rooms/favourites': PLACES,
  'POST /api/reading-rooms/objects/:id/check-in': PLACES,
  'POST /api/reading-room-bookings': PLACES,
  'GET /api/reading-room-bookings/mine': PLACES,
  'POST /api/reading-room-bookings/:id/cancel': PLACES,
  'POST /api/reading-room-bookings/:id/confirm': PLACES,
  'POST /api/reading-room-bookings/:id/check-in': PLACES,
  'POST /api/reading-room-bookings/:id/cancel-series': PLACES,
  'POST /api/reading-room-series/preview': PLACES,
  'POST /api/reading-room-series': PLACES,
  'GET /api/admin/reading-rooms/locations': ROOMS,
  'GET /api/admin/reading-rooms/floor-plans': ROOMS,
  'POST /api/admin/reading-rooms/floor-plans': ROOMS,
  'PATCH /api/admin/reading-rooms/floor-plans/:id': ROOMS,
  'PUT /api/admin/reading-rooms/floor-plans/:id/image': ROOMS,
  'GET /api/admin/reading-rooms/floor-plans/:id/objects': ROOMS,
  'PUT /api/admin/reading-rooms/floor-plans/:id/positions': ROOMS,
  'POST /api/admin/reading-rooms/objects': ROOMS,
  'PATCH /api/admin/reading-rooms/objects/:id': ROOMS,
  'GET /api/admin/reading-rooms/objects/:id/removal-preview': ROOMS,
  'PUT /api/admin/reading-rooms/objects/:id/active': ROOMS,
  'DELETE /api/admin/reading-rooms/objects/:id': ROOMS,
  'GET /api/admin/reading-rooms/floor-plans/:id/removal-preview': ROOMS,
  'PUT /api/admin/reading-rooms/floor-plans/:id/active': ROOMS,
  'DELETE /api/admin/reading-rooms/floor-plans/:id': ROOMS,
  'GET /api/admin/equipment': ROOMS,
  'POST /api/admin/equipment': ROOMS,
  'PATCH /api/admin/equipment/:id': ROOMS,
  'DELETE /api/admin/equipment/:id': ROOMS,
  'GET /api/admin/reading-rooms/floor-plans/:id/opening-hours': OPENING_HOURS,
  'PUT /api/admin/reading-rooms/floor-plans/:id/opening-hours': OPENING_HOURS,
  'POST /api/admin/reading-rooms/floor-plans/:id/deviating-opening-hours': OPENING_HOURS,
  'PATCH /api/admin/reading-rooms/deviating-opening-hours/:id': OPENING_HOURS,
  'DELETE /api/admin/reading-rooms/deviating-opening-hours/:id': OPENING_HOURS,
  'GET /api/admin/kiosk-links': ROOMS,
  'POST /api/admin/kiosk-links': ROOMS,
  'DELETE /api/admin/kiosk-links/:id': ROOMS,
  // vehicles
  'GET /api/vehicle-locations': VEHICLE_VIEWERS,
  'GET /api/vehicle-attributes': VEHICLE_VIEWERS,
  'GET /api/vehicles': VEHICLE_VIEWERS,
  'GET /api/vehicles/timeline': VEHICLE_VIEWERS,
  'GET /api/vehicles/:id': VEHICLE_VIEWERS,
  'GET /api/vehicles/:id/image': VEHICLES,
  'GET /api/vehicles/:id/availability': VEHICLE_VIEWERS,
  'GET /api/vehicles/:id/booking-limits': VEHICLE_VIEWERS,
  'GET /api/vehicles/:id/history': FLEET,
  'POST /api/admin/vehicle-attributes': FLEET,
  'PUT /api/admin/vehicle-attributes/:id': FLEET,
  'GET /api/admin/vehicle-departments': FLEET,
  'POST /api/admin/vehicles': FLEET,
  'PUT /api/admin/vehicles/:id': FLEET,
  'DELETE /api/admin/vehicles/:id': FLEET,
  'PUT /api/admin/vehicles/:id/booking-times': FLEET,
  'PUT /api/admin/vehicles/booking-times': FLEET,
  'PUT /api/admin/vehicles/:id/attributes': FLEET,
  'POST /api/admin/vehicles/:id/image': FLEET,
  'POST /api/admin/vehicles/:id/blocks': FLEET,
  'GET /api/vehicle-bookings/possible-bookers': VEHICLES,
  'GET /api/vehicle-bookings/mine': VEHICLES,
  'POST /api/vehicle-bookings': VEHICLES,
  'GET /api/vehicle-bookings/:id': VEHICLES,
  'PATCH /api/vehicle-bookings/:id': VEHICLES,
  'POST /api/vehicle-bookings/:id/cancel': VEHICLES,
  'POST /api/vehicle-bookings/:id/cancel-series': VEHICLES,
  'POST /api/vehicle-series/preview': VEHICLES,
  'POST /api/vehicle-series': VEHICLES,
  'POST /api/vehicle-bookings/:id/check-in': VEHICLES,
  'POST /api/vehicle-bookings/:id/check-out': VEHICLES,
  'POST /api/vehicle-bookings/:id/receipts': VEHICLES,
  'GET /api/vehicle-approvals': APPROVER,
  'POST /api/vehicle-approvals/:id/approve': APPROVER,
  'POST /api/vehicle-approvals/:id/reject': APPROVER,
  // logbook: drivers see their own trips, fleet staff all of them and explain gaps, report holders export
  'GET /api/logbook': VEHICLES,
  'POST /api/logbook/:id/corrections': VEHICLES,
  'POST /api/vehicles/:id/logbook/gaps': LOGBOOK_FLEET,
  'GET /api/logbook/export.xlsx': LOGBOOK_REPORT,
  'GET /api/logbook/export.pdf': LOGBOOK_REPORT,
  'GET /api/logbook/trip-kinds': VEHICLES,
  'POST /api/logbook/reports': LOGBOOK_REPORT,
  'GET /api/logbook/report-settings': LOGBOOK_REPORT,
  'POST /api/logbook/exports': LOGBOOK_REPORT,
  'GET /api/logbook/exports': LOGBOOK_REPORT,
  'GET /api/logbook/exports/:id': LOGBOOK_REPORT,
  'GET /api/logbook/exports/:id/file': LOGBOOK_REPORT,
  // vehicle care: service booklet for fleet and report holders, damages seen by all viewers, maintained by the fleet
  'GET /api/vehicle-care': VEHICLE_VIEWERS,
  'GET /api/vehicles/:id/service-entries': LOGBOOK_FLEET,
  'POST /api/vehicles/:id/service-entries': CARE,
  'PUT /api/vehicles/:id/service-entries/:entryId': CARE,
  'GET /api/vehicles/:id/service-entries/:entryId/receipts/:n': LOGBOOK_FLEET,
  'POST /api/vehicles/:id/care-files': DAMAGE_REPORTERS,
  'GET /api/vehicles/:id/damages': VEHICLE_VIEWERS,
  'POST /api/vehicles/:id/damages': DAMAGE_REPORTERS,
  'POST /api/vehicles/:id/damages/:damageId/status': CARE,
  'POST /api/vehicles/:id/damages/:damageId/block': CARE,
  'GET /api/vehicles/:id/damages/:damageId/photos/:n': VEHICLE_VIEWERS,
  // evaluation and office utilisation
  'GET /api/admin/evaluation/office': OFFICE_UTILISATION,
  'GET /api/admin/evaluation/office/export': OFFICE_UTILISATION,
  'GET /api/admin/evaluation/vehicles': VEHICLE_EVALUATION,
  'GET /api/admin/evaluation/vehicles/export': VEHICLE_EVALUATION,
  'GET /api/admin/evaluation/vehicles/months': VEHICLE_EVALUATION,
  // lockers: people with a desk day on /officelocker, room admins place them
  'GET /api/lockers': LOCKERS,
  'POST /api/lockers/assignments': LOCKERS,
  'DELETE /api/lockers/assignments/:id': LOCKERS,
  'GET /api/admin/lockers': ROOMS,
  'POST /api/admin/lockers': ROOMS,
  'PATCH /api/admin/lockers/:id': ROOMS,
  // driving licences: examiners, and everyone's own record
  'GET /api/driving-licences': EXAMINER,
  'GET /api/team/settings': SIGNED_IN,
  'PUT /api/team/settings': SIGNED_IN,
  'GET /api/team/people': SIGNED_IN,
  'GET /api/team/day': SIGNED_IN,
  'POST /api/me/data-exports': SIGNED_IN,
  'GET /api/me/data-exports': SIGNED_IN,
  'GET /api/me/data-exports/:id': SIGNED_IN,
  'GET /api/me/data-exports/:id/file': SIGNED_IN,
  'GET /api/driving-licences/due-count': EXAMINER,
  'GET /api/driving-licences/guests': EXAMINER,
  'POST /api/guest-bookings/:bookingId/licence-checks': RECEPTION,
  'GET /api/driving-licences/me': VEHICLES,
  'GET /api/driving-licences/:userId/checks': EXAMINER,
  'POST /api/driving-licences/:userId/checks': EXAMINER,
  'POST /api/driving-licences/checks/:checkId/scan': EXAMINER,
  'GET /api/driving-licences/checks/:checkId/scan': EXAMINER,
  'DELETE /api/driving-licences/checks/:checkId/scan': EXAMINER,
  // guests: the reception books, the guest's link and the public rental need no account
  'POST /api/guest-bookings': RECEPTION,
  'GET /api/guest-bookings': RECEPTION,
  'GET /api/guest-bookings/day': RECEPTION,
  'GET /api/guest-bookings/vehicles': RECEPTION,
  'POST /api/pub/guest-booking': PUBLIC,
  'POST /api/pub/guest-booking/cancel': PUBLIC,
  'POST /api/pub/guest-booking/confirm': PUBLIC,
  'GET /api/public/rental': PUBLIC,
  'GET /api/public/rental/bikes': PUBLIC,
  'GET /api/public/rental/bikes/:key/image': PUBLIC,
  'POST /api/public/rental/requests': PUBLIC,
  'POST /api/public/rental/requests/confirm': PUBLIC,
};

export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

/** Only the JSON API is guarded by declarations; the SPA and the API documentation are public pages. */
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** The error a refusal becomes; the feature texts and statuses are the ones the vehicle and reading-room services use. */
export function refusalError(refusal: AccessRefusal): AppError {
  if (refusal.code === 'unauthenticated') return new AppError('unauthenticated', 'Bitte melden Sie sich an.', 401);
  if (refusal.code === 'feature_disabled') {
    return refusal.feature === 'fahrzeug'
      ? new AppError('feature_disabled', FEATURE_DENIALS.fahrzeug, 404)
      : new AppError('feature_disabled', FEATURE_DENIALS.other, 403);
  }
  return new AppError('forbidden', refusal.denial, 403, { denial: refusal.denial });
}

/**
 * Attaches each API route's declared access to its options (own `config.access`
 * first, else the table above) and enforces it before body parsing, so a
 * refused caller learns nothing from validation messages. Register before the
 * routes and after tenant resolution.
 */
export function registerRouteAccess(app: FastifyInstance, deps: Deps): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method as HTTPMethods | HTTPMethods[]);
    if (!isApi(route.url)) return;
    for (const method of methods) {
      const key = `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
      const access = route.config?.access ?? DECLARED_ROUTE_ACCESS[key];
      if (access) route.config = { ...route.config, access };
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    const user = access.kind === 'operator' ? null : await currentUser(deps, req);
    const caller: Caller = {
      signedIn: user !== null,
      operator: false,
      permissions: user?.permissions ?? new Set(),
      features: new Set(user?.tenant.features ?? []),
    };
    const result = checkAccess(access, caller);
    if (!result.allowed) throw refusalError(result.refusal);
  });
}
