import { addDays } from '@domain/opening-hours';
import { berlinDay } from '@domain/vehicle-time';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { pdfText } from '../support/pdf-text';
import { startTestApp, type TestApp } from '../support/test-app';
import { multipart } from './reading-room-support';
import { book, createVehicle, locationId, SW, TI, testVehicle } from './vehicle-support';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const today = () => berlinDay(new Date());
const daysAgo = (n: number) => addDays(today(), -n);

describe.each(DB_KINDS)('fleet costs (cards, receipts, cost report) on %s', (kind) => {
  let t: TestApp;
  let booker: string;
  let fleet: string;
  let foreign: string;
  let vehicle: { id: string };
  let cardId: string;
  const n = kind === 'pglite' ? 1 : 2;

  const receipt = (cookie: string, payload: object, id = vehicle.id, host = SW) =>
    t.call(host, { method: 'POST', url: `/api/vehicles/${id}/fuel-receipts`, cookie, payload });
  const count = async () =>
    Number(
      (
        (await t.database.db.execute(
          sql`select count(*)::int as c from fuel_receipts where vehicle_id = ${vehicle.id}::uuid`,
        )) as unknown as {
          rows: { c: number }[];
        }
      ).rows[0]!.c,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    [booker, fleet, foreign] = await Promise.all([
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
      t.login(SW, 'fuhrpark@stadtwerke.test'),
      t.login(TI, 'admin@tourismus.test'),
    ]);
    vehicle = await createVehicle(t, fleet, testVehicle(await locationId(t, SW, fleet, 'Betriebshof Nord'), `MS-FK ${n}01`));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a card number as its last four digits only, and only the fleet manages cards', async () => {
    const created = await t.call(SW, {
      method: 'POST',
      url: '/api/fleet-costs/cards',
      cookie: fleet,
      payload: { kind: 'kraftstoff', provider: 'Aral Fleet', number: '7034 5600 1234 5678', vehicleId: vehicle.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().card).toMatchObject({ masked: '•••• 5678', lastFour: '5678', vehicleId: vehicle.id });
    cardId = created.json().card.id;
    const stored = (await t.database.db.execute(sql`select * from fuel_cards where id = ${cardId}::uuid`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(JSON.stringify(stored.rows[0])).not.toContain('70345600');
    expect(Object.keys(stored.rows[0]!).some((k) => k.includes('pin'))).toBe(false);

    const bad = await t.call(SW, {
      method: 'POST',
      url: '/api/fleet-costs/cards',
      cookie: fleet,
      payload: { kind: 'kraftstoff', provider: 'Aral', number: '12ab' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Die Kartennummer muss aus 6 bis 24 Ziffern bestehen.');
    const byDriver = await t.call(SW, {
      method: 'POST',
      url: '/api/fleet-costs/cards',
      cookie: booker,
      payload: { kind: 'kraftstoff', provider: 'Aral', number: '12345678' },
    });
    expect(byDriver.statusCode).toBe(403);
    // the driver sees the vehicle's cards masked, for the receipt form
    const seen = await t.call(SW, { method: 'GET', url: `/api/vehicles/${vehicle.id}/fuel-cards`, cookie: booker });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().cards.map((c: { masked: string }) => c.masked)).toEqual(['•••• 5678']);

    const cap = await t.call(SW, {
      method: 'PUT',
      url: `/api/vehicles/${vehicle.id}/capacity`,
      cookie: fleet,
      payload: { tankLitres: 50, batteryKwh: null },
    });
    expect(cap.statusCode, cap.body).toBe(200);
    expect(
      (
        await t.call(SW, {
          method: 'PUT',
          url: `/api/vehicles/${vehicle.id}/capacity`,
          cookie: booker,
          payload: { tankLitres: 10, batteryKwh: null },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('records a receipt with card and photo from the driver, and refuses what cannot be true, writing nothing', async () => {
    const up = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/care-files`,
      cookie: booker,
      ...multipart(PNG, 'beleg.png', 'image/png'),
    });
    expect(up.statusCode, up.body).toBe(200);
    const ok = await receipt(booker, {
      kind: 'kraftstoff',
      day: daysAgo(5),
      litres: 42.5,
      amount: 76.08,
      odometer: 10_000,
      cardId,
      photo: up.json().fileId,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().receipt).toMatchObject({ kind: 'kraftstoff', litres: 42.5, amount: 76.08, card: 'Aral Fleet •••• 5678' });
    const photo = await t.call(SW, { method: 'GET', url: ok.json().receipt.photo.url, cookie: fleet });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    const before = await count();

    const cases: [object, string][] = [
      [{ kind: 'kraftstoff', day: daysAgo(1), litres: -5, amount: 10 }, 'Die Menge darf nicht negativ sein.'],
      [{ kind: 'kraftstoff', day: daysAgo(1), litres: 5, amount: -10 }, 'Der Betrag darf nicht negativ sein.'],
      [{ kind: 'kraftstoff', day: addDays(today(), 1), litres: 5, amount: 10 }, 'Ein Beleg kann nicht in der Zukunft liegen.'],
      [{ kind: 'kraftstoff', day: daysAgo(1), litres: 64, amount: 110 }, '64 Liter passen nicht in den Tank dieses Fahrzeugs (50 Liter).'],
      [
        { kind: 'kraftstoff', day: daysAgo(1), litres: 30, amount: 50, odometer: 9_000 },
        'Der Kilometerstand liegt unter dem zuletzt bekannten (10.000 km).',
      ],
      [
        { kind: 'laden', day: daysAgo(1), kwh: 20, amount: 9, cardId },
        'Eine Tankkarte passt nur zu einem Tankbeleg, eine Ladekarte nur zu einem Ladevorgang.',
      ],
      [{ kind: 'kraftstoff', day: daysAgo(1), amount: 50 }, 'Ein Tankbeleg braucht die getankten Liter.'],
    ];
    for (const [payload, message] of cases) {
      const res = await receipt(booker, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('finds nothing of another tenant: its card, its vehicle, its receipts', async () => {
    const foreignVehicle = (await t.call(TI, { method: 'GET', url: '/api/vehicles', cookie: foreign })).json().vehicles?.[0]?.id as
      | string
      | undefined;
    const made = await t.call(TI, {
      method: 'POST',
      url: '/api/fleet-costs/cards',
      cookie: foreign,
      payload: { kind: 'kraftstoff', provider: 'Shell', number: '99998888777', vehicleId: foreignVehicle ?? null },
    });
    expect(made.statusCode, made.body).toBe(201);
    const foreignCard = made.json().card.id as string;
    const before = await count();
    const withForeignCard = await receipt(booker, { kind: 'kraftstoff', day: daysAgo(1), litres: 10, amount: 18, cardId: foreignCard });
    expect(withForeignCard.statusCode).toBe(404);
    expect(await count()).toBe(before);
    expect(
      (
        await t.call(SW, {
          method: 'PUT',
          url: `/api/fleet-costs/cards/${foreignCard}`,
          cookie: fleet,
          payload: { kind: 'kraftstoff', provider: 'X' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call(SW, { method: 'GET', url: '/api/fleet-costs/cards', cookie: fleet }))
        .json()
        .cards.some((c: { id: string }) => c.id === foreignCard),
    ).toBe(false);
    // the other tenant reaches neither our vehicle's receipts nor records one on it
    expect((await t.call(TI, { method: 'GET', url: `/api/vehicles/${vehicle.id}/fuel-receipts`, cookie: foreign })).statusCode).toBe(404);
    expect((await receipt(foreign, { kind: 'kraftstoff', day: daysAgo(1), litres: 10, amount: 18 }, vehicle.id, TI)).statusCode).toBe(404);
    const report = (
      await t.call(TI, { method: 'GET', url: `/api/admin/evaluation/costs?from=${daysAgo(30)}&to=${today()}`, cookie: foreign })
    ).json();
    expect(report.vehicles.some((v: { vehicleId: string }) => v.vehicleId === vehicle.id)).toBe(false);
  });

  it('reports costs per vehicle with cost per kilometre and consumption, exported as Excel and PDF', async () => {
    // a trip of 120 km in the logbook, a charging-free car: a second refuel and a car wash
    const b = await book(t, booker, {
      vehicleId: vehicle.id,
      von: new Date(Date.now() + 5 * 60_000).toISOString(),
      bis: new Date(Date.now() + 65 * 60_000).toISOString(),
      reason: 'Zählerablesung',
      destination: 'Hafenweg 3',
    });
    expect(b.statusCode, b.body).toBe(201);
    const id = b.json().booking.id as string;
    expect(
      (await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${id}/check-in`, cookie: booker, payload: { mileage: 10_050 } }))
        .statusCode,
    ).toBe(200);
    const attrs = (await t.call(SW, { method: 'GET', url: '/api/vehicle-attributes?target=FAHRZEUG_VERLAUF', cookie: booker })).json()
      .attributes as { id: string; label: string }[];
    const out = await t.call(SW, {
      method: 'POST',
      url: `/api/vehicle-bookings/${id}/check-out`,
      cookie: booker,
      payload: {
        mileage: 10_170,
        fuelPercent: 60,
        cleanlinessInside: 'sauber',
        cleanlinessOutside: 'sauber',
        parkingSpaceId: null,
        damages: [],
        attributes: { [attrs.find((a) => a.label === 'Art der Fahrt')!.id]: 'dienst' },
      },
    });
    expect(out.statusCode, out.body).toBe(200);
    const atTripEnd = await receipt(booker, {
      kind: 'kraftstoff',
      day: today(),
      litres: 9.5,
      amount: 17.1,
      odometer: 10_165,
      bookingId: id,
      cardId,
    });
    expect(atTripEnd.statusCode, atTripEnd.body).toBe(201);
    expect(atTripEnd.json().receipt.fromTrip).toBe(true);
    expect((await receipt(booker, { kind: 'sonstiges', day: today(), amount: 14.9, note: 'Waschanlage' })).statusCode).toBe(201);

    // to tomorrow: a booking made shortly before midnight books its hour partly on the next day (Europe/Berlin)
    const q = `from=${daysAgo(30)}&to=${addDays(today(), 1)}`;
    expect((await t.call(SW, { method: 'GET', url: `/api/admin/evaluation/costs?${q}`, cookie: booker })).statusCode).toBe(403);
    const res = await t.call(SW, { method: 'GET', url: `/api/admin/evaluation/costs?${q}`, cookie: fleet });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().vehicles.find((v: { vehicleId: string }) => v.vehicleId === vehicle.id);
    expect(row).toMatchObject({ fuel: 93.18, other: 14.9, total: 108.08, kilometres: 120, perKilometre: 0.9, litresPer100: 43.3 });
    expect(row.bookedHours).toBeGreaterThan(0);

    const xlsx = await t.call(SW, { method: 'GET', url: `/api/admin/evaluation/costs/export?${q}&format=xlsx`, cookie: fleet });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(2).values).toContain('€/km');
    const line = sheet.getSheetValues().find((r) => Array.isArray(r) && r.includes(`MS-FK ${n}01`)) as unknown[];
    expect(line).toContain(108.08);
    expect(line).toContain(120);

    const pdf = await t.call(SW, { method: 'GET', url: `/api/admin/evaluation/costs/export?${q}&format=pdf`, cookie: fleet });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, '');
    expect(text).toContain('Fahrzeugkosten');
    expect(text).toContain(`MS-FK${n}01`);
    expect(text).toContain('108,08');
  });

  it('lists the receipts for the fleet only, lets the fleet delete one, and answers in English for en-us', async () => {
    expect((await t.call(SW, { method: 'GET', url: `/api/vehicles/${vehicle.id}/fuel-receipts`, cookie: booker })).statusCode).toBe(403);
    const list = await t.call(SW, { method: 'GET', url: `/api/vehicles/${vehicle.id}/fuel-receipts`, cookie: fleet });
    expect(list.statusCode).toBe(200);
    expect(list.json().capacity).toEqual({ tankLitres: 50, batteryKwh: null });
    const [newest] = list.json().receipts as { id: string }[];
    expect(
      (await t.call(SW, { method: 'DELETE', url: `/api/vehicles/${vehicle.id}/fuel-receipts/${newest!.id}`, cookie: booker })).statusCode,
    ).toBe(403);
    expect(
      (await t.call(SW, { method: 'DELETE', url: `/api/vehicles/${vehicle.id}/fuel-receipts/${newest!.id}`, cookie: fleet })).statusCode,
    ).toBe(200);

    expect(
      (await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie: booker, payload: { value: 'en-us' } })).statusCode,
    ).toBe(200);
    const future = await receipt(booker, { kind: 'kraftstoff', day: addDays(today(), 2), litres: 5, amount: 9 });
    expect(future.json().error.message).toBe('A receipt cannot be dated in the future.');
    const over = await receipt(booker, { kind: 'kraftstoff', day: daysAgo(1), litres: 60, amount: 9 });
    expect(over.json().error.message).toBe("60 litres do not fit into this vehicle's tank (50 litres).");
  });
});
