import { timelineResponse } from '@contracts/vehicles';
import { MESSAGES } from '@domain/vehicle-booking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { book, createVehicle, dayAt, locationId, SW, TI, testVehicle } from './vehicle-support';

/**
 * Decision 033 (names of bookers in the timeline) and decision 032 (booking
 * times as pick-up and return times), end to end through the API.
 */
describe.each(DB_KINDS)('vehicle privacy and pick-up times on %s', (kind) => {
  let t: TestApp;
  let booker: string;
  let fleet: string;
  let admin: string;
  let bookerId: string;
  let fleetId: string;
  let car: { id: string };
  const suffix = kind === 'pglite' ? '1' : '2';

  const setSetting = async (name: string, value: unknown) => {
    const res = await t.call(SW, { method: 'PUT', url: `/api/settings/${name}`, cookie: admin, payload: { layer: 'MANDANT', value } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const timeline = async (cookie: string, from = dayAt(10, '00:00'), to = dayAt(11, '00:00')) => {
    const res = await t.call(SW, {
      method: 'GET',
      url: `/api/vehicles/timeline?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&vehicleIds=${car.id}`,
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { parsed: timelineResponse.parse(res.json()), body: res.body, etag: res.headers.etag as string };
  };
  const meId = async (cookie: string) => (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie })).json().user.id as string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [booker, fleet, admin] = await Promise.all([
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
      t.login(SW, 'fuhrpark@stadtwerke.test'),
      t.login(SW, 'admin@stadtwerke.test'),
    ]);
    [bookerId, fleetId] = await Promise.all([meId(booker), meId(fleet)]);
    const nord = await locationId(t, SW, fleet, 'Betriebshof Nord');
    car = await createVehicle(
      t,
      fleet,
      testVehicle(nord, `MS-PV ${suffix}01`, {
        bookingTimes: {
          weekdays: ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'],
          from: '06:00',
          to: '22:00',
        },
      }),
    );
    // One booking by the plain booker, one by the fleet manager for themself, on the same day.
    expect((await book(t, booker, { vehicleId: car.id, von: dayAt(10, '08:00'), bis: dayAt(10, '09:00') })).statusCode).toBe(201);
    expect((await book(t, fleet, { vehicleId: car.id, von: dayAt(10, '12:00'), bis: dayAt(10, '13:00') })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('by default a plain booker sees no colleague’s name or id, only their own; a fleet manager sees all names', async () => {
    // The fleet manager asks first, so a names-bearing text is in the cache before the booker asks.
    const forFleet = await timeline(fleet);
    const fleetRows = forFleet.parsed.vehicles.find((v) => v.vehicleId === car.id)!.bookings;
    expect(fleetRows).toHaveLength(2);
    expect(forFleet.parsed.people.map((p) => p.id).sort()).toEqual([bookerId, fleetId].sort());
    expect(fleetRows.every((r) => r[4] !== null)).toBe(true);

    const forBooker = await timeline(booker);
    const rows = forBooker.parsed.vehicles.find((v) => v.vehicleId === car.id)!.bookings;
    expect(rows).toHaveLength(2);
    expect(forBooker.parsed.people).toHaveLength(1);
    expect(forBooker.parsed.people[0]!.id).toBe(bookerId);
    const own = rows.find((r) => r[0] === 8 * 60)!;
    const foreign = rows.find((r) => r[0] === 12 * 60)!;
    expect(forBooker.parsed.people[own[4]!]!.id).toBe(bookerId);
    expect(foreign[4]).toBeNull();
    const fleetName = forFleet.parsed.people.find((p) => p.id === fleetId)!.name;
    expect(forBooker.body).not.toContain(fleetName);
    expect(forBooker.body).not.toContain(fleetId);
    expect(forBooker.etag).not.toBe(forFleet.etag);

    // And the other way round: the booker's cached text does not reach the fleet manager.
    const again = await timeline(fleet);
    expect(again.parsed.people).toHaveLength(2);
  });

  it('with fahrzeugBuchendeSichtbar every booker sees the names', async () => {
    await setSetting('fahrzeugBuchendeSichtbar', true);
    try {
      const forBooker = await timeline(booker);
      expect(forBooker.parsed.people.map((p) => p.id).sort()).toEqual([bookerId, fleetId].sort());
    } finally {
      await setSetting('fahrzeugBuchendeSichtbar', false);
    }
    expect((await timeline(booker)).parsed.people).toHaveLength(1);
  });

  it('another tenant gets nothing of these bookings, limits or names', async () => {
    const other = await t.login(TI, 'admin@tourismus.test');
    const res = await t.call(TI, {
      method: 'GET',
      url: `/api/vehicles/timeline?from=${encodeURIComponent(dayAt(10, '00:00'))}&to=${encodeURIComponent(dayAt(11, '00:00'))}`,
      cookie: other,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(car.id);
    expect(res.body).not.toContain(bookerId);
    const limits = await t.call(TI, {
      method: 'GET',
      url: `/api/vehicles/${car.id}/booking-limits?date=${dayAt(10, '00:00').slice(0, 10)}`,
      cookie: other,
    });
    expect(limits.statusCode).toBe(404);
  });

  it('strict reading (default): an overnight booking of a 06:00–22:00 car is refused; limits tell the times', async () => {
    const limits = await t.call(SW, {
      method: 'GET',
      url: `/api/vehicles/${car.id}/booking-limits?date=${dayAt(12, '00:00').slice(0, 10)}`,
      cookie: booker,
    });
    expect(limits.statusCode).toBe(200);
    expect(limits.json().bookingTimes).toMatchObject({ from: '06:00', to: '22:00' });
    expect(limits.json().timesAsPickUpReturn).toBe(false);
    const list = await t.call(SW, { method: 'GET', url: '/api/vehicles', cookie: booker });
    expect(list.json().rules).toEqual({ individualTimes: true, outsideTimes: true, timesAsPickUpReturn: false });

    const res = await book(t, booker, { vehicleId: car.id, von: dayAt(12, '18:00'), bis: dayAt(13, '08:00') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.outsideTimes);
  });

  it('with fahrzeugBuchungszeitenAlsAbholRueckgabe the overnight booking is possible; pick-up outside the times is not', async () => {
    await setSetting('fahrzeugBuchungszeitenAlsAbholRueckgabe', true);
    try {
      const check = await t.call(SW, {
        method: 'GET',
        url: `/api/vehicles/${car.id}/availability?von=${encodeURIComponent(dayAt(14, '18:00'))}&bis=${encodeURIComponent(dayAt(15, '08:00'))}`,
        cookie: booker,
      });
      expect(check.json()).toEqual({ available: true, needsApproval: false, message: null });
      const ok = await book(t, booker, { vehicleId: car.id, von: dayAt(14, '18:00'), bis: dayAt(15, '08:00') });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().booking.needsApproval).toBe(false);
      const late = await book(t, booker, { vehicleId: car.id, von: dayAt(16, '22:30'), bis: dayAt(17, '08:00') });
      expect(late.statusCode).toBe(400);
      expect(late.json().error.message).toBe(MESSAGES.outsideTimes);
      const early = await book(t, booker, { vehicleId: car.id, von: dayAt(16, '18:00'), bis: dayAt(17, '05:30') });
      expect(early.json().error.message).toBe(MESSAGES.outsideTimes);
      const list = await t.call(SW, { method: 'GET', url: '/api/vehicles', cookie: booker });
      expect(list.json().rules.timesAsPickUpReturn).toBe(true);
    } finally {
      await setSetting('fahrzeugBuchungszeitenAlsAbholRueckgabe', false);
    }
  });
});
