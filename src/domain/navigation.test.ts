import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { MENU, startPath, visibleMenu, type Feature } from './navigation';
import { PERMISSIONS, guardRoute } from './permissions';

const set = (...v: string[]): ReadonlySet<string> => new Set(v);
const FEATURES: Feature[] = ['fahrzeug', 'leseraum', 'arbeitswelt', 'gastbuchung'];
const keys = (perms: ReadonlySet<string>, features: ReadonlySet<string>): string[] =>
  visibleMenu(perms, features).map((e) => e.key);

describe('MENU', () => {
  it('holds the header entries in display order with their paths', () => {
    expect(MENU.map((e) => [e.section, e.key, e.path])).toEqual([
      ['main', 'vehicles', '/fahrzeuge'],
      ['main', 'overview', '/fahrzeuge/uebersicht'],
      ['main', 'approvals', '/fahrzeuge/freigaben'],
      ['main', 'licences', '/fahrzeuge/fuehrerschein'],
      ['main', 'readingRoom', '/leseraum/karte'],
      ['main', 'workplaces', '/arbeitswelt/karte'],
      ['main', 'admin', '/admin'],
      ['admin', 'users', '/admin/benutzer'],
      ['admin', 'roles', '/admin/rollen'],
      ['admin', 'groups', '/admin/gruppen'],
      ['admin', 'locations', '/admin/lokationen'],
      ['admin', 'vehiclesAdmin', '/admin/fahrzeuge'],
      ['admin', 'rooms', '/admin/raeume'],
      ['admin', 'settings', '/admin/einstellungen'],
      ['admin', 'clients', '/admin/mandanten'],
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
      settings: ['ausstattungs_pflege', 'objekt_pflege', 'customizing_mandant_pflege', 'fahrzeug_pflege'],
      clients: 'customizing_mandant_pflege',
    });
  });
});

describe('visibleMenu', () => {
  it('shows a plain booker with vehicles and reading room only their booking screens', () => {
    expect(keys(set('fahrzeug_buchen'), set('fahrzeug', 'leseraum'))).toEqual(['vehicles', 'overview', 'readingRoom']);
  });

  it('hides entries of switched-off features', () => {
    expect(keys(set('fahrzeug_buchen'), set('leseraum'))).toEqual(['readingRoom']);
    expect(keys(set(...PERMISSIONS), set())).toEqual([
      'admin',
      'users',
      'roles',
      'groups',
      'locations',
      'settings',
      'clients',
    ]);
  });

  it('shows everything to a holder of all permissions with all features', () => {
    expect(keys(set(...PERMISSIONS), set(...FEATURES))).toEqual(MENU.map((e) => e.key));
  });

  it('shows an equipment carer the rooms but not the settings', () => {
    expect(keys(set('ausstattungs_pflege'), set('leseraum'))).toEqual(['readingRoom', 'admin', 'rooms']);
  });

  it('shows settings to equipment plus object care, and to a fleet manager', () => {
    expect(keys(set('ausstattungs_pflege', 'objekt_pflege'), set('leseraum'))).toEqual([
      'readingRoom',
      'admin',
      'locations',
      'rooms',
      'settings',
    ]);
    expect(keys(set('fahrzeug_pflege', 'fahrzeug_buchen'), set('fahrzeug'))).toEqual([
      'vehicles',
      'overview',
      'admin',
      'vehiclesAdmin',
      'settings',
    ]);
  });

  it('shows approvers and licence examiners their screens', () => {
    expect(keys(set('fahrzeug_freigabe_von_sonderfahrten', 'fahrzeug_fuehrerscheinpruefung'), set('fahrzeug'))).toEqual([
      'approvals',
      'licences',
    ]);
  });

  const perms = fc.subarray([...PERMISSIONS]).map((p) => new Set<string>(p));
  const features = fc.subarray(FEATURES).map((f) => new Set<string>(f));

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

describe('startPath', () => {
  it('starts at vehicles when vehicle booking is on, else at the reading-room map', () => {
    expect(startPath(set('fahrzeug', 'leseraum'))).toBe('/fahrzeuge');
    expect(startPath(set('leseraum'))).toBe('/leseraum/karte');
    expect(startPath(set())).toBe('/leseraum/karte');
    expect(startPath(set('fahrzeug'), null)).toBe('/fahrzeuge');
    expect(startPath(set('fahrzeug'), '')).toBe('/fahrzeuge');
    expect(startPath(set('fahrzeug'), '   ')).toBe('/fahrzeuge');
  });

  it('follows a start-page setting that names a known page of an active feature', () => {
    expect(startPath(set('fahrzeug', 'leseraum'), '/leseraum/liste')).toBe('/leseraum/liste');
    expect(startPath(set('fahrzeug', 'leseraum'), 'leseraum/karte/')).toBe('/leseraum/karte');
    expect(startPath(set('fahrzeug', 'leseraum'), '/leseraum')).toBe('/leseraum/karte');
    expect(startPath(set('leseraum', 'arbeitswelt'), '/arbeitswelt')).toBe('/arbeitswelt/karte');
    expect(startPath(set('fahrzeug'), '/fahrzeuge/uebersicht')).toBe('/fahrzeuge/uebersicht');
  });

  it('ignores unknown pages, admin pages and pages of switched-off features', () => {
    expect(startPath(set('fahrzeug'), '/irgendwo')).toBe('/fahrzeuge');
    expect(startPath(set('fahrzeug'), 'https://example.org/')).toBe('/fahrzeuge');
    expect(startPath(set('fahrzeug'), '/admin/benutzer')).toBe('/fahrzeuge');
    expect(startPath(set('fahrzeug'), '/leseraum/karte')).toBe('/fahrzeuge');
    expect(startPath(set('leseraum'), '/fahrzeuge')).toBe('/leseraum/karte');
  });
});

describe('the rooms administration', () => {
  const admin = new Set(['ausstattungs_pflege']);
  it('is offered when reading rooms or workplaces are switched on, and not without either', () => {
    const has = (features: string[]) => visibleMenu(admin, new Set(features)).some((e) => e.key === 'rooms');
    expect(has(['leseraum'])).toBe(true);
    expect(has(['arbeitswelt'])).toBe(true);
    expect(has(['fahrzeug'])).toBe(false);
  });
});
