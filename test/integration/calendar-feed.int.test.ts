import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { icsAttachmentOf, parseIcs } from '../support/ics';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { act, BIB, book, floorPlanIds, inDays, objectIds, SW, setTenantSetting } from './reading-room-support';

/** Decision 090: a person's private calendar feed (secret token, revocable) and the .ics attachment of booking mails. */

describe.each(DB_KINDS)('calendar feed and .ics attachments on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  let leser: string;
  let seats: Record<string, string>;

  const feedCall = (cookie: string, method: 'GET' | 'POST' | 'DELETE') => t.call(BIB, { method, url: '/api/calendar/feed', cookie });
  const fetchFeed = (host: string, url: string) => t.call(host, { method: 'GET', url: new URL(url).pathname });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    admin = await t.login(BIB, 'admin@bibliothek.test');
    leser = await t.login(BIB, 'leser@bibliothek.test');
    await setTenantSetting(t, BIB, admin, 'leseraumMaxBuchungenProWoche', 50);
    const plans = await floorPlanIds(t, BIB, leser);
    seats = await objectIds(t, BIB, leser, plans['Lesesaal Erdgeschoss']!);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('lists the person’s bookings with stable UIDs, marks a cancellation with a higher SEQUENCE, and dies with revocation', async () => {
    expect((await feedCall(leser, 'GET')).json()).toEqual({ active: false, createdAt: null, url: null });
    const made = await feedCall(leser, 'POST');
    expect(made.statusCode).toBe(200);
    const url = made.json().url as string;
    expect(url).toMatch(/^http:\/\/bibliothek\.localhost(:\d+)?\/api\/calendar\/[A-Za-z0-9_-]{43}\/buchbar\.ics$/);
    expect((await feedCall(leser, 'GET')).json()).toMatchObject({ active: true, url: null });

    const booking = (await book(t, BIB, leser, { objectId: seats['EG-21']!, date: inDays(1), mode: 'vormittags' })).json().booking;
    const first = await fetchFeed(BIB, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const parsed = parseIcs(first.body);
    expect(parsed.name).toBe('Buchbar – Universitätsbibliothek Musterstadt');
    const event = parsed.events.find((e) => e.uid === `platz-${booking.id}@buchbar`);
    expect(event).toMatchObject({ summary: 'Leseraum: EG-21 (Lesesaal Erdgeschoss)', location: 'Lesesaal Erdgeschoss – EG-21' });
    expect(event!.status).toBe('CONFIRMED');
    expect(event!.start.toISOString()).toBe(booking.von);
    expect(event!.end.toISOString()).toBe(booking.bis);
    expect(event!.sequence).toBe(0);

    expect((await act(t, BIB, leser, booking.id, 'cancel')).statusCode).toBe(200);
    const after = parseIcs((await fetchFeed(BIB, url)).body).events.find((e) => e.uid === `platz-${booking.id}@buchbar`);
    expect(after!.status).toBe('CANCELLED');
    expect(after!.summary).toBe('Storniert: Leseraum: EG-21 (Lesesaal Erdgeschoss)');
    expect(after!.sequence).toBeGreaterThan(event!.sequence);

    // Renewing replaces the address; revoking ends it.
    const renewed = (await feedCall(leser, 'POST')).json().url as string;
    expect(renewed).not.toBe(url);
    expect((await fetchFeed(BIB, url)).statusCode).toBe(404);
    expect((await fetchFeed(BIB, renewed)).statusCode).toBe(200);
    // Another tenant's host does not know the token.
    expect((await fetchFeed(SW, renewed)).statusCode).toBe(404);
    expect((await feedCall(leser, 'DELETE')).json()).toEqual({ active: false, createdAt: null, url: null });
    const gone = await fetchFeed(BIB, renewed);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Kalender nicht gefunden.');
    // Not a token at all: refused by the schema, never a 500.
    expect((await t.call(BIB, { method: 'GET', url: '/api/calendar/abc/buchbar.ics' })).statusCode).toBe(400);
  });

  it('answers an unchanged poll with 304 to its entity tag, sends the gzip built once, and a change brings a new tag', async () => {
    const url = new URL((await feedCall(admin, 'POST')).json().url as string).pathname;
    const first = await t.call(BIB, { method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const unchanged = await t.call(BIB, { method: 'GET', url, headers: { 'if-none-match': `"other", ${etag}` } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    const zipped = await t.call(BIB, { method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(zipped.headers.etag).toBe(etag);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(first.body);

    const booking = (await book(t, BIB, admin, { objectId: seats['EG-23']!, date: inDays(3), mode: 'vormittags' })).json().booking;
    const changed = await t.call(BIB, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parseIcs(changed.body).events.map((e) => e.uid)).toContain(`platz-${booking.id}@buchbar`);
    // A revoked address is gone, whatever tag the calendar still holds.
    await feedCall(admin, 'DELETE');
    expect((await t.call(BIB, { method: 'GET', url, headers: { 'if-none-match': changed.headers.etag as string } })).statusCode).toBe(404);
  });

  it('after a change writes only the changed events again, and shows changes made past the application at the next poll', async () => {
    const url = new URL((await feedCall(admin, 'POST')).json().url as string).pathname;
    const one = (await book(t, BIB, admin, { objectId: seats['EG-28']!, date: inDays(4), mode: 'vormittags' })).json().booking;
    const two = (await book(t, BIB, admin, { objectId: seats['EG-28']!, date: inDays(5), mode: 'vormittags' })).json().booking;
    const eventsOf = async () => {
      const body = (await t.call(BIB, { method: 'GET', url })).body;
      const blocks = body.split('BEGIN:VEVENT').slice(1);
      // Every event as written, without its DTSTAMP (the time of this poll's text).
      return new Map(blocks.map((b) => [b.match(/UID:(\S+)/)![1]!, b.replace(/DTSTAMP:\S+/, '')]));
    };
    const before = await eventsOf();
    // Changed past the application: the seat renamed and one booking cancelled in SQL, as a job on another node or a person by hand would.
    await t.database.db.execute(sql`update reading_rooms set designation = 'EG-28a' where id = ${seats['EG-28']!}`);
    await t.database.db.execute(sql`update reading_room_bookings set status = 'storniert' where id = ${one.id}`);
    const feed = parseIcs((await t.call(BIB, { method: 'GET', url })).body).events;
    expect(feed.find((e) => e.uid === `platz-${one.id}@buchbar`)).toMatchObject({
      status: 'CANCELLED',
      summary: 'Storniert: Leseraum: EG-28a (Lesesaal Erdgeschoss)',
    });
    expect(feed.find((e) => e.uid === `platz-${two.id}@buchbar`)).toMatchObject({
      status: 'CONFIRMED',
      summary: 'Leseraum: EG-28a (Lesesaal Erdgeschoss)',
    });
    // Events the changes did not touch are the same text as before.
    const after = await eventsOf();
    for (const [uid, text] of before) {
      if (uid === `platz-${one.id}@buchbar` || uid === `platz-${two.id}@buchbar`) expect(after.get(uid)).not.toBe(text);
      else expect(after.get(uid)).toBe(text);
    }
    await t.database.db.execute(sql`update reading_rooms set designation = 'EG-28' where id = ${seats['EG-28']!}`);
    await feedCall(admin, 'DELETE');
  });

  it('lists pre-bookings made for the person as tentative, in their language, and the request mail carries the event', async () => {
    const leserId = (await t.call(BIB, { method: 'GET', url: '/api/session/me', cookie: leser })).json().user.id as string;
    expect((await t.call(BIB, { method: 'PUT', url: '/api/session/locale', cookie: leser, payload: { locale: 'en-us' } })).statusCode).toBe(
      200,
    );
    const url = (await feedCall(leser, 'POST')).json().url as string;
    const pre = (await book(t, BIB, admin, { objectId: seats['EG-22']!, date: inDays(2), mode: 'nachmittags', forUserId: leserId })).json()
      .booking;
    const event = parseIcs((await fetchFeed(BIB, url)).body).events.find((e) => e.uid === `platz-${pre.id}@buchbar`);
    expect(event).toMatchObject({ summary: 'Reading room: EG-22 (Lesesaal Erdgeschoss)', status: 'TENTATIVE' });
    expect(event!.description).toContain('Booked by: Berta Buchholz');

    // The person reads English: the request is the English one.
    const mail = await smtp.waitFor('leser@bibliothek.test', 'please confirm: EG-22');
    const ics = icsAttachmentOf(mail.raw);
    expect(ics, 'text/calendar attachment').not.toBeNull();
    const attached = parseIcs(ics!).events;
    expect(attached).toHaveLength(1);
    expect(attached[0]).toMatchObject({ uid: `platz-${pre.id}@buchbar`, status: 'TENTATIVE' });
    expect(attached[0]!.start.toISOString()).toBe(pre.von);
  });
});
