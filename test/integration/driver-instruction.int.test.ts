import { sendInstructionReminders } from '@server/areas/driver-instruction/instruction-reminders';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { multipart } from './reading-room-support';
import { book, createVehicle, locationId, mailTo, SW, TI, testVehicle } from './vehicle-support';

const DAY = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
const german = (iso: string) => iso.split('-').reverse().join('.');
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** The database's own sentence of a refused statement (drizzle wraps it as the cause). */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'not refused',
    (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
  );
const PDF = Buffer.from('%PDF-1.4\n% Fahrerunterweisung\n');

describe.each(DB_KINDS)('driver instruction (material, confirmation, gate, reminders, list) on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let booker: string;
  let fleet: string;
  let admin: string;
  let examiner: string;
  let foreign: string;
  let car: { id: string };
  let van: { id: string };
  let ids: Record<string, string>;
  const n = kind === 'pglite' ? 1 : 2;

  const setGate = async (value: boolean) => {
    const res = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/unterweisungSperre',
      cookie: admin,
      payload: { layer: 'MANDANT', value },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const trip = (vehicleId: string, cookie = booker, startMinutes = 5) =>
    book(t, cookie, {
      vehicleId,
      von: new Date(Date.now() + startMinutes * 60_000).toISOString(),
      bis: new Date(Date.now() + (startMinutes + 60) * 60_000).toISOString(),
      reason: 'Zählerablesung',
      destination: 'Hafenweg 3',
    });
  const own = async (cookie = booker) => {
    const res = await t.call(SW, { method: 'GET', url: '/api/driver-instruction/me', cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const language = async (cookie: string, value: 'en-us' | 'de-de') =>
    expect((await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie, payload: { value } })).statusCode).toBe(200);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    [booker, fleet, admin, examiner, foreign] = await Promise.all([
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
      t.login(SW, 'fuhrpark@stadtwerke.test'),
      t.login(SW, 'admin@stadtwerke.test'),
      t.login(SW, 'pruefer@stadtwerke.test'),
      t.login(TI, 'admin@tourismus.test'),
    ]);
    const location = await locationId(t, SW, fleet, 'Betriebshof Nord');
    car = await createVehicle(t, fleet, testVehicle(location, `MS-UW ${n}01`, { requiredLicenseClass: null }));
    van = await createVehicle(t, fleet, testVehicle(location, `MS-UW ${n}02`, { category: 'Transporter', requiredLicenseClass: null }));
    ids = Object.fromEntries(
      rowsOf<{ email: string; id: string }>(
        await t.database.db.execute(sql`select email, id::text as id from users where email like '%@stadtwerke.test'`),
      ).map((r) => [r.email.split('@')[0]!, r.id]),
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('shows the demo: version 2 current, Max without instruction, Frieda due in ten days', async () => {
    const me = await own();
    expect(me).toMatchObject({ intervalMonths: 12, reminderDays: 14, gate: false });
    expect(me.topics).toHaveLength(1);
    expect(me.topics[0]).toMatchObject({ category: '', state: 'keine', last: null, nextDue: null });
    expect(me.topics[0].current).toMatchObject({ version: 2, title: 'Fahrerunterweisung Poolfahrzeuge', hasPdf: false });
    const list = await t.call(SW, { method: 'GET', url: '/api/driver-instruction/drivers', cookie: fleet });
    expect(list.statusCode, list.body).toBe(200);
    const byMail = Object.fromEntries(list.json().items.map((d: { email: string }) => [d.email, d]));
    expect(byMail['mitarbeiter@stadtwerke.test']).toMatchObject({ state: 'keine', lastOn: null });
    expect(byMail['freigabe@stadtwerke.test']).toMatchObject({
      state: 'bald_faellig',
      nextDue: isoDay(10),
      lastKind: 'app',
      lastVersion: 1,
    });
    expect(byMail['fuhrpark@stadtwerke.test']).toMatchObject({ state: 'gueltig', lastKind: 'praesenz', lastVersion: 2 });
    expect(list.json().counts).toMatchObject({ keine: 1, bald_faellig: 1, gueltig: 2, ueberfaellig: 0 });
    expect(list.json().dueCount).toBe(2);
    // Most urgent first: nobody overdue, then the one without any instruction.
    expect(list.json().items[0].email).toBe('mitarbeiter@stadtwerke.test');
    const due = await t.call(SW, { method: 'GET', url: '/api/driver-instruction/drivers?state=keine,bald_faellig', cookie: fleet });
    expect(due.json().items.map((d: { email: string }) => d.email)).toEqual(['mitarbeiter@stadtwerke.test', 'freigabe@stadtwerke.test']);
    // The licence examiner's list shows the general instruction beside each licence.
    const licences = await t.call(SW, { method: 'GET', url: '/api/driving-licences?q=Frei', cookie: examiner });
    expect(licences.statusCode, licences.body).toBe(200);
    expect(licences.json().items[0].instruction).toEqual({ state: 'bald_faellig', nextDue: isoDay(10) });
  });

  it('exports the due drivers as an Excel workbook that reads back', async () => {
    const res = await t.call(SW, { method: 'GET', url: '/api/driver-instruction/drivers/export?state=keine,bald_faellig', cookie: fleet });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="unterweisung_${isoDay(0)}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe(`Fahrerunterweisung – allgemein, Stand ${german(isoDay(0))}`);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      'Name',
      'E-Mail',
      'Abteilung',
      'Status',
      'Letzte Unterweisung',
      'Art',
      'Fassung',
      'Nächste Fälligkeit',
    ]);
    expect((sheet.getRow(3).values as unknown[]).slice(1, 5)).toEqual([
      'Mustermann, Max',
      'mitarbeiter@stadtwerke.test',
      'Kundenservice',
      'keine Unterweisung',
    ]);
    const frieda = (sheet.getRow(4).values as unknown[]).slice(1);
    expect(frieda[0]).toBe('Frei, Frieda');
    expect(frieda[3]).toBe('bald fällig');
    expect(frieda[5]).toBe('in der App bestätigt');
    expect(frieda[6]).toBe(1);
    expect(frieda[7]).toBe(german(isoDay(10)));
    expect(sheet.rowCount).toBe(4);
  });

  it('gate off (default): a driver without instruction books; gate on: booking and trip start are refused in German and English', async () => {
    const ok = await trip(car.id);
    expect(ok.statusCode, ok.body).toBe(201);
    const bookingId = ok.json().booking.id as string;
    await setGate(true);
    try {
      const missing =
        'Für Max Mustermann liegt keine Fahrerunterweisung vor; vor der Fahrt ist die Unterweisung „Fahrerunterweisung Poolfahrzeuge“ zu bestätigen.';
      const refused = await trip(car.id, booker, 120);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'instruction_missing', message: missing });
      const start = await t.call(SW, {
        method: 'POST',
        url: `/api/vehicle-bookings/${bookingId}/check-in`,
        cookie: booker,
        payload: { mileage: 100 },
      });
      expect(start.statusCode).toBe(409);
      expect(start.json().error.message).toBe(missing);
      await language(booker, 'en-us');
      const english = await trip(car.id, booker, 120);
      expect(english.json().error.message).toBe(
        'No driver instruction is on record for Max Mustermann; the instruction "Fahrerunterweisung Poolfahrzeuge" must be confirmed before driving.',
      );
      await language(booker, 'de-de');
      // Frieda's instruction falls due in ten days: a trip today passes, one in two weeks is refused with the date.
      const frieda = await t.login(SW, 'freigabe@stadtwerke.test');
      expect((await trip(car.id, frieda, 240)).statusCode).toBe(201);
      const later = await trip(car.id, frieda, 14 * 24 * 60);
      expect(later.statusCode).toBe(409);
      expect(later.json().error).toEqual({
        code: 'instruction_due',
        message: `Die nächste Fahrerunterweisung „Fahrerunterweisung Poolfahrzeuge“ von Frieda Frei ist am ${german(isoDay(10))} fällig, nicht nach dem Ende des Zeitraums.`,
      });

      // Max confirms the current version in the app: booking and trip start pass.
      const me = await own();
      const confirmed = await t.call(SW, {
        method: 'POST',
        url: '/api/driver-instruction/me/confirmations',
        cookie: booker,
        payload: { versionId: me.topics[0].current.id },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      expect(confirmed.json().topics[0]).toMatchObject({ state: 'gueltig', last: { kind: 'app', version: 2, instructedOn: isoDay(0) } });
      expect((await trip(car.id, booker, 120)).statusCode).toBe(201);
      const again = await t.call(SW, {
        method: 'POST',
        url: `/api/vehicle-bookings/${bookingId}/check-in`,
        cookie: booker,
        payload: { mileage: 100 },
      });
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await setGate(false);
    }
  });

  it('costs the booking path at most one statement more, and only the setting while the gate is off', async () => {
    const statements: string[] = [];
    const { withTenant } = await import('@db/client');
    const { assertDriverInstructed } = await import('@server/areas/driver-instruction/public');
    const tenantId = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id::text as id from tenants where sub_identifier = 'stadtwerke'`),
    )[0]!.id;
    await withTenant(t.database.db, tenantId, async (tx) => {
      const counting = new Proxy(tx, {
        get: (target, key) =>
          key === 'execute'
            ? (q: Parameters<typeof tx.execute>[0]) => {
                statements.push('x');
                return target.execute(q);
              }
            : Reflect.get(target, key),
      });
      await assertDriverInstructed(
        counting,
        tenantId,
        'Transporter',
        { id: ids.freigabe!, name: 'Frieda Frei' },
        new Date(),
        new Date(Date.now() + 3_600_000),
      );
    });
    expect(statements).toHaveLength(1);
  });

  it('keeps a confirmation as written: a second one the same day is refused, an update or delete by the database', async () => {
    const me = await own();
    const twice = await t.call(SW, {
      method: 'POST',
      url: '/api/driver-instruction/me/confirmations',
      cookie: booker,
      payload: { versionId: me.topics[0].current.id },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Sie haben diese Fassung heute bereits bestätigt.');
    // The older version is not confirmable any more.
    const v1 = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select v.id::text as id from instruction_versions v join tenants te on te.id = v.tenant_id
        where te.sub_identifier = 'stadtwerke' and v.category = '' and v.version = 1`),
    )[0]!.id;
    const old = await t.call(SW, {
      method: 'POST',
      url: '/api/driver-instruction/me/confirmations',
      cookie: booker,
      payload: { versionId: v1 },
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().error.message).toBe('Diese Fassung ist nicht mehr aktuell; bitte bestätigen Sie die aktuelle Fassung.');
    expect(
      await refusal(
        t.database.db.execute(
          sql`update instruction_confirmations set instructed_on = instructed_on - 30 where user_id = ${ids.mitarbeiter}::uuid`,
        ),
      ),
    ).toMatch(/nicht geändert/);
    expect(
      await refusal(t.database.db.execute(sql`delete from instruction_confirmations where user_id = ${ids.mitarbeiter}::uuid`)),
    ).toMatch(/nicht gelöscht/);
    expect(await refusal(t.database.db.execute(sql`update instruction_versions set title = 'Anders' where id = ${v1}::uuid`))).toMatch(
      /nicht geändert/,
    );
    // No route changes or deletes one either.
    const entry = me.topics[0].last?.id ?? (await own()).topics[0].last.id;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.call(SW, { method, url: `/api/driver-instruction/me/confirmations/${entry}`, cookie: booker, payload: {} });
      expect(res.statusCode).toBe(404);
    }
  });

  it('publishes a category version with PDF; the fleet records an in-person instruction with the instructor', async () => {
    const up = await t.call(SW, {
      method: 'POST',
      url: '/api/driver-instruction/files',
      cookie: fleet,
      ...multipart(PDF, 'ladung.pdf', 'application/pdf'),
    });
    expect(up.statusCode, up.body).toBe(200);
    const published = await t.call(SW, {
      method: 'POST',
      url: '/api/driver-instruction/versions',
      cookie: fleet,
      payload: {
        category: 'Transporter',
        title: 'Ladungssicherung Transporter',
        body: 'Ladung mit Gurten sichern.',
        fileId: up.json().fileId,
      },
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json()).toMatchObject({
      category: 'Transporter',
      version: 1,
      hasPdf: true,
      publishedOn: isoDay(0),
      publishedBy: 'Felix Fuhrmann',
    });
    const pdf = await t.call(SW, { method: 'GET', url: `/api/driver-instruction/versions/${published.json().id}/pdf`, cookie: booker });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const topics = (await own()).topics.map((x: { category: string; state: string }) => [x.category, x.state]);
    expect(topics).toEqual([
      ['', 'gueltig'],
      ['Transporter', 'keine'],
    ]);

    // With the gate on, the van needs the category's instruction too; the car does not.
    await setGate(true);
    try {
      const vanRefused = await trip(van.id, booker, 300);
      expect(vanRefused.statusCode).toBe(409);
      expect(vanRefused.json().error.message).toBe(
        'Für Max Mustermann liegt keine Fahrerunterweisung vor; vor der Fahrt ist die Unterweisung „Ladungssicherung Transporter“ zu bestätigen.',
      );
      const recorded = await t.call(SW, {
        method: 'POST',
        url: `/api/driver-instruction/drivers/${ids.mitarbeiter}/instructions`,
        cookie: fleet,
        payload: { versionId: published.json().id, instructedOn: isoDay(0), instructor: 'Jens Hoppe', note: 'Praktische Übung am Crafter' },
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
      expect(recorded.json().entries[0]).toMatchObject({
        kind: 'praesenz',
        category: 'Transporter',
        instructor: 'Jens Hoppe',
        recordedBy: 'Felix Fuhrmann',
        note: 'Praktische Übung am Crafter',
      });
      expect((await trip(van.id, booker, 300)).statusCode).toBe(201);
    } finally {
      await setGate(false);
    }
    const list = await t.call(SW, { method: 'GET', url: '/api/driver-instruction/drivers?category=Transporter', cookie: fleet });
    expect(list.json().current).toMatchObject({ title: 'Ladungssicherung Transporter' });
    expect(list.json().items.find((d: { email: string }) => d.email === 'mitarbeiter@stadtwerke.test')).toMatchObject({
      state: 'gueltig',
      lastKind: 'praesenz',
    });
  });

  it('refuses bad input with a sentence', async () => {
    const versions = (await t.call(SW, { method: 'GET', url: '/api/driver-instruction/versions', cookie: fleet })).json();
    expect(versions.categories).toContain('Transporter');
    const v2 = versions.versions.find((v: { category: string; version: number }) => v.category === '' && v.version === 2);
    const record = (payload: object, userId = ids.freigabe) =>
      t.call(SW, { method: 'POST', url: `/api/driver-instruction/drivers/${userId}/instructions`, cookie: fleet, payload });
    const future = await record({ versionId: v2.id, instructedOn: isoDay(2), instructor: 'Jens Hoppe' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe('Das Datum der Unterweisung darf nicht in der Zukunft liegen.');
    const early = await record({ versionId: v2.id, instructedOn: isoDay(-200), instructor: 'Jens Hoppe' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(
      `Das Datum der Unterweisung darf nicht vor der Veröffentlichung dieser Fassung (${german(v2.publishedOn)}) liegen.`,
    );
    const nobody = await record({ versionId: v2.id, instructedOn: isoDay(0), instructor: '  ' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.message).toContain('Bitte angeben, wer unterwiesen hat.');
    const unknownCategory = await t.call(SW, {
      method: 'POST',
      url: '/api/driver-instruction/versions',
      cookie: fleet,
      payload: { category: 'Raumschiff', title: 'X', body: 'Y' },
    });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().error.message).toBe('Kein aktives Fahrzeug hat die Kategorie „Raumschiff“.');
    const noTitle = await t.call(SW, {
      method: 'POST',
      url: '/api/driver-instruction/versions',
      cookie: fleet,
      payload: { title: '', body: 'Y' },
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.message).toContain('Bitte einen Titel angeben.');
    const notPdf = await t.call(SW, {
      method: 'POST',
      url: '/api/driver-instruction/files',
      cookie: fleet,
      ...multipart(Buffer.from('MZ kein PDF'), 'x.pdf', 'application/pdf'),
    });
    expect(notPdf.statusCode).toBe(415);
    const badState = await t.call(SW, { method: 'GET', url: '/api/driver-instruction/drivers?state=irgendwie', cookie: fleet });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().error.message).toContain('Unbekannter Status.');
    // A driver is not the fleet.
    const forbidden = await t.call(SW, { method: 'GET', url: '/api/driver-instruction/drivers', cookie: booker });
    expect(forbidden.statusCode).toBe(403);
  });

  it("never reaches another tenant's people or versions with their ids", async () => {
    const v = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select v.id::text as id from instruction_versions v join tenants te on te.id = v.tenant_id
        where te.sub_identifier = 'stadtwerke' and v.version = 2`),
    )[0]!.id;
    const pdf = await t.call(TI, { method: 'GET', url: `/api/driver-instruction/versions/${v}/pdf`, cookie: foreign });
    expect(pdf.statusCode).toBe(404);
    const confirm = await t.call(TI, {
      method: 'POST',
      url: '/api/driver-instruction/me/confirmations',
      cookie: foreign,
      payload: { versionId: v },
    });
    expect(confirm.statusCode).toBe(404);
    const record = await t.call(TI, {
      method: 'POST',
      url: `/api/driver-instruction/drivers/${ids.mitarbeiter}/instructions`,
      cookie: foreign,
      payload: { versionId: v, instructedOn: isoDay(0), instructor: 'Fremd' },
    });
    expect(record.statusCode).toBe(404);
    const history = await t.call(TI, {
      method: 'GET',
      url: `/api/driver-instruction/drivers/${ids.mitarbeiter}/instructions`,
      cookie: foreign,
    });
    expect(history.statusCode).toBe(404);
    const theirs = await t.call(TI, { method: 'GET', url: '/api/driver-instruction/drivers', cookie: foreign });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('stadtwerke.test');
    expect(theirs.json().current).toBeNull();
    expect((await t.call(TI, { method: 'GET', url: '/api/driver-instruction/me', cookie: foreign })).json().topics).toEqual([]);
  });

  it('reminds a driver once per due day, also for a later run after a restart', async () => {
    await sendInstructionReminders(t.deps);
    const mail = await mailTo(smtp, 'freigabe@stadtwerke.test', 'Buchbar – Ihre Fahrerunterweisung steht an');
    expect(mail.text).toContain(`Ihre Fahrerunterweisung „Fahrerunterweisung Poolfahrzeuge“ ist am ${german(isoDay(10))} fällig.`);
    expect(mail.text).toContain('/fahrzeuge/unterweisung');
    // Nobody else is due within fourteen days.
    expect(smtp.mails.filter((m) => m.subject.includes('Fahrerunterweisung')).map((m) => m.to)).toEqual([['freigabe@stadtwerke.test']]);
    const before = smtp.mails.length;
    expect(await sendInstructionReminders(t.deps, new Date(Date.now() + 3_600_000))).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(before);
    const claims = rowsOf<{ c: number }>(
      await t.database.db.execute(sql`select count(*)::int as c from instruction_reminders where user_id = ${ids.freigabe}::uuid`),
    );
    expect(claims[0]!.c).toBe(1);
  });
});
