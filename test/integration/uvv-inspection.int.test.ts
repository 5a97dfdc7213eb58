import { sendServiceDueReminders } from '@server/areas/vehicle-care/service-reminders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { multipart } from './reading-room-support';
import { book, createVehicle, locationId, mailTo, SW, TI, testVehicle } from './vehicle-support';

const PDF = Buffer.from('%PDF-1.4\n% Prüfbericht UVV\n');
const DAY = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
const german = (iso: string) => iso.split('-').reverse().join('.');

describe.each(DB_KINDS)('UVV inspection (service booklet, gate, reminder) on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let booker: string;
  let fleet: string;
  let admin: string;
  let foreign: string;
  let vehicle: { id: string };
  let soon: { id: string };
  const n = kind === 'pglite' ? 1 : 2;
  const plate = `MS-UV ${n}01`;
  const soonPlate = `MS-UV ${n}02`;

  const service = (cookie: string, payload: object, id = vehicle.id, host = SW) =>
    t.call(host, { method: 'POST', url: `/api/vehicles/${id}/service-entries`, cookie, payload });
  const uvv = (over: object = {}) => ({
    kind: 'UVV-Prüfung',
    description: 'Prüfung nach DGUV Vorschrift 70',
    performedOn: isoDay(-400),
    inspector: 'Jens Hoppe',
    uvvResult: 'ohne Mängel',
    nextDueOn: isoDay(-1),
    ...over,
  });
  const setGate = async (value: boolean) => {
    const res = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugUvvSperre',
      cookie: admin,
      payload: { layer: 'MANDANT', value },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const trip = (id = vehicle.id) =>
    book(t, booker, {
      vehicleId: id,
      von: new Date(Date.now() + 5 * 60_000).toISOString(),
      bis: new Date(Date.now() + 65 * 60_000).toISOString(),
      reason: 'Zählerablesung',
      destination: 'Hafenweg 3',
    });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    [booker, fleet, admin, foreign] = await Promise.all([
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
      t.login(SW, 'fuhrpark@stadtwerke.test'),
      t.login(SW, 'admin@stadtwerke.test'),
      t.login(TI, 'admin@tourismus.test'),
    ]);
    const location = await locationId(t, SW, fleet, 'Betriebshof Nord');
    vehicle = await createVehicle(t, fleet, testVehicle(location, plate));
    soon = await createVehicle(t, fleet, testVehicle(location, soonPlate));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('records inspector, result and report; the due date follows the tenant interval when none is entered', async () => {
    const up = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicles/${soon.id}/care-files`,
      cookie: fleet,
      ...multipart(PDF, 'pruefbericht.pdf', 'application/pdf'),
    });
    expect(up.statusCode, up.body).toBe(200);
    const report = up.json().fileId as string;
    const performedOn = isoDay(-355);
    const created = await service(fleet, uvv({ performedOn, nextDueOn: null, receipts: [report] }), soon.id);
    expect(created.statusCode, created.body).toBe(201);
    const [y, m, d] = performedOn.split('-').map(Number) as [number, number, number];
    const expected = `${y + 1}-${String(m).padStart(2, '0')}-${String(m === 2 && d === 29 ? 28 : d).padStart(2, '0')}`;
    expect(created.json().entry).toMatchObject({
      kind: 'UVV-Prüfung',
      inspector: 'Jens Hoppe',
      uvvResult: 'ohne Mängel',
      nextDueOn: expected,
    });
    expect(created.json().entry.receipts).toEqual([expect.objectContaining({ kind: 'pdf' })]);
    const pdf = await t.call(SW, { method: 'GET', url: created.json().entry.receipts[0].url, cookie: fleet });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The booklet and the vehicle list mark it as due (10 days ahead, lead time 30 days).
    const booklet = await t.call(SW, { method: 'GET', url: `/api/vehicles/${soon.id}/service-entries`, cookie: fleet });
    expect(booklet.json().uvvIntervalMonths).toBe(12);
    const care = await t.call(SW, { method: 'GET', url: '/api/vehicle-care', cookie: booker });
    expect(care.json().vehicles[soon.id].due).toEqual([{ kind: 'UVV-Prüfung', nextDueOn: expected, state: 'faellig' }]);
  });

  it('refuses incomplete or mixed entries with a sentence, and a report that is not a PDF or picture', async () => {
    const noInspector = await service(fleet, uvv({ inspector: null }));
    expect(noInspector.statusCode).toBe(400);
    expect(noInspector.json().error.message).toBe('Bitte geben Sie an, wer die UVV-Prüfung durchgeführt hat.');
    const badResult = await service(fleet, uvv({ uvvResult: 'gut' }));
    expect(badResult.statusCode).toBe(400);
    expect(badResult.json().error.message).toContain('Bitte wählen Sie das Ergebnis der UVV-Prüfung.');
    const mixed = await service(fleet, { ...uvv(), kind: 'Inspektion' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.message).toBe('Prüfer und Prüfergebnis gehören nur zu einer UVV-Prüfung.');
    const future = await service(fleet, uvv({ performedOn: isoDay(3), nextDueOn: null }));
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe('Das Datum darf nicht in der Zukunft liegen.');
    const fake = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/care-files`,
      cookie: fleet,
      ...multipart(Buffer.from('MZ not a report'), 'bericht.pdf', 'application/pdf'),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toMatch(/^Fehler beim Hochladen der Datei: Erlaubt sind nur /);
    const count = await t.database.db.execute(sql`select count(*)::int as c from service_entries where vehicle_id = ${vehicle.id}::uuid`);
    expect((count as unknown as { rows: { c: number }[] }).rows[0]!.c).toBe(0);
    // Another tenant finds neither the vehicle nor its booklet.
    expect((await service(foreign, uvv(), vehicle.id, TI)).statusCode).toBe(404);
    expect((await t.call(TI, { method: 'GET', url: `/api/vehicles/${vehicle.id}/service-entries`, cookie: foreign })).statusCode).toBe(404);
  });

  it('gate off (default): an overdue UVV is marked but the vehicle still books', async () => {
    expect((await service(fleet, uvv())).statusCode).toBe(201);
    const care = await t.call(SW, { method: 'GET', url: '/api/vehicle-care', cookie: booker });
    expect(care.json().vehicles[vehicle.id].due).toEqual([{ kind: 'UVV-Prüfung', nextDueOn: isoDay(-1), state: 'ueberfaellig' }]);
    const res = await trip();
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().booking.id as string;
    expect(
      (await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${id}/cancel`, cookie: booker, payload: {} })).statusCode,
    ).toBeLessThan(300);
  });

  it('gate on: an overdue UVV refuses booking and trip start with reason and date; a new inspection lifts it', async () => {
    // Booked while the inspection was still recorded as passed, in time.
    const ok = await service(fleet, uvv({ performedOn: isoDay(-2), nextDueOn: null }));
    expect(ok.statusCode, ok.body).toBe(201);
    const booked = await trip();
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().booking.id as string;
    // A correction of the latest entry makes it overdue; then the tenant switches the gate on.
    const entry = ok.json().entry;
    const corrected = await t.call(SW, {
      method: 'PUT',
      url: `/api/vehicles/${vehicle.id}/service-entries/${entry.id}`,
      cookie: fleet,
      payload: uvv({ performedOn: isoDay(-2), nextDueOn: isoDay(-1), receipts: [] }),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await setGate(true);
    const overdue = `Die UVV-Prüfung des Fahrzeugs war am ${german(isoDay(-1))} fällig; bis zur nächsten Prüfung kann es nicht gebucht oder gefahren werden.`;
    const refused = await trip();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'uvv_overdue', message: overdue });
    const start = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${bookingId}/check-in`,
      cookie: booker,
      payload: { mileage: 5000 },
    });
    expect(start.statusCode).toBe(409);
    expect(start.json().error.message).toBe(overdue);

    // Not safe to operate: refused until the next inspection, in English for an English reader.
    expect(
      (await service(fleet, uvv({ performedOn: isoDay(0), nextDueOn: null, uvvResult: 'Mängel – nicht betriebssicher' }))).statusCode,
    ).toBe(201);
    expect(
      (await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie: booker, payload: { value: 'en-us' } })).statusCode,
    ).toBe(200);
    const unsafe = await trip();
    expect(unsafe.statusCode).toBe(409);
    expect(unsafe.json().error.message).toBe(
      `The UVV inspection of ${german(isoDay(0))} found the vehicle not safe to operate; it cannot be booked or driven until it is inspected again.`,
    );
    expect(
      (await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie: booker, payload: { value: 'de-de' } })).statusCode,
    ).toBe(200);

    // The defects repaired and inspected again the same day: booking and start pass.
    const later = await service(fleet, uvv({ performedOn: isoDay(0), nextDueOn: null, uvvResult: 'Mängel behoben' }));
    expect(later.statusCode, later.body).toBe(201);
    const again = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${bookingId}/check-in`,
      cookie: booker,
      payload: { mileage: 5000 },
    });
    expect(again.statusCode, again.body).toBe(200);

    // The gate is the tenant's own: another tenant's vehicles are untouched, and its admin cannot reach this one.
    expect((await t.call(TI, { method: 'GET', url: `/api/vehicles/${vehicle.id}/service-entries`, cookie: foreign })).statusCode).toBe(404);
    await setGate(false);
  });

  it('reminds the fleet of a UVV date once per due date, also for a later run after a restart', async () => {
    await sendServiceDueReminders(t.deps);
    const mail = await mailTo(smtp, 'fuhrpark@stadtwerke.test', 'Buchbar – Prüftermine fällig');
    const [row] = (
      (await t.database.db.execute(
        sql`select next_due_on::text as d from service_entries where vehicle_id = ${soon.id}::uuid and kind = 'UVV-Prüfung'`,
      )) as unknown as { rows: { d: string }[] }
    ).rows;
    expect(mail.text).toContain(`Test Modell (${soonPlate}): UVV-Prüfung fällig am ${german(row!.d)}`);
    // The demo's Crafter is overdue, the Octavia due soon.
    expect(mail.text).toMatch(/Crafter Kastenwagen \(MS-SW 410\): UVV-Prüfung überfällig seit/);
    expect(mail.text).toMatch(/Octavia Combi \(MS-SW 220\): UVV-Prüfung fällig am/);
    const before = smtp.mails.length;
    // The claims live in the database, so a run of a freshly started node finds nothing left either.
    expect(await sendServiceDueReminders(t.deps, new Date(Date.now() + 3_600_000))).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(before);
    const claims = await t.database.db.execute(
      sql`select count(*)::int as c from service_due_reminders where vehicle_id = ${soon.id}::uuid and kind = 'UVV-Prüfung'`,
    );
    expect((claims as unknown as { rows: { c: number }[] }).rows[0]!.c).toBe(1);
  });
});
