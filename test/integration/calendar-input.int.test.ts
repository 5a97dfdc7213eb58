import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { BIB, book, floorPlanIds, inDays, objectIds } from './reading-room-support';
import { SW, vehicleByPlate } from './vehicle-support';

/**
 * Days of the right shape that do not exist used to pass validation on these
 * routes and end as a database error (500). With real ids the request reaches
 * the service when validation lets it through, so each case here would show it.
 */
const NO_SUCH_DAYS = ['2026-02-30', '2026-11-31', '2026-13-01', '0000-00-00', '2026-00-10'];

async function bookingCounts(t: TestApp) {
  const r = (await t.database.db.execute(sql`
    select (select count(*)::int from reading_room_bookings) as seats,
           (select count(*)::int from vehicle_bookings) as vehicles,
           (select coalesce(sum(version), 0)::int from change_versions) as versions`)) as unknown as {
    rows: { seats: number; vehicles: number; versions: number }[];
  };
  return r.rows[0]!;
}

describe.each(DB_KINDS)('impossible dates and times on %s', (kind) => {
  let t: TestApp;
  let leser: string;
  let employee: string;
  let planId: string;
  let seatId: string;
  let vehicleId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    leser = await t.login(BIB, 'leser@bibliothek.test');
    employee = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    planId = (await floorPlanIds(t, BIB, leser))['Lesesaal Erdgeschoss']!;
    seatId = (await objectIds(t, BIB, leser, planId))['EG-10']!;
    vehicleId = (await vehicleByPlate(t, employee, 'MS-SW 101')).id;
  });
  afterAll(() => t?.close());

  it('the seat map of a floor plan refuses a day that does not exist', async () => {
    for (const day of NO_SUCH_DAYS) {
      const res = await t.call(BIB, { method: 'GET', url: `/api/reading-rooms/floor-plans/${planId}/map?date=${day}`, cookie: leser });
      expect(res.statusCode, `${day}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toBe('Bitte geben Sie ein gültiges Datum für „Datum“ an (TT.MM.JJJJ).');
    }
  });

  it('seat booking refuses a day or time that does not exist and books nothing', async () => {
    const before = await bookingCounts(t);
    for (const day of NO_SUCH_DAYS) {
      const res = await book(t, BIB, leser, { objectId: seatId, date: day });
      expect(res.statusCode, `${day}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toBe('Bitte geben Sie ein gültiges Datum für „Datum“ an (TT.MM.JJJJ).');
    }
    for (const time of ['24:00', '12:60', '7:5']) {
      const res = await book(t, BIB, leser, { objectId: seatId, date: inDays(1), mode: 'stuendlich', von: time, bis: '18:00' });
      expect(res.statusCode, `${time}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toBe('Bitte geben Sie eine gültige Uhrzeit für „Von“ an (HH:MM, 00:00–23:59).');
    }
    expect(await bookingCounts(t)).toEqual(before);
    // The same seat on a real day still books: the refusal was about the value, not the request.
    const ok = await book(t, BIB, leser, { objectId: seatId, date: inDays(1), mode: 'stuendlich', von: '10:00', bis: '11:00' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('the booking limits of a vehicle refuse a day that does not exist', async () => {
    for (const day of NO_SUCH_DAYS) {
      const res = await t.call(SW, { method: 'GET', url: `/api/vehicles/${vehicleId}/booking-limits?date=${day}`, cookie: employee });
      expect(res.statusCode, `${day}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toBe('Bitte geben Sie ein gültiges Datum für „Datum“ an (TT.MM.JJJJ).');
    }
  });

  it('refuses days and instants outside the years 2000 to 2100 before any arithmetic on them (the year 9999 was a 500)', async () => {
    const range = (label: string) => `„${label}“ muss zwischen dem 01.01.2000 und dem 31.12.2100 liegen.`;
    for (const day of ['9999-12-31', '2101-01-01', '1999-12-31']) {
      const res = await t.call(SW, { method: 'GET', url: `/api/vehicles/${vehicleId}/booking-limits?date=${day}`, cookie: employee });
      expect([res.statusCode, res.json().error.message], day).toEqual([400, range('Datum')]);
    }
    const far = await t.call(SW, {
      method: 'GET',
      url: `/api/vehicles/${vehicleId}/availability?von=2026-12-01T10:00:00Z&bis=${encodeURIComponent('9999-12-31T23:59:59Z')}`,
      cookie: employee,
    });
    expect([far.statusCode, far.json().error.message]).toEqual([400, range('Bis')]);
    const edge = await t.call(SW, { method: 'GET', url: `/api/vehicles/${vehicleId}/booking-limits?date=2100-12-31`, cookie: employee });
    expect(edge.statusCode, edge.body).toBeLessThan(500);
  });

  it('vehicle booking refuses an instant on a day that does not exist and books nothing', async () => {
    const before = await bookingCounts(t);
    for (const von of ['2026-02-30T10:00:00Z', '2026-11-31T10:00:00+01:00', '2026-13-01T10:00:00Z']) {
      const res = await t.call(SW, {
        method: 'POST',
        url: '/api/vehicle-bookings',
        cookie: employee,
        payload: { vehicleId, von, bis: '2026-12-01T12:00:00Z', destination: 'Münster' },
      });
      expect(res.statusCode, `${von}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toContain('Bitte geben Sie ein gültiges Datum mit Uhrzeit für „Von“ an (TT.MM.JJJJ HH:MM).');
    }
    expect(await bookingCounts(t)).toEqual(before);
  });

  it('speaks English to an en-us user about a time of day', async () => {
    const english = await t.login(BIB, 'admin@bibliothek.test');
    const set = await t.call(BIB, { method: 'PUT', url: '/api/session/locale', cookie: english, payload: { locale: 'en-us' } });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const res = await t.call(BIB, {
      method: 'GET',
      url: `/api/reading-rooms/floor-plans/${planId}/map?date=${inDays(1)}&von=24:00`,
      cookie: english,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter a valid time for "From" (HH:MM, 00:00–23:59).');
  });
});
