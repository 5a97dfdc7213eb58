import type { VehicleSeriesDate } from '@contracts/vehicles';
import { withTenant } from '@db/client';
import { addDays, germanDay, isoWeekday } from '@domain/opening-hours';
import { MESSAGES } from '@domain/vehicle-booking';
import { berlinDay, berlinInstant } from '@domain/vehicle-time';
import { vehiclesIcs } from '@server/areas/calendar/booking-events';
import { extendSeries } from '@server/areas/series/series-engine';
import { vehicleSeries } from '@server/areas/series/vehicle-kind';
import { findBookingsByIds } from '@server/areas/vehicles/vehicle-booking-repository';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { icsAttachmentOf, type ParsedEvent, parseIcs } from '../support/ics';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { book, createVehicle, locationId, mailTo, SW, TI, testVehicle, UB } from './vehicle-support';

/** Decision 115: vehicle series — every date through the single booking's rules, preview, one transaction, cancel modes, the job. */

const today = () => berlinDay(new Date());
const nextWeekday = (from: string, weekday: number) => {
  let d = from;
  while (isoWeekday(d) !== weekday) d = addDays(d, 1);
  return d;
};
const WORKDAYS = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags'];

describe.each(DB_KINDS)('vehicle series on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let booker: string;
  let fleet: string;
  let approver: string;
  let admin: string;
  let swTenant: string;
  let nord: string;
  let plate = 0;
  const nextPlate = () => `MS-S ${kind === 'pglite' ? 1 : 2}${String(++plate).padStart(3, '0')}`;

  const post = (cookie: string, url: string, payload: object, host = SW) => t.call(host, { method: 'POST', url, cookie, payload });
  const states = (dates: VehicleSeriesDate[]) => dates.map((d) => `${d.date} ${d.state}${d.reason ? ` ${d.reason}` : ''}`);
  const setSetting = async (name: string, value: number | boolean) => {
    const res = await t.call(SW, { method: 'PUT', url: `/api/settings/${name}`, cookie: admin, payload: { layer: 'MANDANT', value } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const rows = async <T>(q: ReturnType<typeof sql>) =>
    ((await withTenant(t.database.db, swTenant, (tx) => tx.execute(q))) as unknown as { rows: T[] }).rows;
  const seriesBookings = (seriesId: string) =>
    rows<{ id: string; day: string; status: string; needs_approval: boolean }>(
      sql`select id::text, to_char(von at time zone 'Europe/Berlin', 'YYYY-MM-DD') as day, status, needs_approval
            from vehicle_bookings where series_id = ${seriesId} order by von`,
    );
  const vehicle = async (over: Record<string, unknown> = {}) => (await createVehicle(t, fleet, testVehicle(nord, nextPlate(), over))).id;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    [booker, fleet, approver, admin] = (await Promise.all(
      ['mitarbeiter', 'fuhrpark', 'freigabe', 'admin'].map((n) => t.login(SW, `${n}@stadtwerke.test`)),
    )) as [string, string, string, string];
    swTenant = (await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().id as string;
    nord = await locationId(t, SW, fleet, 'Betriebshof Nord');
    await setSetting('fahrzeugBuchbareTageVoraus', 90);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('checks every date with the single booking rules: booking times, taken, minimum gap, licence by date; saves the rest in one go', async () => {
    const id = await vehicle({ bookingTimes: { weekdays: WORKDAYS, from: '07:00', to: '19:00' } });
    const monday = nextWeekday(addDays(today(), 1), 1);
    const week = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
    // Tuesday taken by a colleague; Wednesday a booking ends 07:50, inside the 15-minute gap before 08:00.
    expect(
      (await book(t, fleet, { vehicleId: id, von: berlinInstant(week[1]!, '09:00'), bis: berlinInstant(week[1]!, '09:30') })).statusCode,
    ).toBe(201);
    expect(
      (await book(t, fleet, { vehicleId: id, von: berlinInstant(week[2]!, '07:00'), bis: berlinInstant(week[2]!, '07:50') })).statusCode,
    ).toBe(201);
    const request = {
      vehicleId: id,
      fromTime: '08:00',
      toTime: '10:00',
      reason: 'Baustellenrunde',
      // Texts an array literal must carry unchanged (the insert passes one array per column, docs/performance/series.md).
      destination: 'Hof "Nord", Tor {2} \\ Rampe',
      passengers: 'Ülkü, Zoë',
      rule: { startDate: monday, weekdays: [1, 2, 3, 4, 5, 6, 7], intervalWeeks: 1, count: 7 },
    };

    const before = await rows<{ n: number }>(sql`select count(*)::int as n from vehicle_bookings`);
    const preview = await post(booker, '/api/vehicle-series/preview', request);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(states(preview.json().dates)).toEqual([
      `${week[0]} buchbar`,
      `${week[1]} abgelehnt belegt`,
      `${week[2]} abgelehnt belegt`,
      `${week[3]} buchbar`,
      `${week[4]} buchbar`,
      `${week[5]} abgelehnt geschlossen`,
      `${week[6]} abgelehnt geschlossen`,
    ]);
    const dates = preview.json().dates as VehicleSeriesDate[];
    expect(dates[1]!.message).toBe(MESSAGES.alreadyBooked);
    expect(dates[2]!.message).toBe(MESSAGES.alreadyBooked);
    expect(dates[5]!.message).toBe(MESSAGES.outsideTimes);
    expect(dates[0]!.von).toBe(berlinInstant(week[0]!, '08:00').toISOString());
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from vehicle_bookings`)).toEqual(before);

    const saved = await post(booker, '/api/vehicle-series', request);
    expect(saved.statusCode, saved.body).toBe(200);
    const seriesId = saved.json().seriesId as string;
    expect(states(saved.json().dates).filter((s) => s.endsWith('gebucht'))).toEqual([
      `${week[0]} gebucht`,
      `${week[3]} gebucht`,
      `${week[4]} gebucht`,
    ]);
    expect((await seriesBookings(seriesId)).map((b) => b.day)).toEqual([week[0], week[3], week[4]]);
    const mail = await mailTo(smtp, 'mitarbeiter@stadtwerke.test', 'Serie gebucht: Test Modell');
    expect(mail.text).toContain(`${germanDay(week[5]!)}: ${MESSAGES.outsideTimes}`);
    const events = parseIcs(icsAttachmentOf(mail.raw)!).events;
    expect(events).toHaveLength(3);
    // The events are made from what the insert returned (docs/performance/series.md): they show what the bookings read back show.
    const ids = (await seriesBookings(seriesId)).map((b) => b.id);
    const readBack = await withTenant(t.database.db, swTenant, (tx) => findBookingsByIds(tx, swTenant, ids));
    const shown = ({ sequence: _sequence, ...e }: ParsedEvent) => e;
    expect(events.map(shown)).toEqual(parseIcs(vehiclesIcs(readBack, 'de')).events.map(shown));
    expect(readBack.map((b) => [b.reason, b.destination, b.passengers, b.stopover])).toEqual(
      Array(3).fill(['Baustellenrunde', 'Hof "Nord", Tor {2} \\ Rampe', 'Ülkü, Zoë', null]),
    );
    // The series shows in "Ihre Buchungen".
    const mine = (await t.call(SW, { method: 'GET', url: '/api/vehicle-bookings/mine', cookie: booker })).json();
    expect(mine.forMe.filter((b: { seriesId: string | null }) => b.seriesId === seriesId)).toHaveLength(3);
  });

  it('refuses the dates of a driving ban and an overdue licence with the gate message, per date', async () => {
    const id = await vehicle();
    // fuhrpark@ has a driving ban 32 to 62 days from today (seed); a weekly series crossing it.
    const start = addDays(today(), 25);
    const request = {
      vehicleId: id,
      fromTime: '10:00',
      toTime: '11:00',
      rule: { startDate: start, weekdays: [isoWeekday(start)], intervalWeeks: 1, count: 8 },
    };
    const dates = (await post(fleet, '/api/vehicle-series/preview', request)).json().dates as VehicleSeriesDate[];
    const banned = dates.filter((d) => d.state === 'abgelehnt');
    expect(banned.length).toBeGreaterThan(2);
    expect(dates.filter((d) => d.state === 'buchbar').length).toBeGreaterThan(0);
    for (const d of banned) {
      expect(d.reason).toBe('regel');
      expect(d.message).toMatch(
        /^Für Felix Fuhrmann gilt vom \d\d\.\d\d\.\d{4} bis \d\d\.\d\d\.\d{4} ein Fahrverbot, das den Zeitraum überschneidet\.$/,
      );
      expect(d.date >= addDays(today(), 32) && d.date <= addDays(today(), 62)).toBe(true);
    }
    // admin@'s check is overdue: every date is refused, nothing is saved (409).
    const overdue = await post(admin, '/api/vehicle-series', { ...request, rule: { ...request.rule, count: 2 } });
    expect([overdue.statusCode, overdue.json().error.message]).toEqual([
      409,
      'Kein Termin der Serie ist buchbar. Es wurde nichts gespeichert.',
    ]);
    expect(await rows(sql`select 1 from vehicle_series where vehicle_id = ${id}`)).toEqual([]);
  });

  it('a DEFEKT block refuses every date; outside booking times with booking outside allowed, each date is a special trip to approve', async () => {
    const broken = await vehicle();
    const damage = await post(booker, `/api/vehicles/${broken}/damages`, { description: 'Bremse quietscht' });
    expect(damage.statusCode, damage.body).toBe(201);
    expect(
      (await t.call(SW, { method: 'POST', url: `/api/vehicles/${broken}/damages/${damage.json().damage.id}/block`, cookie: fleet }))
        .statusCode,
    ).toBe(201);
    const start = addDays(today(), 3);
    const rule = { startDate: start, weekdays: [1, 2, 3, 4, 5, 6, 7], intervalWeeks: 1, count: 3 };
    const blocked = (
      await post(booker, '/api/vehicle-series/preview', { vehicleId: broken, fromTime: '08:00', toTime: '09:00', rule })
    ).json();
    expect(blocked.dates.map((d: VehicleSeriesDate) => d.message)).toEqual([
      'Das Fahrzeug ist defekt und derzeit gesperrt.',
      'Das Fahrzeug ist defekt und derzeit gesperrt.',
      'Das Fahrzeug ist defekt und derzeit gesperrt.',
    ]);

    const special = await vehicle({
      bookingOutsidePossible: true,
      bookingTimes: { weekdays: WORKDAYS.concat(['samstags', 'sonntags']), from: '09:00', to: '18:00' },
    });
    const saved = await post(booker, '/api/vehicle-series', { vehicleId: special, fromTime: '06:00', toTime: '07:00', rule });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().dates.map((d: VehicleSeriesDate) => [d.state, d.needsApproval])).toEqual([
      ['gebucht', true],
      ['gebucht', true],
      ['gebucht', true],
    ]);
    const booked = await seriesBookings(saved.json().seriesId);
    expect(booked.every((b) => b.needs_approval)).toBe(true);
    const approvals = (await t.call(SW, { method: 'GET', url: '/api/vehicle-approvals', cookie: approver })).json();
    expect(approvals.pending.filter((b: { id: string }) => booked.some((x) => x.id === b.id))).toHaveLength(3);
    await mailTo(smtp, 'freigabe@stadtwerke.test', 'Sonderfahrt freigeben: Test Modell');
  });

  it('two people saving overlapping series at the same moment: every date is booked at most once, no half-written series', async () => {
    const id = await vehicle();
    const start = addDays(today(), 2);
    const rule = { startDate: start, weekdays: [1, 2, 3, 4, 5, 6, 7], intervalWeeks: 1, count: 6 };
    const [a, b] = await Promise.all([
      post(booker, '/api/vehicle-series', { vehicleId: id, fromTime: '08:00', toTime: '12:00', rule }),
      post(fleet, '/api/vehicle-series', { vehicleId: id, fromTime: '11:00', toTime: '13:00', rule }),
    ]);
    const won = [a, b].filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    const lost = [a, b].find((r) => r.statusCode !== 200)!;
    expect([lost.statusCode, lost.json().error.message]).toEqual([409, 'Kein Termin der Serie ist buchbar. Es wurde nichts gespeichert.']);
    const perDay = await rows<{ day: string; n: number }>(
      sql`select to_char(von at time zone 'Europe/Berlin', 'YYYY-MM-DD') as day, count(*)::int as n
            from vehicle_bookings where vehicle_id = ${id} and status <> 'storniert' group by 1 order by 1`,
    );
    expect(perDay.map((r) => r.n)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(await rows(sql`select id from vehicle_series where vehicle_id = ${id}`)).toHaveLength(1);

    // Partly overlapping: the later series gets its free days and the taken ones refused with the message.
    const other = await vehicle();
    const [c, d] = await Promise.all([
      post(booker, '/api/vehicle-series', {
        vehicleId: other,
        fromTime: '08:00',
        toTime: '09:00',
        rule: { ...rule, weekdays: [1, 2, 3, 4, 5, 6, 7] },
      }),
      // Three days overlap and each series has three of its own, so both save whichever runs first.
      post(fleet, '/api/vehicle-series', {
        vehicleId: other,
        fromTime: '08:30',
        toTime: '09:30',
        rule: { ...rule, startDate: addDays(start, 3), count: 6 },
      }),
    ]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    const all = [...c.json().dates, ...d.json().dates] as VehicleSeriesDate[];
    const bookedDays = all.filter((x) => x.state === 'gebucht').map((x) => x.date);
    expect(new Set(bookedDays).size).toBe(bookedDays.length);
    expect(all.filter((x) => x.state === 'abgelehnt').every((x) => x.message === MESSAGES.alreadyBooked)).toBe(true);
    for (const r of [c, d]) {
      const ids = (await seriesBookings(r.json().seriesId)).map((x) => x.id).sort();
      expect(ids).toEqual(
        (r.json().dates as VehicleSeriesDate[])
          .filter((x) => x.state === 'gebucht')
          .map((x) => x.bookingId)
          .sort(),
      );
    }
  });

  it('cancels this date, this and all following, or the whole series', async () => {
    const id = await vehicle();
    const rule = { startDate: addDays(today(), 2), weekdays: [1, 2, 3, 4, 5, 6, 7], intervalWeeks: 1, count: 6 };
    const saved = await post(booker, '/api/vehicle-series', { vehicleId: id, fromTime: '14:00', toTime: '15:00', rule });
    const ids = (saved.json().dates as VehicleSeriesDate[]).map((d) => d.bookingId!);
    const cancel = (cookie: string, bookingId: string, scope: string, host = SW) =>
      post(cookie, `/api/vehicle-bookings/${bookingId}/cancel-series`, { scope }, host);
    expect((await cancel(booker, ids[1]!, 'eine')).json()).toEqual({ cancelled: 1 });
    expect((await cancel(booker, ids[3]!, 'folgende')).json()).toEqual({ cancelled: 3 });
    const status = async () => (await seriesBookings(saved.json().seriesId)).map((b) => b.status);
    expect(await status()).toEqual(['reserviert', 'storniert', 'reserviert', 'storniert', 'storniert', 'storniert']);
    // Another booker cannot touch it; another tenant does not find it.
    const other = await t.login(SW, 'freigabe@stadtwerke.test');
    expect((await cancel(other, ids[0]!, 'alle')).statusCode).toBe(404);
    const ti = await t.login(TI, 'admin@tourismus.test');
    expect((await cancel(ti, ids[0]!, 'alle', TI)).statusCode).toBe(404);
    expect((await cancel(booker, ids[0]!, 'alle')).json()).toEqual({ cancelled: 2 });
    expect(await status()).toEqual(['storniert', 'storniert', 'storniert', 'storniert', 'storniert', 'storniert']);
    expect(await rows(sql`select 1 from vehicle_series where id = ${saved.json().seriesId} and ended_at is not null`)).toHaveLength(1);
    const single = await book(t, booker, {
      vehicleId: id,
      von: berlinInstant(addDays(today(), 1), '08:00'),
      bis: berlinInstant(addDays(today(), 1), '09:00'),
    });
    const none = await cancel(booker, single.json().booking.id, 'alle');
    expect([none.statusCode, none.json().error.message]).toEqual([409, 'Diese Buchung gehört zu keiner Serie.']);
  });

  it('the extension job books the dates the window reaches, mails what it could not book, and books nothing twice', async () => {
    await setSetting('fahrzeugBuchbareTageVoraus', 7);
    const id = await vehicle();
    const start = addDays(today(), 1);
    const rule = { startDate: start, weekdays: [isoWeekday(start)], intervalWeeks: 1, count: 6 };
    const saved = await post(booker, '/api/vehicle-series', { vehicleId: id, fromTime: '12:00', toTime: '13:00', rule });
    expect(saved.statusCode, saved.body).toBe(200);
    const dates = saved.json().dates as VehicleSeriesDate[];
    expect(dates[0]!.state).toBe('gebucht');
    expect(dates.at(-1)!.state).toBe('spaeter');
    const later = dates.filter((d) => d.state === 'spaeter').map((d) => d.date);
    await setSetting('fahrzeugBuchbareTageVoraus', 90);
    // A colleague takes one of the later dates before the job runs.
    const taken = later[1]!;
    expect(
      (await book(t, fleet, { vehicleId: id, von: berlinInstant(taken, '12:30'), bis: berlinInstant(taken, '14:00') })).statusCode,
    ).toBe(201);

    const first = await extendSeries(t.deps, vehicleSeries);
    const second = await extendSeries(t.deps, vehicleSeries);
    expect(second).toBe(0);
    expect(first).toBeGreaterThanOrEqual(later.length - 1);
    const booked = (await seriesBookings(saved.json().seriesId)).map((b) => b.day);
    expect(booked).toEqual(dates.map((d) => d.date).filter((d) => d !== taken));
    const mail = await mailTo(smtp, 'mitarbeiter@stadtwerke.test', 'Serie: ein Termin nicht buchbar (Test Modell)');
    expect(mail.text).toContain(`${germanDay(taken)}: ${MESSAGES.alreadyBooked}`);
    expect(await rows(sql`select 1 from vehicle_series where id = ${saved.json().seriesId} and ended_at is not null`)).toHaveLength(1);
  });

  it('refuses bad input with a clear 400 and other tenants ids with 404, writing nothing', async () => {
    const id = await vehicle();
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from vehicle_bookings`);
    const rule = { startDate: addDays(today(), 2), weekdays: [1], intervalWeeks: 1, count: 2 };
    const noEnd = await post(booker, '/api/vehicle-series/preview', {
      vehicleId: id,
      fromTime: '08:00',
      toTime: '09:00',
      rule: { ...rule, count: null },
    });
    expect([noEnd.statusCode, noEnd.json().error.message]).toEqual([
      400,
      'Bitte ein Enddatum oder eine Anzahl von Terminen für die Serie angeben.',
    ]);
    const badTime = await post(booker, '/api/vehicle-series/preview', { vehicleId: id, fromTime: '25:00', toTime: '09:00', rule });
    expect(badTime.statusCode).toBe(400);
    const reversed = (
      await post(booker, '/api/vehicle-series/preview', { vehicleId: id, fromTime: '10:00', toTime: '09:00', rule })
    ).json();
    expect(reversed.dates.map((d: VehicleSeriesDate) => d.message)).toEqual([MESSAGES.bisNotAfterVon, MESSAGES.bisNotAfterVon]);

    const ti = await t.login(TI, 'admin@tourismus.test');
    for (const url of ['/api/vehicle-series/preview', '/api/vehicle-series']) {
      const foreign = await post(ti, url, { vehicleId: id, fromTime: '08:00', toTime: '09:00', rule }, TI);
      expect([foreign.statusCode, foreign.json().error.message]).toEqual([404, 'Fahrzeug nicht gefunden.']);
    }
    const bib = await t.login(UB, 'admin@bibliothek.test');
    expect(
      (await post(bib, '/api/vehicle-series/preview', { vehicleId: id, fromTime: '08:00', toTime: '09:00', rule }, UB)).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(SW, {
          method: 'POST',
          url: '/api/vehicle-series/preview',
          payload: { vehicleId: id, fromTime: '08:00', toTime: '09:00', rule },
        })
      ).statusCode,
    ).toBe(401);
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from vehicle_bookings`)).toEqual(before);
  });

  it('a booking that comes past the vehicle lock after the dates were checked is refused by the database: the other dates are booked; all taken is 409 and nothing written', async () => {
    const ownerRows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
    const fleetId = (await ownerRows<{ id: string }>(sql`select id::text from users where email = 'fuhrpark@stadtwerke.test'`))[0]!.id;
    const start = addDays(today(), 3);
    const days = [start, addDays(start, 1), addDays(start, 2)];
    const request = (vehicleId: string) => ({
      vehicleId,
      fromTime: '08:00',
      toTime: '12:00',
      rule: { startDate: start, weekdays: [1, 2, 3, 4, 5, 6, 7], intervalWeeks: 1, count: 3 },
    });
    // Another path writes bookings of the vehicle on the given days as the series row is saved: after the dates were
    // checked, before they are written – what a writer that skipped the vehicle lock would do.
    const raceOn = async (on: string[]) => {
      const values = on.map(
        (d) =>
          `('${berlinInstant(d, '00:00').toISOString()}'::timestamptz, '${berlinInstant(addDays(d, 1), '00:00').toISOString()}'::timestamptz)`,
      );
      await t.database.db.execute(
        sql.raw(`create or replace function test_vehicle_series_race() returns trigger language plpgsql security definer as $f$
          begin
            insert into vehicle_bookings (tenant_id, vehicle_id, von, bis, blocked_until, booked_by_id, driver_id)
              select new.tenant_id, new.vehicle_id, d.von, d.bis, d.bis, '${fleetId}', '${fleetId}' from (values ${values.join(', ')}) d(von, bis);
            return new;
          end $f$`),
      );
      await t.database.db.execute(
        sql.raw(
          'create trigger test_vehicle_series_race after insert on vehicle_series for each row execute function test_vehicle_series_race()',
        ),
      );
    };
    const noRace = () => t.database.db.execute(sql.raw('drop trigger if exists test_vehicle_series_race on vehicle_series'));
    try {
      const id = await vehicle();
      const preview = await post(booker, '/api/vehicle-series/preview', request(id));
      expect(states(preview.json().dates)).toEqual(days.map((d) => `${d} buchbar`));
      await raceOn([days[1]!]);
      const saved = await post(booker, '/api/vehicle-series', request(id));
      expect(saved.statusCode).toBe(200);
      expect(states(saved.json().dates)).toEqual([`${days[0]} gebucht`, `${days[1]} abgelehnt belegt`, `${days[2]} gebucht`]);
      expect((saved.json().dates as VehicleSeriesDate[])[1]!.message).toBe(MESSAGES.alreadyBooked);
      expect((await seriesBookings(saved.json().seriesId)).map((b) => b.day)).toEqual([days[0], days[2]]);
      await noRace();

      // Every date taken that way: nothing is bookable, so nothing at all is saved – not the series, not a booking.
      const other = await vehicle();
      await raceOn(days);
      const before = await rows<{ n: number }>(sql`select count(*)::int as n from vehicle_bookings`);
      const refused = await post(booker, '/api/vehicle-series', request(other));
      expect([refused.statusCode, refused.json().error.message]).toEqual([
        409,
        'Kein Termin der Serie ist buchbar. Es wurde nichts gespeichert.',
      ]);
      expect(await rows<{ n: number }>(sql`select count(*)::int as n from vehicle_bookings`)).toEqual(before);
      expect(await rows(sql`select id from vehicle_series where vehicle_id = ${other}`)).toHaveLength(0);
    } finally {
      await noRace();
    }
  });
});
