import { bookableMinutesByMonth, parseCsv } from '@domain/evaluation';
import { instantOf } from '@domain/opening-hours';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { BIB, SW, TOUR, tenantIds } from './reading-room-support';

type Row = Record<string, unknown>;
const rows = (r: unknown) => (r as { rows: Row[] }).rows;

/**
 * Figures of a week in March 2025 (no demo data there) written straight into
 * the database, then read through the API as the screens and downloads do.
 */
describe.each(DB_KINDS)('evaluation on %s', (kind) => {
  let t: TestApp;
  let tenants: Record<string, string>;
  let swAdmin: string;
  let fleet: string;
  let staff: string;
  let places: number;
  let department: string;
  let vehicle: Row;
  const PERIOD = 'from=2025-03-03&to=2025-03-09';

  async function one(q: ReturnType<typeof sql>): Promise<Row> {
    return rows(await t.database.db.execute(q))[0] as Row;
  }

  /** A CSV download, read back into rows. */
  async function csvOf(host: string, cookie: string, url: string): Promise<string[][]> {
    const res = await t.call(host, { method: 'GET', url, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return parseCsv(res.body);
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenants = await tenantIds(t);
    swAdmin = await t.login(SW, 'admin@stadtwerke.test');
    fleet = await t.login(SW, 'fuhrpark@stadtwerke.test');
    staff = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const sw = tenants.stadtwerke!;
    const plan = await one(
      sql`select id::text as id from floor_plans where tenant_id = ${sw} and area = 'arbeitswelt' and name = 'Verwaltung 2. OG'`,
    );
    places = Number(
      (
        await one(
          sql`select sum(capacity)::int as n from reading_rooms where tenant_id = ${sw} and floor_plan_id = ${plan.id}::uuid and active`,
        )
      ).n,
    );
    const desk = await one(
      sql`select id::text as id, designation from reading_rooms where tenant_id = ${sw} and floor_plan_id = ${plan.id}::uuid order by designation limit 1`,
    );
    const person = await one(
      sql`select u.id::text as id, d.name as department from users u left join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id where u.tenant_id = ${sw} and u.email = 'mitarbeiter@stadtwerke.test'`,
    );
    department = String(person.department);
    const seat = (day: string, von: string, bis: string, status: string, extra: { checkedIn?: boolean; cancelledAt?: Date }) => sql`
      insert into reading_room_bookings (tenant_id, reading_room_id, von, bis, status, booker_id, checked_in_at, cancelled_at)
      values (${sw}, ${desk.id}::uuid, ${instantOf(day, von).toISOString()}::timestamptz, ${instantOf(day, bis).toISOString()}::timestamptz,
              ${status}, ${person.id}::uuid, ${extra.checkedIn ? instantOf(day, von).toISOString() : null}::timestamptz,
              ${extra.cancelledAt ? extra.cancelledAt.toISOString() : null}::timestamptz)`;
    await t.database.db.execute(seat('2025-03-03', '08:00', '12:00', 'durchgeführt', { checkedIn: true }));
    await t.database.db.execute(seat('2025-03-04', '09:00', '17:00', 'durchgeführt', { checkedIn: true }));
    // no-show: cancelled by the expiry job after the check-in window
    await t.database.db.execute(seat('2025-03-05', '08:00', '12:00', 'storniert', { cancelledAt: instantOf('2025-03-05', '08:16') }));
    // cancelled the day before
    await t.database.db.execute(seat('2025-03-06', '08:00', '12:00', 'storniert', { cancelledAt: instantOf('2025-03-05', '10:00') }));
    // outside the period
    await t.database.db.execute(seat('2025-03-10', '08:00', '12:00', 'durchgeführt', { checkedIn: true }));

    vehicle = await one(
      sql`select id::text as id, license_plate, booking_weekdays, booking_from, booking_to from vehicles where tenant_id = ${sw} and not deactivated order by license_plate limit 1`,
    );
    const trip = async (day: string, von: string, bis: string, status: string, type: string, km?: [number, number]) => {
      const b = await one(sql`
        insert into vehicle_bookings (tenant_id, vehicle_id, von, bis, blocked_until, status, type, booked_by_id, driver_id)
        values (${sw}, ${vehicle.id}::uuid, ${instantOf(day, von).toISOString()}::timestamptz, ${instantOf(day, bis).toISOString()}::timestamptz,
                ${instantOf(day, bis).toISOString()}::timestamptz, ${status}, ${type}, ${person.id}::uuid, ${person.id}::uuid)
        returning id::text as id`);
      if (km) {
        await t.database.db.execute(sql`
          insert into vehicle_history (tenant_id, vehicle_id, time, type, status, booking_id, mileage) values
            (${sw}, ${vehicle.id}::uuid, ${instantOf(day, von).toISOString()}::timestamptz, 'CHECK_IN', 'aktiv', ${b.id}::uuid, ${km[0]}),
            (${sw}, ${vehicle.id}::uuid, ${instantOf(day, bis).toISOString()}::timestamptz, 'CHECK_OUT', 'durchgeführt', ${b.id}::uuid, ${km[1]})`);
      }
    };
    await trip('2025-03-03', '09:00', '13:00', 'durchgeführt', 'BUCHUNG', [1000, 1120]);
    await trip('2025-03-04', '09:00', '10:00', 'storniert', 'BUCHUNG');
    await trip('2025-03-05', '09:00', '17:00', 'reserviert', 'WARTUNG');
    await trip('2025-04-01', '10:00', '12:00', 'durchgeführt', 'BUCHUNG', [1120, 1150]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('office utilisation: per floor plan, weekday heat map, place and department, from the week’s bookings', async () => {
    const res = await t.call(SW, { method: 'GET', url: `/api/admin/evaluation/office?${PERIOD}`, cookie: swAdmin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const plan = body.floorPlans.find((p: Row) => p.floorPlan === 'Verwaltung 2. OG');
    // Mo–Fr 07:00–19:00: five days of 12 hours per place.
    expect(plan).toMatchObject({
      area: 'arbeitswelt',
      places,
      bookings: 4,
      bookedHours: 12,
      capacityHours: 5 * 12 * places,
      cancellationRate: 25,
      noShowRate: 25,
    });
    expect(plan.utilisation).toBe(Math.round((720 / (5 * 720 * places)) * 1000) / 10);
    const heat = body.heatmap.find((h: Row) => h.floorPlan === 'Verwaltung 2. OG');
    expect(heat.weekdays).toEqual([
      Math.round((240 / (720 * places)) * 1000) / 10,
      Math.round((480 / (720 * places)) * 1000) / 10,
      0,
      0,
      0,
      0,
      0,
    ]);
    const desk = body.objects.find((o: Row) => o.floorPlan === 'Verwaltung 2. OG' && o.bookings === 4);
    expect(desk).toMatchObject({ kind: 'platz', bookedHours: 12, utilisation: 20, cancellationRate: 25, noShowRate: 25 });
    expect(body.departments).toEqual([{ department, bookings: 4, bookedHours: 12, cancellationRate: 25, noShowRate: 25 }]);
  });

  it('vehicle evaluation: per vehicle, the fleet and one vehicle per month, kilometres from check-in and check-out, trips per department', async () => {
    const res = await t.call(SW, { method: 'GET', url: '/api/admin/evaluation/vehicles?from=2025-03-01&to=2025-04-30', cookie: fleet });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const bookable = bookableMinutesByMonth(
      { from: '2025-03-01', to: '2025-04-30' },
      vehicle.booking_weekdays as string[],
      String(vehicle.booking_from),
      String(vehicle.booking_to),
    );
    const share = (min: number, whole: number) => Math.round((min / whole) * 1000) / 10;
    const march = { month: '2025-03', bookings: 1, trips: 1, cancelled: 1, bookedHours: 4, kilometres: 120 };
    const april = { month: '2025-04', bookings: 1, trips: 1, cancelled: 0, bookedHours: 2, kilometres: 30 };
    const own = await t.call(SW, {
      method: 'GET',
      url: `/api/admin/evaluation/vehicles/months?from=2025-03-01&to=2025-04-30&vehicleId=${vehicle.id}`,
      cookie: fleet,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      vehicleId: vehicle.id,
      months: [
        { ...march, utilisation: share(240, bookable.get('2025-03')!) },
        { ...april, utilisation: share(120, bookable.get('2025-04')!) },
      ],
    });
    // The fleet: these are the only bookings of the period, measured against the hours of every listed vehicle.
    const listed = rows(
      await t.database.db.execute(
        sql`select booking_weekdays, booking_from, booking_to from vehicles
             where id in (${sql.join(
               body.vehicles.map((v: Row) => sql`${v.vehicleId}::uuid`),
               sql`, `,
             )})`,
      ),
    );
    const fleetBookable = (month: string) =>
      listed.reduce(
        (sum, v) =>
          sum +
          bookableMinutesByMonth(
            { from: '2025-03-01', to: '2025-04-30' },
            v.booking_weekdays as string[],
            String(v.booking_from),
            String(v.booking_to),
          ).get(month)!,
        0,
      );
    expect(body.months).toEqual([
      { ...march, utilisation: share(240, fleetBookable('2025-03')) },
      { ...april, utilisation: share(120, fleetBookable('2025-04')) },
    ]);
    expect(body.vehicles.find((v: Row) => v.vehicleId === vehicle.id)).toMatchObject({
      licensePlate: vehicle.license_plate,
      bookings: 2,
      trips: 2,
      kilometres: 150,
      bookedHours: 6,
    });
    // Vehicles without bookings in the period are listed with zeros.
    expect(body.vehicles.length).toBeGreaterThan(1);
    expect(body.vehicles.filter((v: Row) => v.vehicleId !== vehicle.id).every((v: Row) => v.bookings === 0 && v.kilometres === 0)).toBe(
      true,
    );
    expect(body.departments).toEqual([{ department, bookings: 2, trips: 2, kilometres: 150 }]);
  });

  it('lists every month of the period, zero where nothing was booked, for the fleet and for an unbooked vehicle', async () => {
    const period = 'from=2025-03-01&to=2025-05-31';
    const body = (await t.call(SW, { method: 'GET', url: `/api/admin/evaluation/vehicles?${period}`, cookie: fleet })).json();
    expect(body.months.map((m: Row) => m.month)).toEqual(['2025-03', '2025-04', '2025-05']);
    expect(body.months[2]).toEqual({
      month: '2025-05',
      bookings: 0,
      trips: 0,
      cancelled: 0,
      bookedHours: 0,
      utilisation: 0,
      kilometres: 0,
    });
    const other = body.vehicles.find((v: Row) => v.vehicleId !== vehicle.id);
    const res = await t.call(SW, {
      method: 'GET',
      url: `/api/admin/evaluation/vehicles/months?${period}&vehicleId=${other.vehicleId}`,
      cookie: fleet,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().months.map((m: Row) => [m.month, m.bookings, m.utilisation])).toEqual([
      ['2025-03', 0, 0],
      ['2025-04', 0, 0],
      ['2025-05', 0, 0],
    ]);
  });

  it('filters by location: another location of the tenant shows none of these bookings', async () => {
    const other = await one(sql`
      select l.id::text as id from locations l where l.tenant_id = ${tenants.stadtwerke!}
         and l.id <> (select location_id from vehicles where id = ${vehicle.id}::uuid) order by name limit 1`);
    const res = await t.call(SW, {
      method: 'GET',
      url: `/api/admin/evaluation/vehicles?from=2025-03-01&to=2025-04-30&locationId=${other.id}`,
      cookie: fleet,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().vehicles.some((v: Row) => v.vehicleId === vehicle.id)).toBe(false);
    expect(res.json().departments).toEqual([]);
  });

  it('downloads every table as CSV and Excel, and they read back to the figures on screen', async () => {
    const office = (await t.call(SW, { method: 'GET', url: `/api/admin/evaluation/office?${PERIOD}`, cookie: swAdmin })).json();
    for (const table of ['grundrisse', 'wochentage', 'plaetze', 'abteilungen']) {
      const csv = await t.call(SW, {
        method: 'GET',
        url: `/api/admin/evaluation/office/export?${PERIOD}&table=${table}&format=csv`,
        cookie: swAdmin,
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="bueroauslastung_${table}_2025-03-03_2025-03-09.csv"`);
      const parsed = parseCsv(csv.body);
      const xlsx = await t.call(SW, {
        method: 'GET',
        url: `/api/admin/evaluation/office/export?${PERIOD}&table=${table}&format=xlsx`,
        cookie: swAdmin,
      });
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(String(sheet.getRow(1).getCell(1).value)).toContain('03.03.2025 – 09.03.2025');
      // Same header and same number of rows in both files.
      const header = (sheet.getRow(2).values as unknown[]).slice(1).map(String);
      expect(header).toEqual(parsed[0]);
      expect(sheet.rowCount - 2).toBe(parsed.length - 1);
    }
    const csv = await csvOf(SW, swAdmin, `/api/admin/evaluation/office/export?${PERIOD}&table=grundrisse&format=csv`);
    expect(csv[0]).toEqual([
      'Grundriss',
      'Bereich',
      'Lokation',
      'Plätze',
      'Buchungen',
      'Gebuchte Stunden',
      'Angebotene Stunden',
      'Auslastung %',
      'Stornoquote %',
      'No-Show-Quote %',
    ]);
    const line = csv.find((r) => r[0] === 'Verwaltung 2. OG')!;
    const plan = office.floorPlans.find((p: Row) => p.floorPlan === 'Verwaltung 2. OG');
    expect(line.slice(1, 10)).toEqual([
      'Arbeitswelt',
      plan.location ?? '',
      String(places),
      '4',
      '12',
      String(plan.capacityHours),
      String(plan.utilisation).replace('.', ','),
      '25',
      '25',
    ]);

    const xlsx = await t.call(SW, {
      method: 'GET',
      url: '/api/admin/evaluation/vehicles/export?from=2025-03-01&to=2025-04-30&table=monate&format=xlsx',
      cookie: fleet,
    });
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Auslastung je Fahrzeug und Mona');
    const found: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 2 && row.getCell(1).value === vehicle.license_plate) found.push((row.values as unknown[]).slice(1));
    });
    expect(found.map((r) => [r[2], r[3], r[4], r[5], r[6], r[8]])).toEqual([
      ['03.2025', 1, 1, 1, 4, 120],
      ['04.2025', 1, 1, 0, 2, 30],
    ]);
    const fleetCsv = await csvOf(SW, fleet, '/api/admin/evaluation/vehicles/export?from=2025-03-01&to=2025-04-30&table=flotte&format=csv');
    expect(fleetCsv[0]).toEqual(['Monat', 'Buchungen', 'Fahrten', 'Stornos', 'Gebuchte Stunden', 'Auslastung %', 'Kilometer']);
    expect(fleetCsv.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[4], r[6]])).toEqual([
      ['03.2025', '1', '1', '1', '4', '120'],
      ['04.2025', '1', '1', '0', '2', '30'],
    ]);
    const perVehicle = await csvOf(
      SW,
      fleet,
      '/api/admin/evaluation/vehicles/export?from=2025-03-01&to=2025-04-30&table=fahrzeuge&format=csv',
    );
    expect(perVehicle.find((r) => r[0] === vehicle.license_plate)?.slice(3, 6)).toEqual(['2', '2', '1']);
    const dep = await csvOf(SW, fleet, '/api/admin/evaluation/vehicles/export?from=2025-03-01&to=2025-04-30&table=abteilungen&format=csv');
    expect(dep).toEqual([
      ['Abteilung', 'Buchungen', 'Fahrten', 'Kilometer'],
      [department, '2', '2', '150'],
    ]);
  });

  it('refuses bad periods, tables and formats with clear messages', async () => {
    const bad = async (query: string) => {
      const res = await t.call(SW, { method: 'GET', url: `/api/admin/evaluation/office?${query}`, cookie: swAdmin });
      expect(res.statusCode).toBe(400);
      return res.json().error.message as string;
    };
    expect(await bad('from=2025-03-09&to=2025-03-03')).toBe('Das Ende des Zeitraums liegt vor dem Beginn.');
    expect(await bad('from=2024-01-01&to=2025-01-01')).toBe('Der Zeitraum darf höchstens 366 Tage umfassen.');
    expect(await bad('from=2025-02-30&to=2025-03-03')).toBe('Bitte geben Sie ein gültiges Datum für „Von“ an (TT.MM.JJJJ).');
    expect(await bad('to=2025-03-03')).toBe('Bitte geben Sie „Von“ an.');
    expect(await bad(`${PERIOD}&locationId=kein-uuid`)).toContain('„Standort“');
    const months = await t.call(SW, {
      method: 'GET',
      url: `/api/admin/evaluation/vehicles/months?${PERIOD}&vehicleId=kein-uuid`,
      cookie: fleet,
    });
    expect(months.statusCode).toBe(400);
    expect(months.json().error.message).toContain('„Fahrzeug“');
    const without = await t.call(SW, { method: 'GET', url: `/api/admin/evaluation/vehicles/months?${PERIOD}`, cookie: fleet });
    expect(without.statusCode).toBe(400);
    const unknown = await t.call(SW, {
      method: 'GET',
      url: `/api/admin/evaluation/vehicles/months?${PERIOD}&vehicleId=00000000-0000-4000-8000-000000000000`,
      cookie: fleet,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Fahrzeug nicht gefunden.');
    const exportBad = await t.call(SW, {
      method: 'GET',
      url: `/api/admin/evaluation/office/export?${PERIOD}&table=fahrzeuge&format=csv`,
      cookie: swAdmin,
    });
    expect(exportBad.statusCode).toBe(400);
    const pdf = await t.call(SW, {
      method: 'GET',
      url: `/api/admin/evaluation/office/export?${PERIOD}&table=grundrisse&format=pdf`,
      cookie: swAdmin,
    });
    expect(pdf.statusCode).toBe(400);
  });

  it('guards both screens like their pages: no admin, no ausstattung, no fahrzeugPflege', async () => {
    const get = (cookie: string | undefined, what: string) =>
      t.call(SW, { method: 'GET', url: `/api/admin/evaluation/${what}?${PERIOD}`, ...(cookie ? { cookie } : {}) });
    expect((await get(undefined, 'office')).statusCode).toBe(401);
    const denied = async (cookie: string, what: string, text: string) => {
      const res = await get(cookie, what);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(text);
    };
    await denied(staff, 'office', 'no admin');
    await denied(staff, 'vehicles', 'no admin');
    await denied(fleet, 'office', 'no ausstattung');
    const officeCsv = await t.call(SW, {
      method: 'GET',
      url: `/api/admin/evaluation/office/export?${PERIOD}&table=grundrisse&format=csv`,
      cookie: fleet,
    });
    expect(officeCsv.statusCode).toBe(403);
    expect(officeCsv.json().error.message).toBe('no ausstattung');
    expect((await get(fleet, 'vehicles')).statusCode).toBe(200);
    expect((await get(swAdmin, 'vehicles')).statusCode).toBe(200);
    const csv = await t.call(SW, {
      method: 'GET',
      url: `/api/admin/evaluation/vehicles/export?${PERIOD}&table=fahrzeuge&format=csv`,
      cookie: staff,
    });
    expect(csv.statusCode).toBe(403);
    expect(csv.json().error.message).toBe('no admin');
  });

  it('keeps tenants apart: another tenant’s admin sees none of these figures, not even with a foreign location id', async () => {
    const swLocation = await one(sql`select location_id::text as id from vehicles where id = ${vehicle.id}::uuid`);
    const tourAdmin = await t.login(TOUR, 'admin@tourismus.test');
    const res = await t.call(TOUR, {
      method: 'GET',
      url: `/api/admin/evaluation/vehicles?from=2025-03-01&to=2025-04-30`,
      cookie: tourAdmin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().vehicles.some((v: Row) => v.vehicleId === vehicle.id)).toBe(false);
    expect(res.json().locations.some((l: Row) => l.id === swLocation.id)).toBe(false);
    const foreign = await t.call(TOUR, {
      method: 'GET',
      url: `/api/admin/evaluation/vehicles?from=2025-03-01&to=2025-04-30&locationId=${swLocation.id}`,
      cookie: tourAdmin,
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toMatchObject({ vehicles: [], departments: [] });
    expect(foreign.json().months.every((m: Row) => m.bookings === 0 && m.kilometres === 0)).toBe(true);
    const foreignMonths = await t.call(TOUR, {
      method: 'GET',
      url: `/api/admin/evaluation/vehicles/months?from=2025-03-01&to=2025-04-30&vehicleId=${vehicle.id}`,
      cookie: tourAdmin,
    });
    expect(foreignMonths.statusCode).toBe(404);
    const foreignTable = await csvOf(
      TOUR,
      tourAdmin,
      '/api/admin/evaluation/vehicles/export?from=2025-03-01&to=2025-04-30&table=monate&format=csv',
    );
    expect(foreignTable.some((r) => r[0] === vehicle.license_plate)).toBe(false);
    const bibAdmin = await t.login(BIB, 'admin@bibliothek.test');
    const office = await t.call(BIB, { method: 'GET', url: `/api/admin/evaluation/office?${PERIOD}`, cookie: bibAdmin });
    expect(office.statusCode).toBe(200);
    expect(
      office
        .json()
        .floorPlans.map((p: Row) => p.floorPlan)
        .sort(),
    ).toEqual(['Lesesaal 1. Obergeschoss', 'Lesesaal Erdgeschoss']);
    expect(office.json().departments).toEqual([]);
  });
});
