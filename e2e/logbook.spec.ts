import { readFile } from 'node:fs/promises';
import { combineDateAndTime, formatDateTime } from '@domain/time';
import { pdfText } from '@test/support/pdf-text';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, setUpJourneys } from './support/journey';
import { pagesOf, roundTheClockVehicle, SW, signInToVehicles, startedTrip } from './support/vehicle-journey';

const env = setUpJourneys();
const PLATE = 'MS-E2E 10';

const fresh = pagesOf(env, 'logbook');
const signIn = (page: Page, email: string) => signInToVehicles(env, page, email);
const CAR = { brand: 'VW', model: 'up!', licensePlate: PLATE };

/** Starts and ends a trip over the API, from `startKm` to `endKm`. */
async function endedTrip(booker: string, vehicleId: string, startKm: number, endKm: number) {
  const bookingId = await startedTrip(env, booker, vehicleId, {
    reason: 'Netzinspektion',
    destination: 'Umspannwerk Süd',
    mileage: startKm,
  });
  const attributes = (
    await env.server.call(SW, { method: 'GET', url: '/api/vehicle-attributes?target=FAHRZEUG_VERLAUF', cookie: booker })
  ).json().attributes as { id: string; label: string }[];
  const kind = attributes.find((a) => a.label === 'Art der Fahrt')!.id;
  const out = await env.server.call(SW, {
    method: 'POST',
    url: `/api/vehicle-bookings/${bookingId}/check-out`,
    cookie: booker,
    payload: {
      mileage: endKm,
      fuelPercent: 70,
      cleanlinessInside: 'sauber',
      cleanlinessOutside: 'sauber',
      parkingSpaceId: null,
      damages: [],
      attributes: { [kind]: 'dienst' },
    },
  });
  expect(out.statusCode, out.body).toBe(200);
}

describe('logbook journeys in Chromium', () => {
  it('a driver ends a trip and finds it in the logbook; the fleet manager corrects it, both versions show, and exports Excel and PDF', async () => {
    const fleetCookie = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const booker = await env.server.login(SW, 'mitarbeiter@stadtwerke.test');
    const vehicleId = await roundTheClockVehicle(env, fleetCookie, CAR);
    const bookingId = await startedTrip(env, booker, vehicleId, { reason: 'Zählerablesung', destination: 'Pumpwerk Ost', mileage: 5000 });

    const driver = await fresh();
    await signIn(driver, 'mitarbeiter@stadtwerke.test');
    await driver.goto(env.server.url('stadtwerke', '/fahrzeuge/uebersicht'));
    const running = driver.locator(`[data-booking-id="${bookingId}"]`);
    await running.getByRole('button', { name: 'Fahrt beenden' }).click();
    const end = driver.getByRole('dialog');
    await end.getByLabel('Kilometerstand').fill('5037');
    await end.getByRole('textbox', { name: 'Tankfüllung bzw. Ladestand (%)' }).fill('70');
    await end.getByRole('combobox', { name: 'Art der Fahrt', exact: true }).click();
    await driver.getByRole('option', { name: 'Dienstfahrt', exact: true }).click();
    await end.getByRole('button', { name: 'Fahrt beenden' }).click();
    await driver.getByText('Die Fahrt wurde beendet. Vielen Dank!').waitFor();
    await driver.goto(env.server.url('stadtwerke', `/fahrzeuge/${vehicleId}?tab=fahrtenbuch`));
    const row = driver.getByTestId('logbook-row').filter({ hasText: '5000–5037' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('37 km');
    await expect(row.textContent()).resolves.toContain('Pumpwerk Ost');
    await driver.getByText('Sie sehen Ihre eigenen Fahrten.').waitFor();

    const fleet = await fresh();
    await signIn(fleet, 'fuhrpark@stadtwerke.test');
    await fleet.goto(env.server.url('stadtwerke', `/fahrzeuge/${vehicleId}?tab=fahrtenbuch`));
    const fleetRow = fleet.getByTestId('logbook-row').filter({ hasText: '5000–5037' });
    await fleetRow.getByRole('button', { name: 'Korrigieren' }).click();
    const dialog = fleet.getByRole('dialog');
    await dialog.getByLabel('Ziel', { exact: true }).fill('Pumpwerk Ost, Tor 2');
    await dialog.getByLabel('km-Stand Ende').fill('5039');
    await dialog.getByLabel(/Grund der Korrektur/).fill('Tacho und Ziel laut Fahrer');
    await dialog.getByRole('button', { name: 'Korrektur speichern' }).click();
    await fleet.getByText('Die Korrektur ist gespeichert.').waitFor();
    const corrected = fleet.getByTestId('logbook-row').filter({ hasText: '5000–5039' });
    await corrected.getByText(/Version 2 · korrigiert am \d\d\.\d\d\.\d{4} von Felix Fuhrmann/).waitFor();
    await corrected.getByRole('button', { name: '1 frühere Version anzeigen' }).click();
    await corrected
      .getByTestId('logbook-version')
      .filter({ hasText: 'Original' })
      .filter({ hasText: 'km 5000–5037, Pumpwerk Ost,' })
      .waitFor();

    await fleet
      .locator('label')
      .filter({ hasText: /^Quartal$/ })
      .click();
    await fleet
      .getByTestId('logbook-period')
      .filter({ hasText: /^01\.\d\d\.\d{4}–\d\d\.\d\d\.\d{4}$/ })
      .waitFor();
    const [xlsx] = await Promise.all([fleet.waitForEvent('download'), fleet.getByTestId('export-xlsx').click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await xlsx.path())!)) as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.getWorksheet('Fahrtenbuch')!.eachRow((r) => {
      cells.push(((r.values as unknown[]).slice(1) as unknown[]).map((v) => String(v ?? '')).join('|'));
    });
    expect(cells[1]).toBe('Fahrtenbuch Stadtwerke Musterstadt');
    expect(cells[2]).toBe(`Fahrzeug: VW up! (${PLATE})`);
    expect(
      cells.some((c) => c.includes('|5000|5039|39|Max Mustermann|Pumpwerk Ost, Tor 2|') && c.includes('Version 2, korrigiert am')),
    ).toBe(true);
    const [pdf] = await Promise.all([fleet.waitForEvent('download'), fleet.getByTestId('export-pdf').click()]);
    const text = pdfText(await readFile((await pdf.path())!)).replace(/\s+/g, '');
    expect(text).toContain('FahrtenbuchStadtwerkeMusterstadt');
    expect(text).toContain('PumpwerkOst,Tor2');
    expect(text).toContain('Summedienstlich:39km');
  });

  it('on a phone the fleet manager explains a gap: the dialog proposes the time between the two trips, and saving succeeds', async () => {
    const fleetCookie = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const booker = await env.server.login(SW, 'mitarbeiter@stadtwerke.test');
    const vehicleId = await roundTheClockVehicle(env, fleetCookie, { brand: 'Opel', model: 'Corsa', licensePlate: 'MS-E2E 11' });
    await endedTrip(booker, vehicleId, 6000, 6040);
    const logbook = async () =>
      (
        await env.server.call(SW, {
          method: 'GET',
          url: `/api/logbook?vehicleId=${vehicleId}&from=2020-01-01&to=2099-12-31`,
          cookie: fleetCookie,
        })
      ).json().entries as { id: string; odometerStart: number; startedAt: string }[];
    // That trip really took place this morning (the fleet manager corrects its times); then 60 km are missing.
    // The minute is taken once: the window below must be the one the correction wrote, even when the clock turns a minute meanwhile.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const hoursAgo = (h: number) => new Date(minute - h * 3_600_000).toISOString();
    const first = (await logbook()).find((e) => e.odometerStart === 6000)!;
    const moved = await env.server.call(SW, {
      method: 'POST',
      url: `/api/logbook/${first.id}/corrections`,
      cookie: fleetCookie,
      payload: { startedAt: hoursAgo(5), endedAt: hoursAgo(4), note: 'Uhrzeiten laut Fahrer' },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    await endedTrip(booker, vehicleId, 6100, 6130);
    const windowFrom = new Date(hoursAgo(4));
    const nextStart = new Date((await logbook()).find((e) => e.odometerStart === 6100)!.startedAt);
    const windowTo = new Date(Math.floor(nextStart.getTime() / 60_000) * 60_000);

    const page = await fresh({ width: 390, height: 844 });
    await signIn(page, 'fuhrpark@stadtwerke.test');
    await page.goto(env.server.url('stadtwerke', `/fahrzeuge/${vehicleId}?tab=fahrtenbuch`));
    const gap = page.locator('[data-testid="logbook-gap"]:visible').first();
    await gap.getByText('(60 km ohne Eintrag)').waitFor();
    await gap.getByRole('button', { name: 'Lücke erklären' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByTestId('gap-window')
      .filter({
        hasText: `zwischen dem Ende der vorherigen Fahrt (${formatDateTime(windowFrom)}) und dem Beginn der nächsten Fahrt (${formatDateTime(windowTo)})`,
      })
      .waitFor();
    const value = (label: string) => dialog.getByLabel(label, { exact: true }).inputValue();
    const proposedStart = combineDateAndTime(await value('Datum Beginn'), await value('Uhrzeit Beginn'));
    const proposedEnd = combineDateAndTime(await value('Datum Ende'), await value('Uhrzeit Ende'));
    expect(proposedStart.getTime()).toBeGreaterThanOrEqual(windowFrom.getTime());
    expect(proposedEnd.getTime()).toBeLessThanOrEqual(windowTo.getTime());
    expect(proposedEnd.getTime()).toBeGreaterThan(proposedStart.getTime());
    await expect(value('km-Stand Beginn')).resolves.toBe('6040');
    await expect(value('km-Stand Ende')).resolves.toBe('6100');
    await dialog.getByLabel(/Wer ist gefahren/).fill('Autohaus Meyer');
    await dialog.getByLabel(/Erklärung \(z\. B\./).fill('Überführung zur Inspektion, Rechnung 4712');
    await page.screenshot({ path: `${SHOTS}/luecke-erklaeren-390.png` });
    await dialog.getByRole('button', { name: 'Erklärung speichern' }).click();
    await page.getByText('Die Lücke ist erklärt.').waitFor();
    await page.locator('[data-testid="logbook-card"]:visible').filter({ hasText: 'Autohaus Meyer' }).waitFor();
    expect(await page.locator('[data-testid="logbook-gap"]:visible').count()).toBe(0);
  });

  it('screens: the demo logbook with its gap and correction at 1440 and 390 px', async () => {
    const fleetCookie = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const vehicles = (await env.server.call(SW, { method: 'GET', url: '/api/vehicles', cookie: fleetCookie })).json().vehicles as {
      id: string;
      licensePlate: string;
    }[];
    const golf = vehicles.find((v) => v.licensePlate === 'MS-SW 101')!;
    for (const width of [1440, 390]) {
      const page = await fresh({ width, height: width === 390 ? 844 : 900 });
      await signIn(page, 'fuhrpark@stadtwerke.test');
      await page.goto(env.server.url('stadtwerke', `/fahrzeuge/${golf.id}?tab=fahrtenbuch`));
      await page
        .locator('label')
        .filter({ hasText: /^Jahr$/ })
        .click();
      await page.locator('[data-testid="logbook-gap"]:visible').first().waitFor();
      await page.locator('[data-testid="logbook-corrected"]:visible').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/fahrtenbuch-${width}.png`, fullPage: width === 1440 });
      await page.getByRole('tab', { name: 'Stammdaten' }).click();
      await page.getByTestId('vehicle-master-data').waitFor();
      await page.screenshot({ path: `${SHOTS}/fahrzeug-stammdaten-${width}.png` });
      await page.getByRole('tab', { name: 'Verlauf' }).click();
      await page.getByTestId('history-entry').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/fahrzeug-verlauf-${width}.png` });
    }

    const page = await fresh();
    await signIn(page, 'fuhrpark@stadtwerke.test');
    await page.goto(env.server.url('stadtwerke', `/fahrzeuge/${golf.id}?tab=fahrtenbuch`));
    await page
      .locator('label')
      .filter({ hasText: /^Jahr$/ })
      .click();
    const gap = page.locator('[data-testid="logbook-gap"]:visible').first();
    await gap.getByText('Lücke: km').filter({ hasText: '(35 km ohne Eintrag)' }).waitFor();
    await gap.getByRole('button', { name: 'Lücke erklären' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Wer ist gefahren/).fill('Autohaus Meyer');
    await dialog.getByLabel(/Erklärung \(z\. B\./).fill('Überführung zur Inspektion, Rechnung 4711');
    await page.screenshot({ path: `${SHOTS}/luecke-erklaeren-1440.png` });
    await dialog.getByRole('button', { name: 'Erklärung speichern' }).click();
    await page.getByText('Die Lücke ist erklärt.').waitFor();
    await page.locator('[data-testid="logbook-row"]:visible').filter({ hasText: 'Autohaus Meyer' }).waitFor();
    expect(await page.locator('[data-testid="logbook-gap"]:visible').count()).toBe(0);
  });
});
