import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, setUpJourneys } from './support/journey';
import { pagesOf, roundTheClockVehicle, SW, signInToVehicles, startedTrip } from './support/vehicle-journey';

const env = setUpJourneys();
const PLATE = 'MS-E2E 14';

const fresh = pagesOf(env, 'logbook-reports');
const signIn = (page: Page, email: string) => signInToVehicles(env, page, email);
const CAR = { brand: 'VW', model: 'up!', licensePlate: PLATE };

describe('logbook report journeys in Chromium', () => {
  it('where the tenant allows it, the driver picks the trip kind when ending a trip, and the logbook shows it', async () => {
    const admin = await env.server.login(SW, 'admin@stadtwerke.test');
    const allowed = await env.server.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrtenbuchFahrtarten',
      cookie: admin,
      payload: { layer: 'MANDANT', value: ['dienstlich', 'privat', 'Arbeitsweg'] },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const fleetCookie = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const booker = await env.server.login(SW, 'mitarbeiter@stadtwerke.test');
    const vehicleId = await roundTheClockVehicle(env, fleetCookie, CAR);
    const bookingId = await startedTrip(env, booker, vehicleId, {
      reason: 'Fahrt zur Arbeit',
      destination: 'Betriebshof Nord',
      mileage: 7000,
    });

    const driver = await fresh({ width: 390, height: 844 });
    await signIn(driver, 'mitarbeiter@stadtwerke.test');
    await driver.goto(env.server.url('stadtwerke', '/fahrzeuge/uebersicht'));
    await driver.locator(`[data-booking-id="${bookingId}"]`).getByRole('button', { name: 'Fahrt beenden' }).click();
    const end = driver.getByRole('dialog');
    await end.getByLabel('Kilometerstand').fill('7012');
    await end.getByRole('textbox', { name: 'Tankfüllung bzw. Ladestand (%)' }).fill('80');
    await end.getByRole('combobox', { name: 'Art der Fahrt', exact: true }).click();
    await driver.getByRole('option', { name: 'Dienstfahrt', exact: true }).click();
    await end.getByTestId('trip-kind').getByText('Arbeitsweg', { exact: true }).click();
    await driver.screenshot({ path: `${SHOTS}/fahrt-beenden-fahrtart-390.png`, fullPage: true });
    await end.getByRole('button', { name: 'Fahrt beenden' }).click();
    await driver.getByText('Die Fahrt wurde beendet. Vielen Dank!').waitFor();
    await driver.goto(env.server.url('stadtwerke', `/fahrzeuge/${vehicleId}?tab=fahrtenbuch`));
    await driver
      .locator('[data-testid="logbook-card"]:visible, [data-testid="logbook-row"]:visible')
      .filter({ hasText: 'Arbeitsweg' })
      .first()
      .waitFor();
  });

  it('the fleet manager exports a year of all vehicles in the background, sees it finish and downloads it', async () => {
    const fleetCookie = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const vehicles = (await env.server.call(SW, { method: 'GET', url: '/api/vehicles', cookie: fleetCookie })).json().vehicles as {
      id: string;
      licensePlate: string;
    }[];
    const golf = vehicles.find((v) => v.licensePlate === 'MS-SW 101')!;
    for (const width of [390, 1440]) {
      const page = await fresh({ width, height: width === 390 ? 844 : 900 });
      await signIn(page, 'fuhrpark@stadtwerke.test');
      await page.goto(env.server.url('stadtwerke', `/fahrzeuge/${golf.id}?tab=fahrtenbuch`));
      await page
        .locator('label')
        .filter({ hasText: /^Jahr$/ })
        .click();
      const panel = page.getByTestId('logbook-reports');
      await panel.getByRole('button', { name: 'Alle Fahrzeuge als Excel' }).click();
      await panel.getByText('Export fertig').waitFor({ timeout: 60_000 });
      await page.screenshot({ path: `${SHOTS}/fahrtenbuch-hintergrundexport-${width}.png`, fullPage: width === 1440 });
      if (width === 390) continue;
      const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('export-download').click()]);
      expect(download.suggestedFilename()).toMatch(/^fahrtenbuch-\d{4}-01-01-bis-\d{4}-12-31\.xlsx$/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
      const sheet = wb.getWorksheet('Fahrtenbuch')!;
      expect(sheet.getRow(2).getCell(1).value).toBe('Fahrtenbuch Stadtwerke Musterstadt');
      expect(sheet.getRow(3).getCell(1).value).toBe('Fahrzeug: Alle Fahrzeuge');
      const plates = new Set<string>();
      sheet.eachRow((row, n) => {
        if (n > 4 && typeof row.getCell(5).value === 'string') plates.add(row.getCell(5).value as string);
      });
      expect(plates.has('MS-SW 101')).toBe(true);
      expect(plates.size).toBeGreaterThan(1);
    }
  });
});
