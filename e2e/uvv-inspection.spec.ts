import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, setUpJourneys, switchToEnglish } from './support/journey';
import { pagesOf, roundTheClockVehicle, SW, signInToVehicles } from './support/vehicle-journey';

const env = setUpJourneys();
const fresh = pagesOf(env, 'uvv-inspection');
const signIn = (page: Page, email: string) => signInToVehicles(env, page, email);
const DAY = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
const german = (iso: string) => iso.split('-').reverse().join('.');
const PDF = Buffer.from('%PDF-1.4\n% Prüfbericht\n');

async function vehicleId(cookie: string, plate: string): Promise<string> {
  const list = (await env.server.call(SW, { method: 'GET', url: '/api/vehicles', cookie })).json().vehicles as {
    id: string;
    licensePlate: string;
  }[];
  return list.find((v) => v.licensePlate === plate)!.id;
}

describe('UVV inspection journeys in Chromium', () => {
  it('the fleet records the overdue UVV inspection of the Crafter at 1440 px; the list marks the Octavia as due', async () => {
    const fleetCookie = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const crafter = await vehicleId(fleetCookie, 'MS-SW 410');
    const fleet = await fresh();
    await signIn(fleet, 'fuhrpark@stadtwerke.test');
    await fleet.locator('[data-vehicle="MS-SW 410"]').getByTestId('vehicle-due-badge').filter({ hasText: 'UVV überfällig' }).waitFor();
    await fleet
      .locator('[data-vehicle="MS-SW 220"]')
      .getByTestId('vehicle-due-badge')
      .filter({ hasText: /^UVV fällig \d\d\.\d\d\.\d{4}$/ })
      .waitFor();
    await fleet.screenshot({ path: `${SHOTS}/uvv-fahrzeugliste-1440.png` });

    await fleet.goto(env.server.url('stadtwerke', `/fahrzeuge/${crafter}?tab=serviceheft`));
    await fleet
      .getByTestId('service-due')
      .filter({ hasText: /^UVV-Prüfung überfällig seit \d\d\.\d\d\.\d{4}$/ })
      .waitFor();
    await fleet.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
    const dialog = fleet.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Art', exact: true }).click();
    await fleet.getByRole('option', { name: 'UVV-Prüfung' }).click();
    await dialog.getByText('Leer lassen: Datum der Prüfung plus 12 Monate').waitFor();
    await dialog.getByLabel(/Beschreibung/).fill('Prüfung nach DGUV Vorschrift 70, Warnleuchte ersetzt');
    // Without an inspector the server says what is missing.
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Bitte geben Sie an, wer die UVV-Prüfung durchgeführt hat.' }).waitFor();
    await dialog.getByLabel(/Prüfer \(befähigte Person\)/).fill('Jens Hoppe');
    await dialog.getByRole('combobox', { name: /Prüfergebnis/ }).click();
    await fleet.getByRole('option', { name: 'Mängel behoben' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'pruefbericht.pdf', mimeType: 'application/pdf', buffer: PDF });
    await fleet.screenshot({ path: `${SHOTS}/uvv-eintrag-dialog-1440.png` });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await fleet.getByText('Der Eintrag ist gespeichert.').waitFor();
    const entry = fleet.getByTestId('service-entry').filter({ hasText: 'Warnleuchte ersetzt' });
    await entry.getByTestId('uvv-result').filter({ hasText: 'Mängel behoben' }).waitFor();
    const text = await entry.textContent();
    expect(text).toContain('geprüft von Jens Hoppe');
    const [y, m, d] = isoDay(0).split('-').map(Number) as [number, number, number];
    const next = `${String(m === 2 && d === 29 ? 28 : d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y + 1}`;
    expect(text).toContain(`nächste Fälligkeit ${next}`);
    expect(text).toContain('Beleg 1 (PDF)');
    expect(await fleet.getByTestId('service-due').filter({ hasText: 'UVV-Prüfung überfällig' }).count()).toBe(0);
    await fleet.screenshot({ path: `${SHOTS}/uvv-serviceheft-1440.png`, fullPage: true });
  });

  it('with the UVV gate on, a driver on a phone is told in English why the trip cannot start', async () => {
    const fleetCookie = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const admin = await env.server.login(SW, 'admin@stadtwerke.test');
    const booker = await env.server.login(SW, 'mitarbeiter@stadtwerke.test');
    const car = await roundTheClockVehicle(env, fleetCookie, { brand: 'Opel', model: 'Combo', licensePlate: 'MS-UV 390' });
    const booked = await env.server.call(SW, {
      method: 'POST',
      url: '/api/vehicle-bookings',
      cookie: booker,
      payload: {
        vehicleId: car,
        von: new Date(Date.now() + 5 * 60_000).toISOString(),
        bis: new Date(Date.now() + 65 * 60_000).toISOString(),
        reason: 'Zählerablesung',
        destination: 'Hafenweg 3',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const entry = await env.server.call(SW, {
      method: 'POST',
      url: `/api/vehicles/${car}/service-entries`,
      cookie: fleetCookie,
      payload: {
        kind: 'UVV-Prüfung',
        description: 'Prüfung nach DGUV Vorschrift 70',
        performedOn: isoDay(-400),
        inspector: 'Jens Hoppe',
        uvvResult: 'ohne Mängel',
        nextDueOn: isoDay(-3),
      },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const gate = await env.server.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugUvvSperre',
      cookie: admin,
      payload: { layer: 'MANDANT', value: true },
    });
    expect(gate.statusCode, gate.body).toBe(200);
    try {
      const driver = await fresh({ width: 390, height: 844 });
      await signIn(driver, 'mitarbeiter@stadtwerke.test');
      await switchToEnglish(driver);
      await driver.goto(env.server.url('stadtwerke', '/fahrzeuge/uebersicht'));
      const card = driver.locator('[data-booking-id]').filter({ hasText: 'MS-UV 390' }).first();
      await card.getByRole('button', { name: 'Start trip' }).click();
      const start = driver.getByRole('dialog');
      await start.getByRole('button', { name: 'Start trip' }).click();
      await driver
        .getByText(
          `The vehicle's UVV inspection was due on ${german(isoDay(-3))}; it cannot be booked or driven until it is inspected again.`,
        )
        .first()
        .waitFor();
      await driver.screenshot({ path: `${SHOTS}/uvv-fahrtantritt-gesperrt-390-en.png` });

      // The fleet's booklet in English on a phone.
      const phone = await fresh({ width: 390, height: 844 });
      await signIn(phone, 'fuhrpark@stadtwerke.test');
      await switchToEnglish(phone);
      await phone.goto(env.server.url('stadtwerke', `/fahrzeuge/${car}?tab=serviceheft`));
      await phone
        .getByTestId('service-due')
        .filter({ hasText: `UVV inspection overdue since ${german(isoDay(-3))}` })
        .waitFor();
      await phone.getByTestId('uvv-result').filter({ hasText: 'no defects' }).waitFor();
      await phone.screenshot({ path: `${SHOTS}/uvv-serviceheft-390-en.png`, fullPage: true });
    } finally {
      await env.server.call(SW, {
        method: 'PUT',
        url: '/api/settings/fahrzeugUvvSperre',
        cookie: admin,
        payload: { layer: 'MANDANT', value: false },
      });
    }
  });
});
