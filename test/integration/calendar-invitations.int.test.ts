import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { decodeQuotedPrintable, type ReceivedMail, startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { act, BIB, book as bookSeat, firstFreeDayOf, floorPlanIds, objectIds, setTenantSetting } from './reading-room-support';
import { book as bookVehicle, createVehicle, dayAt, locationId, SW, testVehicle } from './vehicle-support';

/**
 * Decision 217: booking mails carry an iTIP invitation (iMIP), read here from the real SMTP server
 * part by part: a booking and its change arrive as METHOD:REQUEST, its cancellation as METHOD:CANCEL,
 * all with the booking's UID and a growing SEQUENCE; whoever switches invitations off gets none.
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

/** The iMIP part of a mail (text/calendar with a method), parsed with ical.js; null when the mail has none. */
function invitationOf(mail: ReceivedMail): Invite | null {
  const part = partsOf(mail.raw).find((p) => /^text\/calendar;.*method=(REQUEST|CANCEL)/i.test(p.contentType));
  if (!part) return null;
  const cal = new ICAL.Component(ICAL.parse(part.body));
  const v = cal.getFirstSubcomponent('vevent')!;
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
}

describe.each(DB_KINDS)('calendar invitations on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  /** The first mail to `to` after the first `seen` mails whose invitation is of booking `uid`. */
  const inviteTo = async (to: string, uid: string, seen: number): Promise<Invite> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      for (const m of smtp.mails.slice(seen)) {
        const inv = m.to.includes(to) ? invitationOf(m) : null;
        if (inv?.uid === uid) return inv;
      }
      if (Date.now() > deadline) throw new Error(`Keine Einladung zu ${uid} an ${to}`);
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

  it('a vehicle booking made, changed and cancelled for a driver: REQUEST, REQUEST, CANCEL of one UID with growing SEQUENCE', async () => {
    const fleet = await t.login(SW, 'fuhrpark@stadtwerke.test');
    const driver = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const driverId = (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: driver })).json().user.id as string;
    const v = await createVehicle(t, fleet, testVehicle(await locationId(t, SW, fleet, 'Betriebshof Nord'), 'MS-IN 217'));
    const to = 'mitarbeiter@stadtwerke.test';

    let seen = smtp.mails.length;
    const von = dayAt(31, '09:00');
    const made = await bookVehicle(t, fleet, { vehicleId: v.id, von, bis: dayAt(31, '10:00'), forUserId: driverId });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().booking.id as string;
    const uid = `fahrzeug-${id}@buchbar`;
    const booked = await inviteTo(to, uid, seen);
    expect(booked.method).toBe('REQUEST');
    expect(booked.partType).toMatch(/^text\/calendar; charset=utf-8; method=REQUEST$/i);
    expect(booked.organizer).toBe('mailto:noreply@buchbar.localhost');
    expect(booked.attendee).toBe(`mailto:${to}`);
    expect(booked.partstat).toBe('ACCEPTED');
    expect(booked.stampUtc).toBe(true);
    expect(booked.timesKnown).toBe(true);
    expect(booked.start).toEqual(new Date(von));
    expect(booked.end).toEqual(new Date(dayAt(31, '10:00')));

    seen = smtp.mails.length;
    const bis = dayAt(31, '11:30');
    const changed = await t.call(SW, { method: 'PATCH', url: `/api/vehicle-bookings/${id}`, cookie: fleet, payload: { von, bis } });
    expect(changed.statusCode, changed.body).toBe(200);
    const moved = await inviteTo(to, uid, seen);
    expect(moved.method).toBe('REQUEST');
    expect(moved.sequence).toBeGreaterThan(booked.sequence);
    expect(moved.end).toEqual(new Date(bis));

    seen = smtp.mails.length;
    const cancelled = await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${id}/cancel`, cookie: fleet, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const gone = await inviteTo(to, uid, seen);
    expect(gone.method).toBe('CANCEL');
    expect(gone.partType).toMatch(/method=CANCEL$/i);
    expect(gone.status).toBe('CANCELLED');
    expect(gone.sequence).toBeGreaterThan(moved.sequence);
    expect(gone.organizer).toBe(booked.organizer);
  });

  it('an own seat booking and its cancellation put the seat into the calendar and take it out again', async () => {
    const admin = await t.login(BIB, 'admin@bibliothek.test');
    const leser = await t.login(BIB, 'leser@bibliothek.test');
    await setTenantSetting(t, BIB, admin, 'leseraumMaxBuchungenProWoche', 50);
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
    const booked = await inviteTo(to, uid, seen);
    expect(booked.method).toBe('REQUEST');
    expect(booked.start).toEqual(new Date(made.json().booking.von as string));
    const mail = smtp.mails.slice(seen).find((m) => m.to.includes(to))!;
    expect(mail.subject).toBe('Buchbar – in Ihrem Kalender: Leseraum: EG-26 (Lesesaal Erdgeschoss)');

    seen = smtp.mails.length;
    expect((await act(t, BIB, leser, id, 'cancel')).statusCode).toBe(200);
    const gone = await inviteTo(to, uid, seen);
    expect(gone.method).toBe('CANCEL');
    expect(gone.sequence).toBeGreaterThan(booked.sequence);
    expect(smtp.mails.slice(seen).find((m) => m.to.includes(to))!.subject).toBe(
      'Buchbar – aus Ihrem Kalender entfernt: Leseraum: EG-26 (Lesesaal Erdgeschoss)',
    );
  });

  it('switched off in the settings: no calendar entry mail, and the cancellation mail carries the plain calendar file only', async () => {
    const fleet = await t.login(SW, 'fuhrpark@stadtwerke.test');
    const driver = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const driverId = (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: driver })).json().user.id as string;
    const off = await t.call(SW, { method: 'PUT', url: '/api/calendar/invitations', cookie: driver, payload: { enabled: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false, source: 'BENUTZER' });
    const v = await createVehicle(t, fleet, testVehicle(await locationId(t, SW, fleet, 'Betriebshof Nord'), 'MS-IN 218'));

    const seen = smtp.mails.length;
    const made = await bookVehicle(t, fleet, { vehicleId: v.id, von: dayAt(32, '09:00'), bis: dayAt(32, '10:00'), forUserId: driverId });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().booking.id as string;
    const cancelled = await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${id}/cancel`, cookie: fleet, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await smtp.waitFor('mitarbeiter@stadtwerke.test');
    const mine = smtp.mails.slice(seen).filter((m) => m.to.includes('mitarbeiter@stadtwerke.test'));
    // Only the cancellation mail: the booking itself sent none.
    expect(mine).toHaveLength(1);
    expect(invitationOf(mine[0]!)).toBeNull();
    const types = partsOf(mine[0]!.raw).map((p) => p.contentType);
    // nodemailer adds the file name to the part's type: text/calendar; charset=utf-8; method=PUBLISH; name=buchung.ics
    expect(
      types.some((type) => /^text\/calendar; charset=utf-8; method=PUBLISH\b/i.test(type)),
      types.join(' | '),
    ).toBe(true);

    const on = await t.call(SW, { method: 'PUT', url: '/api/calendar/invitations', cookie: driver, payload: { enabled: true } });
    expect(on.json()).toEqual({ enabled: true, source: 'BENUTZER' });
  });
});
