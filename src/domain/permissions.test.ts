import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  ADMIN_ROUTE_RULES,
  canBookFor,
  guardRoute,
  hasAdminAccess,
  mayViewVehicles,
  normalisePath,
  PERMISSION_DESCRIPTIONS,
  PERMISSIONS,
  type Permission,
  type PermissionGrant,
  resolvePermissions,
  VEHICLE_VIEWER_PERMISSIONS,
} from './permissions';

const set = (...p: string[]): ReadonlySet<string> => new Set(p);
const ALL = set(...PERMISSIONS);
const NON_ADMIN = PERMISSIONS.filter((p) => !ADMIN_PERMISSIONS.includes(p));

const ADMIN_PATHS = [
  '/admin',
  '/admin/raeume',
  '/admin/rollen',
  '/admin/gruppen',
  '/admin/benutzer',
  '/admin/fahrzeuge',
  '/admin/mandanten',
  '/admin/lokationen',
  // Header labels Office utilisation and Evaluation (docs/product.md#header-menu) name these two screens.
  '/admin/bueroauslastung',
  '/admin/auswertung',
  '/admin/einstellungen',
  // Audit trail and logging table (issue: readable by every admin).
  '/admin/protokoll',
];
const OTHER_PATHS = [
  '/',
  '/login',
  '/fahrzeuge',
  '/fahrzeuge/freigaben',
  '/fahrzeuge/uebersicht',
  '/fahrzeuge/fuehrerschein',
  '/leseraum/karte',
  '/leseraum/liste',
  '/arbeitswelt/karte',
  '/kiosk',
  '/pub/fahrzeugbuchungstorno',
];

const denial = (path: string, perms: ReadonlySet<string>): string | null => {
  const r = guardRoute(path, perms);
  return r.allowed ? null : r.denial;
};

const permSet = fc.subarray([...PERMISSIONS]).map((p) => new Set<string>(p));
const anyPath = fc.oneof(
  fc.constantFrom(...ADMIN_PATHS, ...OTHER_PATHS),
  fc.tuple(fc.constantFrom(...ADMIN_PATHS), fc.constantFrom('', '/', '?x=1', '/neu', '#top')).map(([p, s]) => p + s),
  fc.webPath(),
);

describe('PERMISSIONS and their descriptions', () => {
  it('lists the fourteen names of docs/product.md#permissions in order', () => {
    expect(PERMISSIONS).toEqual([
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
    ]);
  });

  it('describes every permission in German and nothing else', () => {
    expect(Object.keys(PERMISSION_DESCRIPTIONS).sort()).toEqual([...PERMISSIONS].sort());
    for (const p of PERMISSIONS) expect(PERMISSION_DESCRIPTIONS[p].length).toBeGreaterThan(10);
    expect(PERMISSION_DESCRIPTIONS.fahrzeug_buchen).toBe('Fahrzeuge für sich selbst buchen');
  });
});

describe('resolvePermissions', () => {
  const grant = (name: string, value = 'true'): PermissionGrant => ({ name, value });

  it('collects grants from direct assignment, roles and group roles', () => {
    const perms = resolvePermissions({
      direct: [grant('fahrzeug_buchen')],
      roles: [{ permissions: [grant('benutzer_pflegen')] }],
      groups: [{ roles: [{ permissions: [grant('objekt_pflege')] }, { permissions: [grant('fahrzeug_pflege')] }] }],
    });
    expect([...perms].sort()).toEqual(['benutzer_pflegen', 'fahrzeug_buchen', 'fahrzeug_pflege', 'objekt_pflege']);
  });

  it("counts a grant only when its value is exactly 'true'", () => {
    const perms = resolvePermissions({
      direct: ['TRUE', ' true', 'true ', '1', 'yes', 'false', ''].map((v) => grant('fahrzeug_buchen', v)),
      roles: [{ permissions: [grant('benutzer_pflegen', 'True')] }],
      groups: [{ roles: [{ permissions: [grant('objekt_pflege', 'wahr')] }] }],
    });
    expect(perms.size).toBe(0);
  });

  it("does not let a 'false' on one path revoke a 'true' on another", () => {
    const perms = resolvePermissions({
      direct: [grant('fahrzeug_buchen', 'false')],
      roles: [{ permissions: [grant('fahrzeug_buchen')] }],
      groups: [],
    });
    expect([...perms]).toEqual(['fahrzeug_buchen']);
  });

  it('ignores unknown names', () => {
    const perms = resolvePermissions({
      direct: [grant('superuser'), grant('Fahrzeug_Buchen'), grant('fahrzeug_buchen')],
      roles: [],
      groups: [],
    });
    expect([...perms]).toEqual(['fahrzeug_buchen']);
  });

  it("never grants a permission that no path holds with the value 'true'", () => {
    const grantArb = fc.record({
      name: fc.oneof(fc.constantFrom(...PERMISSIONS), fc.string()),
      value: fc.oneof(fc.constantFrom('true', 'false', 'TRUE', '1', ' true'), fc.string()),
    });
    const grants = fc.array(grantArb, { maxLength: 6 });
    const sources = fc.record({
      direct: grants,
      roles: fc.array(fc.record({ permissions: grants }), { maxLength: 3 }),
      groups: fc.array(fc.record({ roles: fc.array(fc.record({ permissions: grants }), { maxLength: 3 }) }), {
        maxLength: 3,
      }),
    });
    fc.assert(
      fc.property(sources, (src) => {
        const all = [
          ...src.direct,
          ...src.roles.flatMap((r) => r.permissions),
          ...src.groups.flatMap((g) => g.roles.flatMap((r) => r.permissions)),
        ];
        const expected = new Set(
          all.filter((g) => g.value === 'true' && (PERMISSIONS as readonly string[]).includes(g.name)).map((g) => g.name),
        );
        expect([...resolvePermissions(src)].sort()).toEqual([...expected].sort());
      }),
    );
  });
});

describe('hasAdminAccess', () => {
  it('opens the admin area for each maintenance permission of docs/product.md#permissions', () => {
    expect([...ADMIN_PERMISSIONS].sort()).toEqual(
      [
        'ausstattungs_pflege',
        'benutzer_pflegen',
        'berechtigungs_pflege',
        'customizing_mandant_pflege',
        'fahrzeug_pflege',
        'objekt_pflege',
        'oeffnungszeiten_pflege',
      ].sort(),
    );
    for (const p of ADMIN_PERMISSIONS) expect(hasAdminAccess(set(p))).toBe(true);
  });

  it('keeps booking, approval and licence permissions out of the admin area', () => {
    expect(hasAdminAccess(set(...NON_ADMIN))).toBe(false);
    expect(hasAdminAccess(set())).toBe(false);
  });
});

describe('normalisePath', () => {
  it('strips query, fragment, repeated and trailing slashes and lower-cases', () => {
    expect(normalisePath('admin/benutzer/')).toBe('/admin/benutzer');
    expect(normalisePath('/admin/benutzer?tab=rollen#x')).toBe('/admin/benutzer');
    expect(normalisePath('//Admin//Benutzer//')).toBe('/admin/benutzer');
    expect(normalisePath('/admin/%62enutzer')).toBe('/admin/benutzer');
    expect(normalisePath('/%E0%A4%A')).toBe('/%e0%a4%a');
    expect(normalisePath('')).toBe('/');
    expect(normalisePath('?admin')).toBe('/');
  });
});

describe('guardRoute', () => {
  it("denies every admin path with 'no admin' to a user without a maintenance permission", () => {
    for (const path of ADMIN_PATHS) expect(denial(path, set('fahrzeug_buchen', 'buchung_pflege'))).toBe('no admin');
  });

  it('allows every path that does not mention admin, whatever the permissions', () => {
    for (const path of OTHER_PATHS) expect(guardRoute(path, set())).toEqual({ allowed: true });
  });

  it('guards each admin area with its permission and the exact denial text', () => {
    const admin = 'oeffnungszeiten_pflege';
    expect(denial('/admin', set(admin))).toBeNull();
    expect(denial('/admin/raeume', set(admin))).toBe('no ausstattung');
    expect(denial('/admin/raeume', set('ausstattungs_pflege'))).toBeNull();
    expect(denial('/admin/rollen', set(admin))).toBe('no rolle/gruppe');
    expect(denial('/admin/gruppen', set(admin))).toBe('no rolle/gruppe');
    expect(denial('/admin/rollen', set('berechtigungs_pflege'))).toBeNull();
    expect(denial('/admin/gruppen', set('berechtigungs_pflege'))).toBeNull();
    expect(denial('/admin/benutzer', set(admin))).toBe('no benutzer');
    expect(denial('/admin/benutzer', set('benutzer_pflegen'))).toBeNull();
    expect(denial('/admin/lokationen', set(admin))).toBe('no objektPflege');
    expect(denial('/admin/lokationen', set('objekt_pflege'))).toBeNull();
    expect(denial('/admin/fahrzeuge', set(admin))).toBe('no fahrzeugPflege');
    expect(denial('/admin/fahrzeuge', set('fahrzeug_pflege'))).toBeNull();
    expect(denial('/admin/mandanten', set(admin))).toBe('no mandant');
    expect(denial('/admin/mandanten', set('customizing_mandant_pflege'))).toBeNull();
    expect(denial('/admin/bueroauslastung', set(admin))).toBe('no ausstattung');
    expect(denial('/admin/bueroauslastung', set('ausstattungs_pflege'))).toBeNull();
    expect(denial('/admin/bueroauslastung', set('objekt_pflege'))).toBeNull();
    expect(denial('/admin/auswertung', set(admin))).toBe('no fahrzeugPflege');
    expect(denial('/admin/auswertung', set('fahrzeug_pflege'))).toBeNull();
  });

  it('opens the settings to equipment plus object care together, or tenant customizing, or vehicle care', () => {
    const path = '/admin/einstellungen';
    expect(denial(path, set('ausstattungs_pflege', 'objekt_pflege'))).toBeNull();
    expect(denial(path, set('customizing_mandant_pflege'))).toBeNull();
    expect(denial(path, set('fahrzeug_pflege'))).toBeNull();
    expect(denial(path, set('ausstattungs_pflege'))).toBe('no objektPflege');
    expect(denial(path, set('objekt_pflege'))).toBe('no ausstattung');
    expect(denial(path, set('benutzer_pflegen', 'berechtigungs_pflege', 'oeffnungszeiten_pflege'))).toBe('no ausstattung');
    expect(denial(path, set('fahrzeug_buchen'))).toBe('no admin');
  });

  it('matches after normalising the path', () => {
    const admin = set('oeffnungszeiten_pflege');
    for (const p of [
      'admin/benutzer',
      '/admin/benutzer/',
      '/admin/benutzer?x=1',
      '/ADMIN/Benutzer',
      '/admin//benutzer',
      '/admin/%62enutzer',
      '/admin/benutzer/42',
    ])
      expect(denial(p, admin)).toBe('no benutzer');
    expect(denial('/admin?x=1', set())).toBe('no admin');
    expect(denial('/leseraum/karte?from=/admin', set())).toBeNull();
  });

  it("treats any path containing 'admin' as admin, as docs/product.md#route-guard words it", () => {
    expect(denial('/fahrzeuge/administration', set())).toBe('no admin');
  });

  it('has one rule per admin screen of docs/product.md#screens', () => {
    expect(ADMIN_ROUTE_RULES.map((r) => r.path).sort()).toEqual(ADMIN_PATHS.filter((p) => p !== '/admin').sort());
  });

  it("denies any admin path with 'no admin' to every set without a maintenance permission", () => {
    fc.assert(
      fc.property(
        fc.subarray(NON_ADMIN),
        fc.constantFrom(...ADMIN_PATHS),
        fc.constantFrom('', '/', '?a=b', '/x'),
        (perms, path, suffix) => {
          expect(guardRoute(path + suffix, new Set(perms))).toEqual({ allowed: false, denial: 'no admin' });
        },
      ),
    );
  });

  it('allows everything to a holder of all permissions', () => {
    fc.assert(
      fc.property(anyPath, (path) => {
        expect(guardRoute(path, ALL)).toEqual({ allowed: true });
      }),
    );
  });

  it('never turns an allowed route into a denied one when a permission is added', () => {
    fc.assert(
      fc.property(anyPath, permSet, fc.constantFrom<Permission>(...PERMISSIONS), (path, perms, extra) => {
        fc.pre(guardRoute(path, perms).allowed);
        expect(guardRoute(path, new Set([...perms, extra])).allowed).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('canBookFor', () => {
  const booker = { id: 'u1', perms: set('fahrzeug_buchen') };
  const colleague = { id: 'u2', perms: set('fahrzeug_buchen') };
  const dispatcher = { id: 'u3', perms: set('fahrzeug_fremdbuchung') };
  const outsider = { id: 'u4', perms: set('buchung_pflege') };

  it('lets a booker book only for themself', () => {
    expect(canBookFor(booker, booker)).toBe(true);
    expect(canBookFor(booker, colleague)).toBe(false);
  });

  it('lets a fremdbuchung holder book for everyone holding fahrzeug_buchen', () => {
    expect(canBookFor(dispatcher, booker)).toBe(true);
    expect(canBookFor(dispatcher, colleague)).toBe(true);
    expect(canBookFor(dispatcher, outsider)).toBe(false);
  });

  it('never books for a person who may not book', () => {
    expect(canBookFor(dispatcher, dispatcher)).toBe(false);
    expect(canBookFor(outsider, outsider)).toBe(false);
    expect(canBookFor({ id: 'u5', perms: ALL }, outsider)).toBe(false);
  });
});

describe('mayViewVehicles', () => {
  it('lets bookers, dispatchers, fleet managers and approvers see the vehicles, and nobody else', () => {
    for (const p of VEHICLE_VIEWER_PERMISSIONS) expect(mayViewVehicles(new Set([p]))).toBe(true);
    expect(mayViewVehicles(new Set(['fahrzeug_fuehrerscheinpruefung', 'fahrzeug_gastbuchung', 'benutzer_pflegen']))).toBe(false);
    expect(mayViewVehicles(new Set())).toBe(false);
  });
});
