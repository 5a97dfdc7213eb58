import { withTenant } from '@db/client';
import { encodePng } from '@db/seed/reading-room-plan-image';
import { nextCheckDate } from '@domain/driving-licence';
import { addDays, berlinDay, isoToGerman } from '@domain/vehicle-time';
import { sendLicenceReminders } from '@server/areas/driving-licences/licence-reminders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { multipart } from './reading-room-support';
import { book, createVehicle, dayAt, locationId, SW, TI, testVehicle, UB } from './vehicle-support';

const today = () => berlinDay(new Date());
const png = () => encodePng(4, 3, new Uint8Array(4 * 3 * 3).fill(90));

describe.each(DB_KINDS)('driving licences on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let examiner: string;
  let booker: string;
  let fleet: string;
  let approver: string;
  let admin: string;
  let ids: Map<string, string>;
  let swTenant: string;
  let nord: string;
  let plate = 0;
  const nextPlate = () => `MS-L ${kind === 'pglite' ? 1 : 2}${String(++plate).padStart(3, '0')}`;

  const get = (cookie: string, url: string, host = SW) => t.call(host, { method: 'GET', url, cookie });
  const record = (cookie: string, userId: string, body: object, host = SW) =>
    t.call(host, { method: 'POST', url: `/api/driving-licences/${userId}/checks`, cookie, payload: body });
  const check = (over: object = {}) => ({
    checkedOn: today(),
    method: 'persoenlich',
    classes: ['AM', 'B'],
    licenceNumber: 'B072RM3XK51',
    issueDate: '2012-06-14',
    ...over,
  });
  const setSetting = async (name: string, value: number | boolean) => {
    const res = await t.call(SW, { method: 'PUT', url: `/api/settings/${name}`, cookie: admin, payload: { layer: 'MANDANT', value } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const countChecks = async () =>
    Number(
      (
        (await withTenant(t.database.db, swTenant, (tx) => tx.execute(sql`select count(*)::int as n from licence_checks`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    [examiner, booker, fleet, approver, admin] = (await Promise.all(
      ['pruefer', 'mitarbeiter', 'fuhrpark', 'freigabe', 'admin'].map((n) => t.login(SW, `${n}@stadtwerke.test`)),
    )) as [string, string, string, string, string];
    swTenant = (await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().id as string;
    const rows = (await t.database.db.execute(
      sql`select email, id::text from users where email like '%@stadtwerke.test' or email like '%@tourismus.test'`,
    )) as unknown as { rows: { email: string; id: string }[] };
    ids = new Map(rows.rows.map((r) => [r.email.split('@')[0]! + (r.email.endsWith('tourismus.test') ? '@ti' : ''), r.id]));
    nord = await locationId(t, SW, fleet, 'Betriebshof Nord');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('lists the drivers with their states, counts due checks, filters, searches and pages on the server', async () => {
    const res = await get(examiner, '/api/driving-licences');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const state = (name: string) => body.items.find((i: { name: string }) => i.name === name)?.state;
    expect(state('Mustermann, Max')).toBe('gueltig');
    expect(state('Fuhrmann, Felix')).toBe('gueltig');
    expect(state('Frei, Frieda')).toBe('bald_faellig');
    expect(state('Adler, Anna')).toBe('ueberfaellig');
    // the examiner does not hold fahrzeug_buchen and has no licence on record: not a driver
    expect(state('Prüfer, Paul')).toBeUndefined();
    expect(body.total).toBe(4);
    expect(body.dueCount).toBe(2);
    expect(body.counts).toMatchObject({ gueltig: 2, bald_faellig: 1, ueberfaellig: 1, fahrverbot: 0, keine_daten: 0 });
    // most urgent first
    expect(body.items[0].name).toBe('Adler, Anna');
    const max = body.items.find((i: { name: string }) => i.name === 'Mustermann, Max');
    expect(max.licence).toMatchObject({
      classes: ['AM', 'B', 'L'],
      nextCheck: nextCheckDate(max.licence.lastCheck, 6),
      examinerName: 'Paul Prüfer',
    });

    expect((await get(examiner, '/api/driving-licences/due-count')).json()).toEqual({ dueCount: 2 });
    const due = (await get(examiner, '/api/driving-licences?state=bald_faellig,ueberfaellig')).json();
    expect(due.items.map((i: { name: string }) => i.name)).toEqual(['Adler, Anna', 'Frei, Frieda']);
    const search = (await get(examiner, `/api/driving-licences?q=${encodeURIComponent('fuhr')}`)).json();
    expect(search.items.map((i: { name: string }) => i.name)).toEqual(['Fuhrmann, Felix']);
    expect((await get(examiner, '/api/driving-licences?q=B072RM3')).json().items[0].name).toBe('Mustermann, Max');
    const page2 = (await get(examiner, '/api/driving-licences?pageSize=3&page=2')).json();
    expect([page2.items.length, page2.total, page2.page]).toEqual([1, 4, 2]);

    const bad = await get(examiner, '/api/driving-licences?state=kaputt');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Unbekannter Status: kaputt');
  });

  it('every examiner route refuses others with the denial; the own record is read-only for everyone', async () => {
    const max = ids.get('mitarbeiter')!;
    for (const [method, url] of [
      ['GET', '/api/driving-licences'],
      ['GET', '/api/driving-licences/due-count'],
      ['GET', `/api/driving-licences/${max}/checks`],
      ['POST', `/api/driving-licences/${max}/checks`],
    ] as const) {
      for (const cookie of [booker, fleet]) {
        const res = await t.call(SW, { method, url, cookie, ...(method === 'POST' ? { payload: check() } : {}) });
        expect([res.statusCode, res.json().error.message]).toEqual([403, 'no fahrzeug_fuehrerscheinpruefung']);
      }
      const anon = await t.call(SW, { method, url, ...(method === 'POST' ? { payload: check() } : {}) });
      expect(anon.statusCode).toBe(401);
    }
    const own = await get(booker, '/api/driving-licences/me');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      state: 'gueltig',
      reminderDays: 14,
      licence: { classes: ['AM', 'B', 'L'], licenceNumber: 'B072RM3XK51' },
    });
    expect((await get(examiner, '/api/driving-licences/me')).json()).toMatchObject({ state: 'keine_daten', licence: null });
    expect(await countChecks()).toBe(4);
  });

  it('keeps tenants apart: another tenant sees none of these people and cannot check them', async () => {
    const tiAdmin = await t.login(TI, 'admin@tourismus.test');
    const list = (await get(tiAdmin, '/api/driving-licences', TI)).json();
    expect(list.items.map((i: { name: string }) => i.name)).not.toContain('Mustermann, Max');
    const max = ids.get('mitarbeiter')!;
    expect((await get(tiAdmin, `/api/driving-licences/${max}/checks`, TI)).statusCode).toBe(404);
    const foreign = await record(tiAdmin, max, check(), TI);
    expect([foreign.statusCode, foreign.json().error.message]).toEqual([404, 'Person nicht gefunden.']);
    const bib = await t.login(UB, 'admin@bibliothek.test');
    expect((await get(bib, '/api/driving-licences', UB)).statusCode).toBe(404);
    expect(await countChecks()).toBe(4);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const anna = ids.get('admin')!;
    const cases: [object, string][] = [
      [check({ classes: ['B', 'X9'] }), 'Unbekannte Führerscheinklasse: X9'],
      [check({ checkedOn: addDays(today(), 1) }), 'Das Prüfdatum darf nicht in der Zukunft liegen.'],
      [
        check({ banFrom: addDays(today(), 10), banTo: addDays(today(), 5) }),
        'Das Ende des Fahrverbots darf nicht vor seinem Beginn liegen.',
      ],
      [check({ banFrom: addDays(today(), 10) }), 'Für ein Fahrverbot bitte Beginn und Ende angeben.'],
      [check({ licenceNumber: 'X'.repeat(200) }), 'Die Führerscheinnummer darf höchstens'],
      [check({ issueDate: '2026-02-30' }), 'Bitte geben Sie ein gültiges Datum für „Ausstellungsdatum“ an (TT.MM.JJJJ).'],
      [check({ method: 'telefon' }), 'Unbekannte Prüfart (persoenlich, video oder dokument): telefon'],
      [check({ classes: ['B', 'B'] }), 'Jede Führerscheinklasse darf nur einmal angegeben werden.'],
      [check({ issueDate: addDays(today(), 1), checkedOn: today() }), 'Das Ausstellungsdatum darf nicht nach dem Prüfdatum liegen.'],
    ];
    for (const [body, message] of cases) {
      const res = await record(examiner, anna, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const unknown = await record(examiner, '00000000-0000-4000-8000-000000000000', check());
    expect(unknown.statusCode).toBe(404);
    expect(await countChecks()).toBe(4);
  });

  it('reminds drivers before and on the due day and examiners with a digest, each once, in their language, catching up after downtime', async () => {
    // Frieda is due in ten days (reminder period 14): one 'vorab' mail; Felix and Max are valid
    const first = await sendLicenceReminders(t.deps);
    expect(first).toBeGreaterThanOrEqual(2);
    const frieda = await smtp.waitFor('freigabe@stadtwerke.test', 'Führerscheinprüfung');
    expect(frieda.subject).toBe('Buchbar – Ihre Führerscheinprüfung steht an');
    const digest = await smtp.waitFor('pruefer@stadtwerke.test', 'zu prüfende Führerscheine');
    expect(digest.subject).toMatch(/^Buchbar – zu prüfende Führerscheine: \d+$/);
    expect(digest.text).toContain('Frei, Frieda: bald fällig');
    expect(await sendLicenceReminders(t.deps)).toBe(0);

    // a run after 40 days of downtime: Frieda's check lapsed, she gets the lapse mail once; the examiner (English) a digest
    await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie: examiner, payload: { layer: 'BENUTZER', value: 'en-us' } });
    const later = new Date(Date.now() + 40 * 86_400_000);
    const caughtUp = await sendLicenceReminders(t.deps, later);
    expect(caughtUp).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => smtp.mails.filter((m) => m.to.includes('freigabe@stadtwerke.test')).map((m) => m.subject))
      .toContain('Buchbar – Ihre Führerscheinprüfung ist überfällig');
    await expect
      .poll(() => smtp.mails.filter((m) => m.to.includes('pruefer@stadtwerke.test')).map((m) => m.subject))
      .toContainEqual(expect.stringMatching(/^Buchbar – driving licences to check: \d+$/));
    expect(await sendLicenceReminders(t.deps, later)).toBe(0);
    await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie: examiner, payload: { layer: 'BENUTZER', value: 'de-de' } });
  });

  it('records a check (append-only history), the due count drops, the database refuses edits and deletes', async () => {
    const anna = ids.get('admin')!;
    const res = await record(examiner, anna, check({ method: 'video', classes: ['AM', 'A', 'B'], remark: 'Per Video, Hologramm geprüft' }));
    expect(res.statusCode).toBe(201);
    const h = res.json();
    expect(h.state).toBe('gueltig');
    expect(h.licence).toMatchObject({
      lastCheck: today(),
      nextCheck: nextCheckDate(today(), 6),
      method: 'video',
      examinerName: 'Paul Prüfer',
    });
    expect(h.checks).toHaveLength(2);
    expect(h.checks[0]).toMatchObject({ method: 'video', remark: 'Per Video, Hologramm geprüft', hasScan: false });
    expect(h.checks[1].method).toBe('persoenlich');
    expect(h.scansEnabled).toBe(false);
    expect((await get(examiner, '/api/driving-licences/due-count')).json()).toEqual({ dueCount: 1 });

    const update = withTenant(t.database.db, swTenant, (tx) => tx.execute(sql`update licence_checks set classes = array['C']`));
    await expect(update).rejects.toThrow();
    const remove = withTenant(t.database.db, swTenant, (tx) => tx.execute(sql`delete from licence_checks`));
    await expect(remove).rejects.toThrow();
    expect(await countChecks()).toBe(5);
  });

  it('scans: off by default; when switched on, checked by content, for examiners only, removable', async () => {
    const anna = ids.get('admin')!;
    const checkId = (await get(examiner, `/api/driving-licences/${anna}/checks`)).json().checks[0].id as string;
    const url = `/api/driving-licences/checks/${checkId}/scan`;
    const upload = (cookie: string, bytes: Buffer, host = SW) =>
      t.call(host, { method: 'POST', url, cookie, ...multipart(bytes, 'scan.png', 'image/png') });
    const off = await upload(examiner, png());
    expect([off.statusCode, off.json().error.message]).toEqual([
      409,
      'Scans von Führerscheinen werden in Ihrer Organisation nicht gespeichert.',
    ]);
    await setSetting('fuehrerscheinScansSpeichern', true);
    const fake = await upload(examiner, Buffer.from('<svg onload=alert(1)>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toMatch(/^Fehler beim Hochladen der Datei: /);
    expect((await upload(booker, png())).json().error.message).toBe('no fahrzeug_fuehrerscheinpruefung');
    expect((await upload(examiner, png())).json()).toEqual({ hasScan: true });
    const file = await t.call(SW, { method: 'GET', url, cookie: examiner });
    expect([file.statusCode, file.headers['content-type'], file.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    expect((await t.call(SW, { method: 'GET', url, cookie: booker })).statusCode).toBe(403);
    const tiAdmin = await t.login(TI, 'admin@tourismus.test');
    expect((await t.call(TI, { method: 'GET', url, cookie: tiAdmin })).statusCode).toBe(404);
    expect((await get(examiner, `/api/driving-licences/${anna}/checks`)).json().checks[0].hasScan).toBe(true);
    expect((await t.call(SW, { method: 'DELETE', url, cookie: examiner })).json()).toEqual({ hasScan: false });
    expect((await t.call(SW, { method: 'GET', url, cookie: examiner })).statusCode).toBe(404);
    await setSetting('fuehrerscheinScansSpeichern', false);
  });

  it('gates bookings: each refusal names its condition (de and en), the edges are allowed, unclassed vehicles are not gated', async () => {
    const classC = await createVehicle(t, fleet, testVehicle(nord, nextPlate(), { requiredLicenseClass: 'C' }));
    const classB = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const free = await createVehicle(t, fleet, testVehicle(nord, nextPlate(), { requiredLicenseClass: null }));

    const noC = await book(t, booker, { vehicleId: classC.id, von: dayAt(3, '10:00'), bis: dayAt(3, '11:00') });
    expect([noC.statusCode, noC.json().error.message]).toEqual([
      409,
      'Der Führerschein von Max Mustermann enthält die Klasse C nicht, die das Fahrzeug verlangt.',
    ]);

    // Frieda Frei: next check in ten days
    const friedaNext = (await get(examiner, `/api/driving-licences/${ids.get('freigabe')}/checks`)).json().licence.nextCheck as string;
    const daysToNext = Math.round((Date.parse(friedaNext) - Date.parse(today())) / 86_400_000);
    const late = await book(t, approver, { vehicleId: classB.id, von: dayAt(daysToNext, '08:00'), bis: dayAt(daysToNext, '09:00') });
    expect([late.statusCode, late.json().error.message]).toEqual([
      409,
      `Die nächste Führerscheinprüfung von Frieda Frei ist am ${isoToGerman(friedaNext)} fällig, nicht nach dem Ende des Zeitraums.`,
    ]);
    // the day before the next check is fine; so is an unclassed vehicle for anyone
    const edge = await book(t, approver, { vehicleId: classB.id, von: dayAt(daysToNext - 1, '08:00'), bis: dayAt(daysToNext, '00:00') });
    expect(edge.statusCode).toBe(201);
    expect(
      (await book(t, approver, { vehicleId: free.id, von: dayAt(daysToNext + 2, '08:00'), bis: dayAt(daysToNext + 2, '09:00') }))
        .statusCode,
    ).toBe(201);

    // changing the period of an allowed booking runs the gate again
    const moved = await t.call(SW, {
      method: 'PATCH',
      url: `/api/vehicle-bookings/${edge.json().booking.id}`,
      cookie: approver,
      payload: { von: dayAt(daysToNext + 1, '08:00'), bis: dayAt(daysToNext + 1, '09:00') },
    });
    expect([moved.statusCode, moved.json().error.code]).toEqual([409, 'licence_check_due']);

    // a driving ban overlapping the period; the day after the ban is fine
    const anna = ids.get('admin')!;
    await record(examiner, anna, check({ classes: ['B'], banFrom: addDays(today(), 20), banTo: addDays(today(), 22) }));
    const banned = await book(t, admin, { vehicleId: classB.id, von: dayAt(22, '10:00'), bis: dayAt(23, '10:00') });
    expect([banned.statusCode, banned.json().error.message]).toEqual([
      409,
      `Für Anna Adler gilt vom ${isoToGerman(addDays(today(), 20))} bis ${isoToGerman(addDays(today(), 22))} ein Fahrverbot, das den Zeitraum überschneidet.`,
    ]);
    expect((await book(t, admin, { vehicleId: classB.id, von: dayAt(23, '00:00'), bis: dayAt(23, '10:00') })).statusCode).toBe(201);

    // the issue date must lie before the period's first day (recorded as a check dated ahead, the only way to reach it)
    await withTenant(t.database.db, swTenant, (tx) =>
      tx.execute(sql`insert into licence_checks (tenant_id, user_id, checked_on, examiner_id, method, classes, licence_number, issue_date)
        values (${swTenant}, ${ids.get('freigabe')}, ${addDays(today(), 4)}, ${ids.get('pruefer')}, 'dokument', array['B'], 'NEU-1', ${addDays(today(), 4)})`),
    );
    const tooNew = await book(t, approver, { vehicleId: classB.id, von: dayAt(4, '10:00'), bis: dayAt(4, '11:00') });
    expect([tooNew.statusCode, tooNew.json().error.message]).toEqual([
      409,
      `Der Führerschein von Frieda Frei wurde am ${isoToGerman(addDays(today(), 4))} ausgestellt, nicht vor Beginn des Zeitraums.`,
    ]);
    expect((await book(t, approver, { vehicleId: classB.id, von: dayAt(5, '10:00'), bis: dayAt(5, '11:00') })).statusCode).toBe(201);

    // English for en-us users
    await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie: booker, payload: { layer: 'BENUTZER', value: 'en-us' } });
    const en = await book(t, booker, { vehicleId: classC.id, von: dayAt(3, '10:00'), bis: dayAt(3, '11:00') });
    expect(en.json().error.message).toBe('The driving licence of Max Mustermann does not include class C, which the vehicle requires.');
    await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie: booker, payload: { layer: 'BENUTZER', value: 'de-de' } });
  });

  it('booking for another person whose licence is missing is refused; guest bikes without a class are not gated', async () => {
    const tiAdmin = await t.login(TI, 'admin@tourismus.test');
    const empfang = await t.login(TI, 'empfang@tourismus.test');
    const hafen = await locationId(t, TI, tiAdmin, 'Tourist-Info am Hafen');
    const bus = await t.call(TI, { method: 'POST', url: '/api/admin/vehicles', cookie: tiAdmin, payload: testVehicle(hafen, nextPlate()) });
    expect(bus.statusCode).toBe(201);
    const res = await book(
      t,
      tiAdmin,
      { vehicleId: bus.json().id, von: dayAt(3, '10:00'), bis: dayAt(3, '11:00'), forUserId: ids.get('empfang@ti') },
      TI,
    );
    expect([res.statusCode, res.json().error.message]).toEqual([
      409,
      'Für Emil Ebbe liegt keine Führerscheinprüfung vor; das Fahrzeug verlangt die Führerscheinklasse B.',
    ]);
    const bikes = (await t.call(TI, { method: 'GET', url: '/api/vehicles', cookie: empfang })).json().vehicles as {
      id: string;
      requiredLicenseClass: string | null;
    }[];
    const bike = bikes.find((v) => v.requiredLicenseClass === null)!;
    expect((await book(t, empfang, { vehicleId: bike.id, von: dayAt(3, '10:00'), bis: dayAt(3, '11:00') }, TI)).statusCode).toBe(201);
  });

  it('a check that lapsed between booking and trip start blocks the start; the maximum gap lets it start', async () => {
    const v = await createVehicle(t, fleet, testVehicle(nord, nextPlate()));
    const von = new Date(Date.now() + 5 * 60_000).toISOString();
    const bis = new Date(Date.now() + 65 * 60_000).toISOString();
    const res = await book(t, booker, { vehicleId: v.id, von, bis });
    expect(res.statusCode).toBe(201);
    const id = res.json().booking.id as string;
    // the tenant shortens the interval to one month: Max's check of two months ago has lapsed
    await setSetting('fuehrerscheinPruefintervallMonate', 1);
    const lapsed = (await get(booker, '/api/driving-licences/me')).json().licence.nextCheck as string;
    const start = () => t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${id}/check-in`, cookie: booker, payload: {} });
    const refused = await start();
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      409,
      `Die nächste Führerscheinprüfung von Max Mustermann ist am ${isoToGerman(lapsed)} fällig, nicht nach dem Ende des Zeitraums.`,
    ]);
    // the gap is counted up to the period's last day, which is tomorrow for a trip booked late in the evening
    const lastDay = berlinDay(new Date(bis));
    const gap = Math.round((Date.parse(lastDay) - Date.parse(lapsed)) / 86_400_000) + 1;
    await setSetting('fuehrerscheinMaximaleLueckeTage', gap);
    // a new booking is still refused: the gap only applies when a trip starts (decision 046)
    const again = await book(t, booker, { vehicleId: v.id, von: dayAt(3, '10:00'), bis: dayAt(3, '11:00') });
    expect(again.json().error.code).toBe('licence_check_due');
    const started = await start();
    expect([started.statusCode, started.json().booking.status]).toEqual([200, 'aktiv']);
    await setSetting('fuehrerscheinMaximaleLueckeTage', 0);
    await setSetting('fuehrerscheinPruefintervallMonate', 6);
  });
});
