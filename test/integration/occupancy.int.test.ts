import type { Db } from '@db/client';
import { germanDay, instantOf } from '@domain/opening-hours';
import { occupancyStampOf } from '@server/areas/occupancy/occupancy-stamp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { BIB, floorPlanIds, objectIds, SW, tenantIds } from './reading-room-support';

/** Live occupancy for the tenant's website (docs/product.md#live-occupancy, decision 230). */

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const NOT_FOUND = 'Belegungsanzeige nicht gefunden.';

interface Hour {
  from: string;
  to: string;
  free: number;
  taken: number;
  past: boolean;
}

describe.each(DB_KINDS)('live occupancy on %s', (kind) => {
  let t: TestApp;
  let bibAdmin: string;
  let swAdmin: string;
  let plans: Record<string, string>;
  let eg: Record<string, string>;
  let tenants: Record<string, string>;
  let location: string;
  const planUrl = (id: string) => `/api/public/occupancy/floor-plans/${id}`;
  const get = (host: string, url: string, headers: Record<string, string> = {}) => t.call(host, { method: 'GET', url, headers });

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenants = await tenantIds(t);
    bibAdmin = await t.login(BIB, 'admin@bibliothek.test');
    swAdmin = await t.login(SW, 'admin@stadtwerke.test');
    plans = await floorPlanIds(t, BIB, bibAdmin);
    eg = await objectIds(t, BIB, bibAdmin, plans['Lesesaal Erdgeschoss']!);
    location = rows<{ id: string }>(
      await t.database.db.execute(sql`select location_id::text as id from floor_plans where id = ${plans['Lesesaal Erdgeschoss']}::uuid`),
    )[0]!.id;
  });
  afterAll(() => t?.close());

  /** Places of the plan's active objects booked at instant `at`, straight from the bookings (no two overlap on one place). */
  async function bookedAt(planIds: string[], at: Date): Promise<number> {
    const [r] = rows<{ n: number }>(
      await t.database.db.execute(sql`
        select coalesce(sum(b.place_to - b.place_from), 0)::int as n
          from reading_room_bookings b join reading_rooms r on r.tenant_id = b.tenant_id and r.id = b.reading_room_id
         where r.floor_plan_id = any(${`{${planIds.join(',')}}`}::uuid[]) and r.active and b.status <> 'storniert'
           and b.von <= ${at.toISOString()}::timestamptz and b.bis > ${at.toISOString()}::timestamptz`),
    );
    return r!.n;
  }

  async function placesOf(planIds: string[]): Promise<number> {
    const [r] = rows<{ n: number }>(
      await t.database.db.execute(sql`select coalesce(sum(capacity), 0)::int as n from reading_rooms
        where floor_plan_id = any(${`{${planIds.join(',')}}`}::uuid[]) and active`),
    );
    return r!.n;
  }

  /** Every number of an answer against the bookings: now at its minute, each hour at its start (all bookings here lie on whole hours). */
  async function expectCountsMatch(
    body: { day: string; asOf: string; places: number; now: { open: boolean; free: number; taken: number }; hours: Hour[] },
    planIds: string[],
  ) {
    const places = await placesOf(planIds);
    expect(body.places).toBe(places);
    const asOf = new Date(body.asOf);
    const taken = await bookedAt(planIds, asOf);
    const open = asOf >= instantOf(body.day, '08:00') && asOf < instantOf(body.day, '20:00');
    expect(body.now).toEqual({ open, free: open ? places - taken : 0, taken });
    expect(body.hours.map((h) => h.from)).toEqual(
      ['08', '09', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19'].map((h) => `${h}:00`),
    );
    for (const h of body.hours) {
      const n = await bookedAt(planIds, new Date(instantOf(body.day, h.from).getTime() + 1000));
      expect({ hour: h.from, taken: h.taken, free: h.free }).toEqual({ hour: h.from, taken: n, free: places - n });
      expect(h.past).toBe(instantOf(body.day, h.to) <= asOf);
    }
  }

  async function insertToday(tenantId: string, objectId: string, von: string, bis: string, places: [number, number] = [1, 2]) {
    const day = rows<{ d: string }>(
      await t.database.db.execute(sql`select to_char(now() at time zone 'Europe/Berlin', 'YYYY-MM-DD') as d`),
    )[0]!.d;
    const [booker] = rows<{ id: string }>(
      await t.database.db.execute(sql`select id::text from users where tenant_id = ${tenantId}::uuid and email like 'leser_@%' limit 1`),
    );
    const [b] = rows<{ id: string }>(
      await t.database.db.execute(sql`
        insert into reading_room_bookings (tenant_id, reading_room_id, von, bis, status, booker_id, place_from, place_to, group_size)
        values (${tenantId}::uuid, ${objectId}::uuid, ${instantOf(day, von).toISOString()}::timestamptz, ${instantOf(day, bis).toISOString()}::timestamptz,
                'reserviert', ${booker!.id}::uuid, ${places[0]}, ${places[1]}, ${places[1] - places[0]})
        returning id::text`),
    );
    return b!.id;
  }

  it('answers a switched-on plan with counts that match its bookings now and hour by hour, and no one of them', async () => {
    const planId = plans['Lesesaal Erdgeschoss']!;
    // a group of four in a room and a seat in the evening, on top of the demo's day
    const room = await insertToday(tenants.bibliothek!, eg['Gruppenraum 1']!, '09:00', '11:00', [2, 6]);
    const evening = await insertToday(tenants.bibliothek!, eg['EG-72']!, '18:00', '20:00');
    const res = await get(BIB, planUrl(planId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['asOf', 'closesAt', 'day', 'floorPlan', 'hours', 'now', 'open', 'opensAt', 'places']);
    expect(Object.keys(body.floorPlan).sort()).toEqual(['id', 'location', 'name']);
    expect(Object.keys(body.now).sort()).toEqual(['free', 'open', 'taken']);
    for (const h of body.hours) expect(Object.keys(h).sort()).toEqual(['free', 'from', 'past', 'taken', 'to']);
    expect(body.floorPlan).toEqual({ id: planId, name: 'Lesesaal Erdgeschoss', location: 'Zentralbibliothek' });
    expect(body).toMatchObject({ open: true, opensAt: '08:00', closesAt: '20:00', places: 86 });
    await expectCountsMatch(body, [planId]);
    // the demo fills the day: seven seats all day, nine in the morning; the group of four from 09:00
    expect(body.hours[0]).toMatchObject({ from: '08:00', taken: 16 });
    expect(body.hours[1]).toMatchObject({ from: '09:00', taken: 20 });
    // the only id in the answer is the plan's own; no name, e-mail or booking of anyone
    expect([...new Set(res.body.match(UUID))]).toEqual([planId]);
    const people = rows<{ first_name: string; last_name: string; email: string }>(
      await t.database.db.execute(sql`select first_name, last_name, email from users where tenant_id = ${tenants.bibliothek}::uuid`),
    );
    for (const p of people) for (const word of [p.first_name, p.last_name, p.email]) expect(res.body).not.toContain(word);
    // a cancellation shows with the next read
    await t.database.db.execute(sql`update reading_room_bookings set status = 'storniert' where id in (${room}::uuid, ${evening}::uuid)`);
    await expectCountsMatch((await get(BIB, planUrl(planId))).json(), [planId]);
  });

  it('answers nothing for a plan that is switched off, inactive, unknown or of another tenant: 404 with a sentence', async () => {
    const og = plans['Lesesaal 1. Obergeschoss']!;
    const off = await get(BIB, planUrl(og));
    expect(off.statusCode).toBe(404);
    expect(off.json().error).toEqual({ code: 'not_found', message: NOT_FOUND });
    const page = await get(BIB, `/belegung/${og}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Diese Belegungsanzeige gibt es nicht oder sie ist ausgeschaltet.');
    expect((await get(BIB, `/belegung/${og}?lang=en`)).body).toContain('This occupancy page does not exist or is switched off.');
    expect((await get(BIB, planUrl('6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f'))).statusCode).toBe(404);
    // the room admin switches it on and off again
    const on = await t.call(BIB, {
      method: 'PUT',
      url: `/api/admin/occupancy/floor-plans/${og}`,
      cookie: bibAdmin,
      payload: { enabled: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().floorPlans.find((p: { id: string }) => p.id === og)).toMatchObject({
      enabled: true,
      pagePath: `/belegung/${og}`,
      jsonPath: `/api/public/occupancy/floor-plans/${og}`,
    });
    expect((await get(BIB, planUrl(og))).statusCode).toBe(200);
    await t.database.db.execute(sql`update floor_plans set active = false where id = ${og}::uuid`);
    expect((await get(BIB, planUrl(og))).statusCode).toBe(404);
    await t.database.db.execute(sql`update floor_plans set active = true where id = ${og}::uuid`);
    expect((await get(BIB, planUrl(og))).statusCode).toBe(200);
    await t.call(BIB, { method: 'PUT', url: `/api/admin/occupancy/floor-plans/${og}`, cookie: bibAdmin, payload: { enabled: false } });
    expect((await get(BIB, planUrl(og))).statusCode).toBe(404);
  });

  it('keeps tenants apart: a plan or location of one tenant is unknown at the other, also to its admins', async () => {
    const planId = plans['Lesesaal Erdgeschoss']!;
    expect((await get(SW, planUrl(planId))).statusCode).toBe(404);
    expect((await get(SW, `/belegung/${planId}`)).statusCode).toBe(404);
    expect((await get(SW, `/api/public/occupancy/locations/${location}`)).statusCode).toBe(404);
    const foreign = await t.call(SW, {
      method: 'PUT',
      url: `/api/admin/occupancy/floor-plans/${planId}`,
      cookie: swAdmin,
      payload: { enabled: false },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Grundriss nicht gefunden.');
    expect((await get(BIB, planUrl(planId))).statusCode).toBe(200);
    // the Stadtwerke switch their office on: it shows at their address only
    const office = (await floorPlanIds(t, SW, swAdmin, 'arbeitswelt'))['Verwaltung 2. OG'];
    const swPlans = (await t.call(SW, { method: 'GET', url: '/api/admin/occupancy/floor-plans', cookie: swAdmin })).json().floorPlans;
    expect(swPlans.map((p: { id: string }) => p.id)).not.toContain(planId);
    const officeId = office ?? swPlans.find((p: { area: string }) => p.area === 'arbeitswelt').id;
    await t.call(SW, { method: 'PUT', url: `/api/admin/occupancy/floor-plans/${officeId}`, cookie: swAdmin, payload: { enabled: true } });
    expect((await get(SW, planUrl(officeId))).statusCode).toBe(200);
    expect((await get(BIB, planUrl(officeId))).statusCode).toBe(404);
    await t.call(SW, { method: 'PUT', url: `/api/admin/occupancy/floor-plans/${officeId}`, cookie: swAdmin, payload: { enabled: false } });
  });

  it('lets exactly the listed websites read the JSON (CORS) and frame the page (frame-ancestors)', async () => {
    const planId = plans['Lesesaal Erdgeschoss']!;
    const listed = await get(BIB, planUrl(planId), { origin: 'http://localhost:8080' });
    expect(listed.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(listed.headers.vary).toContain('Origin');
    const other = await get(BIB, planUrl(planId), { origin: 'https://evil.example' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect((await get(BIB, planUrl(planId))).headers['access-control-allow-origin']).toBeUndefined();
    const page = await get(BIB, `/belegung/${planId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors http://localhost:8080",
    );
    // the tenant admin changes the list: it holds at once
    const bad = await t.call(BIB, {
      method: 'PUT',
      url: '/api/admin/occupancy/embedding',
      cookie: bibAdmin,
      payload: { origins: ['www.bibliothek.example'], colour: '#2f6f4e' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      '„www.bibliothek.example“ ist keine Herkunft einer Website. Bitte in der Form https://www.beispiel.de angeben, ohne Pfad.',
    );
    const saved = await t.call(BIB, {
      method: 'PUT',
      url: '/api/admin/occupancy/embedding',
      cookie: bibAdmin,
      payload: { origins: ['https://www.Bibliothek.example/', 'https://katalog.bibliothek.example'], colour: '#2F6F4E' },
    });
    expect(saved.json()).toEqual({ origins: ['https://www.bibliothek.example', 'https://katalog.bibliothek.example'], colour: '#2f6f4e' });
    const audit = rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from audit_log where tenant_id = ${tenants.bibliothek}::uuid
        and subject_type = 'mandant' and changes::text like '%Websites der Belegungsanzeige%'`),
    );
    expect(audit[0]!.n).toBe(1);
    expect((await get(BIB, planUrl(planId), { origin: 'http://localhost:8080' })).headers['access-control-allow-origin']).toBeUndefined();
    expect((await get(BIB, planUrl(planId), { origin: 'https://katalog.bibliothek.example' })).headers['access-control-allow-origin']).toBe(
      'https://katalog.bibliothek.example',
    );
    expect((await get(BIB, `/belegung/${planId}`)).headers['content-security-policy']).toContain(
      'frame-ancestors https://www.bibliothek.example https://katalog.bibliothek.example',
    );
    await t.call(BIB, {
      method: 'PUT',
      url: '/api/admin/occupancy/embedding',
      cookie: bibAdmin,
      payload: { origins: [], colour: '#2f6f4e' },
    });
    expect((await get(BIB, `/belegung/${planId}`)).headers['content-security-policy']).toContain("frame-ancestors 'none'");
    await t.call(BIB, {
      method: 'PUT',
      url: '/api/admin/occupancy/embedding',
      cookie: bibAdmin,
      payload: { origins: ['http://localhost:8080'], colour: '#2f6f4e' },
    });
  });

  it('a second read without a change runs no query but the stamp read, and the same text comes back (304 with its tag)', async () => {
    const planId = plans['Lesesaal Erdgeschoss']!;
    const original = t.deps.database;
    const counts = { execute: 0, transaction: 0, other: 0 };
    const counting = new Proxy(original.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        if (key === 'execute' || key === 'transaction') {
          return (...args: unknown[]) => {
            counts[key]++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        if (['select', 'insert', 'update', 'delete', 'with', 'selectDistinct'].includes(String(key))) {
          return (...args: unknown[]) => {
            counts.other++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value.bind(target);
      },
    }) as Db;
    t.deps.database = { ...original, db: counting };
    try {
      // a change first, so the next read builds the answer
      await insertToday(tenants.bibliothek!, eg['EG-71']!, '19:00', '20:00');
      const reads: { statusCode: number; body: string; headers: Record<string, unknown> }[] = [];
      const read = async () => {
        Object.assign(counts, { execute: 0, transaction: 0, other: 0 });
        const res = await get(BIB, planUrl(planId));
        reads.push(res);
        return { ...counts };
      };
      const built = await read();
      expect(built.transaction).toBe(1);
      let again = await read();
      // Unless the minute turned between the two reads, the second is the stamp read alone on PostgreSQL, and on the
      // embedded database not even that: the node heard every change of its own database (occupancy-stamp.ts).
      if (reads[1]!.body !== reads[0]!.body) again = await read();
      expect(again).toEqual({ execute: kind === 'pglite' ? 0 : 1, transaction: 0, other: 0 });
      expect(reads.at(-1)!.body).toBe(reads.at(-2)!.body);
      const etag = reads.at(-1)!.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]{22}"$/);
      const notModified = await get(BIB, planUrl(planId), { 'if-none-match': etag });
      if (notModified.statusCode === 200)
        expect(notModified.headers.etag).not.toBe(etag); // the minute turned
      else expect(notModified.statusCode).toBe(304);
      // twenty visitors right after a change share one build
      await insertToday(tenants.bibliothek!, eg['EG-17']!, '19:00', '20:00');
      Object.assign(counts, { execute: 0, transaction: 0, other: 0 });
      const together = await Promise.all(Array.from({ length: 20 }, () => get(BIB, planUrl(planId))));
      expect(together.every((r) => r.statusCode === 200)).toBe(true);
      expect(counts.transaction).toBeLessThanOrEqual(2); // 2 only when the minute turned meanwhile
      // the stamp tells why: the answer is kept under the versions it was built from and the minute it stands for
      const last = JSON.parse(reads.at(-1)!.body) as { asOf: string };
      const stamp = `${await occupancyStampOf(t.deps, tenants.bibliothek!)}|${last.asOf}`;
      const key = `${tenants.bibliothek}|plan|${planId}`;
      expect(t.deps.caches.occupancy.get(key, stamp)).toBeDefined();
      await insertToday(tenants.bibliothek!, eg['EG-70']!, '19:00', '20:00');
      const after = `${await occupancyStampOf(t.deps, tenants.bibliothek!)}|${last.asOf}`;
      expect(after).not.toBe(stamp);
      expect(t.deps.caches.occupancy.get(key, after)).toBeUndefined();
    } finally {
      t.deps.database = original;
    }
  });

  it('sums the switched-on plans of a location, each listed with its own counts', async () => {
    const ground = plans['Lesesaal Erdgeschoss']!;
    const og = plans['Lesesaal 1. Obergeschoss']!;
    const url = `/api/public/occupancy/locations/${location}`;
    const one = (await get(BIB, url)).json();
    expect(Object.keys(one).sort()).toEqual([
      'asOf',
      'closesAt',
      'day',
      'floorPlans',
      'hours',
      'location',
      'now',
      'open',
      'opensAt',
      'places',
    ]);
    expect(one.location).toEqual({ id: location, name: 'Zentralbibliothek' });
    expect(one.floorPlans.map((p: { floorPlan: { name: string } }) => p.floorPlan.name)).toEqual(['Lesesaal Erdgeschoss']);
    await expectCountsMatch(one, [ground]);
    await t.call(BIB, { method: 'PUT', url: `/api/admin/occupancy/floor-plans/${og}`, cookie: bibAdmin, payload: { enabled: true } });
    const both = (await get(BIB, url)).json();
    expect(both.floorPlans.map((p: { floorPlan: { name: string } }) => p.floorPlan.name)).toEqual([
      'Lesesaal 1. Obergeschoss',
      'Lesesaal Erdgeschoss',
    ]);
    await expectCountsMatch(both, [ground, og]);
    expect([...new Set(JSON.stringify(both).match(UUID))].sort()).toEqual([ground, og, location].sort());
    await t.call(BIB, { method: 'PUT', url: `/api/admin/occupancy/floor-plans/${og}`, cookie: bibAdmin, payload: { enabled: false } });
    await t.call(BIB, { method: 'PUT', url: `/api/admin/occupancy/floor-plans/${ground}`, cookie: bibAdmin, payload: { enabled: false } });
    expect((await get(BIB, url)).statusCode).toBe(404);
    await t.call(BIB, { method: 'PUT', url: `/api/admin/occupancy/floor-plans/${ground}`, cookie: bibAdmin, payload: { enabled: true } });
  });

  it('renders the page in German and in English, with the day and the tenant', async () => {
    const planId = plans['Lesesaal Erdgeschoss']!;
    const de = await get(BIB, `/belegung/${planId}`);
    expect(de.headers['content-type']).toBe('text/html; charset=utf-8');
    const day = (await get(BIB, planUrl(planId))).json().day as string;
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).toContain('<h1>Lesesaal Erdgeschoss</h1>');
    expect(de.body).toContain(`Heute, ${germanDay(day)}`);
    expect(de.body).toContain('<span>Universitätsbibliothek Musterstadt</span>');
    expect(de.body).toMatch(/<strong>\d+<\/strong> von 86 Plätzen frei|Jetzt geschlossen\. Heute geöffnet von 08:00 bis 20:00 Uhr\./);
    const en = await get(BIB, `/belegung/${planId}?lang=en`);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain(`Today, ${germanDay(day)}`);
    expect(en.body).toMatch(/<strong>\d+<\/strong> of 86 places free|Closed now\. Open today from 08:00 to 20:00\./);
    const script = await get(BIB, '/belegung/aktualisieren.js');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });
});
