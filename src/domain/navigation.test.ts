import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canOpen,
  FEATURE_DENIALS,
  type Feature,
  LOCKER_FEATURE,
  MENU,
  NO_START_PAGE,
  personFeatures,
  routeAccess,
  startPath,
  visibleMenu,
} from './navigation';
import { ADMIN_PERMISSIONS, guardRoute, mayViewVehicles, normalisePath, PERMISSIONS } from './permissions';

const set = (...v: string[]): ReadonlySet<string> => new Set(v);
const FEATURES: Feature[] = ['fahrzeug', 'leseraum', 'arbeitswelt', 'gastbuchung', LOCKER_FEATURE];
/** What a person's features can be: the tenant's switched-on ones, and the locker feature derived from its data. */
const personFeatureSets = () =>
  fc
    .tuple(fc.subarray(FEATURES.filter((f) => f !== LOCKER_FEATURE)), fc.boolean())
    .map(([tenant, activeLockers]) => new Set<string>(personFeatures(tenant, set(), { activeLockers })));
const keys = (perms: ReadonlySet<string>, features: ReadonlySet<string>): string[] => visibleMenu(perms, features).map((e) => e.key);

describe('MENU', () => {
  it('holds the header entries in display order with their paths', () => {
    expect(MENU.map((e) => [e.section, e.key, e.path])).toEqual([
      ['main', 'vehicles', '/fahrzeuge'],
      ['main', 'overview', '/fahrzeuge/uebersicht'],
      ['main', 'approvals', '/fahrzeuge/freigaben'],
      ['main', 'licences', '/fahrzeuge/fuehrerschein'],
      ['main', 'instruction', '/fahrzeuge/unterweisung'],
      ['main', 'readingRoom', '/leseraum/karte'],
      ['main', 'workplaces', '/arbeitswelt/karte'],
      ['main', 'lockers', '/officelocker'],
      ['main', 'admin', '/admin'],
      ['admin', 'users', '/admin/benutzer'],
      ['admin', 'roles', '/admin/rollen'],
      ['admin', 'groups', '/admin/gruppen'],
      ['admin', 'locations', '/admin/lokationen'],
      ['admin', 'vehiclesAdmin', '/admin/fahrzeuge'],
      ['admin', 'rooms', '/admin/raeume'],
      ['admin', 'equipment', '/admin/raeume?tab=ausstattung'],
      ['admin', 'extraOpeningHours', '/admin/raeume?tab=oeffnungszeiten'],
      ['admin', 'officeUtilisation', '/admin/bueroauslastung'],
      ['admin', 'evaluation', '/admin/auswertung'],
      ['admin', 'settings', '/admin/einstellungen'],
      ['admin', 'clients', '/admin/mandanten'],
      ['admin', 'trails', '/admin/protokoll'],
    ]);
  });

  it('gives admin entries the permission their guard rule needs', () => {
    const need = Object.fromEntries(MENU.filter((e) => e.section === 'admin').map((e) => [e.key, e.permission ?? e.anyOf]));
    expect(need).toEqual({
      users: 'benutzer_pflegen',
      roles: 'berechtigungs_pflege',
      groups: 'berechtigungs_pflege',
      locations: 'objekt_pflege',
      vehiclesAdmin: 'fahrzeug_pflege',
      rooms: 'ausstattungs_pflege',
      equipment: 'ausstattungs_pflege',
      extraOpeningHours: 'ausstattungs_pflege',
      officeUtilisation: ['ausstattungs_pflege', 'objekt_pflege'],
      evaluation: 'fahrzeug_pflege',
      settings: ['ausstattungs_pflege', 'objekt_pflege', 'customizing_mandant_pflege', 'fahrzeug_pflege'],
      clients: 'customizing_mandant_pflege',
      trails: [...ADMIN_PERMISSIONS],
    });
  });
});

describe('lockers (decision 201)', () => {
  const none = set();
  const roomAdmin = set('ausstattungs_pflege');

  it('derives the locker feature only where the workplaces are on and lockers are in service, or for room admins', () => {
    expect(personFeatures(['arbeitswelt', 'leseraum'], none, { activeLockers: true })).toEqual(['arbeitswelt', 'leseraum', LOCKER_FEATURE]);
    expect(personFeatures(['arbeitswelt', 'leseraum'], none, { activeLockers: false })).toEqual(['arbeitswelt', 'leseraum']);
    // The room admin places the first locker on the same page.
    expect(personFeatures(['arbeitswelt'], roomAdmin, { activeLockers: false })).toEqual(['arbeitswelt', LOCKER_FEATURE]);
    // Lockers stand on office plans: without the workplace feature there is no locker page, not even for a room admin.
    expect(personFeatures(['leseraum', 'fahrzeug'], roomAdmin, { activeLockers: true })).toEqual(['leseraum', 'fahrzeug']);
    // Never switched on by hand: a tenant feature of that name does not count.
    expect(personFeatures(['arbeitswelt', LOCKER_FEATURE], none, { activeLockers: false })).toEqual(['arbeitswelt']);
  });

  it('lists /officelocker right after the workplaces, and opens it exactly where it is listed', () => {
    const withLockers = set(...personFeatures(['arbeitswelt'], none, { activeLockers: true }));
    const without = set(...personFeatures(['arbeitswelt'], none, { activeLockers: false }));
    expect(keys(none, withLockers)).toEqual(['workplaces', 'lockers']);
    expect(keys(none, without)).toEqual(['workplaces']);
    expect(routeAccess('/officelocker', none, withLockers)).toEqual({ allowed: true });
    expect(routeAccess('/officelocker', none, without)).toEqual({ allowed: false, denial: FEATURE_DENIALS.other });
    // The workplace map stays the start page; the locker page may be chosen as one.
    expect(startPath(none, withLockers)).toBe('/arbeitswelt/karte');
    expect(startPath(none, withLockers, '/officelocker')).toBe('/officelocker');
    expect(startPath(none, without, '/officelocker')).toBe('/arbeitswelt/karte');
  });
});

describe('visibleMenu', () => {
  it('shows a plain booker with vehicles and reading room only their booking screens', () => {
    expect(keys(set('fahrzeug_buchen'), set('fahrzeug', 'leseraum'))).toEqual(['vehicles', 'overview', 'instruction', 'readingRoom']);
  });

  it('hides entries of switched-off features', () => {
    expect(keys(set('fahrzeug_buchen'), set('leseraum'))).toEqual(['readingRoom']);
    expect(keys(set(...PERMISSIONS), set())).toEqual(['admin', 'users', 'roles', 'groups', 'locations', 'settings', 'clients', 'trails']);
  });

  it('shows everything to a holder of all permissions with all features', () => {
    expect(keys(set(...PERMISSIONS), set(...FEATURES))).toEqual(MENU.map((e) => e.key));
  });

  it('shows an equipment carer the rooms but not the settings', () => {
    expect(keys(set('ausstattungs_pflege'), set('leseraum'))).toEqual([
      'readingRoom',
      'admin',
      'rooms',
      'equipment',
      'extraOpeningHours',
      'officeUtilisation',
      'trails',
    ]);
  });

  it('shows settings to equipment plus object care, and to a fleet manager', () => {
    expect(keys(set('ausstattungs_pflege', 'objekt_pflege'), set('leseraum'))).toEqual([
      'readingRoom',
      'admin',
      'locations',
      'rooms',
      'equipment',
      'extraOpeningHours',
      'officeUtilisation',
      'settings',
      'trails',
    ]);
    expect(keys(set('fahrzeug_pflege', 'fahrzeug_buchen'), set('fahrzeug'))).toEqual([
      'vehicles',
      'overview',
      'instruction',
      'admin',
      'vehiclesAdmin',
      'evaluation',
      'settings',
      'trails',
    ]);
  });

  it('shows approvers and licence examiners their screens', () => {
    // an approver sees the vehicles too, as the screen and its API let them (decision 157)
    expect(keys(set('fahrzeug_freigabe_von_sonderfahrten', 'fahrzeug_fuehrerscheinpruefung'), set('fahrzeug'))).toEqual([
      'vehicles',
      'approvals',
      'licences',
    ]);
    expect(keys(set('fahrzeug_fuehrerscheinpruefung'), set('fahrzeug', 'leseraum'))).toEqual(['licences', 'readingRoom']);
  });

  const perms = fc.subarray([...PERMISSIONS]).map((p) => new Set<string>(p));
  const features = personFeatureSets();

  it('only ever shows entries the route guard allows, in menu order', () => {
    fc.assert(
      fc.property(perms, features, (p, f) => {
        const visible = visibleMenu(p, f);
        for (const entry of visible) {
          expect(guardRoute(entry.path, p)).toEqual({ allowed: true });
          if (entry.permission) expect(p.has(entry.permission)).toBe(true);
          if (entry.feature) expect(([] as string[]).concat(entry.feature).some((x) => f.has(x))).toBe(true);
        }
        const order = visible.map((e) => MENU.indexOf(e));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
    );
  });

  it('shows an admin entry exactly when the admin area itself is shown, or none at all', () => {
    fc.assert(
      fc.property(perms, features, (p, f) => {
        const visible = visibleMenu(p, f);
        const anyAdmin = visible.some((e) => e.section === 'admin');
        if (anyAdmin) expect(visible.some((e) => e.key === 'admin')).toBe(true);
      }),
    );
  });
});

const BOOKER = set('fahrzeug_buchen');

describe('startPath', () => {
  it('start page (docs/product.md#start-page): vehicles when that feature is on and the person may book, otherwise the reading-room map', () => {
    expect(startPath(BOOKER, set('fahrzeug', 'leseraum'))).toBe('/fahrzeuge');
    expect(startPath(BOOKER, set('leseraum'))).toBe('/leseraum/karte');
    expect(startPath(BOOKER, set('fahrzeug'), null)).toBe('/fahrzeuge');
    expect(startPath(BOOKER, set('fahrzeug'), '')).toBe('/fahrzeuge');
    expect(startPath(BOOKER, set('fahrzeug'), '   ')).toBe('/fahrzeuge');
  });

  it('sends a licence examiner without booking permission to a page they may use, not to /fahrzeuge', () => {
    expect(startPath(set('fahrzeug_fuehrerscheinpruefung'), set('fahrzeug', 'leseraum'))).toBe('/fahrzeuge/fuehrerschein');
    expect(startPath(set('fahrzeug_fuehrerscheinpruefung'), set('fahrzeug', 'leseraum'), '/fahrzeuge')).toBe('/fahrzeuge/fuehrerschein');
    expect(startPath(set('fahrzeug_fuehrerscheinpruefung'), set('leseraum'))).toBe('/leseraum/karte');
    // docs/product.md#start-page: the start page is fahrzeuge when vehicle booking is on, for everyone who may see the vehicles (decision 157)
    expect(startPath(set('fahrzeug_freigabe_von_sonderfahrten'), set('fahrzeug'))).toBe('/fahrzeuge');
    expect(startPath(set('benutzer_pflegen'), set('fahrzeug'))).toBe('/admin');
  });

  it('answers NO_START_PAGE when the person may open nothing', () => {
    expect(startPath(set('fahrzeug_fuehrerscheinpruefung'), set())).toBe(NO_START_PAGE);
    expect(startPath(set('fahrzeug_buchen'), set('gastbuchung'))).toBe(NO_START_PAGE);
    expect(startPath(set(), set())).toBe(NO_START_PAGE);
  });

  it('follows a start-page setting that names a page the person may open', () => {
    expect(startPath(BOOKER, set('fahrzeug', 'leseraum'), '/leseraum/liste')).toBe('/leseraum/liste');
    expect(startPath(BOOKER, set('fahrzeug', 'leseraum'), 'leseraum/karte/')).toBe('/leseraum/karte');
    expect(startPath(BOOKER, set('fahrzeug', 'leseraum'), '/leseraum')).toBe('/leseraum/karte');
    expect(startPath(BOOKER, set('leseraum', 'arbeitswelt'), '/arbeitswelt')).toBe('/arbeitswelt/karte');
    expect(startPath(BOOKER, set('fahrzeug'), '/fahrzeuge/uebersicht')).toBe('/fahrzeuge/uebersicht');
    expect(startPath(set('benutzer_pflegen', 'fahrzeug_buchen'), set('fahrzeug'), '/admin/benutzer')).toBe('/admin/benutzer');
  });

  it('ignores a setting naming an unknown page, a foreign site, a refused page or a switched-off feature', () => {
    expect(startPath(BOOKER, set('fahrzeug'), '/irgendwo')).toBe('/fahrzeuge');
    expect(startPath(BOOKER, set('fahrzeug'), 'https://example.org/')).toBe('/fahrzeuge');
    expect(startPath(BOOKER, set('fahrzeug'), '/admin/benutzer')).toBe('/fahrzeuge');
    expect(startPath(BOOKER, set('fahrzeug'), '/leseraum/karte')).toBe('/fahrzeuge');
    expect(startPath(BOOKER, set('leseraum'), '/fahrzeuge')).toBe('/leseraum/karte');
    expect(startPath(BOOKER, set('fahrzeug'), '/fahrzeuge/freigaben')).toBe('/fahrzeuge');
  });

  /**
   * The oracle of this property is written out independently of MENU: what
   * each page needs from the route guard, the feature and the area's own API
   * permission (the vehicle data needs fahrzeug_buchen, approvals their
   * approver permission).
   */
  function openable(p: string, perms: ReadonlySet<string>, features: ReadonlySet<string>): boolean {
    if (!guardRoute(p, perms).allowed) return false;
    if (p === '/fahrzeuge') return features.has('fahrzeug') && mayViewVehicles(perms);
    if (p === '/fahrzeuge/uebersicht') return features.has('fahrzeug') && perms.has('fahrzeug_buchen');
    if (p === '/fahrzeuge/freigaben') return features.has('fahrzeug') && perms.has('fahrzeug_freigabe_von_sonderfahrten');
    if (p === '/fahrzeuge/fuehrerschein') return features.has('fahrzeug') && perms.has('fahrzeug_fuehrerscheinpruefung');
    if (p.startsWith('/leseraum/')) return features.has('leseraum');
    if (p.startsWith('/arbeitswelt/')) return features.has('arbeitswelt');
    if (p === '/officelocker') return features.has('arbeitswelt') && features.has(LOCKER_FEATURE);
    if (p === '/admin/fahrzeuge') return features.has('fahrzeug');
    if (p === '/admin/raeume') return features.has('leseraum') || features.has('arbeitswelt');
    return ['/admin', '/admin/benutzer', '/admin/einstellungen', '/admin/rollen', '/admin/gruppen'].includes(p);
  }

  const SETTINGS = [
    null,
    '',
    '/fahrzeuge',
    '/fahrzeuge/uebersicht',
    '/fahrzeuge/freigaben',
    '/fahrzeuge/fuehrerschein',
    '/leseraum',
    '/leseraum/karte',
    '/leseraum/liste',
    '/arbeitswelt/karte',
    '/arbeitswelt/liste',
    '/admin',
    '/admin/benutzer',
    '/admin/rollen',
    '/admin/raeume',
    '/irgendwo',
  ];

  it('property: the start page is always one the person may open, or NO_START_PAGE when there is none', () => {
    fc.assert(
      fc.property(
        fc.subarray([...PERMISSIONS]).map((p) => new Set<string>(p)),
        personFeatureSets(),
        fc.constantFrom(...SETTINGS),
        (perms, features, setting) => {
          const start = startPath(perms, features, setting);
          const any = MENU.some((e) => openable(e.path, perms, features));
          if (start === NO_START_PAGE) expect(any).toBe(false);
          else {
            expect(openable(start, perms, features)).toBe(true);
            expect(canOpen(start, perms, features)).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('shows the rooms entry to equipment carers of the reading room or the workplaces', () => {
    const admin = set('ausstattungs_pflege');
    const has = (features: string[]) => visibleMenu(admin, new Set(features)).some((e) => e.key === 'rooms');
    expect(has(['leseraum'])).toBe(true);
    expect(has(['arbeitswelt'])).toBe(true);
    expect(has(['fahrzeug'])).toBe(false);
  });
});

describe('routeAccess', () => {
  const PAGES = [...new Set(MENU.map((e) => normalisePath(e.path)))];
  it('property: a page opens exactly when its menu entry is shown, and a refusal names why', () => {
    fc.assert(
      fc.property(
        fc.subarray([...PERMISSIONS]).map((p) => new Set<string>(p)),
        personFeatureSets(),
        (perms, features) => {
          const shown = new Set(visibleMenu(perms, features).map((e) => normalisePath(e.path)));
          for (const page of PAGES) {
            const access = routeAccess(page, perms, features);
            expect(access.allowed).toBe(shown.has(page));
            if (!access.allowed) expect(access.denial).toMatch(/^no |nicht (freigeschaltet|eingeschaltet)\.$/);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses with the docs/product.md#route-guard texts first, then the permission or the switched-off area', () => {
    expect(routeAccess('/admin/benutzer', set('fahrzeug_buchen'), set('fahrzeug'))).toEqual({ allowed: false, denial: 'no admin' });
    expect(routeAccess('/admin/benutzer', set('fahrzeug_pflege'), set('fahrzeug'))).toEqual({ allowed: false, denial: 'no benutzer' });
    expect(routeAccess('/fahrzeuge/fuehrerschein', set('fahrzeug_buchen'), set('fahrzeug'))).toEqual({
      allowed: false,
      denial: 'no fahrzeug_fuehrerscheinpruefung',
    });
    expect(routeAccess('/fahrzeuge', set('fahrzeug_buchen'), set('leseraum'))).toEqual({
      allowed: false,
      denial: FEATURE_DENIALS.fahrzeug,
    });
    expect(routeAccess('/leseraum/liste', set(), set('fahrzeug'))).toEqual({ allowed: false, denial: FEATURE_DENIALS.other });
    expect(routeAccess('/leseraum', set(), set('leseraum')).allowed).toBe(true);
    // a vehicle's detail page has no entry of its own: its data decides
    expect(routeAccess('/fahrzeuge/123', set(), set()).allowed).toBe(true);
  });
});
