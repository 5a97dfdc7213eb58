import {
  ADMIN_PERMISSIONS,
  ADMIN_ROUTE_RULES,
  type AdminRouteRule,
  type GuardResult,
  guardRoute,
  normalisePath,
  type Permission,
  VEHICLE_VIEWER_DENIAL,
  VEHICLE_VIEWER_PERMISSIONS,
} from './permissions';

/**
 * The header menu (docs/product.md#header-menu), shared by the server (which entries to send) and
 * the web (which to render). Keys are i18n keys, not labels.
 */

export type Feature = 'fahrzeug' | 'leseraum' | 'arbeitswelt' | 'gastbuchung' | typeof LOCKER_FEATURE;

/**
 * A feature no operator switches on: the server derives it for the signed-in
 * person (decision 201). Lockers are part of the workplace feature, but a
 * tenant has them only where a room admin has placed them: the menu offers
 * /officelocker where an active locker stands on an active office floor plan,
 * and to the room admins, who place the first one there.
 */
export const LOCKER_FEATURE = 'spinde';

/** The person's features: the tenant's switched-on ones and those derived from its data. */
export function personFeatures(tenantFeatures: readonly string[], perms: ReadonlySet<string>, facts: { activeLockers: boolean }): string[] {
  const lockers = tenantFeatures.includes('arbeitswelt') && (facts.activeLockers || guardRoute('/admin/raeume', perms).allowed);
  return [...tenantFeatures.filter((f) => f !== LOCKER_FEATURE), ...(lockers ? [LOCKER_FEATURE] : [])];
}

export interface MenuEntry {
  key: string;
  path: string;
  permission?: Permission;
  anyOf?: readonly Permission[];
  /** Shown when this feature, or any of these features, is switched on. */
  feature?: Feature | readonly Feature[];
  section: 'main' | 'admin';
  /** The refusal of the page for a person without its permission, where it is not `no {permission}`. */
  denial?: string;
}

/** Refusals of a page whose feature the tenant has not switched on: the API's texts for the same case. */
export const FEATURE_DENIALS = {
  fahrzeug: 'Die Fahrzeugbuchung ist für Ihre Organisation nicht freigeschaltet.',
  other: 'Diese Funktion ist für Ihre Organisation nicht eingeschaltet.',
} as const;

function ruleFor(path: string): AdminRouteRule {
  const bare = normalisePath(path);
  const rule = ADMIN_ROUTE_RULES.find((r) => r.path === bare);
  if (!rule) throw new Error(`no admin route rule for ${path}`);
  return rule;
}

/**
 * The admin entries take their permission from the route guard's rule, so a
 * menu entry can never promise a screen the guard refuses. Where the rule has
 * alternatives, `anyOf` lists every permission that takes part: it is a
 * necessary condition for display, and visibleMenu asks the guard for the rest.
 */
function adminEntry(key: string, path: string, feature?: Feature | readonly Feature[]): MenuEntry {
  const { anyOf } = ruleFor(path);
  const single = anyOf.length === 1 && anyOf[0]?.length === 1 ? anyOf[0][0] : undefined;
  const entry: MenuEntry = single
    ? { key, path, permission: single, section: 'admin' }
    : { key, path, anyOf: [...new Set(anyOf.flat())], section: 'admin' };
  return feature ? { ...entry, feature } : entry;
}

/**
 * Only pages that exist are listed (a test checks every path against
 * src/web/routes): a new screen is its route file plus its line here.
 */
export const MENU: readonly MenuEntry[] = [
  // Everyone who sees the vehicles sees the screen (decision 157): bookers, dispatchers, the fleet, approvers.
  {
    key: 'vehicles',
    path: '/fahrzeuge',
    anyOf: VEHICLE_VIEWER_PERMISSIONS,
    denial: VEHICLE_VIEWER_DENIAL,
    feature: 'fahrzeug',
    section: 'main',
  },
  {
    key: 'overview',
    path: '/fahrzeuge/uebersicht',
    permission: 'fahrzeug_buchen',
    feature: 'fahrzeug',
    section: 'main',
  },
  {
    key: 'approvals',
    path: '/fahrzeuge/freigaben',
    permission: 'fahrzeug_freigabe_von_sonderfahrten',
    feature: 'fahrzeug',
    section: 'main',
  },
  {
    key: 'licences',
    path: '/fahrzeuge/fuehrerschein',
    permission: 'fahrzeug_fuehrerscheinpruefung',
    feature: 'fahrzeug',
    section: 'main',
  },
  // Drivers confirm their instruction, the fleet keeps the material and the list (docs/product.md#driver-instruction).
  {
    key: 'instruction',
    path: '/fahrzeuge/unterweisung',
    anyOf: ['fahrzeug_buchen', 'fahrzeug_pflege'],
    feature: 'fahrzeug',
    section: 'main',
  },
  { key: 'readingRoom', path: '/leseraum/karte', feature: 'leseraum', section: 'main' },
  { key: 'workplaces', path: '/arbeitswelt/karte', feature: 'arbeitswelt', section: 'main' },
  // Everyone who books desks may take a locker for a day with a desk booking (decision 062).
  { key: 'lockers', path: '/officelocker', feature: LOCKER_FEATURE, section: 'main' },
  { key: 'admin', path: '/admin', anyOf: ADMIN_PERMISSIONS, section: 'main' },
  adminEntry('users', '/admin/benutzer'),
  adminEntry('roles', '/admin/rollen'),
  adminEntry('groups', '/admin/gruppen'),
  adminEntry('locations', '/admin/lokationen'),
  adminEntry('vehiclesAdmin', '/admin/fahrzeuge', 'fahrzeug'),
  // Rooms and floor plans serve reading rooms and office workplaces alike.
  adminEntry('rooms', '/admin/raeume', ['leseraum', 'arbeitswelt']),
  // The header labels Equipment and Extra opening hours open their tabs of the rooms screen (docs/product.md#header-menu).
  adminEntry('equipment', '/admin/raeume?tab=ausstattung', ['leseraum', 'arbeitswelt']),
  adminEntry('extraOpeningHours', '/admin/raeume?tab=oeffnungszeiten', ['leseraum', 'arbeitswelt']),
  adminEntry('officeUtilisation', '/admin/bueroauslastung', ['leseraum', 'arbeitswelt']),
  adminEntry('evaluation', '/admin/auswertung', 'fahrzeug'),
  adminEntry('settings', '/admin/einstellungen'),
  adminEntry('clients', '/admin/mandanten'),
  adminEntry('trails', '/admin/protokoll'),
];

function entryVisible(entry: MenuEntry, perms: ReadonlySet<string>, features: ReadonlySet<string>): boolean {
  const needs = typeof entry.feature === 'string' ? [entry.feature] : entry.feature;
  if (needs && !needs.some((f) => features.has(f))) return false;
  if (entry.permission && !perms.has(entry.permission)) return false;
  if (entry.anyOf && !entry.anyOf.some((p) => perms.has(p))) return false;
  return guardRoute(entry.path, perms).allowed;
}

/** Entries the user may open, in menu order. */
export function visibleMenu(perms: ReadonlySet<string>, features: ReadonlySet<string>): MenuEntry[] {
  return MENU.filter((entry) => entryVisible(entry, perms, features));
}

/**
 * Pages a start-page setting may name besides the menu entries: the list
 * views of the booking areas, which need what their map entry needs.
 */
const LIST_VIEWS: ReadonlyMap<string, string> = new Map([
  ['/leseraum/liste', '/leseraum/karte'],
  ['/arbeitswelt/liste', '/arbeitswelt/karte'],
]);

// These two routes only redirect to their map (docs/product.md#screens).
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['/leseraum', '/leseraum/karte'],
  ['/arbeitswelt', '/arbeitswelt/karte'],
]);

/**
 * The client's route guard for every page of docs/product.md#screens (decision 157): a page
 * opens exactly when its menu entry is shown. Admin paths are refused with
 * the docs/product.md#route-guard texts of guardRoute; other pages with `no {permission}`, or, when
 * the tenant has not switched the area on, with the API's text for that. Pages
 * without a menu entry of their own (a vehicle's detail) are left to their data.
 */
export function routeAccess(path: string, perms: ReadonlySet<string>, features: ReadonlySet<string>): GuardResult {
  const guard = guardRoute(path, perms);
  if (!guard.allowed) return guard;
  const normalised = normalisePath(path);
  const target = LIST_VIEWS.get(normalised) ?? ALIASES.get(normalised) ?? normalised;
  const entry = MENU.find((e) => normalisePath(e.path) === target);
  if (!entry || entryVisible(entry, perms, features)) return { allowed: true };
  const needs = typeof entry.feature === 'string' ? [entry.feature] : entry.feature;
  if (needs && !needs.some((f) => features.has(f))) {
    return { allowed: false, denial: needs.includes('fahrzeug') ? FEATURE_DENIALS.fahrzeug : FEATURE_DENIALS.other };
  }
  return { allowed: false, denial: entry.denial ?? `no ${entry.permission ?? entry.anyOf?.[0] ?? 'admin'}` };
}

/** What `/` shows when a person may open no page at all: a friendly note there instead of a redirect. */
export const NO_START_PAGE = '/';

/** Whether the person may open this page: its menu entry (or that of the map it lists) is visible to them. */
export function canOpen(path: string, perms: ReadonlySet<string>, features: ReadonlySet<string>): boolean {
  const normalised = normalisePath(path);
  const target = LIST_VIEWS.get(normalised) ?? ALIASES.get(normalised) ?? normalised;
  return visibleMenu(perms, features).some((entry) => entry.path === target);
}

/**
 * The page a person lands on after sign-in and on `/` (decision 038): the
 * start-page setting when it names a page the person may open, otherwise the
 * first menu entry they may open (docs/product.md#start-page: vehicles when that feature is on
 * and they may book, then the reading-room map, …). Nobody is ever sent to a
 * page whose data is refused to them; with no page at all the answer is
 * NO_START_PAGE.
 */
export function startPath(perms: ReadonlySet<string>, features: ReadonlySet<string>, startPageSetting?: string | null): string {
  if (startPageSetting && startPageSetting.trim() !== '') {
    const normalised = normalisePath(startPageSetting.trim());
    const path = ALIASES.get(normalised) ?? normalised;
    if (canOpen(path, perms, features)) return path;
  }
  return visibleMenu(perms, features).find((entry) => entry.section === 'main')?.path ?? NO_START_PAGE;
}
