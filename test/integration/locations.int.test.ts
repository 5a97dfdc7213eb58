import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const TOUR = 'tourismus.localhost';

interface Loc {
  id: string;
  name: string;
  vehicles: number;
  floorPlans: number;
  parkingSpaces: { id: string; name: string; active: boolean; used: boolean }[];
}

describe.each(DB_KINDS)('locations and parking spaces on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  const call = (cookie: string, method: string, url: string, payload?: object, host = SW) =>
    t.call(host, { method: method as 'GET', url, cookie, ...(payload ? { payload } : {}) });
  const list = async (cookie = admin, host = SW) =>
    (await call(cookie, 'GET', '/api/admin/locations', undefined, host)).json().locations as Loc[];
  const auditOf = async (subjectId: string) =>
    (
      (await t.database.db.execute(sql`select action, changes from audit_log where subject_id = ${subjectId} order by id`)) as unknown as {
        rows: { action: string; changes: { field: string; old: string | null; new: string | null }[] }[];
      }
    ).rows;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login(SW, 'admin@stadtwerke.test');
  });
  afterAll(() => t?.close());

  it('refuses people without objekt_pflege with the route guard’s text', async () => {
    const fuhrpark = await t.login(SW, 'fuhrpark@stadtwerke.test');
    const mitarbeiter = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    expect((await call(fuhrpark, 'GET', '/api/admin/locations')).json().error).toEqual({ code: 'forbidden', message: 'no objektPflege' });
    expect((await call(mitarbeiter, 'POST', '/api/admin/locations', { name: 'X' })).json().error.message).toBe('no admin');
    expect((await t.call(SW, { method: 'GET', url: '/api/admin/locations' })).statusCode).toBe(401);
  });

  it('lists the seeded locations with their use, and refuses to delete one in use', async () => {
    const locs = await list();
    const nord = locs.find((l) => l.name === 'Betriebshof Nord')!;
    expect(nord.vehicles).toBeGreaterThan(0);
    expect(nord.parkingSpaces.length).toBeGreaterThan(0);
    const refused = await call(admin, 'DELETE', `/api/admin/locations/${nord.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(
      /^Der Standort „Betriebshof Nord“ wird noch von \d+ Fahrzeugen? verwendet und kann nicht gelöscht werden\.$/,
    );
    expect((await list()).some((l) => l.id === nord.id)).toBe(true);
  });

  it('creates a location with two parking spaces, renames, refuses duplicates and deletes; every change is audited', async () => {
    const created = await call(admin, 'POST', '/api/admin/locations', { name: 'Außenstelle Süd' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const dup = await call(admin, 'POST', '/api/admin/locations', { name: 'Außenstelle Süd' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Einen Standort mit dem Namen „Außenstelle Süd“ gibt es bereits.');
    expect((await call(admin, 'POST', '/api/admin/locations', { name: '   ' })).statusCode).toBe(400);

    const p1 = await call(admin, 'POST', `/api/admin/locations/${id}/parking-spaces`, { name: 'S1' });
    expect(p1.statusCode).toBe(201);
    expect((await call(admin, 'POST', `/api/admin/locations/${id}/parking-spaces`, { name: 'S2' })).statusCode).toBe(201);
    const dupSpace = await call(admin, 'POST', `/api/admin/locations/${id}/parking-spaces`, { name: 'S1' });
    expect(dupSpace.json().error.message).toBe('Einen Stellplatz mit dem Namen „S1“ gibt es an diesem Standort bereits.');
    expect((await list()).find((l) => l.id === id)!.parkingSpaces.map((s) => s.name)).toEqual(['S1', 'S2']);

    expect((await call(admin, 'PATCH', `/api/admin/locations/${id}`, { name: 'Außenstelle Süd-West' })).json().name).toBe(
      'Außenstelle Süd-West',
    );
    expect((await call(admin, 'DELETE', `/api/admin/parking-spaces/${p1.json().id}`)).json()).toMatchObject({ deactivated: false });
    expect((await call(admin, 'DELETE', `/api/admin/locations/${id}`)).statusCode).toBe(200);
    expect((await list()).some((l) => l.id === id)).toBe(false);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['anlegen', 'ändern', 'löschen']);
    expect((await auditOf(id))[1]!.changes).toEqual([{ field: 'Name', old: 'Außenstelle Süd', new: 'Außenstelle Süd-West' }]);
  });

  it('deactivates instead of deleting a parking space named by vehicle history; it is no longer offered at a trip’s end', async () => {
    const r = (await t.database.db.execute(sql`
      select p.id::text as id from parking_spaces p join tenants te on te.id = p.tenant_id
       where te.sub_identifier = 'stadtwerke'
         and exists (select 1 from vehicle_history h where h.tenant_id = p.tenant_id and h.parking_space_id = p.id)
       limit 1`)) as unknown as { rows: { id: string }[] };
    let spaceId = r.rows[0]?.id;
    if (!spaceId) {
      // no seeded history names a space: make one do so
      const loc = (await list())[0]!;
      spaceId = loc.parkingSpaces[0]!.id;
      await t.database.db.execute(sql`
        update vehicle_history set parking_space_id = ${spaceId}::uuid
         where ctid = (select h.ctid from vehicle_history h join vehicles v on v.tenant_id = h.tenant_id and v.id = h.vehicle_id
                        where v.location_id = ${loc.id}::uuid limit 1)`);
    }
    const removed = await call(admin, 'DELETE', `/api/admin/parking-spaces/${spaceId}`);
    expect(removed.json()).toEqual({
      ok: true,
      deactivated: true,
      message: 'Der Stellplatz steht in der Fahrzeughistorie und wurde deshalb deaktiviert statt gelöscht.',
    });
    const space = (await list()).flatMap((l) => l.parkingSpaces).find((s) => s.id === spaceId)!;
    expect(space).toMatchObject({ active: false, used: true });
    const offered = (await call(admin, 'GET', '/api/vehicle-locations')).json();
    expect(JSON.stringify(offered)).not.toContain(spaceId);
    expect((await call(admin, 'PATCH', `/api/admin/parking-spaces/${spaceId}`, { active: true })).json().active).toBe(true);
    expect(JSON.stringify((await call(admin, 'GET', '/api/vehicle-locations')).json())).toContain(spaceId);
  });

  it('answers in English for a person who chose en-us', async () => {
    await call(admin, 'PUT', '/api/session/locale', { locale: 'en-us' });
    try {
      const dup = await call(admin, 'POST', '/api/admin/locations', { name: 'Betriebshof Nord' });
      expect(dup.json().error.message).toBe('A location named "Betriebshof Nord" already exists.');
    } finally {
      await call(admin, 'PUT', '/api/session/locale', { locale: 'de-de' });
    }
  });

  it('keeps tenants apart: another tenant’s admin neither sees nor changes these locations', async () => {
    const tour = await t.login(TOUR, 'admin@tourismus.test');
    const own = await list();
    const theirs = await list(tour, TOUR);
    expect(theirs.map((l) => l.name)).not.toContain('Betriebshof Nord');
    const target = own.find((l) => l.name === 'Betriebshof Nord')!;
    const space = target.parkingSpaces[0]!;
    expect((await call(tour, 'PATCH', `/api/admin/locations/${target.id}`, { name: 'Gekapert' }, TOUR)).statusCode).toBe(404);
    expect((await call(tour, 'DELETE', `/api/admin/locations/${target.id}`, undefined, TOUR)).statusCode).toBe(404);
    expect((await call(tour, 'POST', `/api/admin/locations/${target.id}/parking-spaces`, { name: 'X' }, TOUR)).statusCode).toBe(404);
    expect((await call(tour, 'PATCH', `/api/admin/parking-spaces/${space.id}`, { name: 'Gekapert' }, TOUR)).statusCode).toBe(404);
    const del = await call(tour, 'DELETE', `/api/admin/parking-spaces/${space.id}`, undefined, TOUR);
    expect([del.statusCode, del.json().error.message]).toEqual([404, 'Stellplatz nicht gefunden.']);
    const after = (await list()).find((l) => l.id === target.id)!;
    expect(after.name).toBe('Betriebshof Nord');
    expect(after.parkingSpaces.find((s) => s.id === space.id)?.name).toBe(space.name);
  });
});
