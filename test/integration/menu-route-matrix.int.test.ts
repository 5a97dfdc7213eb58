import { FEATURE_DENIALS, LOCKER_FEATURE, MENU, routeAccess, visibleMenu } from '@domain/navigation';
import { normalisePath } from '@domain/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { SW, TI, UB } from './vehicle-support';

/**
 * docs/product.md#header-menu and docs/product.md#route-guard for every demo account of the README: the menu the client
 * draws from the account's real sign-in shows exactly the pages the client's
 * route guard opens, and every other page is refused with its text. The
 * client's own functions decide (domain/navigation), fed by /api/session/me,
 * so one browser check of the menu (e2e/access-admin.spec.ts) is enough.
 */

/** The signed-in pages of docs/product.md#screens, and the further admin pages of the menu. */
const ROUTES = [
  '/admin',
  '/admin/raeume',
  '/admin/rollen',
  '/admin/gruppen',
  '/admin/benutzer',
  '/admin/fahrzeuge',
  '/admin/mandanten',
  '/admin/lokationen',
  '/admin/einstellungen',
  '/admin/protokoll',
  '/admin/auswertung',
  '/admin/bueroauslastung',
  '/leseraum',
  '/leseraum/karte',
  '/leseraum/liste',
  '/arbeitswelt',
  '/arbeitswelt/karte',
  '/arbeitswelt/liste',
  '/fahrzeuge',
  '/fahrzeuge/freigaben',
  '/fahrzeuge/uebersicht',
  '/fahrzeuge/fuehrerschein',
  '/fahrzeuge/unterweisung',
  '/officelocker',
] as const;

const ALL_ADMIN = ['users', 'roles', 'groups', 'locations'] as const;

/** The README's demo accounts with the menu each must see (docs/product.md#header-menu, in order). */
const ACCOUNTS: { email: string; host: string; menu: string[]; denials: Record<string, string> }[] = [
  {
    email: 'admin@stadtwerke.test',
    host: SW,
    menu: [
      ...['vehicles', 'overview', 'approvals', 'licences', 'instruction', 'readingRoom', 'workplaces', 'lockers', 'admin', ...ALL_ADMIN],
      'vehiclesAdmin',
      ...['rooms', 'equipment', 'extraOpeningHours', 'officeUtilisation', 'evaluation', 'settings', 'clients', 'trails'],
    ],
    denials: {},
  },
  {
    email: 'fuhrpark@stadtwerke.test',
    host: SW,
    menu: [
      ...['vehicles', 'overview', 'instruction', 'readingRoom', 'workplaces', 'lockers', 'admin', 'vehiclesAdmin', 'evaluation'],
      ...['settings', 'trails'],
    ],
    denials: {
      '/admin/benutzer': 'no benutzer',
      '/admin/rollen': 'no rolle/gruppe',
      '/admin/gruppen': 'no rolle/gruppe',
      '/admin/raeume': 'no ausstattung',
      '/admin/lokationen': 'no objektPflege',
      '/fahrzeuge/fuehrerschein': 'no fahrzeug_fuehrerscheinpruefung',
    },
  },
  {
    email: 'freigabe@stadtwerke.test',
    host: SW,
    menu: ['vehicles', 'overview', 'approvals', 'instruction', 'readingRoom', 'workplaces', 'lockers'],
    denials: { '/admin': 'no admin', '/admin/einstellungen': 'no admin' },
  },
  {
    email: 'pruefer@stadtwerke.test',
    host: SW,
    menu: ['licences', 'readingRoom', 'workplaces', 'lockers'],
    denials: {
      '/fahrzeuge': 'no fahrzeug_buchen',
      '/fahrzeuge/uebersicht': 'no fahrzeug_buchen',
      '/fahrzeuge/unterweisung': 'no fahrzeug_buchen',
      '/admin/benutzer': 'no admin',
    },
  },
  {
    email: 'mitarbeiter@stadtwerke.test',
    host: SW,
    menu: ['vehicles', 'overview', 'instruction', 'readingRoom', 'workplaces', 'lockers'],
    denials: {
      '/admin': 'no admin',
      '/admin/rollen': 'no admin',
      '/fahrzeuge/freigaben': 'no fahrzeug_freigabe_von_sonderfahrten',
      '/fahrzeuge/fuehrerschein': 'no fahrzeug_fuehrerscheinpruefung',
    },
  },
  {
    email: 'admin@tourismus.test',
    host: TI,
    menu: [
      ...['vehicles', 'overview', 'approvals', 'licences', 'instruction', 'admin', ...ALL_ADMIN, 'vehiclesAdmin', 'evaluation', 'settings'],
      'clients',
      'trails',
    ],
    denials: { '/leseraum/karte': FEATURE_DENIALS.other, '/admin/raeume': FEATURE_DENIALS.other },
  },
  {
    email: 'empfang@tourismus.test',
    host: TI,
    menu: ['vehicles', 'overview', 'instruction'],
    denials: { '/admin': 'no admin', '/arbeitswelt': FEATURE_DENIALS.other, '/officelocker': FEATURE_DENIALS.other },
  },
  {
    email: 'admin@bibliothek.test',
    host: UB,
    menu: [
      ...['readingRoom', 'admin', ...ALL_ADMIN, 'rooms', 'equipment', 'extraOpeningHours', 'officeUtilisation', 'settings'],
      ...['clients', 'trails'],
    ],
    denials: { '/fahrzeuge': FEATURE_DENIALS.fahrzeug, '/admin/fahrzeuge': FEATURE_DENIALS.fahrzeug },
  },
  {
    email: 'leser@bibliothek.test',
    host: UB,
    menu: ['readingRoom'],
    denials: { '/admin': 'no admin', '/admin/raeume': 'no admin', '/fahrzeuge': FEATURE_DENIALS.fahrzeug },
  },
];

/** Every text a refusal may carry: docs/product.md#route-guard, the permission refusals of the other pages, the switched-off areas. */
const KNOWN_DENIALS = new Set([
  ...['no admin', 'no ausstattung', 'no objektPflege', 'no rolle/gruppe', 'no benutzer', 'no fahrzeugPflege', 'no mandant'],
  ...['no fahrzeug_buchen', 'no fahrzeug_freigabe_von_sonderfahrten', 'no fahrzeug_fuehrerscheinpruefung'],
  ...Object.values(FEATURE_DENIALS),
]);

const ALIASES: Record<string, string> = {
  '/leseraum': '/leseraum/karte',
  '/leseraum/liste': '/leseraum/karte',
  '/arbeitswelt': '/arbeitswelt/karte',
  '/arbeitswelt/liste': '/arbeitswelt/karte',
};

describe.each(DB_KINDS)('menu and route guard of every demo account on %s', (kind) => {
  let t: TestApp;
  const me = new Map<string, { permissions: string[]; features: string[]; startPath: string }>();

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const a of ACCOUNTS) {
      const cookie = await t.login(a.host, a.email);
      const res = await t.call(a.host, { method: 'GET', url: '/api/session/me', cookie });
      expect(res.statusCode, res.body).toBe(200);
      me.set(a.email, res.json());
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(ACCOUNTS.map((a) => [a.email, a] as const))('%s: the menu lists exactly the pages that open', (_email, a) => {
    const m = me.get(a.email)!;
    const perms = new Set(m.permissions);
    const features = new Set(m.features);
    const menu = visibleMenu(perms, features);
    expect(menu.map((e) => e.key)).toEqual(a.menu);
    const shown = new Set(menu.map((e) => normalisePath(e.path)));
    for (const route of ROUTES) {
      const access = routeAccess(route, perms, features);
      const target = ALIASES[route] ?? route;
      expect({ route, allowed: access.allowed }).toEqual({ route, allowed: shown.has(target) });
      if (!access.allowed) {
        expect(KNOWN_DENIALS.has(access.denial), `${route}: ${access.denial}`).toBe(true);
        if (a.denials[route]) expect({ route, denial: access.denial }).toEqual({ route, denial: a.denials[route] });
      }
    }
    for (const [route, denial] of Object.entries(a.denials)) {
      expect({ route, refusal: routeAccess(route, perms, features) }).toEqual({ route, refusal: { allowed: false, denial } });
    }
    // every menu entry opens (including the tabs of the rooms screen), and so does the start page the server chose
    for (const e of MENU.filter((x) => menu.includes(x))) expect(routeAccess(e.path, perms, features).allowed).toBe(true);
    expect(m.startPath === '/' || routeAccess(m.startPath, perms, features).allowed).toBe(true);
  });

  it('offers the locker page only while a locker is in service on an active office floor plan (decision 201)', async () => {
    const cookie = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const admin = await t.login(SW, 'admin@stadtwerke.test');
    const features = async (c = cookie) =>
      (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: c })).json().features as string[];
    const ids = (r: unknown) => (r as { rows: { id: string }[] }).rows.map((x) => `'${x.id}'`).join(',');
    expect(await features()).toContain(LOCKER_FEATURE);
    // Every locker out of service: no locker page.
    const lockers = ids(await t.database.db.execute(sql`update lockers set active = false where active returning id::text as id`));
    expect(await features()).not.toContain(LOCKER_FEATURE);
    expect(await features()).toContain('arbeitswelt');
    // The room admin keeps the page: the first locker is placed there.
    expect(await features(admin)).toContain(LOCKER_FEATURE);
    await t.database.db.execute(sql.raw(`update lockers set active = true where id in (${lockers})`));
    expect(await features()).toContain(LOCKER_FEATURE);
    // The plans the lockers stand on switched off: none either.
    const plans = ids(
      await t.database.db.execute(
        sql`update floor_plans set active = false where active and id in (select floor_plan_id from lockers) returning id::text as id`,
      ),
    );
    expect(await features()).not.toContain(LOCKER_FEATURE);
    await t.database.db.execute(sql.raw(`update floor_plans set active = true where id in (${plans})`));
    expect(await features()).toContain(LOCKER_FEATURE);
  });
});
