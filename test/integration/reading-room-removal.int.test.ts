import { withTenant } from '@db/client';
import { encodePng } from '@db/seed/reading-room-plan-image';
import { germanDay, instantOf } from '@domain/opening-hours';
import { insertBooking } from '@server/areas/reading-rooms/reading-room-booking-repository';
import type { BusEvent } from '@server/realtime/event-bus';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  BIB,
  book,
  floorPlanIds,
  inDays,
  map,
  multipart,
  objectIds,
  openAllDay,
  SW,
  setTenantSetting,
  tenantIds,
} from './reading-room-support';

/** Decision 025: deactivating cancels open bookings (reason, mails, events); deleting only what was never booked. */

const png = () => encodePng(4, 3, new Uint8Array(4 * 3 * 3).fill(180));

describe.each(DB_KINDS)('removing seats, rooms and floor plans on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  let leser: string;
  let tenants: Record<string, string>;
  let plans: Record<string, string>;
  let eg: Record<string, string>;
  const events: BusEvent[] = [];

  const memberId = async (email: string) =>
    ((await t.database.db.execute(sql`select id::text from users where email = ${email}`)) as unknown as { rows: { id: string }[] })
      .rows[0]!.id;
  const row = async (id: string) =>
    (
      (await t.database.db.execute(
        sql`select status, cancel_reason, cancelled_at from reading_room_bookings where id = ${id}`,
      )) as unknown as {
        rows: { status: string; cancel_reason: string | null; cancelled_at: unknown }[];
      }
    ).rows[0]!;
  const adminCall = (method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.call(BIB, { method, url, cookie: admin, ...(payload ? { payload } : {}) });
  const mailsTo = (to: string, subject: string) => smtp.mails.filter((m) => m.to.includes(to) && m.subject.includes(subject));
  const waitForMail = async (to: string, subject: string) => {
    for (let i = 0; i < 100 && mailsTo(to, subject).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const found = mailsTo(to, subject);
    expect(found, `mail to ${to}: ${subject}`).toHaveLength(1);
    return found[0]!;
  };
  const waitForEvents = async (pred: (e: BusEvent) => boolean, n: number) => {
    for (let i = 0; i < 100 && events.filter(pred).length < n; i++) await new Promise((r) => setTimeout(r, 20));
    return events.filter(pred);
  };

  async function newPlan(name: string, seats: string[]) {
    const plan = (await adminCall('POST', '/api/admin/reading-rooms/floor-plans', { name, area: 'leseraum', locationId: null })).json()
      .floorPlan;
    const ids: Record<string, string> = {};
    for (const [i, designation] of seats.entries()) {
      const res = await adminCall('POST', '/api/admin/reading-rooms/objects', {
        floorPlanId: plan.id,
        kind: designation.startsWith('Raum') ? 'raum' : 'platz',
        designation,
        capacity: designation.startsWith('Raum') ? 4 : 1,
        x: 10 + i,
        y: 10,
      });
      expect(res.statusCode).toBe(200);
      ids[designation] = res.json().object.id;
    }
    return { id: plan.id as string, ids };
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    admin = await t.login(BIB, 'admin@bibliothek.test');
    leser = await t.login(BIB, 'leser@bibliothek.test');
    tenants = await tenantIds(t);
    plans = await floorPlanIds(t, BIB, leser);
    eg = await objectIds(t, BIB, leser, plans['Lesesaal Erdgeschoss']!);
    await setTenantSetting(t, BIB, admin, 'leseraumMaxBuchungenProWoche', 50);
    t.deps.events.subscribe(tenants.bibliothek!, (e) => events.push(e));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('deactivating a seat cancels its open bookings with a reason, mails booker and confirming person in their language, and tells live maps', async () => {
    const seat = eg['EG-20']!;
    const leserId = await memberId('leser@bibliothek.test');
    const adminId = await memberId('admin@bibliothek.test');
    // Lena reads English; Berta German.
    expect((await t.call(BIB, { method: 'PUT', url: '/api/session/locale', cookie: leser, payload: { locale: 'en-us' } })).statusCode).toBe(
      200,
    );
    const own = (await book(t, BIB, leser, { objectId: seat, date: inDays(1), mode: 'vormittags' })).json().booking;
    const pre = (await book(t, BIB, admin, { objectId: seat, date: inDays(2), mode: 'nachmittags', forUserId: leserId })).json().booking;
    expect([own.status, pre.status]).toEqual(['reserviert', 'vorgemerkt']);
    // Bookings a deactivation must leave alone: one checked in, one that has ended, one already cancelled.
    const [done, past, gone] = await withTenant(t.database.db, tenants.bibliothek!, async (tx) => [
      await insertBooking(tx, {
        tenantId: tenants.bibliothek!,
        readingRoomId: seat,
        von: instantOf(inDays(3), '08:00'),
        bis: instantOf(inDays(3), '10:00'),
        status: 'durchgeführt',
        bookerId: adminId,
        confirmingId: null,
        groupSize: 1,
        placeFrom: 1,
      }),
      await insertBooking(tx, {
        tenantId: tenants.bibliothek!,
        readingRoomId: seat,
        von: instantOf(inDays(-2), '08:00'),
        bis: instantOf(inDays(-2), '10:00'),
        status: 'reserviert',
        bookerId: adminId,
        confirmingId: null,
        groupSize: 1,
        placeFrom: 1,
      }),
      await insertBooking(tx, {
        tenantId: tenants.bibliothek!,
        readingRoomId: seat,
        von: instantOf(inDays(4), '08:00'),
        bis: instantOf(inDays(4), '10:00'),
        status: 'storniert',
        bookerId: adminId,
        confirmingId: null,
        groupSize: 1,
        placeFrom: 1,
      }),
    ]);

    const preview = await adminCall('GET', `/api/admin/reading-rooms/objects/${seat}/removal-preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ openBookings: 2, bookings: 5, deletable: false, openFrom: own.von, openTo: pre.bis });

    const before = events.length;
    const res = await adminCall('PUT', `/api/admin/reading-rooms/objects/${seat}/active`, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ object: { id: seat, designation: 'EG-20', active: false }, cancelledBookings: 2 });

    for (const id of [own.id, pre.id])
      expect(await row(id)).toMatchObject({ status: 'storniert', cancel_reason: 'Storno, weil Platz deaktiviert wurde.' });
    expect((await row(own.id)).cancelled_at).not.toBeNull();
    expect((await row(done)).status).toBe('durchgeführt');
    expect((await row(past)).status).toBe('reserviert');
    expect((await row(gone)).cancel_reason).toBeNull();

    // Mails on the real SMTP server: Berta (booker of the pre-booking) in German, Lena in English for both bookings.
    const toAdmin = await waitForMail('admin@bibliothek.test', 'Buchung storniert: EG-20');
    expect(toAdmin.subject).toBe(`Buchbar – Buchung storniert: EG-20 am ${germanDay(inDays(2))}`);
    expect(toAdmin.text).toContain('Hallo Berta Buchholz,');
    expect(toAdmin.text).toContain(
      `Ihre Buchung von EG-20 (Lesesaal Erdgeschoss) am ${germanDay(inDays(2))} von 12:00 bis 20:00 Uhr wurde storniert, weil der Platz deaktiviert wurde.`,
    );
    expect(toAdmin.text).toMatch(/Anderen Platz buchen: http:\/\/bibliothek\.localhost(:\d+)?\/leseraum\/karte/);
    for (let i = 0; i < 100 && mailsTo('leser@bibliothek.test', 'booking cancelled: EG-20').length < 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    const toLeser = mailsTo('leser@bibliothek.test', 'booking cancelled: EG-20');
    expect(toLeser).toHaveLength(2);
    const texts = toLeser.map((m) => m.text).join('\n');
    expect(texts).toContain(
      `your booking of EG-20 (Lesesaal Erdgeschoss) on ${germanDay(inDays(1))} from 08:00 to 12:00 has been cancelled because the seat has been deactivated.`,
    );
    expect(texts).toContain(
      `the booking of EG-20 (Lesesaal Erdgeschoss) on ${germanDay(inDays(2))} from 12:00 to 20:00 that Berta Buchholz made for you has been cancelled because the seat has been deactivated.`,
    );
    expect(mailsTo('admin@bibliothek.test', 'EG-20')).toHaveLength(1);

    // Live maps: one event per cancelled booking plus the seat's own change, all after commit.
    const seen = await waitForEvents((e) => e.topic === 'seat-booking', 3);
    const mine = events.slice(before).filter((e) => e.topic === 'seat-booking');
    expect(
      mine
        .filter((e) => e.type === 'cancelled')
        .map((e) => e.id)
        .sort(),
    ).toEqual([own.id, pre.id].sort());
    expect(mine.find((e) => e.type === 'changed')).toMatchObject({ id: seat, scope: plans['Lesesaal Erdgeschoss'] });
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(mine)).not.toMatch(/@bibliothek|Lesewitz|Buchholz/);

    // The sidebar keeps showing what happened, with the reason; the map shows the seat as not bookable.
    const sidebar = (await t.call(BIB, { method: 'GET', url: '/api/reading-room-bookings/mine?area=leseraum', cookie: leser })).json();
    expect(sidebar.bookings.find((b: { id: string }) => b.id === own.id)).toMatchObject({
      status: 'storniert',
      cancelReason: 'Storno, weil Platz deaktiviert wurde.',
      canCancel: false,
    });
    expect(sidebar.reservations.find((b: { id: string }) => b.id === pre.id)).toMatchObject({
      status: 'storniert',
      cancelReason: 'Storno, weil Platz deaktiviert wurde.',
      canConfirm: false,
    });
    expect((await map(t, BIB, leser, plans['Lesesaal Erdgeschoss']!, inDays(1))).objects.find((o) => o.id === seat)!.state).toBe('inaktiv');
    const refused = await book(t, BIB, leser, { objectId: seat, date: inDays(5), mode: 'ganztags' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('EG-20 cannot be booked at the moment.');

    // Deactivating again changes nothing; reactivating does not bring cancelled bookings back.
    const sent = smtp.mails.length;
    expect((await adminCall('PUT', `/api/admin/reading-rooms/objects/${seat}/active`, { active: false })).json().cancelledBookings).toBe(0);
    const on = await adminCall('PUT', `/api/admin/reading-rooms/objects/${seat}/active`, { active: true });
    expect(on.json()).toMatchObject({ object: { active: true }, cancelledBookings: 0 });
    expect((await row(own.id)).status).toBe('storniert');
    expect((await book(t, BIB, leser, { objectId: seat, date: inDays(5), mode: 'ganztags' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    // No cancellation mail: only the new booking's calendar entry (decision 217).
    expect(smtp.mails.slice(sent).map((m) => m.subject)).toEqual([
      'Buchbar – in your calendar: Reading room: EG-20 (Lesesaal Erdgeschoss)',
    ]);
    await t.call(BIB, { method: 'PUT', url: '/api/session/locale', cookie: leser, payload: { locale: 'de-de' } });
  });

  it('a deactivation racing with parallel bookings never leaves a live booking on the inactive seat', async () => {
    const seat = eg['EG-26']!;
    const bookings = Array.from({ length: 10 }, (_, i) => book(t, BIB, leser, { objectId: seat, date: inDays(1 + i), mode: 'vormittags' }));
    const deactivation = adminCall('PUT', `/api/admin/reading-rooms/objects/${seat}/active`, { active: false });
    const results = await Promise.all(bookings);
    const off = await deactivation;
    expect(off.statusCode).toBe(200);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    const made = results.filter((r) => r.statusCode === 200).map((r) => r.json().booking.id as string);
    expect(off.json().cancelledBookings).toBeLessThanOrEqual(made.length);
    const live = (await t.database.db.execute(
      sql`select count(*)::int as n from reading_room_bookings where reading_room_id = ${seat} and status in ('vorgemerkt', 'reserviert')`,
    )) as unknown as { rows: { n: number }[] };
    expect(live.rows[0]!.n).toBe(0);
    for (const id of made) expect((await row(id)).cancel_reason).toBe('Storno, weil Platz deaktiviert wurde.');
    await adminCall('PUT', `/api/admin/reading-rooms/objects/${seat}/active`, { active: true });
  });

  it('PATCH …/objects/:id with active:false cancels the same way, for a room with the room’s reason', async () => {
    const room = eg['Gruppenraum 1']!;
    const b = (await book(t, BIB, leser, { objectId: room, date: inDays(1), mode: 'nachmittags', groupSize: 3 })).json().booking;
    expect((await adminCall('GET', `/api/admin/reading-rooms/objects/${room}/removal-preview`)).json()).toMatchObject({
      openBookings: 1,
      deletable: false,
    });
    const res = await adminCall('PATCH', `/api/admin/reading-rooms/objects/${room}`, { active: false, description: 'Wird renoviert' });
    expect(res.statusCode).toBe(200);
    expect(res.json().object).toMatchObject({ active: false, description: 'Wird renoviert' });
    expect(await row(b.id)).toMatchObject({ status: 'storniert', cancel_reason: 'Storno, weil Raum deaktiviert wurde.' });
    const mail = await waitForMail('leser@bibliothek.test', 'Buchung storniert: Gruppenraum 1');
    expect(mail.text).toContain('wurde storniert, weil der Raum deaktiviert wurde.');
    await adminCall('PUT', `/api/admin/reading-rooms/objects/${room}/active`, { active: true });
  });

  it('deactivating a floor plan cancels the bookings of all its objects and takes it off booking screens and the kiosk, not off the admin', async () => {
    const plan = await newPlan('Lesesaal Dachgeschoss', ['D-1', 'D-2', 'Raum D']);
    await openAllDay(t, BIB, admin, plan.id, inDays(1));
    const b1 = (await book(t, BIB, leser, { objectId: plan.ids['D-1'], date: inDays(1), mode: 'ganztags' })).json().booking;
    const b2 = (await book(t, BIB, admin, { objectId: plan.ids['Raum D'], date: inDays(1), mode: 'ganztags', groupSize: 2 })).json()
      .booking;
    expect([b1.status, b2.status]).toEqual(['reserviert', 'reserviert']);
    const kiosk = (await adminCall('POST', '/api/admin/kiosk-links', { floorPlanId: plan.id, name: 'Dach' })).json();
    expect((await t.call(BIB, { method: 'GET', url: `/api/kiosk/${kiosk.token}` })).statusCode).toBe(200);
    expect((await adminCall('GET', `/api/admin/reading-rooms/floor-plans/${plan.id}/removal-preview`)).json()).toMatchObject({
      openBookings: 2,
      bookings: 2,
      deletable: false,
    });

    const res = await adminCall('PUT', `/api/admin/reading-rooms/floor-plans/${plan.id}/active`, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ floorPlan: { id: plan.id, active: false }, cancelledBookings: 2 });
    for (const id of [b1.id, b2.id])
      expect(await row(id)).toMatchObject({ status: 'storniert', cancel_reason: 'Storno, weil Grundriss deaktiviert wurde.' });
    expect((await waitForMail('leser@bibliothek.test', 'Buchung storniert: D-1')).text).toContain(
      'wurde storniert, weil der Grundriss deaktiviert wurde.',
    );
    await waitForMail('admin@bibliothek.test', 'Buchung storniert: Raum D');

    // Gone from the booking screens …
    expect(Object.keys(await floorPlanIds(t, BIB, leser))).not.toContain('Lesesaal Dachgeschoss');
    const m = await t.call(BIB, { method: 'GET', url: `/api/reading-rooms/floor-plans/${plan.id}/map?date=${inDays(1)}`, cookie: leser });
    expect(m.statusCode).toBe(404);
    expect(m.json().error.message).toBe('Grundriss nicht gefunden.');
    const refused = await book(t, BIB, leser, { objectId: plan.ids['D-2'], date: inDays(1), mode: 'ganztags' });
    expect(refused.json().error.message).toBe('D-2 ist derzeit nicht buchbar.');
    const board = await t.call(BIB, { method: 'GET', url: `/api/kiosk/${kiosk.token}` });
    expect(board.statusCode).toBe(409);
    expect(board.json().error.message).toBe('Der Grundriss „Lesesaal Dachgeschoss“ ist derzeit deaktiviert.');
    // … but still in the admin, marked inactive, with its objects untouched.
    const adminPlans = (await adminCall('GET', '/api/admin/reading-rooms/floor-plans')).json().floorPlans;
    expect(adminPlans.find((p: { id: string }) => p.id === plan.id)).toMatchObject({ name: 'Lesesaal Dachgeschoss', active: false });
    expect(
      (await adminCall('GET', `/api/admin/reading-rooms/floor-plans/${plan.id}/objects`))
        .json()
        .objects.every((o: { active: boolean }) => o.active),
    ).toBe(true);

    // Reactivated: back on the screens and the kiosk; the cancelled bookings stay cancelled.
    expect((await adminCall('PUT', `/api/admin/reading-rooms/floor-plans/${plan.id}/active`, { active: true })).json()).toMatchObject({
      floorPlan: { active: true },
      cancelledBookings: 0,
    });
    expect(Object.keys(await floorPlanIds(t, BIB, leser))).toContain('Lesesaal Dachgeschoss');
    expect((await t.call(BIB, { method: 'GET', url: `/api/kiosk/${kiosk.token}` })).statusCode).toBe(200);
    expect((await row(b1.id)).status).toBe('storniert');
  });

  it('deletes a never-booked seat or plan for good and refuses anything ever booked with a clear message', async () => {
    const plan = await newPlan('Probeplan', ['X-1', 'X-2']);
    // A seat nobody ever booked goes.
    expect((await adminCall('GET', `/api/admin/reading-rooms/objects/${plan.ids['X-2']}/removal-preview`)).json()).toEqual({
      openBookings: 0,
      bookings: 0,
      deletable: true,
      openFrom: null,
      openTo: null,
    });
    const del = await adminCall('DELETE', `/api/admin/reading-rooms/objects/${plan.ids['X-2']}`);
    expect(del.statusCode).toBe(200);
    expect(
      (await adminCall('GET', `/api/admin/reading-rooms/floor-plans/${plan.id}/objects`))
        .json()
        .objects.map((o: { designation: string }) => o.designation),
    ).toEqual(['X-1']);
    expect((await adminCall('DELETE', `/api/admin/reading-rooms/objects/${plan.ids['X-2']}`)).statusCode).toBe(404);

    // A seat once booked stays – even when that booking was cancelled – and so does its plan.
    await openAllDay(t, BIB, admin, plan.id, inDays(2));
    const b = (await book(t, BIB, leser, { objectId: plan.ids['X-1'], date: inDays(2), mode: 'ganztags' })).json().booking;
    expect((await t.call(BIB, { method: 'POST', url: `/api/reading-room-bookings/${b.id}/cancel`, cookie: leser })).statusCode).toBe(200);
    const refused = await adminCall('DELETE', `/api/admin/reading-rooms/objects/${plan.ids['X-1']}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'reading_object_has_bookings',
      message: 'Der Platz „X-1“ wurde schon gebucht und kann deshalb nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    });
    const planRefused = await adminCall('DELETE', `/api/admin/reading-rooms/floor-plans/${plan.id}`);
    expect(planRefused.statusCode).toBe(409);
    expect(planRefused.json().error.message).toBe(
      'Auf dem Grundriss „Probeplan“ wurde schon gebucht; er kann deshalb nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    );
    const roomRefused = await adminCall('DELETE', `/api/admin/reading-rooms/objects/${eg['Gruppenraum 2']}`);
    expect(roomRefused.json().error.message).toBe(
      'Der Raum „Gruppenraum 2“ wurde schon gebucht und kann deshalb nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    );
    // English variant for an admin who reads English.
    await t.call(BIB, { method: 'PUT', url: '/api/session/locale', cookie: admin, payload: { locale: 'en-us' } });
    const english = await adminCall('DELETE', `/api/admin/reading-rooms/objects/${plan.ids['X-1']}`);
    expect(english.json().error.message).toBe('X-1 has already been booked and therefore cannot be deleted. Please deactivate it instead.');
    const englishPlan = await adminCall('DELETE', `/api/admin/reading-rooms/floor-plans/${plan.id}`);
    expect(englishPlan.json().error.message).toBe(
      'Places on the floor plan Probeplan have already been booked; it therefore cannot be deleted. Please deactivate it instead.',
    );
    await t.call(BIB, { method: 'PUT', url: '/api/session/locale', cookie: admin, payload: { locale: 'de-de' } });
    expect((await adminCall('GET', `/api/admin/reading-rooms/floor-plans/${plan.id}/objects`)).json().objects).toHaveLength(1);
  });

  it('deleting a never-booked plan removes its seats, opening hours, kiosk links and its image file', async () => {
    const plan = await newPlan('Wegwerfplan', ['W-1', 'Raum W']);
    const imagePath = async () =>
      (
        (await t.database.db.execute(sql`select image_path from floor_plans where id = ${plan.id}`)) as unknown as {
          rows: { image_path: string }[];
        }
      ).rows[0]!.image_path;
    const upload = (name: string) =>
      t.call(BIB, {
        method: 'PUT',
        url: `/api/admin/reading-rooms/floor-plans/${plan.id}/image`,
        cookie: admin,
        ...multipart(png(), name, 'image/png'),
      });
    expect((await upload('a.png')).statusCode).toBe(200);
    const firstPath = await imagePath();
    expect(await t.deps.storage.get('grundrisse', tenants.bibliothek!, firstPath)).not.toBeNull();
    expect((await upload('b.png')).statusCode).toBe(200);
    const current = await imagePath();
    expect(current).not.toBe(firstPath);
    // One file per plan: the replaced image is gone as soon as the new one is in place.
    expect(await t.deps.storage.get('grundrisse', tenants.bibliothek!, firstPath)).toBeNull();
    expect(await t.deps.storage.get('grundrisse', tenants.bibliothek!, current)).not.toBeNull();
    await openAllDay(t, BIB, admin, plan.id, inDays(6));
    const link = (await adminCall('POST', '/api/admin/kiosk-links', { floorPlanId: plan.id, name: 'Weg' })).json();
    expect((await adminCall('GET', `/api/admin/reading-rooms/floor-plans/${plan.id}/removal-preview`)).json()).toEqual({
      openBookings: 0,
      bookings: 0,
      deletable: true,
      openFrom: null,
      openTo: null,
    });

    const before = events.length;
    const res = await adminCall('DELETE', `/api/admin/reading-rooms/floor-plans/${plan.id}`);
    expect(res.statusCode).toBe(200);
    expect(
      (await adminCall('GET', '/api/admin/reading-rooms/floor-plans')).json().floorPlans.map((p: { id: string }) => p.id),
    ).not.toContain(plan.id);
    const left = (await t.database.db.execute(sql`
      select (select count(*)::int from reading_rooms where floor_plan_id = ${plan.id}) as objects,
             (select count(*)::int from floor_plan_deviating_hours where floor_plan_id = ${plan.id}) as deviating,
             (select count(*)::int from kiosk_links where floor_plan_id = ${plan.id}) as links`)) as unknown as {
      rows: { objects: number; deviating: number; links: number }[];
    };
    expect(left.rows[0]).toEqual({ objects: 0, deviating: 0, links: 0 });
    expect(await t.deps.storage.get('grundrisse', tenants.bibliothek!, current)).toBeNull();
    expect((await t.call(BIB, { method: 'GET', url: `/api/kiosk/${link.token}` })).statusCode).toBe(404);
    expect((await adminCall('GET', `/api/admin/reading-rooms/floor-plans/${plan.id}/objects`)).statusCode).toBe(404);
    expect((await waitForEvents((e) => e.type === 'deleted' && e.id === plan.id, 1)).length).toBe(1);
    expect(events.length).toBeGreaterThan(before);
  });

  it('permissions: readers and admins without the equipment permission get none of the new routes', async () => {
    const seat = eg['EG-21']!;
    const planId = plans['Lesesaal Erdgeschoss']!;
    const routes: [string, string, object?][] = [
      ['GET', `/api/admin/reading-rooms/objects/${seat}/removal-preview`],
      ['PUT', `/api/admin/reading-rooms/objects/${seat}/active`, { active: false }],
      ['DELETE', `/api/admin/reading-rooms/objects/${seat}`],
      ['GET', `/api/admin/reading-rooms/floor-plans/${planId}/removal-preview`],
      ['PUT', `/api/admin/reading-rooms/floor-plans/${planId}/active`, { active: false }],
      ['DELETE', `/api/admin/reading-rooms/floor-plans/${planId}`],
    ];
    const fleet = await t.login(SW, 'fuhrpark@stadtwerke.test');
    for (const [method, url, payload] of routes) {
      const reader = await t.call(BIB, { method: method as 'GET', url, cookie: leser, ...(payload ? { payload } : {}) });
      expect({ url, status: reader.statusCode, message: reader.json().error.message }).toEqual({ url, status: 403, message: 'no admin' });
      const other = await t.call(SW, { method: method as 'GET', url, cookie: fleet, ...(payload ? { payload } : {}) });
      expect({ url, status: other.statusCode, message: other.json().error.message }).toEqual({
        url,
        status: 403,
        message: 'no ausstattung',
      });
      expect((await t.call(BIB, { method: method as 'GET', url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    expect((await map(t, BIB, leser, planId, inDays(1))).objects.find((o) => o.id === seat)!.active).toBe(true);
  });

  it('tenant isolation: another tenant’s admin gets 404 for every new route and changes nothing', async () => {
    const swAdmin = await t.login(SW, 'admin@stadtwerke.test');
    const seat = eg['EG-22']!;
    const planId = plans['Lesesaal 1. Obergeschoss']!;
    const b = (await book(t, BIB, leser, { objectId: seat, date: inDays(1), mode: 'ganztags' })).json().booking;
    const routes: [string, string, object?][] = [
      ['GET', `/api/admin/reading-rooms/objects/${seat}/removal-preview`],
      ['PUT', `/api/admin/reading-rooms/objects/${seat}/active`, { active: false }],
      ['PATCH', `/api/admin/reading-rooms/objects/${seat}`, { active: false }],
      ['DELETE', `/api/admin/reading-rooms/objects/${seat}`],
      ['GET', `/api/admin/reading-rooms/floor-plans/${planId}/removal-preview`],
      ['PUT', `/api/admin/reading-rooms/floor-plans/${planId}/active`, { active: false }],
      ['DELETE', `/api/admin/reading-rooms/floor-plans/${planId}`],
    ];
    for (const [method, url, payload] of routes) {
      const res = await t.call(SW, { method: method as 'GET', url, cookie: swAdmin, ...(payload ? { payload } : {}) });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
    }
    expect((await row(b.id)).status).toBe('reserviert');
    expect(Object.keys(await floorPlanIds(t, BIB, leser))).toContain('Lesesaal 1. Obergeschoss');
    expect((await map(t, BIB, leser, plans['Lesesaal Erdgeschoss']!, inDays(1))).objects.find((o) => o.id === seat)!.active).toBe(true);
  });
});
