import { berlinDay, isoToGerman } from '@domain/vehicle-time';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

const env = setUpJourneys();
const SW = 'stadtwerke.localhost';

const opened: Page[] = [];
async function fresh(opts: { width?: number; height?: number } = {}) {
  const page = await newPage(env.browser, opts);
  opened.push(page);
  return page;
}
afterEach(async (ctx) => {
  const failed = ctx.task.result?.state === 'fail';
  for (const [i, p] of opened.splice(0).entries()) {
    if (failed) await p.screenshot({ path: `${SHOTS}/licences-failure-${i}.png`, fullPage: true }).catch(() => undefined);
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

/** Opens the booking dialog of the VW Crafter 16 days ahead (beyond the demo bookings) for 10:00–12:00 and submits it. */
async function bookCrafter(page: Page) {
  await page.goto(env.server.url('stadtwerke', '/fahrzeuge'));
  await page.locator('[data-vehicle="MS-SW 410"]').waitFor();
  for (let i = 0; i < 16; i++) await page.getByRole('button', { name: /Weiter/ }).click();
  await page.getByRole('button', { name: /^Buchen: VW Crafter/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Freie Zeiten an diesem Tag').waitFor();
  await pick(page, 'Beginn', '10:00');
  await pick(page, 'Ende', '12:00');
  await dialog.getByText('Der Zeitraum ist frei.').waitFor();
  await dialog.getByRole('button', { name: 'Verbindlich buchen' }).click();
  return dialog;
}

describe('driving licence journeys in Chromium', () => {
  beforeAll(async () => {
    // The tenant shortens its check interval to one month: Max Mustermann's check of two months ago has lapsed.
    const admin = await env.server.login(SW, 'admin@stadtwerke.test');
    const res = await env.server.call(SW, {
      method: 'PUT',
      url: '/api/settings/fuehrerscheinPruefintervallMonate',
      cookie: admin,
      payload: { layer: 'MANDANT', value: 1 },
    });
    expect(res.statusCode).toBe(200);
  });

  it('mitarbeiter@ without a valid class B is refused the VW Crafter with the message', async () => {
    const page = await fresh();
    await signIn(page, 'mitarbeiter@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    const dialog = await bookCrafter(page);
    const alert = dialog.getByRole('alert').filter({ hasText: 'Führerscheinprüfung' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /^Die nächste Führerscheinprüfung von Max Mustermann ist am \d\d\.\d\d\.\d{4} fällig, nicht nach dem Ende des Zeitraums\.$/,
    );
    await page.screenshot({ path: `${SHOTS}/fuehrerschein-verweigert-1440.png` });
    // the own record in the settings dialog, read-only
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Max Mustermann' }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
    await page.getByRole('tab', { name: 'Führerschein' }).click();
    await page.locator('[data-own-licence="ueberfaellig"]').waitFor();
    await page.getByText('AM, B, L').waitFor();
    expect(await page.getByRole('dialog').getByRole('textbox').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/fuehrerschein-eigen-1440.png` });
  });

  it('pruefer@ sees the drivers due, records a check for mitarbeiter@, the due count drops, and then mitarbeiter@ can book', async () => {
    const page = await fresh();
    await signIn(page, 'pruefer@stadtwerke.test');
    const entry = page.getByRole('link', { name: /Führerscheine/ });
    await entry.waitFor();
    await page.locator('[data-licence-due="4"]').first().waitFor();
    await entry.first().click();
    await page.waitForURL(/\/fahrzeuge\/fuehrerschein$/);
    await page.getByText('4 Prüfungen fällig').waitFor();
    const row = page.locator('[data-driver="mitarbeiter@stadtwerke.test"]');
    await row.locator('[data-state="ueberfaellig"]').waitFor();
    await page.screenshot({ path: `${SHOTS}/fuehrerschein-liste-1440.png`, fullPage: true });

    await page.getByRole('button', { name: 'Prüfung erfassen: Mustermann, Max' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Prüfdatum').waitFor();
    expect(await dialog.getByLabel('Prüfdatum').inputValue()).toBe(isoToGerman(berlinDay(new Date())));
    expect(await dialog.getByRole('checkbox', { name: 'B', exact: true }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'BE', exact: true }).check();
    await dialog.getByRole('radio', { name: 'per Video' }).check();
    await dialog.getByLabel('Bemerkung zur Prüfung').fill('Führerschein per Video vorgezeigt, Hologramm geprüft');
    await page.screenshot({ path: `${SHOTS}/fuehrerschein-pruefung-1440.png` });
    await dialog.getByRole('button', { name: 'Prüfung speichern' }).click();
    await page.getByText(/^Prüfung für Max Mustermann gespeichert\. Nächste Prüfung am \d\d\.\d\d\.\d{4}\.$/).waitFor();
    await row.locator('[data-state="gueltig"]').waitFor();
    await page.getByText('3 Prüfungen fällig').waitFor();
    await page.locator('[data-licence-due="3"]').first().waitFor();

    await page.getByRole('button', { name: 'Verlauf: Mustermann, Max' }).click();
    await page.locator('[data-history="2"]').waitFor();
    await page.getByText('Führerschein per Video vorgezeigt, Hologramm geprüft').waitFor();
    await page.screenshot({ path: `${SHOTS}/fuehrerschein-verlauf-1440.png` });

    const phone = await fresh({ width: 390, height: 844 });
    await signIn(phone, 'pruefer@stadtwerke.test', '/fahrzeuge/fuehrerschein');
    await phone.locator('[data-driver="mitarbeiter@stadtwerke.test"]').waitFor();
    await phone.screenshot({ path: `${SHOTS}/fuehrerschein-liste-390.png`, fullPage: true });
    await phone.getByRole('button', { name: 'Prüfung erfassen: Adler, Anna' }).click();
    await phone.getByRole('dialog').getByLabel('Prüfdatum').waitFor();
    await phone.screenshot({ path: `${SHOTS}/fuehrerschein-pruefung-390.png` });

    const driver = await fresh();
    await signIn(driver, 'mitarbeiter@stadtwerke.test');
    await driver.waitForURL(/\/fahrzeuge$/);
    await bookCrafter(driver);
    await driver.getByText(/^Gebucht: VW Crafter/).waitFor();
  });

  it('others get the denial on the examiner page and see no menu entry', async () => {
    const page = await fresh();
    await signIn(page, 'fuhrpark@stadtwerke.test', '/fahrzeuge/fuehrerschein');
    await page.getByText('no fahrzeug_fuehrerscheinpruefung').waitFor();
    expect(await page.getByRole('link', { name: /Führerscheine/ }).count()).toBe(0);
  });

  it('the examiner opening /fahrzeuge directly gets the denial, not a failed load', async () => {
    const page = await fresh();
    await signIn(page, 'pruefer@stadtwerke.test', '/fahrzeuge');
    await page.getByText('Fehler: 403 no fahrzeug_buchen').waitFor();
    expect(await page.getByText(/konnte(n)? nicht geladen werden/).count()).toBe(0);
  });

  it('with scans switched on, pruefer@ uploads a scan to a check, opens it and deletes it again', async () => {
    const admin = await env.server.login(SW, 'admin@stadtwerke.test');
    const on = await env.server.call(SW, {
      method: 'PUT',
      url: '/api/settings/fuehrerscheinScansSpeichern',
      cookie: admin,
      payload: { layer: 'MANDANT', value: true },
    });
    expect(on.statusCode).toBe(200);
    const page = await fresh();
    await signIn(page, 'pruefer@stadtwerke.test', '/fahrzeuge/fuehrerschein');
    await page.getByRole('button', { name: 'Verlauf: Mustermann, Max' }).click();
    await page.getByText(/Ihre Organisation bewahrt Scans von Führerscheinen auf/).waitFor();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await page
      .locator('[data-scan="nein"] input[type="file"]')
      .first()
      .setInputFiles({ name: 'fuehrerschein.png', mimeType: 'image/png', buffer: png });
    const link = page.getByRole('link', { name: 'Scan ansehen' }).first();
    await link.waitFor();
    await page.screenshot({ path: `${SHOTS}/fuehrerschein-scan-1440.png` });
    // The link serves the stored bytes to the examiner.
    const href = await link.getAttribute('href');
    const served = await page.evaluate(async (url) => {
      const r = await fetch(url!, { credentials: 'same-origin' });
      return { status: r.status, type: r.headers.get('content-type'), size: (await r.arrayBuffer()).byteLength };
    }, href);
    expect(served).toEqual({ status: 200, type: 'image/png', size: png.length });
    // Not an image by content: refused with the upload message, nothing stored.
    await page
      .locator('[data-scan="ja"] input[type="file"]')
      .first()
      .setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('kein Bild') });
    await page
      .getByRole('alert')
      .filter({ hasText: /Fehler beim Hochladen der Datei/ })
      .waitFor();
    await page.getByRole('button', { name: 'Scan löschen' }).first().click();
    await page.getByRole('link', { name: 'Scan ansehen' }).waitFor({ state: 'detached' });

    const phone = await fresh({ width: 390, height: 844 });
    await signIn(phone, 'pruefer@stadtwerke.test', '/fahrzeuge/fuehrerschein');
    await phone.getByRole('button', { name: 'Verlauf: Mustermann, Max' }).click();
    await phone
      .getByRole('button', { name: /Scan hochladen/ })
      .first()
      .waitFor();
    await phone.screenshot({ path: `${SHOTS}/fuehrerschein-scan-390.png` });
  });
});
