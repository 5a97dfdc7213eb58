import { timelineResponse } from '@contracts/vehicles';
import { withTenant } from '@db/client';
import { autoCancelWithoutCheckIn, remindMissingCheckOut } from '@server/areas/vehicles/trips';
import type { BusEvent } from '@server/realtime/event-bus';
import { decodeTimeline } from '@web/features/vehicles/api/use-vehicle-timeline';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { book, createVehicle, dayAt, locationId, mailTo, SW, testVehicle, vehicleByPlate } from './vehicle-support';

describe.each(DB_KINDS)('vehicle bookings on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let booker: string;
  let fleet: string;
  let approver: string;
  let examiner: string;
  let nord: string;
  let golf: { id: string };
  let yaris: { id: string };
  let plate = 0;
  const nextPlate = () => `MS-T ${kind === 'pglite' ? 1 : 2}${String(++plate).padStart(3, '0')}`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    [booker, fleet, approver, examiner] = await Promise.all([
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
      t.login(SW, 'fuhrpark@stadtwerke.test'),
      t.login(SW, 'freigabe@stadtwerke.test'),
      t.login(SW, 'pruefer@stadtwerke.test'),
    ]);
    nord = await locationId(t, SW, fleet, 'Betriebshof Nord');
    golf = await vehicleByPlate(t, booker, 'MS-SW 101');
    yaris = await vehicleByPlate(t, booker, 'MS-SW 120');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('lists the seeded fleet with attributes, categories and a timeline', async () => {
    const res = await t.call(SW, { method: 'GET', url: '/api/vehicles', cookie: booker });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.vehicles.length).toBeGreaterThanOrEqual(9);
    expect(body.vehicles.some((v: { fuel: string }) => v.fuel === 'Elektro')).toBe(true);
    expect(body.categories).toContain('Transporter');
    const tl = await t.call(SW, {
      method: 'GET',
      url: `/api/vehicles/timeline?from=${encodeURIComponent(dayAt(-7, '00:00'))}&to=${encodeURIComponent(dayAt(7, '00:00'))}`,
      cookie: booker,
    });
    expect(tl.statusCode).toBe(200);
    expect(tl.json().vehicles.length).toBeGreaterThan(3);
    // built as JSON by the database: it must still match the contract exactly
    const parsed = timelineResponse.parse(tl.json());
    const me = (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: booker })).json().user.id;
    const some = [...decodeTimeline(parsed, me).byVehicle.values()].flat();
    expect(some.length).toBeGreaterThan(10);
    expect(some.some((b) => b.mine)).toBe(true);
    // Decision 033: a plain booker sees only their own name in the timeline.
    expect(some.filter((b) => b.type === 'BUCHUNG' && b.mine).every((b) => b.bookedFor.length > 2)).toBe(true);
    expect(some.filter((b) => !b.mine).every((b) => b.bookedFor === '')).toBe(true);
    expect(some.every((b) => b.status !== 'storniert' && b.bis > b.von)).toBe(true);
  });

  it('answers a repeated timeline with 304 and never serves a cached one after any change, even one made outside the app', async () => {
    const url = `/api/vehicles/timeline?from=${encodeURIComponent(dayAt(30, '00:00'))}&to=${encodeURIComponent(dayAt(31, '00:00'))}`;
    const get = (etag?: string) => t.call(SW, { method: 'GET', url, cookie: booker, headers: etag ? { 'if-none-match': etag } : {} });
    const parse = (res: Awaited<ReturnType<typeof get>>) => timelineResponse.parse(res.json());
    // the booking made below: 10:00–11:00, i.e. minutes 600–660 from the period's start
    const madeRow = (res: Awaited<ReturnType<typeof get>>) =>
      parse(res)
        .vehicles.find((v) => v.vehicleId === golf.id)
        ?.bookings.find((b) => b[0] === 600 && b[1] === 660);
    const first = await get();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(madeRow(first)).toBeUndefined();
    const again = await get(etag);
    expect([again.statusCode, again.body]).toEqual([304, '']);

    const made = await book(t, booker, {
      vehicleId: golf.id,
      von: dayAt(30, '10:00'),
      bis: dayAt(30, '11:00'),
      reason: 'Zwischenspeicher',
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().booking.id as string;
    const afterBooking = await get(etag);
    expect(afterBooking.statusCode).toBe(200);
    expect(afterBooking.headers.etag).not.toBe(etag);
    const row = madeRow(afterBooking)!;
    expect(row.slice(2, 4)).toEqual(['reserviert', 'BUCHUNG']);
    const me = (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: booker })).json().user.id as string;
    const person = parse(afterBooking).people[row[4]!]!;
    expect(person.id).toBe(me);

    // Changed behind the app's back (no event, no service): the database's change version still tells.
    await t.database.db.execute(sql`update vehicle_bookings set status = 'storniert' where id = ${id}`);
    expect(madeRow(await get())).toBeUndefined();
    await t.database.db.execute(sql`update vehicle_bookings set status = 'reserviert' where id = ${id}`);
    expect(madeRow(await get())).toBeDefined();
    await t.database.db.execute(sql`update users set first_name = 'Umbenannt' where id = ${me}`);
    expect(parse(await get()).people.find((p) => p.id === me)!.name).toMatch(/^Umbenannt /);
    await t.database.db.execute(sql`update users set first_name = ${person.name.split(' ')[0]} where id = ${me}`);
    expect(parse(await get()).people.find((p) => p.id === me)!.name).toBe(person.name);
    expect((await book(t, booker, { vehicleId: golf.id, von: dayAt(30, '10:00'), bis: dayAt(30, '10:30') })).statusCode).toBe(409);
  });

  it('refuses with the four availability messages of docs/product.md#vehicle-availability', async () => {
    const short = await createVehicle(t, fleet, testVehicle(nord, nextPlate(), { validTo: dayAt(5, '12:00').slice(0, 10) }));
    const r1 = await book(t, booker, { vehicleId: golf.id, von: dayAt(20, '10:00'), bis: dayAt(20, '10:00') });
    expect([r1.statusCode, r1.json().error.message]).toEqual([400, 'Bis nicht nach von im Zeitraum!']);
    const r2 = await book(t, booker, { vehicleId: short.id, von: dayAt(10, '10:00'), bis: dayAt(10, '11:00') });
    expect([r2.statusCode, r2.json().error.message]).toEqual([400, 'Fahrzeug im Zeitraum nicht gültig!']);
    const r3 = await book(t, booker, { vehicleId: golf.id, von: dayAt(20, '22:00'), bis: dayAt(20, '23:00') });
    expect([r3.statusCode, r3.json().error.message]).toEqual([
      400,
      'Zeitraum nicht im Individuellen Buchungszeitraum und buchungAusserhalbMoeglich ist nicht aktiviert!',
    ]);
    const ok = await book(t, booker, { vehicleId: golf.id, von: dayAt(20, '10:00'), bis: dayAt(20, '12:00'), reason: 'Kundentermin' });
    expect(ok.statusCode).toBe(201);
    // within the 15-minute gap after it
    const r4 = await book(t, fleet, { vehicleId: golf.id, von: dayAt(20, '12:10'), bis: dayAt(20, '13:00') });
    expect([r4.statusCode, r4.json().error.message]).toEqual([409, 'Fahrzeug ist bereits zum Zeitraum bereits gebucht!']);
    expect((await book(t, fleet, { vehicleId: golf.id, von: dayAt(20, '12:15'), bis: dayAt(20, '13:00') })).statusCode).toBe(201);
    const av = await t.call(SW, {
      method: 'GET',
      url: `/api/vehicles/${golf.id}/availability?von=${encodeURIComponent(dayAt(20, '11:00'))}&bis=${encodeURIComponent(dayAt(20, '11:30'))}`,
      cookie: booker,
    });
    expect(av.json()).toEqual({ available: false, needsApproval: false, message: 'Fahrzeug ist bereits zum Zeitraum bereits gebucht!' });
    const lim = await t.call(SW, {
      method: 'GET',
      url: `/api/vehicles/${golf.id}/booking-limits?date=${dayAt(20, '12:00').slice(0, 10)}`,
      cookie: booker,
    });
    expect(lim.statusCode).toBe(200);
    expect(lim.json().intervals.length).toBeGreaterThanOrEqual(2);
  });

  it('50 parallel requests for the same vehicle and period: exactly one booking, 49 × 409', async () => {
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const payload = { vehicleId: v.id, von: dayAt(21, '10:00'), bis: dayAt(21, '11:00') };
    const results = await Promise.all(Array.from({ length: 50 }, () => book(t, booker, payload)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().error.message).toBe('Fahrzeug ist bereits zum Zeitraum bereits gebucht!');
    const rows = (await t.database.db.execute(
      sql`select count(*)::int as n from vehicle_bookings where vehicle_id = ${v.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('the database itself refuses overlapping bookings including the gap, but not cancelled ones', async () => {
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const tenant = (await t.database.db.execute(sql`select tenant_id::text as id from vehicles where id = ${v.id}`)) as unknown as {
      rows: { id: string }[];
    };
    const tenantId = tenant.rows[0]!.id;
    const user = (await t.database.db.execute(sql`select id::text from users where email = 'mitarbeiter@stadtwerke.test'`)) as unknown as {
      rows: { id: string }[];
    };
    const uid = user.rows[0]!.id;
    const insert = (von: string, bis: string, blocked: string, status = 'reserviert') =>
      withTenant(t.database.db, tenantId, (tx) =>
        tx.execute(sql`insert into vehicle_bookings (tenant_id, vehicle_id, von, bis, blocked_until, status, booked_by_id, driver_id)
                       values (${tenantId}, ${v.id}, ${von}::timestamptz, ${bis}::timestamptz, ${blocked}::timestamptz, ${status}, ${uid}, ${uid})`),
      );
    await insert('2030-01-01T10:00:00Z', '2030-01-01T11:00:00Z', '2030-01-01T11:15:00Z');
    const err = await insert('2030-01-01T11:10:00Z', '2030-01-01T12:00:00Z', '2030-01-01T12:15:00Z').catch((e: unknown) => e);
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    expect(code).toBe('23P01');
    await insert('2030-01-01T11:10:00Z', '2030-01-01T12:00:00Z', '2030-01-01T12:15:00Z', 'storniert');
    await insert('2030-01-01T11:15:00Z', '2030-01-01T12:00:00Z', '2030-01-01T12:15:00Z');
  });

  it('books for others only with fahrzeug_fremdbuchung, and shows who booked for whom', async () => {
    const ids = (await t.call(SW, { method: 'GET', url: '/api/vehicle-bookings/possible-bookers', cookie: fleet })).json().bookers as {
      id: string;
      email: string;
    }[];
    const me = (await t.call(SW, { method: 'GET', url: '/api/vehicle-bookings/possible-bookers', cookie: booker })).json().bookers as {
      id: string;
      email: string;
    }[];
    expect(me.map((b) => b.email)).toEqual(['mitarbeiter@stadtwerke.test']);
    expect(ids.map((b) => b.email)).toEqual(expect.arrayContaining(['mitarbeiter@stadtwerke.test', 'freigabe@stadtwerke.test']));
    expect(ids.map((b) => b.email)).not.toContain('pruefer@stadtwerke.test');
    const mitarbeiterId = me[0]!.id;
    const fleetId = ids.find((b) => b.email === 'fuhrpark@stadtwerke.test')!.id;
    const pruefer = (await t.database.db.execute(sql`select id::text from users where email = 'pruefer@stadtwerke.test'`)) as unknown as {
      rows: { id: string }[];
    };

    const refused = await book(t, booker, { vehicleId: golf.id, von: dayAt(22, '08:00'), bis: dayAt(22, '09:00'), forUserId: fleetId });
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, 'no fahrzeug_fremdbuchung']);
    const noTarget = await book(t, fleet, {
      vehicleId: golf.id,
      von: dayAt(22, '08:00'),
      bis: dayAt(22, '09:00'),
      forUserId: pruefer.rows[0]!.id,
    });
    expect(noTarget.statusCode).toBe(403);
    const selfWithout = await book(t, examiner, { vehicleId: golf.id, von: dayAt(22, '08:00'), bis: dayAt(22, '09:00') });
    expect([selfWithout.statusCode, selfWithout.json().error.message]).toEqual([403, 'no fahrzeug_buchen']);

    const res = await book(t, fleet, {
      vehicleId: golf.id,
      von: dayAt(22, '08:00'),
      bis: dayAt(22, '09:00'),
      forUserId: mitarbeiterId,
      reason: 'Außentermin',
    });
    expect(res.statusCode).toBe(201);
    const b = res.json().booking;
    expect(b.bookedBy.name).toBe('Felix Fuhrmann');
    expect(b.bookedFor.name).toBe('Max Mustermann');
    const mine = (await t.call(SW, { method: 'GET', url: '/api/vehicle-bookings/mine', cookie: booker })).json();
    expect(mine.forMe.map((x: { id: string }) => x.id)).toContain(b.id);
    const made = (await t.call(SW, { method: 'GET', url: '/api/vehicle-bookings/mine', cookie: fleet })).json();
    expect(made.forOthers.map((x: { id: string }) => x.id)).toContain(b.id);

    // the driver cancels; a durchgeführt booking can never be cancelled
    const c = await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${b.id}/cancel`, cookie: booker, payload: {} });
    expect(c.json().booking.status).toBe('storniert');
    const again = await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${b.id}/cancel`, cookie: booker, payload: {} });
    expect(again.statusCode).toBe(409);
    // cancelled by someone else, the driver is told, in the language the driver chose
    await t.call(SW, { method: 'PUT', url: '/api/session/locale', cookie: booker, payload: { locale: 'en-us' } });
    const forMax = await book(t, fleet, { vehicleId: golf.id, von: dayAt(22, '10:00'), bis: dayAt(22, '11:00'), forUserId: mitarbeiterId });
    await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${forMax.json().booking.id}/cancel`, cookie: fleet, payload: {} });
    const english = await mailTo(smtp, 'mitarbeiter@stadtwerke.test', 'booking cancelled');
    expect(english.text).toContain('Hello Max Mustermann');
    await t.call(SW, { method: 'PUT', url: '/api/session/locale', cookie: booker, payload: { locale: 'de-de' } });

    // somebody else's booking is not even visible
    const other = await book(t, fleet, { vehicleId: golf.id, von: dayAt(22, '12:00'), bis: dayAt(22, '13:00') });
    expect(
      (await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${other.json().booking.id}/cancel`, cookie: booker, payload: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('special trip: approvers are mailed, check-in is blocked until approved, a rejection cancels and tells the booker', async () => {
    const res = await book(t, booker, {
      vehicleId: yaris.id,
      von: dayAt(23, '19:00'),
      bis: dayAt(23, '21:00'),
      reason: 'Abendtermin Stadtrat',
    });
    expect(res.statusCode).toBe(201);
    const b = res.json().booking;
    expect(b.needsApproval).toBe(true);
    expect(b.approved).toBe(false);
    expect(b.approvers.map((a: { name: string }) => a.name)).toContain('Frieda Frei');
    const mail = await mailTo(smtp, 'freigabe@stadtwerke.test', 'Sonderfahrt freigeben');
    expect(mail.text).toContain('Max Mustermann');
    const blocked = await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${b.id}/check-in`, cookie: booker, payload: {} });
    expect([blocked.statusCode, blocked.json().error.code]).toEqual([409, 'not_approved']);

    const list = (await t.call(SW, { method: 'GET', url: '/api/vehicle-approvals', cookie: approver })).json();
    expect(list.pending.map((x: { id: string }) => x.id)).toContain(b.id);
    expect((await t.call(SW, { method: 'GET', url: '/api/vehicle-approvals', cookie: booker })).statusCode).toBe(403);

    const ok = await t.call(SW, { method: 'POST', url: `/api/vehicle-approvals/${b.id}/approve`, cookie: approver });
    expect(ok.json().booking.approved).toBe(true);
    await mailTo(smtp, 'mitarbeiter@stadtwerke.test', 'Sonderfahrt freigegeben');

    // an approver who is not asked for this booking: docs/product.md#special-trips
    const normal = await book(t, booker, { vehicleId: golf.id, von: dayAt(23, '08:00'), bis: dayAt(23, '09:00') });
    const notAsked = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-approvals/${normal.json().booking.id}/approve`,
      cookie: approver,
    });
    expect([notAsked.statusCode, notAsked.json().error.message]).toEqual([404, 'User not found! Kein update der Sonderfreigabe möglich.']);

    const second = await book(t, booker, { vehicleId: yaris.id, von: dayAt(24, '06:00'), bis: dayAt(24, '07:00') });
    const rej = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-approvals/${second.json().booking.id}/reject`,
      cookie: approver,
      payload: { reason: 'Kein Bedarf' },
    });
    expect(rej.json().booking.status).toBe('storniert');
    expect(rej.json().booking.cancelReason).toContain('Sonderfahrt abgelehnt');
    const rejMail = await mailTo(smtp, 'mitarbeiter@stadtwerke.test', 'Sonderfahrt abgelehnt');
    expect(rejMail.text).toContain('storniert');
  });

  it('start and end trip: window, fuel, mileage, mandatory attributes, history; new bookings are published', async () => {
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const events: BusEvent[] = [];
    const tenantId = (await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().id as string;
    const unsubscribe = t.deps.events.subscribe(tenantId, (e) => events.push(e));
    const von = new Date(Date.now() + 5 * 60_000).toISOString();
    const bis = new Date(Date.now() + 65 * 60_000).toISOString();
    const res = await book(t, booker, { vehicleId: v.id, von, bis, reason: 'Netzinspektion' });
    expect(res.statusCode).toBe(201);
    const id = res.json().booking.id as string;
    await expect.poll(() => events.some((e) => e.type === 'created' && e.id === id && e.topic === 'vehicle-bookings')).toBe(true);
    unsubscribe();

    const late = await book(t, booker, { vehicleId: v.id, von: dayAt(25, '10:00'), bis: dayAt(25, '11:00') });
    const early = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${late.json().booking.id}/check-in`,
      cookie: booker,
      payload: {},
    });
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'check_in_too_early']);

    const ci = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${id}/check-in`,
      cookie: booker,
      payload: { mileage: 1000 },
    });
    expect(ci.json().booking.status).toBe('aktiv');

    const attrs = (await t.call(SW, { method: 'GET', url: '/api/vehicle-attributes?target=FAHRZEUG_VERLAUF', cookie: booker })).json()
      .attributes as { id: string; label: string }[];
    const art = attrs.find((a) => a.label === 'Art der Fahrt')!.id;
    const spaces = (await t.call(SW, { method: 'GET', url: '/api/vehicle-locations', cookie: booker }))
      .json()
      .locations.find((l: { id: string }) => l.id === nord).parkingSpaces;
    const out = (body: object) =>
      t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${id}/check-out`, cookie: booker, payload: body });
    const base = {
      mileage: 1042,
      fuelPercent: 75,
      cleanlinessInside: 'sauber',
      cleanlinessOutside: 'leicht verschmutzt',
      parkingSpaceId: spaces[0].id,
      damages: [],
      attributes: { [art]: 'dienst' },
    };
    expect((await out({ ...base, fuelPercent: 101 })).json().error.message).toBe('Fuel level must be between 0 and 100!');
    expect((await out({ ...base, fuelPercent: -1 })).json().error.message).toBe('Fuel level must be between 0 and 100!');
    expect((await out({ ...base, mileage: 1000 })).json().error.message).toBe('Der Kilometerstand muss größer als 1000 sein.');
    expect((await out({ ...base, attributes: {} })).json().error.message).toBe('Please fill in all mandatory fields.');
    const done = await out({ ...base, damages: [{ description: 'Kratzer hinten links', receiptId: null }] });
    expect(done.statusCode).toBe(200);
    expect(done.json().booking.status).toBe('durchgeführt');
    const cancelDone = await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${id}/cancel`, cookie: booker, payload: {} });
    expect([cancelDone.statusCode, cancelDone.json().error.message]).toEqual([
      409,
      'Eine durchgeführte Fahrzeugbuchung kann nicht storniert werden.',
    ]);

    const hist = (await t.call(SW, { method: 'GET', url: `/api/vehicles/${v.id}/history`, cookie: fleet })).json();
    expect(hist.entries.map((e: { type: string }) => e.type).slice(0, 3)).toEqual(['CHECK_OUT', 'CHECK_IN', 'ERSTELLUNG']);
    expect(hist.lastMileage).toBe(1042);
    expect(hist.entries[0].damages).toEqual([{ description: 'Kratzer hinten links', receiptId: null }]);
    expect(hist.entries[0].parkingSpaceName).toBe(spaces[0].name);
  });

  it('jobs: a booking without check-in is cancelled after the set minutes and the booker told; missing check-outs are reminded once per time', async () => {
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const von = new Date(Date.now() + 2 * 60_000);
    const res = await book(t, booker, { vehicleId: v.id, von: von.toISOString(), bis: new Date(von.getTime() + 3_600_000).toISOString() });
    const id = res.json().booking.id as string;
    await autoCancelWithoutCheckIn(t.deps, new Date(von.getTime() + 29 * 60_000));
    expect((await t.call(SW, { method: 'GET', url: `/api/vehicle-bookings/${id}`, cookie: booker })).json().booking.status).toBe(
      'reserviert',
    );
    await autoCancelWithoutCheckIn(t.deps, new Date(von.getTime() + 31 * 60_000));
    const after = (await t.call(SW, { method: 'GET', url: `/api/vehicle-bookings/${id}`, cookie: booker })).json().booking;
    expect(after.status).toBe('storniert');
    expect(after.cancelReason).toBe('Storno, weil die Fahrt nicht rechtzeitig gestartet wurde.');
    const m = await mailTo(smtp, 'mitarbeiter@stadtwerke.test', 'Buchung storniert');
    expect(smtp.mails.filter((x) => x.text.includes('nicht rechtzeitig gestartet')).length).toBeGreaterThanOrEqual(1);
    expect(m.subject).toContain(`Test Modell`);

    const v2 = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const r2 = await book(t, booker, {
      vehicleId: v2.id,
      von: new Date(Date.now() + 60_000).toISOString(),
      bis: new Date(Date.now() + 31 * 60_000).toISOString(),
    });
    const id2 = r2.json().booking.id as string;
    expect(
      (await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${id2}/check-in`, cookie: booker, payload: {} })).statusCode,
    ).toBe(200);
    const dayLater = new Date(Date.now() + 26 * 3_600_000);
    const sent = await remindMissingCheckOut(t.deps, 'http://stadtwerke.localhost:3000', dayLater);
    expect(sent).toBeGreaterThanOrEqual(1);
    await mailTo(smtp, 'mitarbeiter@stadtwerke.test', 'bitte Fahrt beenden');
    expect(await remindMissingCheckOut(t.deps, 'http://stadtwerke.localhost:3000', dayLater)).toBe(0);
  });
});
