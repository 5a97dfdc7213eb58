import { addDays, berlinDay } from '@domain/opening-hours';
import { sendServiceDueReminders } from '@server/areas/vehicle-care/service-reminders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { multipart } from './reading-room-support';
import { book, createVehicle, locationId, mailTo, SW, TI, testVehicle } from './vehicle-support';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.4\n% Rechnung Werkstatt\n');

describe.each(DB_KINDS)('vehicle care (Serviceheft, Schäden, Sauberkeit) on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let booker: string;
  let fleet: string;
  let approver: string;
  let admin: string;
  let foreign: string;
  let vehicle: { id: string };
  let fahrtart: string;
  const n = kind === 'pglite' ? 1 : 2;
  const plate = `MS-PF ${n}01`;
  let km = 5000;

  const upload = (cookie: string, bytes: Buffer, name = 'foto.png', type = 'image/png', id = vehicle.id, host = SW) =>
    t.call(host, { method: 'POST', url: `/api/vehicles/${id}/care-files`, cookie, ...multipart(bytes, name, type) });
  const service = (cookie: string, payload: object, id = vehicle.id, host = SW) =>
    t.call(host, { method: 'POST', url: `/api/vehicles/${id}/service-entries`, cookie, payload });
  const count = async (table: string) =>
    Number(
      (
        (await t.database.db.execute(sql.raw(`select count(*)::int as c from ${table} where vehicle_id = '${vehicle.id}'`))) as unknown as {
          rows: { c: number }[];
        }
      ).rows[0]!.c,
    );

  /** Books the vehicle from now, starts and ends the trip with the given ratings and damages. */
  async function trip(inside: string, outside: string, damages: object[] = [], cookie = booker) {
    const res = await book(t, cookie, {
      vehicleId: vehicle.id,
      von: new Date(Date.now() + 5 * 60_000).toISOString(),
      bis: new Date(Date.now() + 65 * 60_000).toISOString(),
      reason: 'Zählerablesung',
      destination: 'Hafenweg 3',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().booking.id as string;
    const ci = await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${id}/check-in`, cookie, payload: { mileage: km } });
    expect(ci.statusCode, ci.body).toBe(200);
    km += 20;
    const out = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${id}/check-out`,
      cookie,
      payload: {
        mileage: km,
        fuelPercent: 60,
        cleanlinessInside: inside,
        cleanlinessOutside: outside,
        parkingSpaceId: null,
        damages,
        attributes: { [fahrtart]: 'dienst' },
      },
    });
    expect(out.statusCode, out.body).toBe(200);
    return id;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    [booker, fleet, approver, admin, foreign] = await Promise.all([
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
      t.login(SW, 'fuhrpark@stadtwerke.test'),
      t.login(SW, 'freigabe@stadtwerke.test'),
      t.login(SW, 'admin@stadtwerke.test'),
      t.login(TI, 'admin@tourismus.test'),
    ]);
    vehicle = await createVehicle(t, fleet, testVehicle(await locationId(t, SW, fleet, 'Betriebshof Nord'), plate));
    const attrs = (await t.call(SW, { method: 'GET', url: '/api/vehicle-attributes?target=FAHRZEUG_VERLAUF', cookie: booker })).json()
      .attributes as { id: string; label: string }[];
    fahrtart = attrs.find((a) => a.label === 'Art der Fahrt')!.id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('service booklet: the fleet writes entries with receipts, report holders read them, others are refused', async () => {
    // Two years ahead, whenever the test runs: a fixed date would fall inside the 30-day lead time one day.
    const huDue = addDays(berlinDay(new Date()), 730);
    const up = await upload(fleet, PDF, 'rechnung.pdf', 'application/pdf');
    expect(up.statusCode, up.body).toBe(200);
    const fileId = up.json().fileId as string;
    const created = await service(fleet, {
      kind: 'Hauptuntersuchung',
      description: 'HU ohne Mängel',
      performedOn: '2025-01-15',
      odometer: 4800,
      cost: 139.5,
      workshop: 'TÜV Nord Münster',
      nextDueOn: huDue,
      receipts: [fileId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json().entry;
    expect(entry).toMatchObject({
      kind: 'Hauptuntersuchung',
      cost: 139.5,
      odometer: 4800,
      workshop: 'TÜV Nord Münster',
      updatedBy: 'Felix Fuhrmann',
    });
    const receipt = await t.call(SW, { method: 'GET', url: entry.receipts[0].url, cookie: fleet });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['x-content-type-options']).toBe('nosniff');
    expect(receipt.rawPayload.toString()).toContain('Rechnung Werkstatt');

    const inspection = await service(fleet, {
      kind: 'Inspektion',
      description: 'Inspektion nach Herstellervorgabe',
      performedOn: '2025-12-01',
      nextDueOn: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(inspection.statusCode, inspection.body).toBe(201);

    const list = await t.call(SW, { method: 'GET', url: `/api/vehicles/${vehicle.id}/service-entries`, cookie: fleet });
    expect(list.statusCode).toBe(200);
    expect(list.json().entries.map((e: { kind: string }) => e.kind)).toEqual(['Inspektion', 'Hauptuntersuchung']);
    expect(list.json().totalCost).toBe(139.5);
    expect(list.json().due).toEqual(
      expect.arrayContaining([
        { kind: 'Hauptuntersuchung', nextDueOn: huDue, state: null },
        expect.objectContaining({ kind: 'Inspektion', state: 'faellig' }),
      ]),
    );
    // The vehicle list marks the inspection as due.
    const care = await t.call(SW, { method: 'GET', url: '/api/vehicle-care', cookie: booker });
    expect(care.json().vehicles[vehicle.id].due).toEqual([expect.objectContaining({ kind: 'Inspektion', state: 'faellig' })]);

    const edited = await t.call(SW, {
      method: 'PUT',
      url: `/api/vehicles/${vehicle.id}/service-entries/${entry.id}`,
      cookie: fleet,
      payload: { ...entry, cost: 149, receipts: entry.receiptIds },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().entry.cost).toBe(149);

    // A driver neither reads nor writes the booklet.
    expect((await t.call(SW, { method: 'GET', url: `/api/vehicles/${vehicle.id}/service-entries`, cookie: booker })).statusCode).toBe(403);
    expect((await service(booker, { kind: 'Sonstiges', description: 'x', performedOn: '2025-01-01' })).statusCode).toBe(403);
  });

  it('service booklet: due dates in the lead time are mailed to the fleet once, and never again for the same date', async () => {
    // The first test left an inspection due in 10 days (lead time 30 days) and an HU far ahead.
    await sendServiceDueReminders(t.deps);
    const mail = await mailTo(smtp, 'fuhrpark@stadtwerke.test', 'Buchbar – Prüftermine fällig');
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const [y, m, d] = due.split('-');
    expect(mail.text).toContain(`Test Modell (${plate}): Inspektion fällig am ${d}.${m}.${y}`);
    expect(mail.text).not.toContain(`Test Modell (${plate}): Hauptuntersuchung`);
    expect(smtp.mails.some((x) => x.to.includes('mitarbeiter@stadtwerke.test') && x.subject.includes('Prüftermine'))).toBe(false);
    const before = smtp.mails.length;
    expect(await sendServiceDueReminders(t.deps)).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(before);
    const claimed = await t.database.db.execute(
      sql`select count(*)::int as c from service_due_reminders where vehicle_id = ${vehicle.id}::uuid and due_on = ${due}::date`,
    );
    expect((claimed as unknown as { rows: { c: number }[] }).rows[0]!.c).toBe(1);
  });

  it('service booklet: an entry with a workshop period blocks the vehicle (SERVICE), cancels overlapping bookings and tells the bookers', async () => {
    const day = (d: number, h: number) =>
      new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + d * 86_400_000 + h * 3_600_000).toISOString();
    const booked = await book(t, booker, { vehicleId: vehicle.id, von: day(20, 9), bis: day(20, 10), reason: 'Messe' });
    expect(booked.statusCode, booked.body).toBe(201);
    const res = await service(fleet, {
      kind: 'Reparatur',
      description: 'Kupplung tauschen',
      performedOn: '2025-06-01',
      period: { von: day(20, 0), bis: day(21, 0) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().cancelledBookings).toBe(1);
    expect(res.json().entry.period).toEqual({ von: day(20, 0), bis: day(21, 0) });
    const mail = await mailTo(smtp, 'mitarbeiter@stadtwerke.test', `Buchung storniert: Test Modell (${plate})`);
    expect(mail.text).toContain('Service');
    const refused = await book(t, booker, { vehicleId: vehicle.id, von: day(20, 12), bis: day(20, 13), reason: 'Messe' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Fahrzeug ist bereits zum Zeitraum bereits gebucht!');
    const history = (await t.call(SW, { method: 'GET', url: `/api/vehicles/${vehicle.id}/history`, cookie: fleet })).json().entries as {
      type: string;
      description: string | null;
    }[];
    expect(history.some((h) => h.type === 'SERVICE' && h.description === 'Serviceheft: Reparatur – Kupplung tauschen')).toBe(true);
  });

  it('service booklet: bad input gets a 4xx with a clear German message and writes nothing', async () => {
    const before = await count('service_entries');
    const future = await service(fleet, { kind: 'Reparatur', description: 'Bremsen', performedOn: '2099-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe('Das Datum darf nicht in der Zukunft liegen.');
    const order = await service(fleet, { kind: 'Inspektion', description: 'x', performedOn: '2025-01-01', nextDueOn: '2024-01-01' });
    expect(order.json().error.message).toBe('Die nächste Fälligkeit muss nach dem Datum der Leistung liegen.');
    const negative = await service(fleet, { kind: 'Reparatur', description: 'x', performedOn: '2025-01-01', odometer: -5 });
    expect(negative.statusCode).toBe(400);
    const wrongType = await service(fleet, { kind: 'Waschen', description: 'x', performedOn: 'gestern' });
    expect(wrongType.statusCode).toBe(400);
    const cents = await service(fleet, { kind: 'Reparatur', description: 'x', performedOn: '2025-01-01', cost: 1.005 });
    expect(cents.json().error.message).toBe('Die Kosten müssen ein Betrag ab 0 mit höchstens zwei Nachkommastellen sein.');
    const foreignFile = await service(fleet, {
      kind: 'Reparatur',
      description: 'x',
      performedOn: '2025-01-01',
      receipts: ['00000000-0000-0000-0000-000000000000/00000000-0000-0000-0000-000000000000.png'],
    });
    expect(foreignFile.json().error.message).toBe('Unbekannter Beleg.');
    expect(await count('service_entries')).toBe(before);

    const disguised = await upload(fleet, Buffer.from('<html>kein Bild</html>'), 'foto.png', 'image/png');
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().error.message).toBe('Fehler beim Hochladen der Datei: Erlaubt sind nur PNG, JPG, PDF.');
    const huge = await upload(fleet, Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
  });

  it('a damage reported with a photo reaches the fleet managers at once; a DEFEKT block cancels bookings and stops booking until behoben', async () => {
    const later = await book(t, booker, {
      vehicleId: vehicle.id,
      von: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      bis: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
      reason: 'Baustelle',
    });
    expect(later.statusCode, later.body).toBe(201);

    const photo = await upload(booker, PNG);
    expect(photo.statusCode, photo.body).toBe(200);
    const reported = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/damages`,
      cookie: booker,
      payload: { description: 'Spiegel rechts abgebrochen', photos: [photo.json().fileId] },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const damage = reported.json().damage;
    expect(damage).toMatchObject({ status: 'gemeldet', reportedBy: 'Max Mustermann', blocking: false, fromTrip: false });
    const mail = await mailTo(smtp, 'fuhrpark@stadtwerke.test', `Schaden gemeldet: Test Modell (${plate})`);
    expect(mail.text).toContain('Spiegel rechts abgebrochen');
    expect(mail.text).toContain('Max Mustermann');
    const img = await t.call(SW, { method: 'GET', url: damage.photos[0].url, cookie: approver });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    // Only the fleet changes status or blocks.
    expect(
      (await t.call(SW, { method: 'POST', url: `/api/vehicles/${vehicle.id}/damages/${damage.id}/block`, cookie: booker })).statusCode,
    ).toBe(403);
    const blocked = await t.call(SW, { method: 'POST', url: `/api/vehicles/${vehicle.id}/damages/${damage.id}/block`, cookie: fleet });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(blocked.json()).toMatchObject({ damage: { blocking: true }, cancelledBookings: 1 });
    const cancelled = await t.call(SW, { method: 'GET', url: `/api/vehicle-bookings/${later.json().booking.id}`, cookie: booker });
    expect(cancelled.json().booking.status).toBe('storniert');
    await mailTo(smtp, 'mitarbeiter@stadtwerke.test', `Buchung storniert: Test Modell (${plate})`);
    const again = await t.call(SW, { method: 'POST', url: `/api/vehicles/${vehicle.id}/damages/${damage.id}/block`, cookie: fleet });
    expect(again.json().error.message).toBe('Das Fahrzeug ist wegen dieses Schadens bereits gesperrt.');

    const attempt = await book(t, booker, {
      vehicleId: vehicle.id,
      von: new Date(Date.now() + 86_400_000).toISOString(),
      bis: new Date(Date.now() + 86_400_000 + 3_600_000).toISOString(),
      reason: 'Termin',
    });
    expect(attempt.statusCode).toBe(409);
    expect(attempt.json().error.message).toBe('Das Fahrzeug ist defekt und derzeit gesperrt.');
    // The DEFEKT block ends before the workshop's SERVICE block (blocks never give way), yet booking stays refused after it.
    const pastService = await book(t, booker, {
      vehicleId: vehicle.id,
      von: new Date(Date.now() + 25 * 86_400_000).toISOString(),
      bis: new Date(Date.now() + 25 * 86_400_000 + 3_600_000).toISOString(),
      reason: 'Termin',
    });
    expect(pastService.statusCode).toBe(409);
    expect(pastService.json().error.message).toBe('Das Fahrzeug ist defekt und derzeit gesperrt.');
    const care = await t.call(SW, { method: 'GET', url: '/api/vehicle-care', cookie: booker });
    expect(care.json().vehicles[vehicle.id].defect).toBe(true);

    const status = (s: string, cookie = fleet) =>
      t.call(SW, {
        method: 'POST',
        url: `/api/vehicles/${vehicle.id}/damages/${damage.id}/status`,
        cookie,
        payload: { status: s, note: 'Werkstatt Müller' },
      });
    expect((await status('in Reparatur', booker)).statusCode).toBe(403);
    expect((await status('in Reparatur')).statusCode).toBe(200);
    const back = await status('gemeldet');
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toBe('Statuswechsel von in Reparatur nach gemeldet ist nicht möglich.');
    expect((await status('kaputt')).json().error.message).toBe('Status kaputt unbekannt');
    const done = await status('behoben');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().damage).toMatchObject({ status: 'behoben', blocking: false });
    expect(done.json().damage.events.map((e: { status: string }) => e.status)).toEqual(['gemeldet', 'gemeldet', 'in Reparatur', 'behoben']);
    expect((await status('in Reparatur')).json().error.message).toBe('Der Schaden ist bereits behoben.');

    const bookable = await book(t, booker, {
      vehicleId: vehicle.id,
      von: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      bis: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
      reason: 'Termin',
    });
    expect(bookable.statusCode, bookable.body).toBe(201);
    await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${bookable.json().booking.id}/cancel`, cookie: booker, payload: {} });
    expect(
      (await t.call(SW, { method: 'GET', url: '/api/vehicle-care', cookie: booker })).json().vehicles[vehicle.id]?.defect ?? false,
    ).toBe(false);
  });

  it('damages at trip end become records; soiling mails the fleet once per crossing of the threshold, inside and outside apart', async () => {
    const put = (value: string, name = 'verschmutzungsgrenzeInnen') =>
      t.call(SW, { method: 'PUT', url: `/api/settings/${name}`, cookie: admin, payload: { layer: 'MANDANT', value } });
    const bad = await put('dreckig');
    expect(bad.statusCode).toBe(400);
    expect((await put('leicht verschmutzt und schlechter')).statusCode).toBe(200);
    const soilMails = () =>
      smtp.mails.filter(
        (m) => m.to.includes('fuhrpark@stadtwerke.test') && m.subject.includes(`Fahrzeug verschmutzt: Test Modell (${plate})`),
      );

    const photo = await t.call(SW, {
      method: 'POST',
      url: '/api/vehicle-bookings/00000000-0000-0000-0000-000000000000/receipts',
      cookie: booker,
      ...multipart(PNG, 'x.png', 'image/png'),
    });
    expect(photo.statusCode).toBe(404);

    await trip('verschmutzt', 'sauber', [{ description: 'Delle an der Heckklappe', receiptId: null }]);
    const damageMail = await mailTo(smtp, 'fuhrpark@stadtwerke.test', `Schaden gemeldet: Test Modell (${plate})`);
    expect(smtp.mails.some((m) => m.text.includes('Delle an der Heckklappe'))).toBe(true);
    expect(damageMail).toBeTruthy();
    const list = await t.call(SW, { method: 'GET', url: `/api/vehicles/${vehicle.id}/damages`, cookie: booker });
    expect(list.json().damages[0]).toMatchObject({ description: 'Delle an der Heckklappe', fromTrip: true, status: 'gemeldet' });

    const first = await mailTo(smtp, 'fuhrpark@stadtwerke.test', `Fahrzeug verschmutzt: Test Modell (${plate})`);
    expect(first.text).toContain('Innen: verschmutzt (Grenze: leicht verschmutzt und schlechter)');
    expect(first.text).toContain('Außen: sauber (Grenze: stark verschmutzt)');
    const after1 = soilMails().length;
    await trip('stark verschmutzt', 'sauber');
    await new Promise((r) => setTimeout(r, 300));
    expect(soilMails().length).toBe(after1);
    await trip('sauber', 'sauber');
    await trip('leicht verschmutzt', 'sauber');
    await new Promise((r) => setTimeout(r, 300));
    expect(soilMails().length).toBe(after1 * 2);
    // Outside is judged on its own threshold (default: exactly stark verschmutzt).
    await trip('leicht verschmutzt', 'stark verschmutzt');
    await new Promise((r) => setTimeout(r, 300));
    expect(soilMails().length).toBe(after1 * 3);
    expect((await put('stark verschmutzt')).statusCode).toBe(200);
  });

  it('keeps tenants apart: foreign ids give nothing', async () => {
    const damages = (await t.call(SW, { method: 'GET', url: `/api/vehicles/${vehicle.id}/damages`, cookie: fleet })).json().damages;
    const entries = (await t.call(SW, { method: 'GET', url: `/api/vehicles/${vehicle.id}/service-entries`, cookie: fleet })).json().entries;
    const calls: [string, string, object?][] = [
      ['GET', `/api/vehicles/${vehicle.id}/service-entries`],
      ['POST', `/api/vehicles/${vehicle.id}/service-entries`, { kind: 'Sonstiges', description: 'x', performedOn: '2025-01-01' }],
      [
        'PUT',
        `/api/vehicles/${vehicle.id}/service-entries/${entries[0].id}`,
        { kind: 'Sonstiges', description: 'x', performedOn: '2025-01-01' },
      ],
      ['GET', entries.find((e: { receipts: unknown[] }) => e.receipts.length > 0).receipts[0].url],
      ['GET', `/api/vehicles/${vehicle.id}/damages`],
      ['POST', `/api/vehicles/${vehicle.id}/damages`, { description: 'x' }],
      ['POST', `/api/vehicles/${vehicle.id}/damages/${damages[0].id}/status`, { status: 'behoben' }],
      ['POST', `/api/vehicles/${vehicle.id}/damages/${damages[0].id}/block`],
      ['GET', damages.find((d: { photos: unknown[] }) => d.photos.length > 0).photos[0].url],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.call(TI, { method: method as 'GET', url, cookie: foreign, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const up = await upload(foreign, PNG, 'foto.png', 'image/png', vehicle.id, TI);
    expect(up.statusCode).toBe(404);
    const care = (await t.call(TI, { method: 'GET', url: '/api/vehicle-care', cookie: foreign })).json();
    expect(care.vehicles[vehicle.id]).toBeUndefined();
  });
});
