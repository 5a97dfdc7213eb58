import { withTenant } from '@db/client';
import { formatDate, formatTime } from '@domain/time';
import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { pdfText } from '../support/pdf-text';
import { startTestApp, type TestApp } from '../support/test-app';
import { book, createVehicle, locationId, SW, TI, testVehicle, vehicleByPlate } from './vehicle-support';

interface Entry {
  id: string;
  entryId: string;
  revision: number;
  kind: string;
  startedAt: string;
  endedAt: string;
  odometerStart: number;
  odometerEnd: number;
  distance: number;
  destination: string | null;
  tripKind: string;
  driver: { id: string | null; name: string };
  gapBefore: { fromKm: number; toKm: number; from: string; to: string } | null;
  previous: { revision: number; destination: string | null; odometerEnd: number }[];
  correctable: boolean;
  note: string | null;
  createdBy: string | null;
}

describe.each(DB_KINDS)('logbook (Fahrtenbuch) on %s', (kind) => {
  let t: TestApp;
  let booker: string;
  let fleet: string;
  let other: string;
  let admin: string;
  let foreign: string;
  let tenantId: string;
  let vehicle: { id: string };
  let fahrtart: string;
  const plate = `MS-FB ${kind === 'pglite' ? 1 : 2}01`;
  const today = addDays(berlinDay(new Date()), 1);
  const range = `from=2020-01-01&to=${today}`;

  const list = async (cookie: string, query = '') =>
    t.call(SW, { method: 'GET', url: `/api/logbook?${range}&vehicleId=${vehicle.id}${query}`, cookie });

  /** Books the test vehicle for now, starts the trip at `startKm` (if given) and ends it at `endKm`. */
  async function trip(startKm: number | null, endKm: number, extra: Record<string, unknown> = {}) {
    const res = await book(t, booker, {
      vehicleId: vehicle.id,
      von: new Date(Date.now() + 5 * 60_000).toISOString(),
      bis: new Date(Date.now() + 65 * 60_000).toISOString(),
      reason: 'Zählerablesung',
      destination: 'Hafenweg 3, Münster',
      contact: 'Stadtwerke Kundencenter',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().booking.id as string;
    const ci = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${id}/check-in`,
      cookie: booker,
      payload: startKm === null ? {} : { mileage: startKm },
    });
    expect(ci.statusCode, ci.body).toBe(200);
    const out = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${id}/check-out`,
      cookie: booker,
      payload: {
        mileage: endKm,
        fuelPercent: 70,
        cleanlinessInside: 'sauber',
        cleanlinessOutside: 'sauber',
        parkingSpaceId: null,
        damages: [],
        attributes: { [fahrtart]: 'dienst' },
        ...extra,
      },
    });
    return { id, out };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    [booker, fleet, other, admin, foreign] = await Promise.all([
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
      t.login(SW, 'fuhrpark@stadtwerke.test'),
      t.login(SW, 'freigabe@stadtwerke.test'),
      t.login(SW, 'admin@stadtwerke.test'),
      t.login(TI, 'admin@tourismus.test'),
    ]);
    tenantId = (await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().id;
    vehicle = await createVehicle(t, fleet, testVehicle(await locationId(t, SW, fleet, 'Betriebshof Nord'), plate));
    const attrs = (await t.call(SW, { method: 'GET', url: '/api/vehicle-attributes?target=FAHRZEUG_VERLAUF', cookie: booker })).json()
      .attributes as { id: string; label: string }[];
    fahrtart = attrs.find((a) => a.label === 'Art der Fahrt')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an ended trip is in the logbook: readings from Fahrt starten, booking data, dienstlich; only the driver and the fleet see it', async () => {
    const { out } = await trip(1000, 1042);
    expect(out.statusCode, out.body).toBe(200);
    const mine = await list(booker);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().total, mine.body).toBe(1);
    const e = mine.json().entries[0] as Entry;
    expect(e).toMatchObject({
      kind: 'FAHRT',
      revision: 1,
      odometerStart: 1000,
      odometerEnd: 1042,
      distance: 42,
      destination: 'Hafenweg 3, Münster',
      tripKind: 'dienstlich',
      driver: { name: 'Max Mustermann' },
      correctable: true,
      previous: [],
    });
    expect(mine.json().scope).toBe('eigene');
    const all = (await list(fleet)).json();
    expect(all.scope).toBe('alle');
    expect(all.entries.map((x: Entry) => x.id)).toContain(e.id);
    expect(all.totals.dienstlich).toBe(42);
    expect((await list(other)).json().entries).toEqual([]);
  });

  it('a trip kind the tenant does not allow is refused and nothing is written; once allowed it is recorded', async () => {
    const before = (await list(fleet)).json().total as number;
    const { id, out } = await trip(null, 1050, { tripKind: 'privat' });
    expect([out.statusCode, out.json().error.message]).toEqual([400, 'Die Fahrtart privat ist in Ihrer Organisation nicht zugelassen.']);
    expect((await list(fleet)).json().total).toBe(before);
    const booking = await t.call(SW, { method: 'GET', url: `/api/vehicle-bookings/${id}`, cookie: booker });
    expect(booking.json().booking.status).toBe('aktiv');
    const put = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrtenbuchFahrtarten',
      cookie: admin,
      payload: { layer: 'MANDANT', value: ['dienstlich', 'privat'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const done = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${id}/check-out`,
      cookie: booker,
      payload: {
        mileage: 1050,
        fuelPercent: 60,
        cleanlinessInside: 'sauber',
        cleanlinessOutside: 'sauber',
        parkingSpaceId: null,
        damages: [],
        attributes: { [fahrtart]: 'dienst' },
        tripKind: 'privat',
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    const e = (await list(fleet)).json().entries[0] as Entry;
    // no reading at Fahrt starten: the start is the previous trip's end
    expect(e).toMatchObject({ odometerStart: 1042, odometerEnd: 1050, tripKind: 'privat' });
    expect((await list(fleet)).json().totals).toEqual({ dienstlich: 42, privat: 8, Arbeitsweg: 0 });
  });

  it('a jump between two trips is a gap (Lücke) the fleet manager explains with an entry of its own', async () => {
    // The trip that ended at 1050 really took place five hours ago (the fleet corrects its times), so
    // the kilometres of the gap were driven between then and the start of the next trip.
    const before = ((await list(fleet)).json().entries as Entry[]).find((x) => x.odometerEnd === 1050)!;
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const moved = await t.call(SW, {
      method: 'POST',
      url: `/api/logbook/${before.id}/corrections`,
      cookie: fleet,
      payload: { startedAt: hoursAgo(5), endedAt: hoursAgo(4.5), note: 'Uhrzeiten laut Fahrer' },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const { out } = await trip(1100, 1130);
    expect(out.statusCode).toBe(200);
    const e = (await list(fleet)).json().entries[0] as Entry;
    expect(e.gapBefore).toMatchObject({ fromKm: 1050, toKm: 1100, to: e.startedAt.replace(/\d\d\.\d{3}Z$/, '00.000Z') });
    expect(Date.parse(e.gapBefore!.from)).toBe(Math.floor(Date.parse(moved.json().entry.endedAt) / 60_000) * 60_000);
    expect(((await list(booker)).json().entries[0] as Entry).gapBefore).toBeNull();
    const gap = (over: Record<string, unknown>, cookie = fleet, vehicleId = vehicle.id) =>
      t.call(SW, {
        method: 'POST',
        url: `/api/vehicles/${vehicleId}/logbook/gaps`,
        cookie,
        payload: {
          startedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
          endedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
          odometerStart: 1050,
          odometerEnd: 1100,
          driverName: 'Werkstatt Meyer',
          destination: 'Werkstatt Meyer, Greven',
          reason: 'Überführung zur Werkstatt',
          note: 'Fahrt der Werkstatt, Rechnung 2026-118',
          ...over,
        },
      });
    expect((await gap({}, booker)).json().error.message).toBe('no fahrzeug_logbuch_report');
    expect((await gap({ odometerStart: 1040 })).json().error.message).toBe(
      'Für diesen Kilometerbereich gibt es keine offene Lücke im Fahrtenbuch.',
    );
    expect((await gap({ odometerStart: 1100, odometerEnd: 1050 })).json().error.message).toBe(
      'Der Kilometerstand am Ende darf nicht kleiner sein als der am Anfang.',
    );
    expect((await gap({ odometerStart: -5 })).statusCode).toBe(400);
    expect((await gap({ endedAt: new Date(Date.now() + 3_600_000).toISOString() })).json().error.message).toBe(
      'Ein Fahrtenbucheintrag darf nicht in der Zukunft liegen.',
    );
    expect((await gap({ note: '' })).statusCode).toBe(400);
    expect((await gap({ startedAt: hoursAgo(6), endedAt: hoursAgo(5.5) })).json().error.message).toMatch(
      /^Die Fahrt zur Lücke muss zwischen dem Ende der vorherigen Fahrt \(\d\d\.\d\d\.\d{4} \d\d:\d\d\) und dem Beginn der nächsten Fahrt \(\d\d\.\d\d\.\d{4} \d\d:\d\d\) liegen\.$/,
    );
    const ok = await gap({});
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().entry).toMatchObject({ kind: 'LUECKE', driver: { id: null, name: 'Werkstatt Meyer' }, distance: 50 });
    const entries = (await list(fleet)).json().entries as Entry[];
    expect(entries.every((x) => x.gapBefore === null)).toBe(true);
  });

  it('corrections: the driver fixes text within the period, the fleet fixes readings; every version stays visible', async () => {
    const entry = ((await list(booker)).json().entries as Entry[]).find((x) => x.odometerStart === 1100)!;
    const correct = (id: string, body: Record<string, unknown>, cookie = booker) =>
      t.call(SW, { method: 'POST', url: `/api/logbook/${id}/corrections`, cookie, payload: body });

    expect((await correct(entry.id, { odometerEnd: 1135, note: 'vertippt' })).json().error.message).toBe(
      'Datum, Uhrzeiten und Kilometerstände kann nur die Fuhrparkleitung korrigieren.',
    );
    expect((await correct(entry.id, { destination: 'Hafenweg 3, Münster', note: 'gleich' })).json().error.message).toBe(
      'Die Korrektur ändert nichts am Eintrag.',
    );
    expect((await correct(entry.id, { destination: 'Kanalstraße 9' })).statusCode).toBe(400);
    expect((await correct(entry.id, { destination: 'Kanalstraße 9', note: 'x' }, other)).statusCode).toBe(404);

    const first = await correct(entry.id, { destination: 'Kanalstraße 9, Münster', note: 'Ziel ergänzt' });
    expect(first.statusCode, first.body).toBe(201);
    const v2 = first.json().entry as Entry;
    expect(v2).toMatchObject({ revision: 2, entryId: entry.entryId, destination: 'Kanalstraße 9, Münster', note: 'Ziel ergänzt' });
    expect(v2.previous.map((p) => [p.revision, p.destination])).toEqual([[1, 'Hafenweg 3, Münster']]);

    expect((await correct(entry.id, { destination: 'Alt', note: 'zu spät' })).json().error.message).toBe(
      'Dieser Eintrag wurde inzwischen korrigiert. Bitte laden Sie das Fahrtenbuch neu.',
    );
    const third = await correct(v2.id, { odometerEnd: 1132, note: 'Tacho abgelesen' }, fleet);
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json().entry.createdBy).toBe('Felix Fuhrmann');

    const shown = ((await list(booker)).json().entries as Entry[]).find((x) => x.entryId === entry.entryId)!;
    expect(shown).toMatchObject({ revision: 3, odometerEnd: 1132, destination: 'Kanalstraße 9, Münster' });
    expect(shown.previous.map((p) => [p.revision, p.odometerEnd])).toEqual([
      [1, 1130],
      [2, 1130],
    ]);

    const period = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrtenbuchKorrekturfristTage',
      cookie: admin,
      payload: { layer: 'MANDANT', value: 0 },
    });
    expect(period.statusCode).toBe(200);
    expect((await correct(shown.id, { destination: 'Neu', note: 'später' })).json().error.message).toBe(
      'Die Korrekturfrist (0 Tage) ist abgelaufen. Bitte wenden Sie sich an die Fuhrparkleitung.',
    );
    expect(((await list(booker)).json().entries as Entry[]).find((x) => x.id === shown.id)!.correctable).toBe(false);
    expect((await correct(shown.id, { tripKind: 'Arbeitsweg', note: 'Arbeitsweg' }, fleet)).json().error.message).toBe(
      'Die Fahrtart Arbeitsweg ist in Ihrer Organisation nicht zugelassen.',
    );
  });

  it('50 parallel corrections of one version: exactly one lands, the others are told to reload', async () => {
    const entry = ((await list(fleet)).json().entries as Entry[]).find((x) => x.kind === 'FAHRT')!;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call(SW, {
          method: 'POST',
          url: `/api/logbook/${entry.id}/corrections`,
          cookie: fleet,
          payload: { destination: `Ziel ${i}`, note: `Versuch ${i}` },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(new Set(results.filter((r) => r.statusCode === 409).map((r) => r.json().error.message))).toEqual(
      new Set(['Dieser Eintrag wurde inzwischen korrigiert. Bitte laden Sie das Fahrtenbuch neu.']),
    );
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE on logbook rows for the application role', async () => {
    const db = t.database.db;
    const count = async () =>
      Number(
        (
          (await withTenant(db, tenantId, (tx) => tx.execute(sql`select count(*) as n from logbook_entries`))) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    const before = await count();
    expect(before).toBeGreaterThan(0);
    for (const stmt of [
      sql`update logbook_entries set destination = 'manipuliert'`,
      sql`delete from logbook_entries`,
      sql`truncate logbook_entries`,
    ]) {
      const err = await withTenant(db, tenantId, (tx) => tx.execute(stmt)).then(
        () => null,
        (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
      );
      expect(err).toMatch(/Fahrtenbucheinträge können nicht geändert oder gelöscht werden|permission denied/);
    }
    expect(await count()).toBe(before);
    const changed = await withTenant(db, tenantId, (tx) =>
      tx.execute(sql`select count(*) as n from logbook_entries where destination = 'manipuliert'`),
    );
    expect(Number((changed as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
  });

  it('exports: Excel and PDF with tenant, vehicle, period, totals and the marked corrections; read back', async () => {
    const q = `vehicleId=${vehicle.id}&${range}`;
    const xlsx = await t.call(SW, { method: 'GET', url: `/api/logbook/export.xlsx?${q}`, cookie: fleet });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`fahrtenbuch-2020-01-01-bis-${today}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Fahrtenbuch')!;
    const rows: string[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]!.slice(0, 3)).toEqual(['Datum', 'Beginn', 'Ende']);
    expect(rows[1]![0]).toBe('Fahrtenbuch Stadtwerke Musterstadt');
    expect(rows[2]![0]).toBe(`Fahrzeug: Test Modell (${plate})`);
    expect(rows[3]![0]).toBe(`Zeitraum: 01.01.2020 – ${today.split('-').reverse().join('.')}`);
    const first = rows.find((r) => r[5] === '1000')!;
    expect(first.slice(4, 9)).toEqual([plate, '1000', '1042', '42', 'Max Mustermann']);
    expect(first[14]).toBe('dienstlich');
    expect(rows.some((r) => r[11]?.startsWith('Lückenerklärung: Fahrt der Werkstatt'))).toBe(true);
    expect(rows.find((r) => r[0] === 'Summe privat')![7]).toBe('8');
    expect(rows.some((r) => r[15]?.includes('korrigiert am') && r[15].includes('Felix Fuhrmann'))).toBe(true);
    const corrections = wb.getWorksheet('Korrekturen')!;
    const versions: string[] = [];
    corrections.eachRow((r, n) => n > 1 && versions.push(String(r.getCell(1).value)));
    expect(versions).toEqual(expect.arrayContaining(['Original', 'Version 2', 'Version 3']));

    const pdf = await t.call(SW, { method: 'GET', url: `/api/logbook/export.pdf?${q}`, cookie: fleet });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // pdfkit splits lines at hyphens and slashes into separate text runs: compare without blanks
    const squash = (x: string) => x.replace(/\s+/g, '');
    const text = squash(pdfText(pdf.rawPayload));
    expect(text).toContain(squash('Fahrtenbuch Stadtwerke Musterstadt'));
    expect(text).toContain(squash(`Fahrzeug: Test Modell (${plate})`));
    expect(text).toContain(squash('Summe privat: 8 km'));
    expect(text).toContain(squash('Korrekturen (* = korrigierter Eintrag, alle Versionen)'));
    expect(text).toContain(squash('Kanalstraße 9, Münster'));
    expect(text).toContain(squash('Lückenerklärung: Fahrt der Werkstatt, Rechnung 2026-118'));

    expect((await t.call(SW, { method: 'GET', url: `/api/logbook/export.xlsx?${q}`, cookie: booker })).json().error.message).toBe(
      'no fahrzeug_logbuch_report',
    );
    expect(
      (
        await t.call(SW, {
          method: 'GET',
          url: `/api/logbook/export.pdf?vehicleId=${vehicle.id}&from=2026-02-30&to=2026-03-01`,
          cookie: fleet,
        })
      ).statusCode,
    ).toBe(400);
    const reversed = await t.call(SW, { method: 'GET', url: `/api/logbook/export.pdf?from=2026-03-01&to=2026-02-01`, cookie: fleet });
    expect([reversed.statusCode, reversed.json().error.message]).toEqual([400, 'Das Ende des Zeitraums muss nach dem Beginn liegen.']);
  });

  /** The Excel export of one vehicle as rows of cell texts. */
  async function excelRows(vehicleId: string): Promise<string[][]> {
    const xlsx = await t.call(SW, { method: 'GET', url: `/api/logbook/export.xlsx?vehicleId=${vehicleId}&${range}`, cookie: fleet });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.getWorksheet('Fahrtenbuch')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return rows;
  }

  it('an entry says when the trip really started and ended (Fahrt starten / Fahrt beenden), not the booked times; so does the export', async () => {
    const car = await createVehicle(t, fleet, testVehicle(await locationId(t, SW, fleet, 'Betriebshof Nord'), `${plate}7`));
    const res = await book(t, booker, {
      vehicleId: car.id,
      von: new Date(Date.now() + 5 * 60_000).toISOString(),
      bis: new Date(Date.now() + 65 * 60_000).toISOString(),
      reason: 'Netzinspektion',
      destination: 'Umspannwerk Süd',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().booking.id as string;
    // Booked for two hours ago ("08:00") until in an hour and a half; the driver starts now ("10:00"). Not a whole hour
    // ahead: in the night the clocks go back, now and an hour from now show the same wall time.
    const bookedFrom = new Date(Date.now() - 2 * 3_600_000);
    const bookedTo = new Date(Date.now() + 90 * 60_000);
    await t.database.db.execute(
      sql`update vehicle_bookings set von = ${bookedFrom.toISOString()}::timestamptz, bis = ${bookedTo.toISOString()}::timestamptz,
                 blocked_until = ${bookedTo.toISOString()}::timestamptz where id = ${id}`,
    );
    const ci = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${id}/check-in`,
      cookie: booker,
      payload: { mileage: 3000 },
    });
    expect(ci.statusCode, ci.body).toBe(200);
    const out = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${id}/check-out`,
      cookie: booker,
      payload: {
        mileage: 3025,
        fuelPercent: 70,
        cleanlinessInside: 'sauber',
        cleanlinessOutside: 'sauber',
        parkingSpaceId: null,
        damages: [],
        attributes: { [fahrtart]: 'dienst' },
      },
    });
    expect(out.statusCode, out.body).toBe(200);
    const events = (
      (await t.database.db.execute(
        sql`select type, time from vehicle_history where booking_id = ${id} and type in ('CHECK_IN', 'CHECK_OUT')`,
      )) as unknown as { rows: { type: string; time: Date | string }[] }
    ).rows;
    const at = (type: string) => {
      const time = events.find((x) => x.type === type)!.time;
      return time instanceof Date ? time : new Date(time);
    };
    const started = at('CHECK_IN');
    const ended = at('CHECK_OUT');
    expect(started.getTime() - bookedFrom.getTime()).toBeGreaterThan(119 * 60_000);

    const entry = (
      (await t.call(SW, { method: 'GET', url: `/api/logbook?${range}&vehicleId=${car.id}`, cookie: fleet })).json().entries as Entry[]
    )[0]!;
    expect([entry.startedAt, entry.endedAt, entry.odometerStart, entry.odometerEnd]).toEqual([
      started.toISOString(),
      ended.toISOString(),
      3000,
      3025,
    ]);
    const row = (await excelRows(car.id)).find((r) => r[5] === '3000')!;
    expect(row.slice(0, 3)).toEqual([formatDate(started), formatTime(started), formatTime(ended)]);
    expect(row[1]).not.toBe(formatTime(bookedFrom));
    expect(row[2]).not.toBe(formatTime(bookedTo));
  });

  it('a gap explanation lies between the end of the trip before the gap and the start of the trip after it', async () => {
    const car = await createVehicle(t, fleet, testVehicle(await locationId(t, SW, fleet, 'Betriebshof Nord'), `${plate}8`));
    // Two days ago: a trip to km 2040 until 10:15, the next one from km 2100 at 14:00 (Berlin).
    const day = addDays(berlinDay(new Date()), -2);
    const insert = (from: string, to: string, km0: number, km1: number) =>
      withTenant(t.database.db, tenantId, (tx) =>
        tx.execute(sql`
          insert into logbook_entries (tenant_id, id, entry_id, revision, kind, vehicle_id, started_at, ended_at,
                                       odometer_start, odometer_end, driver_name, trip_kind, created_at)
          select ${tenantId}::uuid, x.id, x.id, 1, 'FAHRT', ${car.id}::uuid, ${berlinInstant(day, from).toISOString()}::timestamptz,
                 ${berlinInstant(day, to).toISOString()}::timestamptz, ${km0}, ${km1}, 'Max Mustermann', 'dienstlich',
                 ${berlinInstant(day, to).toISOString()}::timestamptz
            from (select gen_random_uuid() as id) x`),
      );
    await insert('09:30', '10:15', 2000, 2040);
    await insert('14:00', '15:00', 2100, 2130);
    const listed = async () =>
      (await t.call(SW, { method: 'GET', url: `/api/logbook?${range}&vehicleId=${car.id}`, cookie: fleet })).json().entries as Entry[];
    const next = (await listed()).find((x) => x.odometerStart === 2100)!;
    expect(next.gapBefore).toEqual({
      fromKm: 2040,
      toKm: 2100,
      from: berlinInstant(day, '10:15').toISOString(),
      to: berlinInstant(day, '14:00').toISOString(),
    });
    const explain = (from: string, to: string, cookie = fleet) =>
      t.call(SW, {
        method: 'POST',
        url: `/api/vehicles/${car.id}/logbook/gaps`,
        cookie,
        payload: {
          startedAt: berlinInstant(day, from).toISOString(),
          endedAt: berlinInstant(day, to).toISOString(),
          odometerStart: 2040,
          odometerEnd: 2100,
          driverName: 'Autohaus Meyer',
          note: 'Überführung zur Inspektion',
        },
      });
    const d = formatDate(berlinInstant(day, '12:00'));
    const refusal = `Die Fahrt zur Lücke muss zwischen dem Ende der vorherigen Fahrt (${d} 10:15) und dem Beginn der nächsten Fahrt (${d} 14:00) liegen.`;
    // What the dialog used to propose: 08:00–09:00, before the trip that ended at the gap's first kilometre.
    for (const [from, to] of [
      ['08:00', '09:00'],
      ['10:00', '11:00'],
      ['13:30', '14:30'],
      ['15:00', '16:00'],
    ] as const) {
      const res = await explain(from, to);
      expect([res.statusCode, res.json().error.message], `${from}–${to}`).toEqual([400, refusal]);
    }
    const english = await t.login(SW, 'fuhrpark@stadtwerke.test');
    await t.call(SW, { method: 'PUT', url: '/api/session/locale', cookie: english, payload: { locale: 'en-us' } });
    expect((await explain('08:00', '09:00', english)).json().error.message).toBe(
      `The trip explaining the gap must lie between the end of the previous trip (${d} 10:15) and the start of the next trip (${d} 14:00).`,
    );
    await t.call(SW, { method: 'PUT', url: '/api/session/locale', cookie: english, payload: { locale: 'de-de' } });
    expect(await listed()).toHaveLength(2);
    // the bounds themselves are inside
    const ok = await explain('10:15', '14:00');
    expect(ok.statusCode, ok.body).toBe(201);
    const entries = await listed();
    expect(entries.map((x) => x.kind).sort()).toEqual(['FAHRT', 'FAHRT', 'LUECKE']);
    expect(entries.every((x) => x.gapBefore === null)).toBe(true);
  });

  it('demo data: months of Stadtwerke history with one gap and one correction', async () => {
    const golf = await vehicleByPlate(t, fleet, 'MS-SW 101');
    const from = addDays(berlinDay(new Date()), -140);
    const res = await t.call(SW, {
      method: 'GET',
      url: `/api/logbook?vehicleId=${golf.id}&from=${from}&to=${today}&pageSize=200`,
      cookie: fleet,
    });
    const body = res.json();
    expect(body.total).toBeGreaterThan(30);
    const entries = body.entries as Entry[];
    expect(entries.filter((e) => e.gapBefore).map((e) => e.gapBefore!.toKm - e.gapBefore!.fromKm)).toEqual([35]);
    const corrected = entries.filter((e) => e.revision > 1);
    expect(corrected).toHaveLength(1);
    expect(corrected[0]).toMatchObject({
      destination: 'Kläranlage Nord',
      note: 'Ziel laut Tankbeleg korrigiert',
      createdBy: 'Felix Fuhrmann',
    });
    expect(corrected[0]!.previous).toHaveLength(1);
    // Entries of seeded trips carry the times of Fahrt starten / Fahrt beenden, which differ from the booked ones.
    const times = (
      (await withTenant(t.database.db, tenantId, (tx) =>
        tx.execute(sql`
          -- to the millisecond: PostgreSQL keeps microseconds in the history, the entry is written from a JavaScript Date
          select count(*) filter (where abs(extract(epoch from e.started_at - i.time)) >= 0.001
                                     or abs(extract(epoch from e.ended_at - o.time)) >= 0.001) as wrong,
                 count(*) filter (where e.started_at <> b.von or e.ended_at <> b.bis) as unlike_booking,
                 count(*) as n
            from logbook_entries e
            join vehicle_bookings b on b.tenant_id = e.tenant_id and b.id = e.booking_id
            join vehicle_history i on i.tenant_id = e.tenant_id and i.booking_id = e.booking_id and i.type = 'CHECK_IN'
            join vehicle_history o on o.tenant_id = e.tenant_id and o.booking_id = e.booking_id and o.type = 'CHECK_OUT'
           where e.revision = 1`),
      )) as unknown as { rows: { wrong: number; unlike_booking: number; n: number }[] }
    ).rows[0]!;
    expect(Number(times.n)).toBeGreaterThan(10);
    expect(Number(times.wrong)).toBe(0);
    expect(Number(times.unlike_booking)).toBeGreaterThan(0);
  });

  it("another tenant's ids get nothing", async () => {
    const entry = ((await list(fleet)).json().entries as Entry[])[0]!;
    const theirs = await t.call(TI, { method: 'GET', url: `/api/logbook?${range}`, cookie: foreign });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().entries).toEqual([]);
    expect((await t.call(TI, { method: 'GET', url: `/api/logbook?${range}&vehicleId=${vehicle.id}`, cookie: foreign })).json().total).toBe(
      0,
    );
    const corr = await t.call(TI, {
      method: 'POST',
      url: `/api/logbook/${entry.id}/corrections`,
      cookie: foreign,
      payload: { destination: 'fremd', note: 'fremd' },
    });
    expect(corr.statusCode).toBe(404);
    const gap = await t.call(TI, {
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/logbook/gaps`,
      cookie: foreign,
      payload: {
        startedAt: new Date(Date.now() - 7_200_000).toISOString(),
        endedAt: new Date(Date.now() - 3_600_000).toISOString(),
        odometerStart: 1,
        odometerEnd: 2,
        driverName: 'x',
        note: 'x',
      },
    });
    expect(gap.statusCode).toBe(404);
    const exp = await t.call(TI, { method: 'GET', url: `/api/logbook/export.xlsx?vehicleId=${vehicle.id}&${range}`, cookie: foreign });
    expect(exp.statusCode).toBe(404);
    expect((await t.call(SW, { method: 'GET', url: `/api/logbook?${range}` })).statusCode).toBe(401);
  });
});
