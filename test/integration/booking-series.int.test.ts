import type { SeriesDate } from '@contracts/reading-rooms';
import { withTenant } from '@db/client';
import { addDays, germanDay, instantOf, isoWeekday } from '@domain/opening-hours';
import { seatsIcs } from '@server/areas/calendar/booking-events';
import { findBookingsByIds } from '@server/areas/reading-rooms/reading-room-booking-repository';
import { seatSeries } from '@server/areas/series/seat-kind';
import { extendSeries } from '@server/areas/series/series-engine';
import type { BusEvent } from '@server/realtime/event-bus';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { icsAttachmentOf, type ParsedEvent, parseIcs } from '../support/ics';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  ALL_WEEKDAYS,
  BIB,
  book,
  firstFreeDayOf,
  floorPlanIds,
  inDays,
  objectIds,
  SW,
  setTenantSetting,
  today,
} from './reading-room-support';

/** Decision 091: series of seat bookings — preview with reasons, saving in one transaction, cancelling, the extension job. */

const nextWeekday = (from: string, weekday: number) => {
  let d = from;
  while (isoWeekday(d) !== weekday) d = addDays(d, 1);
  return d;
};

describe.each(DB_KINDS)('booking series on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  let leser: string;
  let plan: string;
  let seats: Record<string, string>;

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const post = (cookie: string, url: string, payload: object, host = BIB) => t.call(host, { method: 'POST', url, cookie, payload });
  const states = (dates: SeriesDate[]) => dates.map((d) => `${d.date} ${d.state}${d.reason ? ` ${d.reason}` : ''}`);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    admin = await t.login(BIB, 'admin@bibliothek.test');
    leser = await t.login(BIB, 'leser@bibliothek.test');
    await setTenantSetting(t, BIB, admin, 'leseraumMaxBuchungenProWoche', 2);
    await setTenantSetting(t, BIB, admin, 'leseraumBuchbareTageVoraus', 70);
    await setTenantSetting(t, BIB, admin, 'leseraumBuchbareWochentage', ALL_WEEKDAYS);
    plan = (await floorPlanIds(t, BIB, leser))['Lesesaal Erdgeschoss']!;
    seats = await objectIds(t, BIB, leser, plan);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('previews every Tuesday for eight weeks with the refused days and why, then books the rest in one request', async () => {
    const start = nextWeekday(inDays(1), 2);
    const tuesdays = Array.from({ length: 8 }, (_, i) => addDays(start, 7 * i));
    // Week 3 is closed, week 5 the seat is taken, week 7 the person has reached the weekly limit.
    const closed = await post(admin, `/api/admin/reading-rooms/floor-plans/${plan}/deviating-opening-hours`, {
      validFrom: tuesdays[2],
      validTo: tuesdays[2],
      von: '08:00',
      bis: '18:00',
      status: 'geschlossen',
    });
    expect(closed.statusCode).toBe(200);
    expect((await book(t, BIB, admin, { objectId: seats['EG-24']!, date: tuesdays[4], mode: 'ganztags' })).statusCode).toBe(200);
    for (const d of [addDays(tuesdays[6]!, 1), addDays(tuesdays[6]!, 2)])
      expect((await book(t, BIB, leser, { objectId: seats['EG-25']!, date: d, mode: 'vormittags' })).statusCode).toBe(200);

    const request = { objectId: seats['EG-24']!, mode: 'ganztags', rule: { startDate: start, weekdays: [2], intervalWeeks: 1, count: 8 } };
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from reading_room_bookings`);
    const preview = await post(leser, '/api/reading-room-series/preview', request);
    expect(preview.statusCode).toBe(200);
    expect(states(preview.json().dates)).toEqual([
      `${tuesdays[0]} buchbar`,
      `${tuesdays[1]} buchbar`,
      `${tuesdays[2]} abgelehnt geschlossen`,
      `${tuesdays[3]} buchbar`,
      `${tuesdays[4]} abgelehnt belegt`,
      `${tuesdays[5]} buchbar`,
      `${tuesdays[6]} abgelehnt limit`,
      `${tuesdays[7]} buchbar`,
    ]);
    const dates = preview.json().dates as SeriesDate[];
    expect(dates[2]!.message).toBe(`Am ${germanDay(tuesdays[2]!)} ist geschlossen; an diesem Tag kann nicht gebucht werden.`);
    expect(dates[4]!.message).toBe('Der Platz EG-24 ist im gewählten Zeitraum bereits belegt.');
    expect(dates[6]!.message).toBe('Sie haben in dieser Woche bereits 2 Buchungen; erlaubt sind höchstens 2.');
    // The preview saved nothing.
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from reading_room_bookings`)).toEqual(before);

    const saved = await post(leser, '/api/reading-room-series', request);
    expect(saved.statusCode).toBe(200);
    const { seriesId } = saved.json();
    expect(states(saved.json().dates)).toEqual(states(dates).map((s) => s.replace('buchbar', 'gebucht')));
    const booked = await rows<{ id: string; status: string }>(
      sql`select id::text, status from reading_room_bookings where series_id = ${seriesId} order by von`,
    );
    expect(booked.map((b) => b.status)).toEqual(Array(5).fill('reserviert'));

    // One mail with every booked day in its calendar attachment and the refused ones with their reasons.
    const mail = await smtp.waitFor('leser@bibliothek.test', 'Serie gebucht');
    expect(mail.subject).toBe('Buchbar – Serie gebucht: EG-24');
    expect(mail.text).toContain(`${germanDay(tuesdays[2]!)}: Am ${germanDay(tuesdays[2]!)} ist geschlossen`);
    const events = parseIcs(icsAttachmentOf(mail.raw)!).events;
    expect(events.map((e) => e.uid).sort()).toEqual(booked.map((b) => `platz-${b.id}@buchbar`).sort());
    // The events are made from what the insert returned (docs/performance/series.md): they show what the bookings read back show.
    const bookedTenant = (await rows<{ id: string }>(sql`select tenant_id::text as id from floor_plans where id = ${plan}`))[0]!.id;
    const readBack = await withTenant(t.database.db, bookedTenant, (tx) =>
      findBookingsByIds(
        tx,
        bookedTenant,
        booked.map((b) => b.id),
      ),
    );
    const shown = ({ sequence: _sequence, ...e }: ParsedEvent) => e;
    expect(events.map(shown)).toEqual(parseIcs(seatsIcs(readBack, 'de')).events.map(shown));

    // The sidebar knows the series; cancelling this and all following leaves the earlier days.
    const mine = (await t.call(BIB, { method: 'GET', url: '/api/reading-room-bookings/mine?area=leseraum', cookie: leser })).json();
    expect(mine.bookings.filter((b: { seriesId: string | null }) => b.seriesId === seriesId)).toHaveLength(5);
    const third = booked[2]!.id;
    // Another tenant's person finds nothing.
    const fremd = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    expect((await post(fremd, `/api/reading-room-bookings/${third}/cancel-series`, { scope: 'alle' }, SW)).statusCode).toBe(404);
    // Live maps and kiosks of the plan refresh on any event of it: the three cancelled dates send one.
    const tenantId = (await rows<{ id: string }>(sql`select tenant_id::text as id from floor_plans where id = ${plan}`))[0]!.id;
    const seen: BusEvent[] = [];
    const unsubscribe = t.deps.events.subscribe(tenantId, (e) => seen.push(e));
    const following = await post(leser, `/api/reading-room-bookings/${third}/cancel-series`, { scope: 'folgende' });
    expect(following.json()).toEqual({ cancelled: 3 });
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    unsubscribe();
    expect(seen).toEqual([{ tenantId, topic: 'seat-booking', type: 'cancelled', id: expect.any(String), scope: plan }]);
    const after = await rows<{ status: string }>(sql`select status from reading_room_bookings where series_id = ${seriesId} order by von`);
    expect(after.map((b) => b.status)).toEqual(['reserviert', 'reserviert', 'storniert', 'storniert', 'storniert']);
    expect((await post(leser, `/api/reading-room-bookings/${booked[0]!.id}/cancel-series`, { scope: 'eine' })).json()).toEqual({
      cancelled: 1,
    });
    expect((await post(leser, `/api/reading-room-bookings/${booked[1]!.id}/cancel-series`, { scope: 'alle' })).json()).toEqual({
      cancelled: 1,
    });
  });

  it('refuses a rule that makes no series, and a series with no bookable day saves nothing', async () => {
    const bad = await post(leser, '/api/reading-room-series/preview', {
      objectId: seats['EG-26']!,
      rule: { startDate: inDays(1), weekdays: [2], intervalWeeks: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Bitte ein Enddatum oder eine Anzahl von Terminen für die Serie angeben.');
    const past = await post(leser, '/api/reading-room-series', {
      objectId: seats['EG-26']!,
      rule: { startDate: inDays(-20), weekdays: [1, 2, 3, 4, 5, 6, 7], intervalWeeks: 1, until: inDays(-10) },
    });
    expect(past.statusCode).toBe(409);
    expect(past.json().error.message).toBe('Kein Termin der Serie ist buchbar. Es wurde nichts gespeichert.');
    expect(
      await rows(
        sql`select id from booking_series where booker_id = (select id from users where email = 'leser@bibliothek.test') and reading_room_id = ${seats['EG-26']!}`,
      ),
    ).toHaveLength(0);
  });

  it('extends itself as the booking window moves on; running the job twice books nothing twice', async () => {
    await setTenantSetting(t, BIB, admin, 'leseraumBuchbareTageVoraus', 14);
    await setTenantSetting(t, BIB, admin, 'leseraumMaxBuchungenProWoche', 50);
    // Fridays: the first test's own bookings of EG-25 lie on a Wednesday and a Thursday and would refuse a date.
    const start = nextWeekday(inDays(1), 5);
    const request = {
      objectId: seats['EG-27']!,
      mode: 'vormittags',
      rule: { startDate: start, weekdays: [5], intervalWeeks: 2, count: 6 },
    };
    const saved = (await post(leser, '/api/reading-room-series', request)).json();
    const horizon = addDays(today(), 14);
    expect(saved.dates.filter((d: SeriesDate) => d.state === 'gebucht').map((d: SeriesDate) => d.date)).toEqual(
      saved.dates.map((d: SeriesDate) => d.date).filter((d: string) => d <= horizon),
    );
    expect(saved.dates.filter((d: SeriesDate) => d.state === 'spaeter').length).toBeGreaterThan(0);
    const count = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from reading_room_bookings where series_id = ${saved.seriesId}`))[0]!.n;
    const first = await count();

    const later = new Date(Date.now() + 40 * 86_400_000);
    await extendSeries(t.deps, seatSeries, later);
    const second = await count();
    expect(second).toBeGreaterThan(first);
    await extendSeries(t.deps, seatSeries, later);
    expect(await count()).toBe(second);
    const days = await rows<{ day: string }>(
      sql`select to_char(von at time zone 'Europe/Berlin', 'YYYY-MM-DD') as day from reading_room_bookings where series_id = ${saved.seriesId} order by von`,
    );
    expect(new Set(days.map((d) => d.day)).size).toBe(days.length);
    expect(days.every((d) => isoWeekday(d.day) === 5)).toBe(true);
  });

  it('a booking that comes past the object lock after the dates were checked is refused by the database: the other dates are booked; all taken is 409 and nothing written', async () => {
    await setTenantSetting(t, BIB, admin, 'leseraumBuchbareTageVoraus', 70);
    const adminId = (await rows<{ id: string }>(sql`select id::text from users where email = 'admin@bibliothek.test'`))[0]!.id;
    // The demo books some seats for tomorrow (a Wednesday when the test runs on a Tuesday): start after every booking of both seats.
    const start = nextWeekday(await firstFreeDayOf(t, [seats['EG-31']!, seats['EG-32']!]), 3);
    const wednesdays = [start, addDays(start, 7), addDays(start, 14)];
    const request = (seat: string) => ({
      objectId: seats[seat]!,
      mode: 'vormittags',
      rule: { startDate: start, weekdays: [3], intervalWeeks: 1, count: 3 },
    });
    // Another path writes bookings of the seat on the given days as the series row is saved: after the dates were
    // checked, before they are written – what a writer that skipped the object lock would do.
    const raceOn = async (days: string[]) => {
      const values = days.map(
        (d) => `('${instantOf(d, '00:00').toISOString()}'::timestamptz, '${instantOf(addDays(d, 1), '00:00').toISOString()}'::timestamptz)`,
      );
      await t.database.db.execute(
        sql.raw(`create or replace function test_series_race() returns trigger language plpgsql security definer as $f$
          begin
            insert into reading_room_bookings (tenant_id, reading_room_id, von, bis, status, booker_id)
              select new.tenant_id, new.reading_room_id, d.von, d.bis, 'reserviert', '${adminId}' from (values ${values.join(', ')}) d(von, bis);
            return new;
          end $f$`),
      );
      await t.database.db.execute(
        sql.raw('create trigger test_series_race after insert on booking_series for each row execute function test_series_race()'),
      );
    };
    const noRace = () => t.database.db.execute(sql.raw('drop trigger if exists test_series_race on booking_series'));
    try {
      const preview = await post(leser, '/api/reading-room-series/preview', request('EG-31'));
      expect(states(preview.json().dates)).toEqual(wednesdays.map((d) => `${d} buchbar`));
      await raceOn([wednesdays[1]!]);
      const saved = await post(leser, '/api/reading-room-series', request('EG-31'));
      expect(saved.statusCode).toBe(200);
      expect(states(saved.json().dates)).toEqual([
        `${wednesdays[0]} gebucht`,
        `${wednesdays[1]} abgelehnt belegt`,
        `${wednesdays[2]} gebucht`,
      ]);
      expect((saved.json().dates as SeriesDate[])[1]!.message).toBe('Der Platz EG-31 ist im gewählten Zeitraum bereits belegt.');
      const own = await rows<{ n: number }>(
        sql`select count(*)::int as n from reading_room_bookings where series_id = ${saved.json().seriesId}`,
      );
      expect(own).toEqual([{ n: 2 }]);
      await noRace();

      // Every date taken that way: nothing is bookable, so nothing at all is saved – not the series, not a booking.
      await raceOn(wednesdays);
      const before = await rows<{ n: number }>(sql`select count(*)::int as n from reading_room_bookings`);
      const refused = await post(leser, '/api/reading-room-series', request('EG-32'));
      expect([refused.statusCode, refused.json().error.message]).toEqual([
        409,
        'Kein Termin der Serie ist buchbar. Es wurde nichts gespeichert.',
      ]);
      expect(await rows<{ n: number }>(sql`select count(*)::int as n from reading_room_bookings`)).toEqual(before);
      expect(await rows(sql`select id from booking_series where reading_room_id = ${seats['EG-32']!}`)).toHaveLength(0);
    } finally {
      await noRace();
    }
  });
});
