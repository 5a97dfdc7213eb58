import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { icsAttachmentOf, parseIcs } from '../support/ics';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { act, BIB, book as bookSeat, firstFreeDayOf, floorPlanIds, objectIds, setTenantSetting } from './reading-room-support';
import { book as bookVehicle, createVehicle, dayAt, locationId, SW, testVehicle } from './vehicle-support';

/**
 * Decision 200: the SEQUENCE of a booking's calendar event is the row's change counter, so every change –
 * also the second of two within one second – gives the feed and the mail's .ics a higher number than before,
 * and a mail never carries a number the feed does not reach after the same change.
 */

describe.each(DB_KINDS)('calendar SEQUENCE on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  const feedUrl = async (host: string, cookie: string) =>
    new URL((await t.call(host, { method: 'POST', url: '/api/calendar/feed', cookie })).json().url as string).pathname;
  const feedSequence = async (host: string, url: string, uid: string) => {
    const res = await t.call(host, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const event = parseIcs(res.body).events.find((e) => e.uid === uid);
    expect(event, uid).toBeDefined();
    return event!.sequence;
  };
  /** The SEQUENCE of the event `uid` in the first mail to `to` after the first `seen` mails. */
  const mailSequence = async (to: string, uid: string, seen: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      for (const m of smtp.mails.slice(seen)) {
        if (!m.to.includes(to)) continue;
        const ics = icsAttachmentOf(m.raw);
        const event = ics ? parseIcs(ics).events.find((e) => e.uid === uid) : undefined;
        if (event) return event.sequence;
      }
      if (Date.now() > deadline) throw new Error(`Keine Mail mit ${uid} an ${to}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a vehicle booking changed twice within one second: feed and cancellation .ics count every change', async () => {
    const fleet = await t.login(SW, 'fuhrpark@stadtwerke.test');
    const driver = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const driverId = (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: driver })).json().user.id as string;
    const nord = await locationId(t, SW, fleet, 'Betriebshof Nord');
    // A vehicle of this test alone: its days are free whatever the demo has booked around now.
    const v = await createVehicle(t, fleet, testVehicle(nord, 'MS-SQ 200'));
    const url = await feedUrl(SW, driver);
    const von = dayAt(30, '09:00');
    const made = await bookVehicle(t, fleet, { vehicleId: v.id, von, bis: dayAt(30, '10:00'), forUserId: driverId });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().booking.id as string;
    const uid = `fahrzeug-${id}@buchbar`;
    const sequences = [await feedSequence(SW, url, uid)];
    for (const bis of [dayAt(30, '10:30'), dayAt(30, '11:00')]) {
      const changed = await t.call(SW, { method: 'PATCH', url: `/api/vehicle-bookings/${id}`, cookie: fleet, payload: { von, bis } });
      expect(changed.statusCode, changed.body).toBe(200);
      sequences.push(await feedSequence(SW, url, uid));
    }
    // Within the same second since creation the old rule gave both changes one number.
    expect(sequences[1]).toBeGreaterThan(sequences[0]!);
    expect(sequences[2]).toBeGreaterThan(sequences[1]!);

    const seen = smtp.mails.length;
    const cancelled = await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${id}/cancel`, cookie: fleet, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const inFeed = await feedSequence(SW, url, uid);
    expect(inFeed).toBeGreaterThan(sequences[2]!);
    // The cancellation mail tells of the change the feed shows: the same number.
    expect(await mailSequence('mitarbeiter@stadtwerke.test', uid, seen)).toBe(inFeed);

    // Two writes in one transaction, past the application: two more.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update vehicle_bookings set info_text = 'eins' where id = ${id}`);
      await tx.execute(sql`update vehicle_bookings set info_text = 'zwei' where id = ${id}`);
    });
    expect(await feedSequence(SW, url, uid)).toBe(inFeed + 2);
    // No statement can set the number back.
    await t.database.db.execute(sql`update vehicle_bookings set revision = 0 where id = ${id}`);
    expect(await feedSequence(SW, url, uid)).toBe(inFeed + 3);
  });

  it('a pre-booking confirmed and cancelled within one second: each mail and the feed have a higher SEQUENCE', async () => {
    const admin = await t.login(BIB, 'admin@bibliothek.test');
    const leser = await t.login(BIB, 'leser@bibliothek.test');
    await setTenantSetting(t, BIB, admin, 'leseraumMaxBuchungenProWoche', 50);
    const leserId = (await t.call(BIB, { method: 'GET', url: '/api/session/me', cookie: leser })).json().user.id as string;
    const plans = await floorPlanIds(t, BIB, leser);
    const seats = await objectIds(t, BIB, leser, plans['Lesesaal Erdgeschoss']!);
    const url = await feedUrl(BIB, leser);

    const seat = seats['EG-25']!;
    const date = await firstFreeDayOf(t, [seat]);
    let seen = smtp.mails.length;
    const made = await bookSeat(t, BIB, admin, { objectId: seat, date, mode: 'nachmittags', forUserId: leserId });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().booking.id as string;
    const uid = `platz-${id}@buchbar`;
    const requested = await mailSequence('leser@bibliothek.test', uid, seen);
    expect(await feedSequence(BIB, url, uid)).toBe(requested);

    seen = smtp.mails.length;
    expect((await act(t, BIB, leser, id, 'confirm')).statusCode).toBe(200);
    const confirmed = await feedSequence(BIB, url, uid);
    expect(confirmed).toBeGreaterThan(requested);
    // The booker's mail of the outcome carries the number of the confirmed booking, not that of the request.
    expect(await mailSequence('admin@bibliothek.test', uid, seen)).toBe(confirmed);

    expect((await act(t, BIB, leser, id, 'cancel')).statusCode).toBe(200);
    expect(await feedSequence(BIB, url, uid)).toBeGreaterThan(confirmed);
  });
});
