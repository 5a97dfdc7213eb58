import {
  ADMIN_PERMISSIONS,
  ADMIN_ROUTE_RULES,
  guardRoute,
  normalisePath,
  type AdminRouteRule,
  type Permission,
} from './permissions';

/**
 * The header menu (SPEC §2), shared by the server (which entries to send) and
 * the web (which to render). Keys are i18n keys, not labels.
 */

export type Feature = 'fahrzeug' | 'leseraum' | 'arbeitswelt' | 'gastbuchung';

export interface MenuEntry {
  key: string;
  path: string;
  permission?: Permission;
  anyOf?: readonly Permission[];
  /** Shown when this feature, or any of these features, is switched on. */
  feature?: Feature | readonly Feature[];
  section: 'main' | 'admin';
}

function ruleFor(path: string): AdminRouteRule {
  const rule = ADMIN_ROUTE_RULES.find((r) => r.path === path);
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

export const MENU: readonly MenuEntry[] = [
  { key: 'vehicles', path: '/fahrzeuge', permission: 'fahrzeug_buchen', feature: 'fahrzeug', section: 'main' },
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
  { key: 'readingRoom', path: '/leseraum/karte', feature: 'leseraum', section: 'main' },
  { key: 'workplaces', path: '/arbeitswelt/karte', feature: 'arbeitswelt', section: 'main' },
  { key: 'admin', path: '/admin', anyOf: ADMIN_PERMISSIONS, section: 'main' },
  adminEntry('users', '/admin/benutzer'),
  adminEntry('roles', '/admin/rollen'),
  adminEntry('groups', '/admin/gruppen'),
  adminEntry('locations', '/admin/lokationen'),
  adminEntry('vehiclesAdmin', '/admin/fahrzeuge', 'fahrzeug'),
  // Rooms and floor plans serve reading rooms and office workplaces alike.
  adminEntry('rooms', '/admin/raeume', ['leseraum', 'arbeitswelt']),
  adminEntry('settings', '/admin/einstellungen'),
  adminEntry('clients', '/admin/mandanten'),
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
 * Paths a start-page setting may name, with the feature each needs. Admin
 * screens are left out: startPath does not know the user's permissions, and a
 * start page that the guard refuses would greet the user with 'no admin'.
 */
const START_PAGES: ReadonlyMap<string, Feature> = new Map<string, Feature>([
  ['/fahrzeuge', 'fahrzeug'],
  ['/fahrzeuge/uebersicht', 'fahrzeug'],
  ['/fahrzeuge/freigaben', 'fahrzeug'],
  ['/fahrzeuge/fuehrerschein', 'fahrzeug'],
  ['/leseraum/karte', 'leseraum'],
  ['/leseraum/liste', 'leseraum'],
  ['/arbeitswelt/karte', 'arbeitswelt'],
  ['/arbeitswelt/liste', 'arbeitswelt'],
]);

// SPEC §2: these two routes only redirect to their map.
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['/leseraum', '/leseraum/karte'],
  ['/arbeitswelt', '/arbeitswelt/karte'],
]);

/**
 * SPEC §2: vehicles when that feature is on, else the reading-room map. A
 * start-page setting wins only if it names a known page whose feature is on,
 * so a stale setting never sends anyone to a switched-off feature.
 */
export function startPath(features: ReadonlySet<string>, startPageSetting?: string | null): string {
  if (startPageSetting && startPageSetting.trim() !== '') {
    const normalised = normalisePath(startPageSetting.trim());
    const path = ALIASES.get(normalised) ?? normalised;
    const feature = START_PAGES.get(path);
    if (feature && features.has(feature)) return path;
  }
  return features.has('fahrzeug') ? '/fahrzeuge' : '/leseraum/karte';
}
