import { isoWeekday } from '@domain/opening-hours';
import { seatSeries } from '@server/areas/series/seat-kind';
import { extendSeries } from '@server/areas/series/series-engine';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { parseIcs } from '../support/ics';
import { decodeQuotedPrintable, type ReceivedMail, startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  ALL_WEEKDAYS,
  act,
  BIB,
  book as bookSeat,
  firstFreeDayOf,
  floorPlanIds,
  inDays,
  objectIds,
  setTenantSetting,
} from './reading-room-support';
import { book as bookVehicle, createVehicle, dayAt, locationId, SW, testVehicle } from './vehicle-support';

/**
 * Decision 217: booking mails carry an iTIP invitation (iMIP), read here from the real SMTP server
 * part by part: a booking and its change arrive as METHOD:REQUEST, its cancellation as METHOD:CANCEL,
 * all with the booking's UID and a growing SEQUENCE that is the one the person's feed shows after the
 * same change (decision 200). Each step sends the person one mail: the invitation rides in the mail
 * that tells of the booking, a calendar entry mail only when no other mail does. The invitation goes
 * to whose calendar holds the booking; whoever switches invitations off gets none.
 */

interface Part {
  contentType: string;
  body: string;
}

/** The leaf MIME parts of a mail, bodies decoded (base64 or quoted-printable). */
function partsOf(raw: string): Part[] {
  const out: Part[] = [];
  const walk = (entity: string) => {
    const [head = '', ...rest] = entity.split(/\r?\n\r?\n/);
    const h = head.replace(/\r?\n[ \t]+/g, ' ');
    const type = /content-type:\s*([^\r\n]+)/i.exec(h)?.[1] ?? 'text/plain';
    const body = rest.join('\r\n\r\n');
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const piece of body.split(`--${boundary}`).slice(1)) if (!piece.startsWith('--')) walk(piece.replace(/^\r?\n/, ''));
      return;
    }
    const text = /content-transfer-encoding:\s*base64/i.test(h)
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : /content-transfer-encoding:\s*quoted-printable/i.test(h)
        ? decodeQuotedPrintable(body)
        : body;
    out.push({ contentType: type.trim(), body: text });
  };
  walk(raw);
  return out;
}

interface Invite {
  method: string;
  partType: string;
  uid: string;
  sequence: number;
  status: string;
  organizer: string;
  attendee: string;
  partstat: string;
  start: Date;
  end: Date;
  /** What Outlook needs to file the event: the stamp and the times in UTC, or a zone the object defines. */
  stampUtc: boolean;
  timesKnown: boolean;
}

/** Every event of the iMIP part of a mail (text/calendar with a method), parsed with ical.js; empty when the mail has none. */
function invitesOf(mail: ReceivedMail): Invite[] {
  const part = partsOf(mail.raw).find((p) => /^text\/calendar;.*method=(REQUEST|CANCEL)/i.test(p.contentType));
  if (!part) return [];
  const cal = new ICAL.Component(ICAL.parse(part.body));
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    const attendee = v.getFirstProperty('attendee')!;
    return {
      method: String(cal.getFirstPropertyValue('method')),
      partType: part.contentType,
      uid: e.uid,
      sequence: e.sequence,
      status: String(v.getFirstPropertyValue('status')),
      organizer: String(v.getFirstPropertyValue('organizer')),
      attendee: String(attendee.getFirstValue()),
      partstat: String(attendee.getParameter('partstat')),
      start: e.startDate.toJSDate(),
      end: e.endDate.toJSDate(),
      stampUtc: (v.getFirstPropertyValue('dtstamp') as ICAL.Time).zone === ICAL.Timezone.utcTimezone,
      timesKnown: [e.startDate, e.endDate].every(
        (d) =>
          d.zone === ICAL.Timezone.utcTimezone ||
          cal.getAllSubcomponents('vtimezone').some((z) => z.getFirstPropertyValue('tzid') === d.zone?.tzid),
      ),
    };
  });
}

const invitationOf = (mail: ReceivedMail): Invite | null => invitesOf(mail)[0] ?? null;

/** The method of the plain calendar file of a mail without an invitation (PUBLISH), or null when it has none. */
const plainFileOf = (mail: ReceivedMail) =>
  partsOf(mail.raw).some((p) => /^text\/calendar; charset=utf-8; method=PUBLISH\b/i.test(p.contentType)) ? 'PUBLISH' : null;

describe.each(DB_KINDS)('calendar invitations on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  /** The mails to `to` after the first `seen` mails. Every step below has sent its mails when its request answers. */
  const mailsTo = (to: string, seen: number) => smtp.mails.slice(seen).filter((m) => m.to.includes(to));
  /** The one mail to `to` after the first `seen`, and its invitation of booking `uid`. */
  const onlyMail = (to: string, seen: number, uid: string) => {
    const mine = mailsTo(to, seen);
    expect(
      mine.map((m) => m.subject),
      `one mail to ${to}`,
    ).toHaveLength(1);
    const invite = invitesOf(mine[0]!).find((i) => i.uid === uid);
    expect(invite, `invitation of ${uid} to ${to}`).toBeDefined();
    return { mail: mine[0]!, invite: invite! };
  };
  const feedUrl = async (host: string, cookie: string) =>
    new URL((await t.call(host, { method: 'POST', url: '/api/calendar/feed', cookie })).json().url as string).pathname;
  /** The SEQUENCE the person's feed shows for `uid`: the invitation must show the same after the same change. */
  const feedSequence = async (host: string, url: string, uid: string) => {
    const res = await t.call(host, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const event = parseIcs(res.body).events.find((e) => e.uid === uid);
    expect(event, uid).toBeDefined();
    return event!.sequence;
  };
  const idOf = async (host: string, cookie: string) =>
    (await t.call(host, { method: 'GET', url: '/api/session/me', cookie })).json().user.id as string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    const admin = await t.login(BIB, 'admin@bibliothek.test');
    await setTenantSetting(t, BIB, admin, 'leseraumMaxBuchungenProWoche', 50);
    await setTenantSetting(t, BIB, admin, 'leseraumBuchbareWochentage', ALL_WEEKDAYS);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a vehicle booking made, changed and cancelled for a driver: REQUEST, REQUEST, CANCEL of one UID with growing SEQUENCE, one mail each', async () => {
    const fleet = await t.login(SW, 'fuhrpark@stadtwerke.test');
    const driver = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const driverId = await idOf(SW, driver);
    const feed = await feedUrl(SW, driver);
    const v = await createVehicle(t, fleet, testVehicle(await locationId(t, SW, fleet, 'Betriebshof Nord'), 'MS-IN 217'));
    const to = 'mitarbeiter@stadtwerke.test';

    let seen = smtp.mails.length;
    const von = dayAt(20, '09:00');
    const made = await bookVehicle(t, fleet, { vehicleId: v.id, von, bis: dayAt(20, '10:00'), forUserId: driverId });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().booking.id as string;
    const uid = `fahrzeug-${id}@buchbar`;
    const { mail: entry, invite: booked } = onlyMail(to, seen, uid);
    expect(entry.subject).toBe('Buchbar – in Ihrem Kalender: Fahrzeug: Test Modell (MS-IN 217)');
    expect(booked.method).toBe('REQUEST');
    expect(booked.partType).toMatch(/^text\/calendar; charset=utf-8; method=REQUEST$/i);
    expect(booked.organizer).toBe('mailto:noreply@buchbar.localhost');
    expect(booked.attendee).toBe(`mailto:${to}`);
    expect(booked.partstat).toBe('ACCEPTED');
    expect(booked.stampUtc).toBe(true);
    expect(booked.timesKnown).toBe(true);
    expect(booked.start).toEqual(new Date(von));
    expect(booked.end).toEqual(new Date(dayAt(20, '10:00')));
    expect(booked.sequence).toBe(await feedSequence(SW, feed, uid));
    // Who booked it for the driver gets no calendar entry: the trip is not in their calendar.
    expect(mailsTo('fuhrpark@stadtwerke.test', seen)).toHaveLength(0);

    seen = smtp.mails.length;
    const bis = dayAt(20, '11:30');
    const changed = await t.call(SW, { method: 'PATCH', url: `/api/vehicle-bookings/${id}`, cookie: fleet, payload: { von, bis } });
    expect(changed.statusCode, changed.body).toBe(200);
    const moved = onlyMail(to, seen, uid).invite;
    expect(moved.method).toBe('REQUEST');
    expect(moved.sequence).toBeGreaterThan(booked.sequence);
    expect(moved.sequence).toBe(await feedSequence(SW, feed, uid));
    expect(moved.end).toEqual(new Date(bis));

    seen = smtp.mails.length;
    const cancelled = await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${id}/cancel`, cookie: fleet, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The cancellation mail itself carries the CANCEL: no second mail beside it.
    const { mail: cancellation, invite: gone } = onlyMail(to, seen, uid);
    expect(cancellation.subject).toBe('Buchbar – Buchung storniert: Test Modell (MS-IN 217)');
    expect(gone.method).toBe('CANCEL');
    expect(gone.partType).toMatch(/method=CANCEL$/i);
    expect(gone.status).toBe('CANCELLED');
    expect(gone.sequence).toBeGreaterThan(moved.sequence);
    expect(gone.sequence).toBe(await feedSequence(SW, feed, uid));
    expect(gone.organizer).toBe(booked.organizer);
  });

  it('an own seat booking and its cancellation put the seat into the calendar and take it out again', async () => {
    const leser = await t.login(BIB, 'leser@bibliothek.test');
    const feed = await feedUrl(BIB, leser);
    const plans = await floorPlanIds(t, BIB, leser);
    const seats = await objectIds(t, BIB, leser, plans['Lesesaal Erdgeschoss']!);
    const seat = seats['EG-26']!;
    const date = await firstFreeDayOf(t, [seat]);
    const to = 'leser@bibliothek.test';

    let seen = smtp.mails.length;
    const made = await bookSeat(t, BIB, leser, { objectId: seat, date, mode: 'nachmittags' });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().booking.id as string;
    const uid = `platz-${id}@buchbar`;
    const { mail, invite: booked } = onlyMail(to, seen, uid);
    expect(mail.subject).toBe('Buchbar – in Ihrem Kalender: Leseraum: EG-26 (Lesesaal Erdgeschoss)');
    expect(booked.method).toBe('REQUEST');
    expect(booked.start).toEqual(new Date(made.json().booking.von as string));
    expect(booked.sequence).toBe(await feedSequence(BIB, feed, uid));

    seen = smtp.mails.length;
    expect((await act(t, BIB, leser, id, 'cancel')).statusCode).toBe(200);
    const { mail: out, invite: gone } = onlyMail(to, seen, uid);
    expect(out.subject).toBe('Buchbar – aus Ihrem Kalender entfernt: Leseraum: EG-26 (Lesesaal Erdgeschoss)');
    expect(gone.method).toBe('CANCEL');
    expect(gone.sequence).toBeGreaterThan(booked.sequence);
    expect(gone.sequence).toBe(await feedSequence(BIB, feed, uid));
  });

  it('a pre-booking: the colleague is invited, confirms and declines in their calendar; the booker gets the plain file', async () => {
    const admin = await t.login(BIB, 'admin@bibliothek.test');
    const leser = await t.login(BIB, 'leser@bibliothek.test');
    const leserId = await idOf(BIB, leser);
    const feed = await feedUrl(BIB, leser);
    const plans = await floorPlanIds(t, BIB, leser);
    const seat = (await objectIds(t, BIB, leser, plans['Lesesaal Erdgeschoss']!))['EG-27']!;
    const date = await firstFreeDayOf(t, [seat]);
    const to = 'leser@bibliothek.test';

    let seen = smtp.mails.length;
    const made = await bookSeat(t, BIB, admin, { objectId: seat, date, mode: 'vormittags', forUserId: leserId });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().booking.id as string;
    const uid = `platz-${id}@buchbar`;
    const { mail: request, invite: asked } = onlyMail(to, seen, uid);
    expect(request.subject).toContain('bitte bestätigen: EG-27');
    expect(asked.method).toBe('REQUEST');
    expect(asked.attendee).toBe(`mailto:${to}`);
    expect(asked.sequence).toBe(await feedSequence(BIB, feed, uid));
    expect(mailsTo('admin@bibliothek.test', seen)).toHaveLength(0);

    seen = smtp.mails.length;
    expect((await act(t, BIB, leser, id, 'confirm')).statusCode).toBe(200);
    // The colleague's calendar learns of the confirmation; the booker's mail tells the outcome with the plain file.
    const { mail: entry, invite: confirmed } = onlyMail(to, seen, uid);
    expect(entry.subject).toBe('Buchbar – in Ihrem Kalender: Leseraum: EG-27 (Lesesaal Erdgeschoss)');
    expect(confirmed.method).toBe('REQUEST');
    expect(confirmed.sequence).toBeGreaterThan(asked.sequence);
    expect(confirmed.sequence).toBe(await feedSequence(BIB, feed, uid));
    const outcome = mailsTo('admin@bibliothek.test', seen);
    expect(outcome.map((m) => m.subject)).toEqual([expect.stringContaining('Vormerkung bestätigt: EG-27')]);
    expect(invitationOf(outcome[0]!)).toBeNull();
    expect(plainFileOf(outcome[0]!)).toBe('PUBLISH');

    seen = smtp.mails.length;
    expect((await act(t, BIB, leser, id, 'cancel')).statusCode).toBe(200);
    const gone = onlyMail(to, seen, uid).invite;
    expect(gone.method).toBe('CANCEL');
    expect(gone.sequence).toBeGreaterThan(confirmed.sequence);
    expect(gone.sequence).toBe(await feedSequence(BIB, feed, uid));
  });

  it('a seat series: one REQUEST with every date, a single date cancelled by its own CANCEL, the rest of the series by one CANCEL', async () => {
    const leser = await t.login(BIB, 'leser@bibliothek.test');
    const feed = await feedUrl(BIB, leser);
    const plans = await floorPlanIds(t, BIB, leser);
    const seat = (await objectIds(t, BIB, leser, plans['Lesesaal Erdgeschoss']!))['EG-28']!;
    const start = await firstFreeDayOf(t, [seat]);
    const to = 'leser@bibliothek.test';

    let seen = smtp.mails.length;
    const saved = await t.call(BIB, {
      method: 'POST',
      url: '/api/reading-room-series',
      cookie: leser,
      payload: {
        objectId: seat,
        mode: 'vormittags',
        rule: { startDate: start, weekdays: [1, 2, 3, 4, 5, 6, 7], intervalWeeks: 1, count: 4 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const booked = (saved.json().dates as { state: string; bookingId?: string | null }[]).filter((d) => d.state === 'gebucht');
    expect(booked.length, saved.body).toBeGreaterThanOrEqual(3);
    const summary = mailsTo(to, seen);
    expect(summary.map((m) => m.subject)).toEqual(['Buchbar – Serie gebucht: EG-28']);
    const events = invitesOf(summary[0]!);
    expect(new Set(events.map((e) => e.method))).toEqual(new Set(['REQUEST']));
    expect(events).toHaveLength(booked.length);
    const uids = events.map((e) => e.uid);
    expect(new Set(uids).size).toBe(uids.length);
    for (const e of events) expect(e.sequence).toBe(await feedSequence(BIB, feed, e.uid));

    // One date cancelled: its own CANCEL, the others stay.
    const first = uids[0]!.slice('platz-'.length, -'@buchbar'.length);
    seen = smtp.mails.length;
    expect((await act(t, BIB, leser, first, 'cancel')).statusCode).toBe(200);
    const one = onlyMail(to, seen, uids[0]!);
    expect(invitesOf(one.mail)).toHaveLength(1);
    expect(one.invite.method).toBe('CANCEL');
    expect(one.invite.sequence).toBeGreaterThan(events[0]!.sequence);
    expect(one.invite.sequence).toBe(await feedSequence(BIB, feed, uids[0]!));

    // The series from its second date on: one mail withdraws every remaining date.
    const second = uids[1]!.slice('platz-'.length, -'@buchbar'.length);
    seen = smtp.mails.length;
    const rest = await t.call(BIB, {
      method: 'POST',
      url: `/api/reading-room-bookings/${second}/cancel-series`,
      cookie: leser,
      payload: { scope: 'folgende' },
    });
    expect(rest.json()).toEqual({ cancelled: uids.length - 1 });
    const all = mailsTo(to, seen);
    expect(all).toHaveLength(1);
    expect(all[0]!.subject).toBe(`Buchbar – aus Ihrem Kalender entfernt: ${uids.length - 1} Buchungen`);
    const withdrawn = invitesOf(all[0]!);
    expect(withdrawn.map((e) => e.uid).sort()).toEqual(uids.slice(1).sort());
    for (const e of withdrawn) {
      expect(e.method).toBe('CANCEL');
      expect(e.status).toBe('CANCELLED');
      expect(e.sequence).toBeGreaterThan(events.find((x) => x.uid === e.uid)!.sequence);
      expect(e.sequence).toBe(await feedSequence(BIB, feed, e.uid));
    }
  });

  it('the dates the extension job adds to a series reach the calendar by a calendar entry mail', async () => {
    const leser = await t.login(BIB, 'leser@bibliothek.test');
    const feed = await feedUrl(BIB, leser);
    // Booked 14 days ahead (the default); the job books the rest as the days come into the window.
    const plans = await floorPlanIds(t, BIB, leser);
    const seat = (await objectIds(t, BIB, leser, plans['Lesesaal Erdgeschoss']!))['EG-29']!;
    const start = await firstFreeDayOf(t, [seat]);
    const saved = await t.call(BIB, {
      method: 'POST',
      url: '/api/reading-room-series',
      cookie: leser,
      payload: {
        objectId: seat,
        mode: 'vormittags',
        rule: { startDate: start, weekdays: [isoWeekday(start)], intervalWeeks: 1, count: 10 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const seriesId = saved.json().seriesId as string;
    expect((saved.json().dates as { state: string }[]).some((d) => d.state === 'spaeter')).toBe(true);
    const idsOf = async () =>
      (
        (await t.database.db.execute(
          sql`select id::text from reading_room_bookings where series_id = ${seriesId} order by von`,
        )) as unknown as { rows: { id: string }[] }
      ).rows.map((r) => `platz-${r.id}@buchbar`);
    const before = await idsOf();

    const seen = smtp.mails.length;
    // The job run 40 days on books the dates then inside the window.
    await extendSeries(t.deps, seatSeries, new Date(Date.now() + 40 * 86_400_000));
    const added = (await idsOf()).filter((uid) => !before.includes(uid));
    expect(added.length).toBeGreaterThan(0);
    const entry = mailsTo('leser@bibliothek.test', seen).filter((m) => invitesOf(m).some((i) => added.includes(i.uid)));
    expect(entry).toHaveLength(1);
    expect(entry[0]!.subject).toMatch(/^Buchbar – in Ihrem Kalender: /);
    const events = invitesOf(entry[0]!);
    expect(events.map((e) => e.uid).sort()).toEqual([...added].sort());
    for (const e of events) {
      expect(e.method).toBe('REQUEST');
      expect(e.sequence).toBe(await feedSequence(BIB, feed, e.uid));
    }
  });

  it('a vehicle series for a driver: the driver gets the REQUEST, who booked it the plain file; a series cancelled from a date on withdraws it', async () => {
    const fleet = await t.login(SW, 'fuhrpark@stadtwerke.test');
    const driver = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const driverId = await idOf(SW, driver);
    const feed = await feedUrl(SW, driver);
    const v = await createVehicle(t, fleet, testVehicle(await locationId(t, SW, fleet, 'Betriebshof Nord'), 'MS-IN 219'));
    const to = 'mitarbeiter@stadtwerke.test';

    let seen = smtp.mails.length;
    const saved = await t.call(SW, {
      method: 'POST',
      url: '/api/vehicle-series',
      cookie: fleet,
      payload: {
        vehicleId: v.id,
        forUserId: driverId,
        fromTime: '08:00',
        toTime: '09:00',
        rule: { startDate: inDays(5), weekdays: [1, 2, 3, 4, 5, 6, 7], intervalWeeks: 1, count: 3 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const mine = mailsTo(to, seen);
    expect(mine.map((m) => m.subject)).toEqual(['Buchbar – Serie gebucht: Test Modell']);
    const events = invitesOf(mine[0]!);
    expect(events).toHaveLength(3);
    for (const e of events) {
      expect(e.method).toBe('REQUEST');
      expect(e.attendee).toBe(`mailto:${to}`);
      expect(e.sequence).toBe(await feedSequence(SW, feed, e.uid));
    }
    const booker = mailsTo('fuhrpark@stadtwerke.test', seen);
    expect(booker.map((m) => m.subject)).toEqual(['Buchbar – Serie gebucht: Test Modell']);
    expect(invitationOf(booker[0]!)).toBeNull();
    expect(plainFileOf(booker[0]!)).toBe('PUBLISH');

    const second = events[1]!.uid.slice('fahrzeug-'.length, -'@buchbar'.length);
    seen = smtp.mails.length;
    const rest = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${second}/cancel-series`,
      cookie: fleet,
      payload: { scope: 'folgende' },
    });
    expect(rest.json()).toEqual({ cancelled: 2 });
    const gone = mailsTo(to, seen);
    expect(gone).toHaveLength(1);
    const withdrawn = invitesOf(gone[0]!);
    expect(withdrawn.map((e) => e.uid).sort()).toEqual(
      events
        .slice(1)
        .map((e) => e.uid)
        .sort(),
    );
    for (const e of withdrawn) {
      expect(e.method).toBe('CANCEL');
      expect(e.sequence).toBeGreaterThan(events.find((x) => x.uid === e.uid)!.sequence);
      expect(e.sequence).toBe(await feedSequence(SW, feed, e.uid));
    }
  });

  it('switched off in the settings: no calendar entry mail, and the cancellation mail carries the plain calendar file only', async () => {
    const fleet = await t.login(SW, 'fuhrpark@stadtwerke.test');
    const driver = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const driverId = await idOf(SW, driver);
    const off = await t.call(SW, { method: 'PUT', url: '/api/calendar/invitations', cookie: driver, payload: { enabled: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false, source: 'BENUTZER' });
    const v = await createVehicle(t, fleet, testVehicle(await locationId(t, SW, fleet, 'Betriebshof Nord'), 'MS-IN 218'));

    const seen = smtp.mails.length;
    const made = await bookVehicle(t, fleet, { vehicleId: v.id, von: dayAt(21, '09:00'), bis: dayAt(21, '10:00'), forUserId: driverId });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().booking.id as string;
    // The booking itself sent none.
    expect(mailsTo('mitarbeiter@stadtwerke.test', seen)).toHaveLength(0);
    const cancelled = await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${id}/cancel`, cookie: fleet, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mine = mailsTo('mitarbeiter@stadtwerke.test', seen);
    // Only the cancellation mail.
    expect(mine.map((m) => m.subject)).toEqual(['Buchbar – Buchung storniert: Test Modell (MS-IN 218)']);
    expect(invitationOf(mine[0]!)).toBeNull();
    // nodemailer adds the file name to the part's type: text/calendar; charset=utf-8; method=PUBLISH; name=buchung.ics
    expect(
      plainFileOf(mine[0]!),
      partsOf(mine[0]!.raw)
        .map((p) => p.contentType)
        .join(' | '),
    ).toBe('PUBLISH');

    const on = await t.call(SW, { method: 'PUT', url: '/api/calendar/invitations', cookie: driver, payload: { enabled: true } });
    expect(on.json()).toEqual({ enabled: true, source: 'BENUTZER' });
  });
});
