import { withTenant } from '@db/client';
import { findTenantByDomain } from '@server/areas/tenant/tenant-repository';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { locationId, SW, TI, testVehicle } from './vehicle-support';

/**
 * Guests' licences (decision 140): the reception records the licence a guest
 * shows for a vehicle that requires a class; the trip start is gated on it and
 * examiners see the guest in their list.
 */
describe.each(DB_KINDS)("guests' driving licences on %s", (kind) => {
  let t: TestApp;
  let reception: string;
  let tiAdmin: string;
  let swAdmin: string;
  let swEmployee: string;
  let tiId: string;
  let car: string;
  let plate = 0;

  const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
  const record = (bookingId: string, body: object, cookie = reception, host = TI) =>
    t.call(host, { method: 'POST', url: `/api/guest-bookings/${bookingId}/licence-checks`, cookie, payload: body });
  const licence = (over: object = {}) => ({
    checkedOn: today(),
    method: 'persoenlich',
    classes: ['AM', 'B'],
    licenceNumber: 'G11RM3XK51',
    issueDate: '2015-03-02',
    ...over,
  });
  const countChecks = async () => {
    const r = await withTenant(t.database.db, tiId, (tx) => tx.execute(sql`select count(*)::int as n from guest_licence_checks`));
    return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };
  /** A guest booking of the test car starting in a few minutes, so that it can be handed over at once. */
  const guestBooking = async (guestName: string, offsetHours: number) => {
    const start = new Date(Date.now() + 5 * 60_000 + offsetHours * 3600_000);
    start.setSeconds(0, 0);
    const res = await t.call(TI, {
      method: 'POST',
      url: '/api/guest-bookings',
      cookie: reception,
      payload: {
        vehicleId: car,
        von: start.toISOString(),
        bis: new Date(start.getTime() + 3600_000).toISOString(),
        guestName,
        guestEmail: `${guestName.split(' ')[0]!.toLowerCase()}.${kind}@example.org`,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; requiredLicenseClass: string | null; licence: unknown };
  };
  const handOver = (id: string) =>
    t.call(TI, { method: 'POST', url: `/api/vehicle-bookings/${id}/check-in`, cookie: reception, payload: {} });

  beforeAll(async () => {
    t = await startTestApp(kind);
    [reception, tiAdmin, swAdmin, swEmployee] = await Promise.all([
      t.login(TI, 'empfang@tourismus.test'),
      t.login(TI, 'admin@tourismus.test'),
      t.login(SW, 'admin@stadtwerke.test'),
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
    ]);
    tiId = (await findTenantByDomain(t.database.db, TI))!.id;
    await t.call(TI, {
      method: 'PUT',
      url: '/api/settings/fahrzeugGastBestaetigungNoetig',
      cookie: tiAdmin,
      payload: { layer: 'MANDANT', value: false },
    });
    const hafen = await locationId(t, TI, tiAdmin, 'Tourist-Info am Hafen');
    const res = await t.call(TI, {
      method: 'POST',
      url: '/api/admin/vehicles',
      cookie: tiAdmin,
      payload: testVehicle(hafen, `OH-GL ${kind === 'pglite' ? 1 : 2}${++plate}`, {
        guestBookingPossible: true,
        requiredLicenseClass: 'B',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    car = res.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('blocks the hand-over until the licence is recorded, refuses a licence without the class, and then hands over', async () => {
    const b = await guestBooking('Gina Gast', 0);
    expect(b.requiredLicenseClass).toBe('B');
    expect(b.licence).toBeNull();

    const early = await handOver(b.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'Für Gina Gast liegt keine Führerscheinprüfung vor; das Fahrzeug verlangt die Führerscheinklasse B.',
    );

    const noB = await record(b.id, licence({ classes: ['AM', 'A1'] }));
    expect(noB.statusCode).toBe(409);
    expect(noB.json().error.message).toBe('Der Führerschein von Gina Gast enthält die Klasse B nicht, die das Fahrzeug verlangt.');
    const fresh = await record(b.id, licence({ issueDate: today() }));
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().error.message).toMatch(
      /^Der Führerschein von Gina Gast wurde am \d\d\.\d\d\.\d{4} ausgestellt, nicht vor Beginn des Zeitraums\.$/,
    );
    expect(await countChecks()).toBe(0);

    const ok = await record(b.id, licence({ method: 'dokument', remark: 'EU-Kartenführerschein' }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ bookingId: b.id, licence: { classes: ['AM', 'B'], checkedOn: today(), examinerName: 'Emil Ebbe' } });

    const list = await t.call(TI, { method: 'GET', url: '/api/guest-bookings', cookie: reception });
    const row = list.json().bookings.find((x: { id: string }) => x.id === b.id);
    expect(row.licence).toMatchObject({ classes: ['AM', 'B'], checkedOn: today() });

    const go = await handOver(b.id);
    expect(go.statusCode, go.body).toBe(200);
    expect(go.json().booking.status).toBe('aktiv');
  });

  it('answers bad input with a clear 4xx and stores nothing', async () => {
    const b = await guestBooking('Bernd Bote', 3);
    const before = await countChecks();
    const cases: [object, string][] = [
      [licence({ classes: ['B', 'Z'] }), 'Unbekannte Führerscheinklasse: Z'],
      [licence({ checkedOn: '2099-01-01' }), 'Das Prüfdatum darf nicht in der Zukunft liegen.'],
      [licence({ checkedOn: '2999-01-01' }), '„Prüfdatum“ muss zwischen dem 01.01.2000 und dem 31.12.2100 liegen.'],
      [licence({ licenceNumber: 'X'.repeat(200) }), 'Die Führerscheinnummer darf höchstens'],
      [licence({ banFrom: '2026-05-10', banTo: '2026-05-01' }), 'Das Ende des Fahrverbots darf nicht vor seinem Beginn liegen.'],
      [licence({ banFrom: '2026-05-10' }), 'Für ein Fahrverbot bitte Beginn und Ende angeben.'],
      [licence({ issueDate: '2015-02-30' }), 'Bitte geben Sie ein gültiges Datum für „Ausstellungsdatum“ an (TT.MM.JJJJ).'],
      [licence({ method: 'telefon' }), 'Unbekannte Prüfart (persoenlich, video oder dokument): telefon'],
      [licence({ classes: ['B', 'B'] }), 'Jede Führerscheinklasse darf nur einmal angegeben werden.'],
    ];
    for (const [body, message] of cases) {
      const res = await record(b.id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const notUuid = await record('kein-uuid', licence());
    expect(notUuid.statusCode).toBe(400);
    expect(await countChecks()).toBe(before);
  });

  it('keeps checks append-only, refuses closed bookings and shows guest drivers to examiners of the own tenant only', async () => {
    const b = await guestBooking('Olga Ostsee', 6);
    expect((await record(b.id, licence({ licenceNumber: 'OO-77' }))).statusCode).toBe(201);
    await expect(
      withTenant(t.database.db, tiId, (tx) =>
        tx.execute(sql`update guest_licence_checks set licence_number = 'X' where booking_id = ${b.id}`),
      ),
    ).rejects.toThrow();

    const guests = await t.call(TI, { method: 'GET', url: '/api/driving-licences/guests?q=Olga', cookie: tiAdmin });
    expect(guests.statusCode, guests.body).toBe(200);
    expect(guests.json()).toMatchObject({ total: 1, page: 1 });
    expect(guests.json().items[0]).toMatchObject({
      guestName: 'Olga Ostsee',
      state: 'gueltig',
      licence: { licenceNumber: 'OO-77', classes: ['AM', 'B'], examinerName: 'Emil Ebbe', method: 'persoenlich' },
    });
    // the examiner's look at the page is in the audit trail, the guest named by e-mail (decision 155)
    const trail = await t.call(TI, { method: 'GET', url: '/api/admin/audit?subjectType=zugriff', cookie: tiAdmin });
    expect(trail.json().entries[0]).toMatchObject({
      subjectName: 'Olga Ostsee',
      subjectId: guests.json().items[0].guestEmail,
      changes: expect.arrayContaining([
        { field: 'Daten', old: null, new: 'Führerscheinliste (Gäste)' },
        { field: 'Suche', old: null, new: 'Olga' },
      ]),
    });
    // the one search (decision 165): case-insensitive over name, e-mail and licence number, % taken literally
    const guestSearch = async (q: string, host = TI, cookie = tiAdmin) =>
      (await t.call(host, { method: 'GET', url: `/api/driving-licences/guests?q=${encodeURIComponent(q)}`, cookie })).json().total;
    for (const q of ['oo-77', 'OSTSEE', `olga.${kind}@`]) expect(await guestSearch(q), q).toBe(1);
    expect(await guestSearch('%')).toBe(0);

    const cancel = await t.call(TI, { method: 'POST', url: `/api/vehicle-bookings/${b.id}/cancel`, cookie: reception, payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const late = await record(b.id, licence());
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Für eine stornierte oder abgeschlossene Buchung wird kein Führerschein mehr erfasst.');

    // Another tenant: its admin finds neither the booking nor the guest; a person without the reception's permission is refused.
    expect((await record(b.id, licence(), swAdmin, SW)).statusCode).toBe(404);
    const foreign = await t.call(SW, { method: 'GET', url: '/api/driving-licences/guests?q=Olga', cookie: swAdmin });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().total).toBe(0);
    for (const q of ['oo-77', `olga.${kind}@`]) expect(await guestSearch(q, SW, swAdmin), q).toBe(0);
    const denied = await record(b.id, licence(), swEmployee, SW);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('no fahrzeug_gastbuchung');
    const notExaminer = await t.call(TI, { method: 'GET', url: '/api/driving-licences/guests', cookie: reception });
    expect(notExaminer.statusCode).toBe(403);
  });
});
