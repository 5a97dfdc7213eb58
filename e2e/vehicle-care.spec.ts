import { mailTo } from '@test/integration/vehicle-support';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, setUpJourneys } from './support/journey';
import { pagesOf, roundTheClockVehicle, SW, signInToVehicles } from './support/vehicle-journey';

const env = setUpJourneys();
const PLATE = 'MS-E2E 77';
/** A real 1×1 PNG, so the browser shows the thumbnail. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

const fresh = pagesOf(env, 'vehicle-care');
const signIn = (page: Page, email: string) => signInToVehicles(env, page, email);
const CAR = { brand: 'Opel', model: 'Corsa', licensePlate: PLATE };

describe('vehicle care journeys in Chromium', () => {
  it('a damage with a photo reaches the fleet manager, who blocks the vehicle as DEFEKT; it cannot be booked until behoben', async () => {
    const fleetCookie = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const booker = await env.server.login(SW, 'mitarbeiter@stadtwerke.test');
    const vehicleId = await roundTheClockVehicle(env, fleetCookie, CAR);
    const later = await env.server.call(SW, {
      method: 'POST',
      url: '/api/vehicle-bookings',
      cookie: booker,
      payload: {
        vehicleId,
        von: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        bis: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
        reason: 'Kundentermin',
      },
    });
    expect(later.statusCode, later.body).toBe(201);

    const driver = await fresh({ width: 390, height: 844 });
    await signIn(driver, 'mitarbeiter@stadtwerke.test');
    await driver.goto(env.server.url('stadtwerke', `/fahrzeuge/${vehicleId}?tab=schaeden`));
    await driver.getByText('Keine Schäden gemeldet.').waitFor();
    await driver.getByRole('button', { name: 'Schaden melden' }).click();
    const dialog = driver.getByRole('dialog');
    await dialog.getByLabel(/Was ist beschädigt/).fill('Außenspiegel links gesprungen');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'spiegel.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Schaden melden' }).click();
    await driver.getByText('Der Schaden ist gemeldet; die Fuhrparkleitung ist informiert.').waitFor();
    await driver.getByTestId('damage').filter({ hasText: 'Außenspiegel links gesprungen' }).getByRole('img').waitFor();

    const mail = await mailTo(env.smtp, 'fuhrpark@stadtwerke.test', `Schaden gemeldet: Opel Corsa (${PLATE})`);
    expect(mail.text).toContain('Außenspiegel links gesprungen');
    expect(mail.text).toContain('Max Mustermann');

    const fleet = await fresh();
    await signIn(fleet, 'fuhrpark@stadtwerke.test');
    await fleet.goto(env.server.url('stadtwerke', `/fahrzeuge/${vehicleId}?tab=schaeden`));
    const card = fleet.getByTestId('damage').filter({ hasText: 'Außenspiegel links gesprungen' });
    await card.getByRole('button', { name: 'Als DEFEKT sperren' }).click();
    await fleet.getByRole('dialog').getByRole('button', { name: 'Als DEFEKT sperren' }).click();
    await fleet.getByText('Fahrzeug gesperrt; 1 Buchung storniert.').waitFor();
    await card.getByTestId('damage-blocking').waitFor();
    await fleet.getByTestId('vehicle-defect').waitFor();
    await mailTo(env.smtp, 'mitarbeiter@stadtwerke.test', `Buchung storniert: Opel Corsa (${PLATE})`);
    await fleet.screenshot({ path: `${SHOTS}/fahrzeug-schaeden-1440.png`, fullPage: true });

    // The list marks the vehicle, and a booking is refused with the catalogue's message.
    await driver.goto(env.server.url('stadtwerke', '/fahrzeuge'));
    await driver.locator(`[data-vehicle="${PLATE}"]`).getByTestId('vehicle-defect-badge').waitFor();
    await driver.locator(`[data-vehicle="${PLATE}"]`).scrollIntoViewIfNeeded();
    await driver.screenshot({ path: `${SHOTS}/fahrzeugliste-defekt-390.png` });
    const refused = await env.server.call(SW, {
      method: 'POST',
      url: '/api/vehicle-bookings',
      cookie: booker,
      payload: {
        vehicleId,
        von: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        bis: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
        reason: 'Kundentermin',
      },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Das Fahrzeug ist defekt und derzeit gesperrt.');
    await driver.goto(env.server.url('stadtwerke', `/fahrzeuge/${vehicleId}?tab=schaeden`));
    await driver.getByTestId('damage-blocking').waitFor();
    await driver.screenshot({ path: `${SHOTS}/fahrzeug-schaeden-390.png`, fullPage: true });

    await card.getByRole('button', { name: 'In Reparatur' }).click();
    await fleet.locator('[data-testid="damage"][data-status="in Reparatur"]').waitFor();
    await card.getByRole('button', { name: 'Behoben' }).click();
    await fleet.locator('[data-testid="damage"][data-status="behoben"]').waitFor();
    await fleet.getByTestId('vehicle-defect').waitFor({ state: 'detached' });
    const again = await env.server.call(SW, {
      method: 'POST',
      url: '/api/vehicle-bookings',
      cookie: booker,
      payload: {
        vehicleId,
        von: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        bis: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
        reason: 'Kundentermin',
      },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('the fleet manager keeps the service booklet; screens at 1440 and 390 px', async () => {
    const fleetCookie = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const vehicles = (await env.server.call(SW, { method: 'GET', url: '/api/vehicles', cookie: fleetCookie })).json().vehicles as {
      id: string;
      licensePlate: string;
    }[];
    const golf = vehicles.find((v) => v.licensePlate === 'MS-SW 101')!;
    const fleet = await fresh();
    await signIn(fleet, 'fuhrpark@stadtwerke.test');
    await fleet.goto(env.server.url('stadtwerke', `/fahrzeuge/${golf.id}?tab=serviceheft`));
    await fleet
      .getByTestId('service-due')
      .filter({ hasText: /^Inspektion fällig am \d\d\.\d\d\.\d{4}$/ })
      .waitFor();
    await fleet.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
    const dialog = fleet.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Art', exact: true }).click();
    await fleet.getByRole('option', { name: 'Ölwechsel' }).click();
    await dialog.getByLabel(/Beschreibung/).fill('Motoröl 5W-30 und Ölfilter gewechselt');
    await dialog.getByLabel('Kilometerstand', { exact: true }).fill('48210');
    await dialog.getByLabel('Kosten', { exact: true }).fill('89,90');
    await dialog.getByLabel('Werkstatt', { exact: true }).fill('Autohaus Lindemann');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%Rechnung\n') });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await fleet.getByText('Der Eintrag ist gespeichert.').waitFor();
    const entry = fleet.getByTestId('service-entry').filter({ hasText: 'Motoröl 5W-30' });
    await entry.waitFor();
    const text = await entry.textContent();
    expect(text).toContain('48.210 km');
    expect(text).toContain('89,90');
    expect(text).toContain('Beleg 1 (PDF)');
    await fleet.screenshot({ path: `${SHOTS}/fahrzeug-serviceheft-1440.png`, fullPage: true });

    const phone = await fresh({ width: 390, height: 844 });
    await signIn(phone, 'fuhrpark@stadtwerke.test');
    await phone.goto(env.server.url('stadtwerke', `/fahrzeuge/${golf.id}?tab=serviceheft`));
    await phone.getByTestId('service-entry').first().waitFor();
    await phone.screenshot({ path: `${SHOTS}/fahrzeug-serviceheft-390.png`, fullPage: true });
    await phone.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
    await phone
      .getByRole('dialog')
      .getByLabel(/Beschreibung/)
      .waitFor();
    await phone.screenshot({ path: `${SHOTS}/serviceheft-dialog-390.png` });

    await fleet.goto(env.server.url('stadtwerke', '/fahrzeuge'));
    await fleet.locator('[data-vehicle="MS-SW 101"]').getByTestId('vehicle-due-badge').waitFor();
    await fleet.screenshot({ path: `${SHOTS}/fahrzeugliste-faellig-1440.png` });
  });
});
