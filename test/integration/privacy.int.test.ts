import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { pdfText } from '../support/pdf-text';
import { startTestApp, type TestApp } from '../support/test-app';
import { unzip } from '../support/unzip';
import { SW, TI } from './vehicle-support';

type Json = Record<string, unknown>;

describe.each(DB_KINDS)('privacy: own-data export on %s', (kind) => {
  let t: TestApp;
  let max: string;
  let fleet: string;
  let foreign: string;

  const waitForExport = async (id: string, cookie: string): Promise<Json> => {
    for (let i = 0; i < 300; i++) {
      const state = (await t.call(SW, { method: 'GET', url: `/api/me/data-exports/${id}`, cookie })).json() as Json;
      if (state.status === 'fertig' || state.status === 'fehler') return state;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('Export wurde nicht fertig');
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    [max, fleet, foreign] = await Promise.all([
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
      t.login(SW, 'fuhrpark@stadtwerke.test'),
      t.login(TI, 'admin@tourismus.test'),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exports every kind of the person’s data as JSON plus a German PDF, for that person only', async () => {
    // Max confirms the driver instruction in the app, so the export has one of his own.
    const own = (await t.call(SW, { method: 'GET', url: '/api/driver-instruction/me', cookie: max })).json();
    const confirmed = await t.call(SW, {
      method: 'POST',
      url: '/api/driver-instruction/me/confirmations',
      cookie: max,
      payload: { versionId: own.topics[0].current.id },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const start = await t.call(SW, { method: 'POST', url: '/api/me/data-exports', cookie: max });
    expect(start.statusCode, start.body).toBe(202);
    const id = start.json().id as string;
    const done = await waitForExport(id, max);
    expect(done).toMatchObject({ status: 'fertig', percent: 100, error: null });
    expect((await t.call(SW, { method: 'GET', url: '/api/me/data-exports', cookie: max })).json().exports[0].id).toBe(id);

    const file = await t.call(SW, { method: 'GET', url: `/api/me/data-exports/${id}/file`, cookie: max });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const files = unzip(file.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        'abfahrtskontrollen.json',
        'abteilung.json',
        'belege.json',
        'berechtigungen.json',
        'einstellungen.json',
        'fahrten.json',
        'fahrzeugbuchungen.json',
        'fuehrerschein.json',
        'kalender.json',
        'mitgliedschaften.json',
        'platzbuchungen.json',
        'profil.json',
        'schaeden.json',
        'schliessfaecher.json',
        'sitzungen.json',
        'unterweisungen.json',
        'passkeys.json',
        'zusammenfassung.pdf',
      ].sort(),
    );
    const json = (name: string) => JSON.parse(files.get(`${name}.json`)!.toString('utf8')) as Json[];
    expect(json('profil')).toEqual([
      expect.objectContaining({ vorname: 'Max', nachname: 'Mustermann', email: 'mitarbeiter@stadtwerke.test', personalnummer: 'SW-1005' }),
    ]);
    expect(json('abteilung')).toEqual([expect.objectContaining({ name: 'Kundenservice' })]);
    expect(json('mitgliedschaften')).toContainEqual({ art: 'gruppe', name: 'Alle Mitarbeitenden' });
    expect(json('berechtigungen')).toEqual([{ berechtigung: 'fahrzeug_fremdbuchung', wert: 'false' }]);
    expect(json('fuehrerschein').length).toBeGreaterThan(0);
    expect(json('fuehrerschein')[0]).toMatchObject({ klassen: expect.arrayContaining(['AM', 'B', 'L']) });
    expect(json('fahrzeugbuchungen').length).toBeGreaterThan(0);
    expect(json('fahrzeugbuchungen').every((b) => b.fahrer === 'Max Mustermann' || b.gebuchtVon === 'Max Mustermann')).toBe(true);
    expect(json('fahrten').length).toBeGreaterThan(0);
    expect(json('fahrten').every((e) => e.fahrer === 'Max Mustermann')).toBe(true);
    expect(json('unterweisungen')).toEqual([
      expect.objectContaining({
        art: 'app',
        thema: 'Fahrerunterweisung Poolfahrzeuge',
        unterwiesenVon: null,
        erfasstVon: 'Max Mustermann',
      }),
    ]);
    // the demo's checks before Max's trips, each answer a line with the point and its state
    const checks = json('abfahrtskontrollen');
    expect(checks.length).toBeGreaterThan(0);
    expect(checks[0]).toMatchObject({ checkliste: expect.stringMatching(/^Abfahrtskontrolle/), antworten: expect.any(Array) });
    expect((checks[0]!.antworten as string[]).every((a) => /: (in Ordnung|nicht in Ordnung)/.test(a))).toBe(true);
    for (const k of ['schaeden', 'belege', 'schliessfaecher']) expect(Array.isArray(json(k))).toBe(true);
    // the session of this test's sign-in, without its token
    expect(json('sitzungen').length).toBeGreaterThan(0);
    expect(JSON.stringify(json('sitzungen'))).not.toMatch(/token/i);
    expect(json('passkeys')).toEqual([]);
    // nothing of the other tenant
    const all = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    expect(all).not.toMatch(/tourismus|Tourist-Info|Rad 0/);

    const pdf = pdfText(files.get('zusammenfassung.pdf')!);
    expect(pdf).toContain('Ihre bei Buchbar gespeicherten Daten');
    expect(pdf).toContain('Max Mustermann');
    expect(pdf).toContain('Stadtwerke Musterstadt');
    expect(pdf).toContain('Fahrten im Fahrtenbuch');
    expect(pdf).toContain('Führerschein und Prüfungen');
    expect(pdf).toContain('Fahrerunterweisungen');
    expect(pdf).toContain('Abfahrtskontrollen Ihrer Fahrten');

    // another person of the tenant and the other tenant's admin find nothing
    for (const url of [`/api/me/data-exports/${id}`, `/api/me/data-exports/${id}/file`]) {
      expect((await t.call(SW, { method: 'GET', url, cookie: fleet })).statusCode).toBe(404);
      expect((await t.call(TI, { method: 'GET', url, cookie: foreign })).statusCode).toBe(404);
    }
    expect((await t.call(SW, { method: 'GET', url: '/api/me/data-exports', cookie: fleet })).json().exports).toEqual([]);
    expect((await t.call(TI, { method: 'GET', url: '/api/me/data-exports', cookie: foreign })).json().exports).toEqual([]);
    expect((await t.call(SW, { method: 'GET', url: '/api/me/data-exports' })).statusCode).toBe(401);
  });

  it('names colleagues by their role, not by name, unless the tenant chooses names (Art. 15 (4) DSGVO)', async () => {
    const others = (
      (await t.database.db.execute(
        sql`select first_name || ' ' || last_name as name from users where email like '%@stadtwerke.test' and email <> 'mitarbeiter@stadtwerke.test'`,
      )) as unknown as { rows: { name: string }[] }
    ).rows.map((r) => r.name);
    expect(others).toEqual(expect.arrayContaining(['Paul Prüfer', 'Felix Fuhrmann']));
    const exportOf = async () => {
      const id = (await t.call(SW, { method: 'POST', url: '/api/me/data-exports', cookie: max })).json().id as string;
      expect((await waitForExport(id, max)).status).toBe('fertig');
      const files = unzip((await t.call(SW, { method: 'GET', url: `/api/me/data-exports/${id}/file`, cookie: max })).rawPayload);
      const json = (name: string) => JSON.parse(files.get(`${name}.json`)!.toString('utf8')) as Json[];
      const text = [...files.entries()].map(([name, b]) => (name.endsWith('.pdf') ? pdfText(b) : b.toString('utf8'))).join('\n');
      return { json, text };
    };

    const roles = await exportOf();
    for (const name of others) expect(roles.text, name).not.toContain(name);
    expect(roles.json('fuehrerschein').length).toBeGreaterThan(0);
    expect(roles.json('fuehrerschein').every((c) => c.pruefer === 'Führerscheinprüfung')).toBe(true);
    for (const b of roles.json('fahrzeugbuchungen')) {
      expect(b.fahrer === 'Max Mustermann' || b.fahrer === 'Fahrerin oder Fahrer').toBe(true);
      expect(b.gebuchtVon === 'Max Mustermann' || b.gebuchtVon === 'Fremdbuchung (Buchung für Sie)').toBe(true);
    }
    expect(roles.text).toContain('Führerscheinprüfung');
    // the own name stays
    expect(roles.json('fahrten').every((e) => e.fahrer === 'Max Mustermann')).toBe(true);

    const admin = await t.login(SW, 'admin@stadtwerke.test');
    const put = (value: boolean) =>
      t.call(SW, {
        method: 'PUT',
        url: '/api/settings/datenexportNamenAndererPersonen',
        cookie: admin,
        payload: { layer: 'MANDANT', value },
      });
    expect((await put(true)).statusCode).toBe(200);
    try {
      const named = await exportOf();
      const examiners = named.json('fuehrerschein').map((c) => c.pruefer);
      expect(examiners.every((p) => typeof p === 'string' && others.includes(p))).toBe(true);
      expect(named.text).toContain(String(examiners[0]));
    } finally {
      expect((await put(false)).statusCode).toBe(200);
    }
  });

  it('writes the summary in the person’s language', async () => {
    const put = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/sprache',
      cookie: fleet,
      payload: { layer: 'BENUTZER', value: 'en-us' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const id = (await t.call(SW, { method: 'POST', url: '/api/me/data-exports', cookie: fleet })).json().id as string;
    expect((await waitForExport(id, fleet)).status).toBe('fertig');
    const files = unzip((await t.call(SW, { method: 'GET', url: `/api/me/data-exports/${id}/file`, cookie: fleet })).rawPayload);
    const pdf = pdfText(files.get('summary.pdf')!);
    expect(pdf).toContain('Your data stored in Buchbar');
    expect(pdf).toContain('Trips in the logbook');
    // the user-layer setting just saved is part of the export
    expect(JSON.parse(files.get('einstellungen.json')!.toString('utf8'))).toContainEqual(
      expect.objectContaining({ option: 'sprache', wert: 'en-us' }),
    );
  });

  it('an examiner opening a person’s licence history leaves an audit entry only this tenant’s admins see', async () => {
    const idOf = async (email: string) =>
      ((await t.database.db.execute(sql`select id::text from users where email = ${email}`)) as unknown as { rows: { id: string }[] })
        .rows[0]!.id;
    const maxId = await idOf('mitarbeiter@stadtwerke.test');
    const foreignPerson = await idOf('empfang@tourismus.test');
    const [examiner, admin] = await Promise.all([t.login(SW, 'pruefer@stadtwerke.test'), t.login(SW, 'admin@stadtwerke.test')]);
    const access = async (cookie: string, host = SW) =>
      (await t.call(host, { method: 'GET', url: '/api/admin/audit?subjectType=zugriff&page=1&pageSize=50', cookie })).json()
        .entries as Json[];
    const before = (await access(admin)).length;

    expect((await t.call(SW, { method: 'GET', url: `/api/driving-licences/${maxId}/checks`, cookie: examiner })).statusCode).toBe(200);
    const entries = await access(admin);
    expect(entries.length).toBe(before + 1);
    expect(entries[0]).toMatchObject({
      action: 'einsehen',
      subjectType: 'zugriff',
      subjectId: maxId,
      subjectName: 'Max Mustermann',
      changes: [{ field: 'Daten', old: null, new: 'Führerschein und Prüfungshistorie' }],
    });
    expect(entries[0]!.actorName).toBe('Paul Prüfer');
    // the admin's look at the person editor's detail is recorded too
    expect((await t.call(SW, { method: 'GET', url: `/api/users/${maxId}`, cookie: admin })).statusCode).toBe(200);
    expect((await access(admin))[0]).toMatchObject({
      subjectId: maxId,
      changes: [expect.objectContaining({ new: expect.stringContaining('Personendetails') })],
    });

    // the other tenant's admin sees none of it; the other tenant's person is not found and nothing is recorded
    expect((await access(foreign, TI)).some((e) => e.subjectId === maxId)).toBe(false);
    expect((await t.call(SW, { method: 'GET', url: `/api/driving-licences/${foreignPerson}/checks`, cookie: examiner })).statusCode).toBe(
      404,
    );
    expect((await access(admin)).some((e) => e.subjectId === foreignPerson)).toBe(false);
    // the trail stays append-only
    await expect(t.database.db.execute(sql`update audit_log set subject_name = 'x' where subject_type = 'zugriff'`)).rejects.toThrow();
  });
});
