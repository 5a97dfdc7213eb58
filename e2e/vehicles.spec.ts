import { addDays, berlinDay, berlinInstant, weekdayOf } from '@domain/vehicle-time';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';
import { answerAllInOrder } from './support/vehicle-journey';

const env = setUpJourneys();
const shots = SHOTS;
const SW = 'stadtwerke.localhost';

const opened: Page[] = [];
/** A fresh context per person; closed after each test even when it failed (open SSE streams must not pile up). */
async function fresh(opts: { width?: number; height?: number } = {}) {
  const page = await newPage(env.browser, opts);
  opened.push(page);
  return page;
}
afterEach(async (ctx) => {
  const failed = ctx.task.result?.state === 'fail';
  for (const [i, p] of opened.splice(0).entries()) {
    if (failed) await p.screenshot({ path: `${shots}/vehicles-failure-${i}.png`, fullPage: true }).catch(() => undefined);
    await p
      .context()
      .close()
      .catch(() => undefined);
  }
});

async function signIn(page: Page, email: string, path = '/login') {
  await page.goto(env.server.url('stadtwerke', path));
  await fillLogin(page, email);
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('vehicle journeys in Chromium', () => {
  it('mitarbeiter books a car, sees it in the overview and cancels it', async () => {
    const page = await fresh();
    await signIn(page, 'mitarbeiter@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await page.locator('[data-vehicle="MS-SW 121"]').waitFor();
    await page.screenshot({ path: `${shots}/fahrzeuge-1440.png`, fullPage: true });
    // 16 days ahead: beyond the demo bookings, inside the booking window.
    for (let i = 0; i < 16; i++) await page.getByRole('button', { name: /Weiter/ }).click();
    await page.getByRole('button', { name: 'Buchen: Škoda Fabia MS-SW 121' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Freie Zeiten an diesem Tag').waitFor();
    await pick(page, 'Beginn', '10:00');
    await pick(page, 'Ende', '12:00');
    await dialog.getByText('Der Zeitraum ist frei.').waitFor();
    await page.screenshot({ path: `${shots}/buchen-1440.png` });
    await dialog.getByLabel('Grund der Fahrt').fill('Kundentermin Rathaus');
    await dialog.getByRole('button', { name: 'Verbindlich buchen' }).click();
    await page.getByText(/^Gebucht: Škoda Fabia/).waitFor();
    const day = addDays(berlinDay(new Date()), 16);
    const german = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

    await page.goto(env.server.url('stadtwerke', '/fahrzeuge/uebersicht'));
    const card = page
      .locator('[data-booking-id]')
      .filter({ hasText: 'MS-SW 121' })
      .filter({ hasText: `${german} · 10:00–12:00` });
    await card.waitFor();
    await page.screenshot({ path: `${shots}/uebersicht-1440.png`, fullPage: true });
    await card.getByRole('button', { name: 'Stornieren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stornieren' }).click();
    await card.locator('[data-status="storniert"]').waitFor();
    await page.context().close();
  });

  it(
    'a booking outside the times is approved by freigabe@ and then started and ended with mileage and fuel',
    async () => {
      // The journey books the next quarter hour of today: in the last minutes of a Berlin day there is none, so wait for the new day.
      const untilMidnight = berlinInstant(addDays(berlinDay(new Date()), 1), '00:00').getTime() - Date.now();
      if (untilMidnight < 20 * 60_000) await new Promise((r) => setTimeout(r, untilMidnight + 30_000));
      // Make "now" lie outside the Yaris's booking times whatever the weekday the test runs on.
      const fleet = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
      const vehicles = (await env.server.call(SW, { method: 'GET', url: '/api/vehicles', cookie: fleet })).json().vehicles as {
        id: string;
        licensePlate: string;
      }[];
      const yaris = vehicles.find((v) => v.licensePlate === 'MS-SW 120')!;
      const today = weekdayOf(berlinDay(new Date()));
      const others = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'].filter((d) => d !== today);
      const saved = await env.server.call(SW, {
        method: 'PUT',
        url: `/api/admin/vehicles/${yaris.id}/booking-times`,
        cookie: fleet,
        payload: { weekdays: others, from: '09:00', to: '18:00' },
      });
      expect(saved.statusCode).toBe(200);

      const page = await fresh();
      await signIn(page, 'mitarbeiter@stadtwerke.test');
      await page.waitForURL(/\/fahrzeuge$/);
      await page.getByRole('button', { name: 'Buchen: Toyota Yaris Hybrid MS-SW 120' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Freie Zeiten an diesem Tag').waitFor();
      // the first selectable start is the next quarter hour
      await dialog.getByRole('combobox', { name: 'Beginn', exact: true }).click();
      await page.getByRole('option').first().click();
      await dialog.getByText('Außerhalb der Buchungszeiten: Die Fahrt wird eine Sonderfahrt und braucht eine Freigabe.').waitFor();
      await dialog.getByLabel('Grund der Fahrt').fill('Abendtermin Stadtrat');
      await dialog.getByRole('button', { name: 'Verbindlich buchen' }).click();
      await page.getByText(/Die Sonderfahrt muss noch freigegeben werden/).waitFor();
      await page.context().close();

      const approver = await fresh();
      await signIn(approver, 'freigabe@stadtwerke.test', '/login');
      await approver.waitForURL(/\/fahrzeuge$/);
      await approver.goto(env.server.url('stadtwerke', '/fahrzeuge/freigaben'));
      const request = approver.locator('[data-approval]').filter({ hasText: 'MS-SW 120' }).filter({ hasText: 'Max Mustermann' }).first();
      await request.waitFor();
      await approver.screenshot({ path: `${shots}/freigaben-1440.png`, fullPage: true });
      await request.getByRole('button', { name: 'Freigeben' }).click();
      await approver.getByText('Die Sonderfahrt wurde freigegeben.').waitFor();
      await approver.context().close();

      const driver = await fresh();
      await signIn(driver, 'mitarbeiter@stadtwerke.test');
      await driver.waitForURL(/\/fahrzeuge$/);
      await driver.goto(env.server.url('stadtwerke', '/fahrzeuge/uebersicht'));
      const trip = driver
        .locator('[data-booking-id]')
        .filter({ hasText: 'MS-SW 120' })
        .filter({ has: driver.locator('[data-status="reserviert"]') })
        .first();
      await trip.getByRole('button', { name: 'Fahrt starten' }).click();
      await answerAllInOrder(driver.getByRole('dialog'));
      await driver.getByRole('dialog').getByRole('button', { name: 'Fahrt starten' }).click();
      await driver.getByText('Gute Fahrt! Die Fahrt läuft.').waitFor();
      const running = driver
        .locator('[data-booking-id]')
        .filter({ hasText: 'MS-SW 120' })
        .filter({ has: driver.locator('[data-status="aktiv"]') })
        .first();
      await running.getByRole('button', { name: 'Fahrt beenden' }).click();
      const end = driver.getByRole('dialog');
      await end.getByLabel('Kilometerstand').fill('12345');
      await end.getByRole('textbox', { name: 'Tankfüllung bzw. Ladestand (%)' }).fill('101');
      await end.getByRole('button', { name: 'Fahrt beenden' }).click();
      await end.getByText('Fuel level must be between 0 and 100!').waitFor();
      await end.getByRole('textbox', { name: 'Tankfüllung bzw. Ladestand (%)' }).fill('80');
      await end.getByRole('button', { name: 'Fahrt beenden' }).click();
      await end.getByText('Please fill in all mandatory fields.').waitFor();
      await pick(driver, 'Art der Fahrt', 'Dienstfahrt');
      await driver.screenshot({ path: `${shots}/fahrt-beenden-1440.png`, fullPage: true });
      await end.getByRole('button', { name: 'Fahrt beenden' }).click();
      await driver.getByText('Die Fahrt wurde beendet. Vielen Dank!').waitFor();
      const history = (await env.server.call(SW, { method: 'GET', url: `/api/vehicles/${yaris.id}/history`, cookie: fleet })).json()
        .entries as { type: string; mileage: number | null; fuelPercent: number | null }[];
      expect(history[0]).toMatchObject({ type: 'CHECK_OUT', mileage: 12345, fuelPercent: 80 });
      expect(history[1]!.type).toBe('CHECK_IN');
      await driver.context().close();
    },
    25 * 60_000,
  ); // may wait for midnight, see above

  it("fuhrpark@ changes a vehicle's location and the affected booking shows as cancelled", async () => {
    const booker = await env.server.login(SW, 'mitarbeiter@stadtwerke.test');
    const vehicles = (await env.server.call(SW, { method: 'GET', url: '/api/vehicles', cookie: booker })).json().vehicles as {
      id: string;
      licensePlate: string;
    }[];
    const octavia = vehicles.find((v) => v.licensePlate === 'MS-SW 220')!;
    const day = addDays(berlinDay(new Date()), 17);
    const res = await env.server.call(SW, {
      method: 'POST',
      url: '/api/vehicle-bookings',
      cookie: booker,
      payload: {
        vehicleId: octavia.id,
        von: berlinInstant(day, '08:00').toISOString(),
        bis: berlinInstant(day, '09:30').toISOString(),
        reason: 'Netzinspektion',
      },
    });
    expect(res.statusCode).toBe(201);

    const page = await fresh();
    await signIn(page, 'fuhrpark@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await page.goto(env.server.url('stadtwerke', '/admin/fahrzeuge'));
    const row = page.locator('[data-vehicle="MS-SW 220"]');
    await row.waitFor();
    await page.screenshot({ path: `${shots}/admin-fahrzeuge-1440.png`, fullPage: true });
    await row.getByRole('button', { name: 'Bearbeiten: MS-SW 220' }).click();
    await pick(page, 'Standort', 'Verwaltung Innenstadt');
    await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click();
    // the demo bookings of the coming two weeks go too
    await page.getByText(/^Gespeichert\. \d+ Buchung(en)? wurden? storniert\.$/).waitFor();
    await page.context().close();

    const mine = await fresh({ width: 390, height: 844 });
    await signIn(mine, 'mitarbeiter@stadtwerke.test');
    await mine.waitForURL(/\/fahrzeuge$/);
    await mine.locator('[data-vehicle="MS-SW 121"]').waitFor();
    await mine.screenshot({ path: `${shots}/fahrzeuge-390.png`, fullPage: true });
    await mine.screenshot({ path: `${shots}/fahrzeuge-390-top.png` });
    await mine.goto(env.server.url('stadtwerke', '/fahrzeuge/uebersicht'));
    const german = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
    const card = mine.locator('[data-booking-id]').filter({ hasText: 'MS-SW 220' }).filter({ hasText: german });
    await card.locator('[data-status="storniert"]').waitFor();
    await card.getByText('Grund: Storno wegen Standortänderung am Fahrzeug').waitFor();
    await mine.screenshot({ path: `${shots}/uebersicht-390.png`, fullPage: true });
    await mine.context().close();
  });

  it('fuhrpark@ edits an object attribute: the changed label shows on the admin page and in the API', async () => {
    const page = await fresh();
    await signIn(page, 'fuhrpark@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await page.goto(env.server.url('stadtwerke', '/admin/fahrzeuge'));
    await page.getByRole('button', { name: 'Bearbeiten: Anhängerkupplung' }).click();
    const label = page.getByRole('textbox', { name: /^Bezeichnung/ });
    await expect(label.inputValue()).resolves.toBe('Anhängerkupplung');
    await label.fill('Anhängerkupplung (abnehmbar)');
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await page.getByRole('button', { name: 'Bearbeiten: Anhängerkupplung (abnehmbar)' }).waitFor();
    // the form is empty again, ready for a new attribute
    await page.getByRole('button', { name: 'Attribut anlegen' }).waitFor();
    const cookie = await env.server.login(SW, 'mitarbeiter@stadtwerke.test');
    const attrs = (await env.server.call(SW, { method: 'GET', url: '/api/vehicle-attributes?target=FAHRZEUG', cookie })).json()
      .attributes as { label: string }[];
    expect(attrs.map((a) => a.label)).toContain('Anhängerkupplung (abnehmbar)');
    expect(attrs.map((a) => a.label)).not.toContain('Anhängerkupplung');
  });
});
