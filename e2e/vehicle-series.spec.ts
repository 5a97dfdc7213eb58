import { MESSAGES } from '@domain/vehicle-booking';
import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, setUpJourneys } from './support/journey';
import { pagesOf, roundTheClockVehicle, SW, signInToVehicles } from './support/vehicle-journey';

/** Decision 115: a pool vehicle booked as a series from the booking dialog, seen and cancelled in „Ihre Buchungen“. */

const env = setUpJourneys();
const fresh = pagesOf(env, 'vehicle-series');

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the booking dialog of the vehicle on tomorrow's day and sets 10:00–12:00 with „Wiederholen“. */
async function openSeries(page: Page, plate: string) {
  await page.locator(`[data-vehicle="${plate}"]`).waitFor();
  await page
    .getByRole('button', { name: /Weiter/ })
    .first()
    .click();
  await page.getByRole('button', { name: `Buchen: Serien Wagen ${plate}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Freie Zeiten an diesem Tag').waitFor();
  await pick(page, 'Beginn', '10:00');
  await pick(page, 'Ende', '12:00');
  await dialog.getByTestId('vehicle-series-toggle').click();
  return dialog;
}

describe('vehicle series in Chromium', () => {
  it('mitarbeiter@ repeats a car weekly, sees the taken date refused with the message, books the rest and cancels the whole series', async () => {
    const fleet = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const plate = 'MS-SR 115';
    const vehicleId = await roundTheClockVehicle(env, fleet, { brand: 'Serien', model: 'Wagen', licensePlate: plate });
    const tomorrow = addDays(berlinDay(new Date()), 1);
    const taken = addDays(tomorrow, 7);
    const blocking = await env.server.call(SW, {
      method: 'POST',
      url: '/api/vehicle-bookings',
      cookie: fleet,
      payload: { vehicleId, von: berlinInstant(taken, '11:00').toISOString(), bis: berlinInstant(taken, '13:00').toISOString() },
    });
    expect(blocking.statusCode, blocking.body).toBe(201);

    const page = await fresh({ width: 1440, height: 1000 });
    await signInToVehicles(env, page, 'mitarbeiter@stadtwerke.test');
    const dialog = await openSeries(page, plate);
    await dialog.getByLabel('Grund der Fahrt').fill('Wochenmarkt');
    await dialog.getByRole('button', { name: 'Termine prüfen' }).click();
    await dialog.getByTestId('vehicle-series-summary').getByText('7 von 8 Terminen buchbar').waitFor();
    const refused = dialog.locator('[data-testid="vehicle-series-dates"] tr[data-state="abgelehnt"]');
    expect(await refused.count()).toBe(1);
    expect(await refused.innerText()).toContain(`${taken.slice(8, 10)}.${taken.slice(5, 7)}.${taken.slice(0, 4)}`);
    expect(await refused.innerText()).toContain(MESSAGES.alreadyBooked);
    expect(await dialog.locator('tr[data-state="spaeter"]').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/fahrzeug-serie-1440.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Serie buchen' }).click();
    await page.getByText(/^Serie gespeichert: \d+ Termine gebucht\.$/).waitFor();

    await page.goto(env.server.url('stadtwerke', '/fahrzeuge/uebersicht'));
    const cards = page
      .locator('[data-booking-id]')
      .filter({ hasText: plate })
      .filter({ has: page.getByTestId('series-badge') });
    await cards.first().waitFor();
    // The overview says when its list is complete (aria-busy).
    await page.locator('[aria-busy="false"]').filter({ has: cards.first() }).waitFor();
    const booked = await cards.count();
    expect(booked).toBeGreaterThan(1);
    await page.screenshot({ path: `${SHOTS}/fahrzeug-serie-uebersicht-1440.png`, fullPage: true });
    await cards.first().getByRole('button', { name: 'Stornieren' }).click();
    const cancel = page.getByTestId('vehicle-series-cancel');
    await cancel.getByRole('button', { name: 'Die ganze Serie' }).click();
    await page.getByText(`${booked} Termine storniert.`).waitFor();
  });

  it('on a phone (390 px) the series section fits and the preview lists the dates', async () => {
    const fleet = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const plate = 'MS-SR 390';
    await roundTheClockVehicle(env, fleet, { brand: 'Serien', model: 'Wagen', licensePlate: plate });
    const page = await fresh({ width: 390, height: 844 });
    await signInToVehicles(env, page, 'freigabe@stadtwerke.test');
    const dialog = await openSeries(page, plate);
    await dialog.getByRole('button', { name: 'Termine prüfen' }).click();
    await dialog.getByTestId('vehicle-series-summary').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/fahrzeug-serie-390.png`, fullPage: true });
  });
});
