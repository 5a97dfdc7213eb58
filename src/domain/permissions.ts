/**
 * Permission rules shared by the server's route permissions, the web's route
 * guard and the header menu, so the three can never disagree.
 * Decisions behind the choices: docs/decisions/001-permission-names.md.
 */

export const PERMISSIONS = [
  'buchung_pflege',
  'benutzer_pflegen',
  'berechtigungs_pflege',
  'ausstattungs_pflege',
  'oeffnungszeiten_pflege',
  'objekt_pflege',
  'fahrzeug_pflege',
  'fahrzeug_freigabe_von_sonderfahrten',
  'fahrzeug_buchen',
  'fahrzeug_fremdbuchung',
  'fahrzeug_logbuch_report',
  'fahrzeug_gastbuchung',
  'customizing_mandant_pflege',
  'fahrzeug_fuehrerscheinpruefung',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  buchung_pflege: 'Buchungen anderer Personen einsehen und bearbeiten',
  benutzer_pflegen: 'Benutzer anlegen, bearbeiten und deaktivieren',
  berechtigungs_pflege: 'Rollen, Gruppen und Berechtigungen verwalten',
  ausstattungs_pflege: 'Räume, Plätze und deren Ausstattung verwalten',
  oeffnungszeiten_pflege: 'Öffnungszeiten und abweichende Öffnungszeiten pflegen',
  objekt_pflege: 'Lokationen, Grundrisse und Objekte pflegen',
  fahrzeug_pflege: 'Fahrzeuge anlegen, bearbeiten und deaktivieren (Fuhrparkleitung)',
  fahrzeug_freigabe_von_sonderfahrten: 'Sonderfahrten freigeben oder ablehnen',
  fahrzeug_buchen: 'Fahrzeuge für sich selbst buchen',
  fahrzeug_fremdbuchung: 'Fahrzeuge für andere buchungsberechtigte Personen buchen',
  fahrzeug_logbuch_report: 'Fahrtenbuch-Berichte erhalten und exportieren',
  fahrzeug_gastbuchung: 'Gastbuchungen von Fahrzeugen anlegen und verwalten',
  customizing_mandant_pflege: 'Einstellungen des Mandanten pflegen',
  fahrzeug_fuehrerscheinpruefung: 'Führerscheine prüfen und Prüfungen erfassen',
};

const KNOWN = new Set<string>(PERMISSIONS);

export function isPermission(name: string): name is Permission {
  return KNOWN.has(name);
}

export interface PermissionGrant {
  name: string;
  value: string;
}

export interface PermissionSources {
  direct: PermissionGrant[];
  roles: { permissions: PermissionGrant[] }[];
  groups: { roles: { permissions: PermissionGrant[] }[] }[];
}

/**
 * A grant counts only when its value is exactly the text 'true': the stored
 * value is free text, and anything looser ('TRUE', ' true', '1') would let a
 * typo in the admin UI hand out rights. A 'false' on one path does not revoke
 * a 'true' on another, because any path may grant (docs/product.md#permissions).
 */
export function resolvePermissions(src: PermissionSources): Set<Permission> {
  const granted = new Set<Permission>();
  const take = (grants: readonly PermissionGrant[]): void => {
    for (const g of grants) if (g.value === 'true' && isPermission(g.name)) granted.add(g.name);
  };
  take(src.direct);
  for (const role of src.roles) take(role.permissions);
  for (const group of src.groups) for (const role of group.roles) take(role.permissions);
  return granted;
}

/** The maintenance permissions of docs/product.md#permissions; any one opens the admin area. */
export const ADMIN_PERMISSIONS: readonly Permission[] = [
  'oeffnungszeiten_pflege',
  'benutzer_pflegen',
  'berechtigungs_pflege',
  'ausstattungs_pflege',
  'objekt_pflege',
  'fahrzeug_pflege',
  'customizing_mandant_pflege',
];

export function hasAdminAccess(perms: ReadonlySet<string>): boolean {
  return ADMIN_PERMISSIONS.some((p) => perms.has(p));
}

/** Who sees the pool vehicles (/fahrzeuge and its API): bookers, dispatchers, fleet managers and approvers. */
export const VEHICLE_VIEWER_PERMISSIONS = [
  'fahrzeug_buchen',
  'fahrzeug_fremdbuchung',
  'fahrzeug_pflege',
  'fahrzeug_freigabe_von_sonderfahrten',
] as const satisfies readonly [Permission, ...Permission[]];
export const VEHICLE_VIEWER_DENIAL = 'no fahrzeug_buchen';

export function mayViewVehicles(perms: ReadonlySet<string>): boolean {
  return VEHICLE_VIEWER_PERMISSIONS.some((p) => perms.has(p));
}

export type GuardResult = { allowed: true } | { allowed: false; denial: string };

/**
 * One rule per admin area. `anyOf` is a list of alternatives, each a set of
 * permissions that must all be held; the rule passes when one alternative does.
 */
export interface AdminRouteRule {
  /** Canonical route of the area. */
  path: string;
  /** Text whose presence in a normalised path puts it under this rule. */
  match: string;
  anyOf: readonly (readonly Permission[])[];
  denial: (perms: ReadonlySet<string>) => string;
}

export const GENERAL_ADMIN_DENIAL = 'no admin';

export const ADMIN_ROUTE_RULES: readonly AdminRouteRule[] = [
  {
    path: '/admin/einstellungen',
    match: 'admin/einstellungen',
    anyOf: [['ausstattungs_pflege', 'objekt_pflege'], ['customizing_mandant_pflege'], ['fahrzeug_pflege']],
    denial: (perms) => (perms.has('ausstattungs_pflege') ? 'no objektPflege' : 'no ausstattung'),
  },
  { path: '/admin/raeume', match: 'admin/raeume', anyOf: [['ausstattungs_pflege']], denial: () => 'no ausstattung' },
  { path: '/admin/rollen', match: 'admin/rollen', anyOf: [['berechtigungs_pflege']], denial: () => 'no rolle/gruppe' },
  { path: '/admin/gruppen', match: 'admin/gruppen', anyOf: [['berechtigungs_pflege']], denial: () => 'no rolle/gruppe' },
  { path: '/admin/benutzer', match: 'admin/benutzer', anyOf: [['benutzer_pflegen']], denial: () => 'no benutzer' },
  { path: '/admin/lokationen', match: 'admin/lokationen', anyOf: [['objekt_pflege']], denial: () => 'no objektPflege' },
  { path: '/admin/fahrzeuge', match: 'admin/fahrzeuge', anyOf: [['fahrzeug_pflege']], denial: () => 'no fahrzeugPflege' },
  { path: '/admin/mandanten', match: 'admin/mandanten', anyOf: [['customizing_mandant_pflege']], denial: () => 'no mandant' },
  // Evaluation screens (decision 060): office figures for room and plan carers, vehicle figures for the fleet management.
  {
    path: '/admin/bueroauslastung',
    match: 'admin/bueroauslastung',
    anyOf: [['ausstattungs_pflege'], ['objekt_pflege']],
    denial: () => 'no ausstattung',
  },
  { path: '/admin/auswertung', match: 'admin/auswertung', anyOf: [['fahrzeug_pflege']], denial: () => 'no fahrzeugPflege' },
  // Audit trail and logging table: every admin reads them (the same rule as their API, section /admin).
  { path: '/admin/protokoll', match: 'admin/protokoll', anyOf: ADMIN_PERMISSIONS.map((p) => [p]), denial: () => GENERAL_ADMIN_DENIAL },
];

export function rulePasses(rule: AdminRouteRule, perms: ReadonlySet<string>): boolean {
  return rule.anyOf.some((all) => all.every((p) => perms.has(p)));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Canonical form for matching: no query or fragment, percent-decoded, lower
 * case, single slashes, one leading slash and no trailing slash. Lower case
 * and decoding because the router matches case-insensitively and decodes, so
 * '/Admin/%62enutzer' reaches the same screen and must meet the same guard.
 */
export function normalisePath(path: string): string {
  const cut = path.search(/[?#]/);
  const bare = cut === -1 ? path : path.slice(0, cut);
  const segments = safeDecode(bare)
    .toLowerCase()
    .split(/[/\\]+/)
    .filter((s) => s !== '');
  return `/${segments.join('/')}`;
}

/**
 * The route guard (docs/product.md#route-guard). Any path containing admin is an admin path, so matching
 * is by substring: it can only guard more paths, never fewer. Every area rule
 * the path matches must pass; the first failing one, in the order of the rules,
 * names the denial.
 */
export function guardRoute(path: string, perms: ReadonlySet<string>): GuardResult {
  const normalised = normalisePath(path);
  if (!normalised.includes('admin')) return { allowed: true };
  if (!hasAdminAccess(perms)) return { allowed: false, denial: GENERAL_ADMIN_DENIAL };
  for (const rule of ADMIN_ROUTE_RULES) {
    if (normalised.includes(rule.match) && !rulePasses(rule, perms)) {
      return { allowed: false, denial: rule.denial(perms) };
    }
  }
  return { allowed: true };
}

/**
 * Booking for others (docs/product.md#booking-for-others): every booking is for someone holding fahrzeug_buchen.
 * Booking for oneself needs fahrzeug_buchen; booking for another person needs
 * fahrzeug_fremdbuchung, which is enough on its own (a dispatcher need not
 * drive), but never for a target who may not book.
 */
export function canBookFor(actor: { id: string; perms: ReadonlySet<string> }, target: { id: string; perms: ReadonlySet<string> }): boolean {
  if (!target.perms.has('fahrzeug_buchen')) return false;
  if (actor.id === target.id) return actor.perms.has('fahrzeug_buchen');
  return actor.perms.has('fahrzeug_fremdbuchung');
}
