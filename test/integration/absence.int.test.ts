import { germanDay } from '@domain/opening-hours';
import { formatDate, formatTime } from '@domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { icsAttachmentOf, parseIcs } from '../support/ics';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  ALL_WEEKDAYS,
  BIB,
  book as bookSeat,
  floorPlanIds,
  inDays,
  objectIds,
  openAllDay,
  SW,
  setTenantSetting,
} from './reading-room-support';
import { book as bookVehicle, createVehicle, dayAt, locationId, mailTo, testVehicle } from './vehicle-support';

/** Decision 092: „Ich bin abwesend“ cancels seats, desks and vehicles not started in one step; others only by fleet or user maintenance, audited. */

describe.each(DB_KINDS)('absence in one step on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  let fleet: string;
  let staff: string;
  let vehicleId: string;
  let desks: Record<string, string>;

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const post = (cookie: string, url: string, payload: object, host = SW) => t.call(host, { method: 'POST', url, cookie, payload });
  const memberId = async (email: string) => (await rows<{ id: string }>(sql`select id::text from users where email = ${email}`))[0]!.id;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    admin = await t.login(SW, 'admin@stadtwerke.test');
    fleet = await t.login(SW, 'fuhrpark@stadtwerke.test');
    staff = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const loc = await locationId(t, SW, admin, 'Betriebshof Nord');
    vehicleId = (await createVehicle(t, admin, testVehicle(loc, 'MS-AB 92'))).id;
    await setTenantSetting(t, SW, admin, 'leseraumBuchbareWochentage', ALL_WEEKDAYS);
    const plans = await floorPlanIds(t, SW, staff, 'arbeitswelt');
    const plan = Object.values(plans)[0]!;
    for (const d of [inDays(5), inDays(9)]) await openAllDay(t, SW, admin, plan, d);
    desks = await objectIds(t, SW, staff, plan);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('previews, then cancels the desk and the vehicle in the range in one step with one mail; later bookings stay', async () => {
    const [deskA, deskB] = Object.values(desks);
    const desk = (await bookSeat(t, SW, staff, { objectId: deskA!, date: inDays(5), mode: 'ganztags' })).json().booking;
    const car = await bookVehicle(t, staff, { vehicleId, von: dayAt(5, '10:00'), bis: dayAt(5, '12:00') });
    expect(car.statusCode).toBe(201);
    const later = (await bookSeat(t, SW, staff, { objectId: deskB!, date: inDays(9), mode: 'ganztags' })).json().booking;

    const range = { from: inDays(4), to: inDays(6) };
    const preview = await post(staff, '/api/absence/preview', range);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().cancelled).toBe(0);
    // The demo data gives the person more bookings in these days; ours are among them.
    const listed = preview.json().bookings.map((b: { kind: string; id: string }) => `${b.kind} ${b.id}`);
    expect(listed).toEqual(expect.arrayContaining([`platz ${desk.id}`, `fahrzeug ${car.json().booking.id}`]));
    expect(listed).not.toContain(`platz ${later.id}`);

    const done = await post(staff, '/api/absence', range);
    expect(done.statusCode).toBe(200);
    expect(done.json().cancelled).toBe(listed.length);
    expect((await rows<{ status: string }>(sql`select status from reading_room_bookings where id = ${desk.id}`))[0]!.status).toBe(
      'storniert',
    );
    expect((await rows<{ status: string }>(sql`select status from vehicle_bookings where id = ${car.json().booking.id}`))[0]!.status).toBe(
      'storniert',
    );
    expect((await rows<{ status: string }>(sql`select status from reading_room_bookings where id = ${later.id}`))[0]!.status).toBe(
      'reserviert',
    );

    const mail = await mailTo(smtp, 'mitarbeiter@stadtwerke.test', 'Abwesenheit');
    expect(mail.subject).toMatch(
      new RegExp(`^Buchbar – Abwesenheit \\d\\d\\.\\d\\d\\.\\d{4} – \\d\\d\\.\\d\\d\\.\\d{4}: ${listed.length} Buchungen storniert$`),
    );
    const events = parseIcs(icsAttachmentOf(mail.raw)!).events;
    expect(events).toHaveLength(listed.length);
    expect(events.every((e) => e.status === 'CANCELLED')).toBe(true);
    expect(events.map((e) => e.uid)).toEqual(
      expect.arrayContaining([`platz-${desk.id}@buchbar`, `fahrzeug-${car.json().booking.id}@buchbar`]),
    );
    // Nothing left: a second absence over the same days cancels nothing.
    expect((await post(staff, '/api/absence', range)).json()).toEqual({ bookings: [], cancelled: 0, handedOver: 0 });
  });

  it('lets fleet managers record it for a person (audited); others may not, and another tenant’s person is not found', async () => {
    const staffId = await memberId('mitarbeiter@stadtwerke.test');
    const fleetId = await memberId('fuhrpark@stadtwerke.test');
    const refused = await post(staff, '/api/absence', { from: inDays(8), to: inDays(10), personId: fleetId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Nur Fuhrparkleitung und Administration können eine Abwesenheit für andere eintragen.');

    const res = await post(fleet, '/api/absence', { from: inDays(8), to: inDays(10), personId: staffId });
    expect(res.statusCode).toBe(200);
    expect(res.json().cancelled).toBe(res.json().bookings.length);
    expect(res.json().bookings.some((b: { kind: string }) => b.kind === 'platz')).toBe(true);
    const trail = await rows<{ actor_name: string; subject_name: string; subject_type: string }>(
      sql`select actor_name, subject_name, subject_type from audit_log where subject_type = 'abwesenheit'`,
    );
    expect(trail).toHaveLength(1);
    expect(trail[0]!.subject_type).toBe('abwesenheit');
    expect(trail[0]!.actor_name).not.toBe(trail[0]!.subject_name);
    const mail = await mailTo(smtp, 'mitarbeiter@stadtwerke.test', `${res.json().cancelled} Buchung`);
    expect(mail.text).toContain('hat Ihre Abwesenheit eingetragen');

    const bibAdmin = await t.login(BIB, 'admin@bibliothek.test');
    const foreign = await post(bibAdmin, '/api/absence/preview', { from: inDays(1), to: inDays(2), personId: staffId }, BIB);
    expect(foreign.statusCode).toBe(404);
    const backwards = await post(staff, '/api/absence/preview', { from: inDays(3), to: inDays(1) });
    expect(backwards.statusCode).toBe(400);
    // Its own sentence, not the catalogue's text for vehicle periods.
    expect(backwards.json().error.message).toBe('Das Ende der Abwesenheit darf nicht vor ihrem Beginn liegen.');
  });

  it('hands a vehicle booked for someone over to the driver, cancels a pre-booking with notice, each in the recipient’s language', async () => {
    const staffId = await memberId('mitarbeiter@stadtwerke.test');
    // Max reads his mails in English.
    expect((await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie: staff, payload: { value: 'en-us' } })).statusCode).toBe(
      200,
    );
    const car = await bookVehicle(t, fleet, { vehicleId, von: dayAt(5, '14:00'), bis: dayAt(5, '16:00'), forUserId: staffId });
    expect(car.statusCode, car.body).toBe(201);
    const carId = car.json().booking.id as string;
    const desk = Object.values(desks)[2]!;
    const pre = await bookSeat(t, SW, fleet, { objectId: desk, date: inDays(5), mode: 'ganztags', forUserId: staffId });
    expect(pre.statusCode, pre.body).toBe(200);
    const preId = pre.json().booking.id as string;
    const range = { from: inDays(5), to: inDays(5) };

    const preview = (await post(fleet, '/api/absence/preview', range)).json();
    const mine = preview.bookings.filter((b: { id: string }) => [carId, preId].includes(b.id));
    expect(mine).toHaveLength(2);
    expect(mine.every((b: { forOther: string }) => b.forOther === 'Max Mustermann')).toBe(true);

    // Only bookings for others can be handed over: another tenant's or an own id stops everything.
    const refused = await post(fleet, '/api/absence', { ...range, handOver: [carId, '00000000-0000-4000-8000-000000000000'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Nur Buchungen, die Sie für andere gemacht haben, können übergeben werden.');
    const statusOf = async (table: 'vehicle_bookings' | 'reading_room_bookings', id: string) =>
      (await rows<{ status: string }>(sql`select status from ${sql.raw(table)} where id = ${id}`))[0]!.status;
    expect(await statusOf('vehicle_bookings', carId)).toBe('reserviert');
    expect(await statusOf('reading_room_bookings', preId)).toBe('vorgemerkt');

    const done = await post(fleet, '/api/absence', { ...range, handOver: [carId] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().handedOver).toBe(1);
    expect(done.json().bookings.find((b: { id: string }) => b.id === carId)).toMatchObject({ handedOver: true });
    expect(await statusOf('vehicle_bookings', carId)).toBe('reserviert');
    const [owner] = await rows<{ booked_by_id: string }>(sql`select booked_by_id::text from vehicle_bookings where id = ${carId}`);
    expect(owner!.booked_by_id).toBe(staffId);
    expect(await statusOf('reading_room_bookings', preId)).toBe('storniert');

    // Decision 160: the absent person's own mail lists what was cancelled and what was handed over to whom.
    type Listed = { id: string; label: string; von: string; bis: string };
    const line = (b: Listed) => `${formatDate(new Date(b.von))} ${formatTime(new Date(b.von))}–${formatTime(new Date(b.bis))} ${b.label}`;
    const carLine = line(mine.find((b: Listed) => b.id === carId));
    const preLine = line(mine.find((b: Listed) => b.id === preId));
    const cancelled = done.json().cancelled as number;
    const own = await mailTo(smtp, 'fuhrpark@stadtwerke.test', 'übergeben');
    expect(own.subject).toBe(
      `Buchbar – Abwesenheit ${germanDay(range.from)} – ${germanDay(range.to)}: ${cancelled} ${cancelled === 1 ? 'Buchung' : 'Buchungen'} storniert, 1 Buchung übergeben`,
    );
    expect(own.text).toContain(
      `Sie sind abwesend vom ${germanDay(range.from)} bis ${germanDay(range.to)}. Diese Buchungen wurden storniert:`,
    );
    expect(own.text).toContain(preLine);
    expect(own.text).toContain('Diese für andere gemachten Buchungen wurden übergeben und bleiben bestehen:');
    expect(own.text).toContain(`${carLine} – übergeben an Max Mustermann`);
    expect(own.text.indexOf(preLine)).toBeLessThan(own.text.indexOf('wurden übergeben'));
    expect(own.text.indexOf('wurden übergeben')).toBeLessThan(own.text.indexOf(carLine));
    // Only the cancelled bookings travel as calendar events; the handed-over one is the driver's now.
    const ownEvents = parseIcs(icsAttachmentOf(own.raw)!).events.map((e) => e.uid);
    expect(ownEvents).toContain(`platz-${preId}@buchbar`);
    expect(ownEvents).not.toContain(`fahrzeug-${carId}@buchbar`);

    const handed = await mailTo(smtp, 'mitarbeiter@stadtwerke.test', 'vehicle booking handed over to you');
    expect(handed.text).toContain('Felix Fuhrmann is absent and has handed the vehicle booking made for you over to you');
    const [event] = parseIcs(icsAttachmentOf(handed.raw)!).events;
    expect(event).toMatchObject({ uid: `fahrzeug-${carId}@buchbar`, status: 'CONFIRMED' });
    const notice = await mailTo(smtp, 'mitarbeiter@stadtwerke.test', 'pre-booking cancelled');
    expect(parseIcs(icsAttachmentOf(notice.raw)!).events[0]).toMatchObject({ uid: `platz-${preId}@buchbar`, status: 'CANCELLED' });
    await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie: staff, payload: { value: 'de-de' } });
  });
});
