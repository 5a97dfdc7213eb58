import { addDays, berlinDay } from '@domain/vehicle-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { book, dayAt, SW, TI, vehicleByPlate } from './vehicle-support';

type Json = Record<string, unknown>;
interface Entry {
  actorName: string;
  action: string;
  subjectType: string;
  subjectId: string;
  subjectName: string;
  changes: { field: string; old: string | null; new: string | null }[];
}

/** Decision 155: logbook views and exports, report mails by hand, vehicle histories and the licence lists leave one entry per read. */
describe.each(DB_KINDS)('access audit of logbooks, exports and licence lists on %s', (kind) => {
  let t: TestApp;
  let fleet: string;
  let max: string;
  let examiner: string;
  let admin: string;
  let foreign: string;
  let maxId: string;
  let fleetId: string;
  const today = berlinDay(new Date());
  const period = { from: addDays(today, -120), to: today };
  const germanPeriod = `${period.from.split('-').reverse().join('.')} – ${period.to.split('-').reverse().join('.')}`;

  const idOf = async (email: string) =>
    ((await t.database.db.execute(sql`select id::text from users where email = ${email}`)) as unknown as { rows: { id: string }[] })
      .rows[0]!.id;
  const trail = async (cookie = admin, host = SW) => {
    const res = await t.call(host, { method: 'GET', url: '/api/admin/audit?subjectType=zugriff&page=1&pageSize=100', cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entries as Entry[];
  };
  const line = (e: Entry, field: string) => e.changes.find((c) => c.field === field)?.new;
  /** Runs `read` and returns the entries it added (newest first). */
  const added = async (read: () => Promise<unknown>) => {
    const before = (await trail()).length;
    await read();
    const after = await trail();
    return after.slice(0, after.length - before);
  };
  const ok = async (res: ReturnType<TestApp['call']>, status = 200) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    return r;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    [fleet, max, examiner, admin, foreign] = await Promise.all([
      t.login(SW, 'fuhrpark@stadtwerke.test'),
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
      t.login(SW, 'pruefer@stadtwerke.test'),
      t.login(SW, 'admin@stadtwerke.test'),
      t.login(TI, 'admin@tourismus.test'),
    ]);
    [maxId, fleetId] = await Promise.all([idOf('mitarbeiter@stadtwerke.test'), idOf('fuhrpark@stadtwerke.test')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a logbook page of other drivers is one entry naming them; one’s own trips leave none', async () => {
    const url = `/api/logbook?from=${period.from}&to=${period.to}&page=1&pageSize=200`;
    let page: { entries: { driver: { id: string | null; name: string } }[] } = { entries: [] };
    const entries = await added(async () => {
      page = (await ok(t.call(SW, { method: 'GET', url, cookie: fleet }))).json() as typeof page;
    });
    expect(entries).toHaveLength(1);
    const e = entries[0]!;
    expect(e).toMatchObject({ actorName: 'Felix Fuhrmann', action: 'einsehen', subjectType: 'zugriff' });
    expect(line(e, 'Daten')).toBe('Fahrtenbuch (Fahrten anderer)');
    expect(line(e, 'Fahrzeug')).toBe('Alle Fahrzeuge');
    expect(line(e, 'Zeitraum')).toBe(germanPeriod);
    expect(line(e, 'Seite')).toBe('1');
    // every other driver on the page, by id and by name, and never the reader
    const others = new Set(page.entries.filter((r) => r.driver.id && r.driver.id !== fleetId).map((r) => r.driver.id!));
    expect(others.has(maxId)).toBe(true);
    expect(new Set(e.subjectId.split(','))).toEqual(others);
    expect(line(e, 'Personen')).toContain('Max Mustermann');
    expect(line(e, 'Personen')).not.toContain('Felix Fuhrmann');

    // a driver reading their own logbook is no access to be accounted for
    expect(await added(() => ok(t.call(SW, { method: 'GET', url, cookie: max })))).toEqual([]);
  });

  it('Excel and PDF downloads, a background export and a report by hand are one entry each', async () => {
    const q = `from=${period.from}&to=${period.to}`;
    const [xlsx] = await added(() => ok(t.call(SW, { method: 'GET', url: `/api/logbook/export.xlsx?${q}`, cookie: fleet })));
    expect(line(xlsx!, 'Daten')).toBe('Fahrtenbuch-Export (Excel)');
    expect(line(xlsx!, 'Zeitraum')).toBe(germanPeriod);
    expect(xlsx!.subjectId.split(',')).toContain(maxId);

    const golf = await vehicleByPlate(t, fleet, 'MS-SW 101');
    const pdfEntries = await added(() =>
      ok(t.call(SW, { method: 'GET', url: `/api/logbook/export.pdf?${q}&vehicleId=${golf.id}`, cookie: fleet })),
    );
    expect(pdfEntries).toHaveLength(1);
    expect(line(pdfEntries[0]!, 'Daten')).toBe('Fahrtenbuch-Export (PDF)');
    expect(line(pdfEntries[0]!, 'Fahrzeug')).toMatch(/\(MS-SW 101\)$/);

    const background = await added(async () => {
      const start = await ok(
        t.call(SW, { method: 'POST', url: '/api/logbook/exports', cookie: fleet, payload: { ...period, format: 'xlsx' } }),
        202,
      );
      const id = start.json().id as string;
      for (let i = 0; i < 300; i++) {
        const s = (await t.call(SW, { method: 'GET', url: `/api/logbook/exports/${id}`, cookie: fleet })).json() as Json;
        if (s.status === 'fertig' || s.status === 'fehler') {
          expect(s.status).toBe('fertig');
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('Export wurde nicht fertig');
    });
    expect(background).toHaveLength(1);
    expect(background[0]).toMatchObject({ actorName: 'Felix Fuhrmann' });
    expect(line(background[0]!, 'Abruf')).toBe('Hintergrund-Export');
    expect(line(background[0]!, 'Daten')).toBe('Fahrtenbuch-Export (Excel)');

    const [report] = await added(() =>
      ok(t.call(SW, { method: 'POST', url: '/api/logbook/reports', cookie: fleet, payload: period }), 202),
    );
    expect(line(report!, 'Daten')).toBe('Fahrtenbuch-Bericht per E-Mail (PDF und Excel)');
    expect(line(report!, 'Empfänger')).toBe('fuhrpark@stadtwerke.test');
    expect(report!.subjectId.split(',')).toContain(maxId);
  });

  it('a vehicle’s history with other drivers’ trip starts and ends is one entry', async () => {
    const golf = await vehicleByPlate(t, fleet, 'MS-SW 101');
    let history: { entries: { type: string; user: { id: string } | null }[] } = { entries: [] };
    const entries = await added(async () => {
      history = (await ok(t.call(SW, { method: 'GET', url: `/api/vehicles/${golf.id}/history`, cookie: fleet }))).json() as typeof history;
    });
    const drivers = new Set(
      history.entries
        .filter((h) => (h.type === 'CHECK_IN' || h.type === 'CHECK_OUT') && h.user && h.user.id !== fleetId)
        .map((h) => h.user!.id),
    );
    if (drivers.size === 0) {
      expect(entries).toEqual([]);
      return;
    }
    expect(entries).toHaveLength(1);
    expect(line(entries[0]!, 'Daten')).toBe('Fahrzeugverlauf (Fahrtbeginn und -ende anderer)');
    expect(new Set(entries[0]!.subjectId.split(','))).toEqual(drivers);
  });

  it('the approver’s list of special trips is one entry naming the drivers and bookers it showed (decision 169)', async () => {
    const approver = await t.login(SW, 'freigabe@stadtwerke.test');
    const yaris = await vehicleByPlate(t, max, 'MS-SW 120');
    const special = await book(t, max, {
      vehicleId: yaris.id,
      von: dayAt(24, '19:00'),
      bis: dayAt(24, '21:00'),
      reason: 'Abendtermin Stadtrat',
    });
    expect(special.statusCode, special.body).toBe(201);
    const entries = await added(() => ok(t.call(SW, { method: 'GET', url: '/api/vehicle-approvals', cookie: approver })));
    expect(entries).toHaveLength(1);
    expect(line(entries[0]!, 'Daten')).toBe('Sonderfahrten zur Freigabe (Buchungen anderer mit Zweck und Ziel)');
    expect(entries[0]!.subjectId.split(',')).toContain(maxId);
    expect(entries[0]!.actorName).toBe('Frieda Frei');
  });

  it('the examiner’s licence list records each page shown, also from the cache, and only this tenant’s admins read it', async () => {
    const url = '/api/driving-licences?q=Muster&page=1';
    for (let i = 0; i < 2; i++) {
      const entries = await added(() => ok(t.call(SW, { method: 'GET', url, cookie: examiner })));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorName: 'Paul Prüfer', subjectId: maxId, subjectName: 'Mustermann, Max' });
      expect(line(entries[0]!, 'Daten')).toBe('Führerscheinliste (Beschäftigte)');
      expect(line(entries[0]!, 'Suche')).toBe('Muster');
    }
    // a search that shows no one leaves nothing
    expect(await added(() => ok(t.call(SW, { method: 'GET', url: '/api/driving-licences?q=niemandhier', cookie: examiner })))).toEqual([]);
    // the trail is for those with admin access (docs/product.md#permissions: any maintenance permission): the examiner and a booker are refused,
    // the other tenant sees none of it
    for (const cookie of [examiner, max]) {
      expect((await t.call(SW, { method: 'GET', url: '/api/admin/audit?subjectType=zugriff', cookie })).statusCode).toBe(403);
    }
    expect((await trail(foreign, TI)).some((e) => e.subjectId.includes(maxId))).toBe(false);
  });
});
