import { isoWeekday } from '@domain/opening-hours';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { ALL_WEEKDAYS, BIB, book, floorPlanIds, inDays, objectIds, openAllDay, SW, setTenantSetting } from './reading-room-support';

/** Decision 110: „Mein Team heute“ shows colleagues' desks only with the tenant switch and both consents, never across tenants. */

interface Colleague {
  id: string;
  name: string;
  initials: string;
  relation: string;
  desks: { objectId: string; objectName: string }[];
}

describe.each(DB_KINDS)('where my team sits on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let frieda: string;
  let paul: string;
  let felix: string;
  let max: string;
  let bibAdmin: string;
  let ids: Record<string, string>;
  let plan: string;
  let desks: Record<string, string>;
  // Not a Wednesday: Frieda's demo series (decision 091) already seats her at T-12 on Wednesdays, and one person
  // holds one desk a day.
  const day = isoWeekday(inDays(6)) === 3 ? inDays(7) : inDays(6);

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const call = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: object, host = SW) =>
    t.call(host, { method, url, cookie, ...(payload ? { payload } : {}) });
  const consent = async (cookie: string, value: boolean, favouriteIds: string[] = [], host = SW) => {
    const res = await call(cookie, 'PUT', '/api/team/settings', { consent: value, favouriteIds }, host);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const team = async (cookie: string, host = SW) => {
    const res = await call(cookie, 'GET', `/api/team/day?date=${day}`, undefined, host);
    expect(res.statusCode).toBe(200);
    return res.json() as { enabled: boolean; consent: boolean; colleagues: Colleague[] };
  };
  const names = async (cookie: string) => (await team(cookie)).colleagues.map((c) => `${c.name} ${c.relation}`).sort();

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login(SW, 'admin@stadtwerke.test');
    frieda = await t.login(SW, 'freigabe@stadtwerke.test');
    paul = await t.login(SW, 'pruefer@stadtwerke.test');
    felix = await t.login(SW, 'fuhrpark@stadtwerke.test');
    max = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    bibAdmin = await t.login(BIB, 'admin@bibliothek.test');
    ids = Object.fromEntries(
      (await rows<{ email: string; id: string }>(sql`select email, id::text from users where email like '%@stadtwerke.test'`)).map((r) => [
        r.email.split('@')[0],
        r.id,
      ]),
    );
    await setTenantSetting(t, SW, admin, 'leseraumBuchbareWochentage', ALL_WEEKDAYS);
    plan = Object.values(await floorPlanIds(t, SW, admin, 'arbeitswelt'))[0]!;
    await openAllDay(t, SW, admin, plan, day);
    desks = await objectIds(t, SW, admin, plan);
    // Frieda and Paul (Verwaltung, like Anna), Felix (Netzbetrieb) sit at desks on the day.
    for (const [cookie, desk] of [
      [frieda, 'T-31'],
      [paul, 'T-32'],
      [felix, 'T-33'],
    ] as const) {
      const res = await book(t, SW, cookie, { objectId: desks[desk]!, date: day, mode: 'ganztags' });
      expect(res.statusCode).toBe(200);
    }
    await setTenantSetting(t, SW, admin, 'teamSitzplaetze', true);
    for (const cookie of [frieda, paul, felix]) await consent(cookie, true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows consenting department colleagues with desk and initials, and a favourite of another department', async () => {
    await consent(admin, true, [ids.fuhrpark!]);
    const answer = await team(admin);
    expect(answer).toMatchObject({ enabled: true, consent: true });
    const frieda = answer.colleagues.find((c) => c.name === 'Frieda Frei')!;
    expect(frieda).toMatchObject({ initials: 'FF', relation: 'abteilung' });
    expect(frieda.desks.map((d) => d.objectName)).toContain('T-31');
    expect(await names(admin)).toEqual(
      expect.arrayContaining(['Felix Fuhrmann favorit', 'Frieda Frei abteilung', 'Paul Prüfer abteilung']),
    );
    // Max (Kundenservice) is neither in Anna's department nor her favourite.
    expect(await names(admin)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^Max /)]));
  });

  it('shows nothing while the tenant has the feature off', async () => {
    await consent(admin, true, [ids.fuhrpark!]);
    await setTenantSetting(t, SW, admin, 'teamSitzplaetze', false);
    expect(await team(admin)).toEqual({ enabled: false, consent: true, colleagues: [] });
    expect((await call(admin, 'GET', '/api/team/people?q=Fr')).json()).toEqual({ people: [] });
    await setTenantSetting(t, SW, admin, 'teamSitzplaetze', true);
  });

  it('shows nothing without the consent of the viewer, and nobody who has not agreed', async () => {
    await consent(max, false, [ids.fuhrpark!]);
    expect(await team(max)).toEqual({ enabled: true, consent: false, colleagues: [] });
    await consent(max, true, [ids.fuhrpark!, ids.admin!]);
    // Felix agreed; Anna agreed too but sits nowhere that day; nobody else is Max's favourite.
    expect(await names(max)).toEqual(['Felix Fuhrmann favorit']);
    await consent(felix, false);
    expect(await team(max)).toEqual({ enabled: true, consent: true, colleagues: [] });
    await consent(felix, true);
  });

  it('an opt-out takes effect at the very next request, for the map and for the search', async () => {
    await consent(admin, true);
    expect(await names(admin)).toContain('Frieda Frei abteilung');
    expect((await call(admin, 'GET', '/api/team/people?q=Fri')).json().people.map((p: { name: string }) => p.name)).toEqual([
      'Frieda Frei',
    ]);
    await consent(frieda, false);
    expect(await names(admin)).not.toContain('Frieda Frei abteilung');
    expect((await call(admin, 'GET', '/api/team/people?q=Fri')).json()).toEqual({ people: [] });
    await consent(frieda, true);
    expect(await names(admin)).toContain('Frieda Frei abteilung');
  });

  it('finds people by name only, refuses a too short search and keeps the chosen favourites with their names', async () => {
    const short = await call(admin, 'GET', '/api/team/people?q=F');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Bitte geben Sie mindestens zwei Zeichen eines Namens ein.');
    // The e-mail address is not searched.
    expect((await call(admin, 'GET', '/api/team/people?q=fuhrpark')).json()).toEqual({ people: [] });
    const saved = await consent(admin, true, [ids.fuhrpark!, ids.fuhrpark!, ids.admin!]);
    expect(saved).toEqual({
      enabled: true,
      consent: true,
      favourites: [{ id: ids.fuhrpark, name: 'Felix Fuhrmann', department: 'Netzbetrieb' }],
    });
    expect((await call(admin, 'GET', '/api/team/settings')).json()).toEqual(saved);
  });

  it('a favourite who withdraws consent no longer shows with their name in the other person’s settings', async () => {
    await consent(felix, true);
    await consent(max, true, [ids.fuhrpark!]);
    expect((await call(max, 'GET', '/api/team/settings')).json().favourites).toEqual([
      { id: ids.fuhrpark, name: 'Felix Fuhrmann', department: 'Netzbetrieb' },
    ]);
    await consent(felix, false);
    const after = await call(max, 'GET', '/api/team/settings');
    expect(after.json()).toEqual({ enabled: true, consent: true, favourites: [] });
    expect(after.body).not.toMatch(/Felix|Fuhrmann/);
    // agreeing again brings the favourite back: the choice stays the person's own
    await consent(felix, true);
    expect((await call(max, 'GET', '/api/team/settings')).json().favourites.map((f: { id: string }) => f.id)).toEqual([ids.fuhrpark]);
  });

  it("never crosses tenants: another tenant's ids are refused and find nothing", async () => {
    const bibIds = (await rows<{ id: string }>(sql`select id::text from users where email like '%@bibliothek.test'`)).map((r) => r.id);
    const refused = await call(admin, 'PUT', '/api/team/settings', { consent: true, favouriteIds: [bibIds[0]] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('Diese Person wurde nicht gefunden.');
    expect((await call(admin, 'GET', '/api/team/settings')).json().favourites.map((f: { id: string }) => f.id)).not.toContain(bibIds[0]);
    // A library person who stores Stadtwerke ids anyway (through the general settings) sees none of them.
    await setTenantSetting(t, BIB, bibAdmin, 'teamSitzplaetze', true);
    const stored = await t.call(BIB, {
      method: 'PUT',
      url: '/api/settings/teamFavoriten',
      cookie: bibAdmin,
      payload: { value: [ids.freigabe, ids.pruefer, ids.fuhrpark] },
    });
    expect(stored.statusCode).toBe(200);
    await t.call(BIB, { method: 'PUT', url: '/api/settings/teamSitzplatzFreigabe', cookie: bibAdmin, payload: { value: true } });
    expect((await team(bibAdmin, BIB)).colleagues).toEqual([]);
    expect((await call(bibAdmin, 'GET', '/api/team/people?q=Fr', undefined, BIB)).json()).toEqual({ people: [] });
    expect((await call(bibAdmin, 'GET', '/api/team/settings', undefined, BIB)).json().favourites).toEqual([]);
  });

  it('the kiosk of the workplace plan never shows a name', async () => {
    const link = await t.call(SW, {
      method: 'POST',
      url: '/api/admin/kiosk-links',
      cookie: admin,
      payload: { floorPlanId: plan, name: 'Empfang 2. OG' },
    });
    expect(link.statusCode).toBe(200);
    const board = await t.call(SW, { method: 'GET', url: `/api/kiosk/${link.json().token}` });
    expect(board.statusCode).toBe(200);
    expect(JSON.stringify(board.json())).not.toMatch(/Frieda|Frei\b|Paul|Prüfer|Felix|Fuhrmann|Anna|Adler|initials|@stadtwerke/);
  });

  it('needs a signed-in person and a real day', async () => {
    expect((await t.call(SW, { method: 'GET', url: `/api/team/day?date=${day}` })).statusCode).toBe(401);
    const bad = await call(admin, 'GET', '/api/team/day?date=2026-02-30');
    expect(bad.statusCode).toBe(400);
    const tooMany = await call(admin, 'PUT', '/api/team/settings', { consent: true, favouriteIds: ['x'] });
    expect(tooMany.statusCode).toBe(400);
  });
});
