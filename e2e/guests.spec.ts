import { addDays, berlinDay, berlinInstant } from '@domain/vehicle-time';
import { mailTo, testVehicle } from '@test/integration/vehicle-support';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

const env = setUpJourneys();

const opened: Page[] = [];
async function fresh(opts: { width?: number; height?: number; locale?: string } = {}) {
  const page = await newPage(env.browser, opts);
  opened.push(page);
  return page;
}
afterEach(async (ctx) => {
  const failed = ctx.task.result?.state === 'fail';
  for (const [i, p] of opened.splice(0).entries()) {
    if (failed) await p.screenshot({ path: `${SHOTS}/guests-failure-${i}.png`, fullPage: true }).catch(() => undefined);
    await p
      .context()
      .close()
      .catch(() => undefined);
  }
});

const linkIn = (text: string, path: string) => {
  const m = text.match(new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, (c) => `\\${c}`)}[A-Za-z0-9_-]{43}`));
  if (!m) throw new Error(`kein Link ${path} in: ${text}`);
  return m[0];
};

describe('guest journeys in Chromium', () => {
  it('the reception books a bike for a guest; the guest cancels from the mail link without a session', async () => {
    const page = await fresh({ width: 390, height: 844 });
    await page.goto(env.server.url('tourismus', '/login'));
    await fillLogin(page, 'empfang@tourismus.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await page.goto(env.server.url('tourismus', '/fahrzeuge/uebersicht'));
    await page.getByRole('heading', { name: 'Heute am Empfang' }).waitFor();
    await page.getByText('Hannes Hafen').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/guests-empfang-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Gastbuchung anlegen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Fahrzeug').selectOption({ label: 'Rad 07 – Gazelle Chamonix' });
    const dates = dialog.getByLabel('Datum');
    const third = await dates.locator('option').nth(3).getAttribute('value');
    await dates.selectOption(third!);
    await dialog.getByLabel('Von').selectOption('10:00');
    await dialog.getByLabel('Bis').selectOption('13:00');
    await dialog.getByLabel('Name des Gastes').fill('Paula Probe');
    await dialog.getByLabel('E-Mail des Gastes').fill('paula.probe@example.org');
    await page.screenshot({ path: `${SHOTS}/guests-gastbuchung-390.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Buchen und E-Mail senden' }).click();
    await dialog.getByText(/^Gebucht für Paula Probe/).waitFor();

    const mail = await mailTo(env.smtp, 'paula.probe@example.org', 'Buchung');
    const link = linkIn(mail.text, '/pub/fahrzeugbuchungstorno?token=');
    const guest = await fresh({ width: 390, height: 844 });
    expect(await guest.context().cookies()).toEqual([]);
    await guest.goto(link);
    await guest.getByText('Paula Probe').waitFor();
    await guest.getByText('Gazelle Chamonix (Rad 07)').waitFor();
    expect(await guest.content()).not.toContain('Ebbe');
    await guest.screenshot({ path: `${SHOTS}/guests-storno-390.png`, fullPage: true });
    await guest.getByRole('button', { name: 'Buchung stornieren' }).click();
    await guest.getByRole('button', { name: 'Ja, stornieren' }).click();
    await guest.getByText('Ihre Buchung ist storniert. Vielen Dank für die Nachricht.').waitFor();
    await mailTo(env.smtp, 'empfang@tourismus.test', 'vom Gast storniert');

    const wide = await fresh({ width: 1440, height: 900, locale: 'en-US' });
    await wide.goto(link);
    await wide.getByText('Dieser Link ist ungültig oder nicht mehr gültig.').waitFor();
    await wide.getByRole('button', { name: 'English' }).click();
    await wide.getByRole('heading', { name: 'Your booking' }).waitFor();
    await wide.getByText('This link is invalid or no longer valid.').waitFor();
    await wide.screenshot({ path: `${SHOTS}/guests-storno-used-1440-en.png` });
  }, 120_000);

  it('a visitor requests a bike on /public, confirms by mail, and the reception day list shows it', async () => {
    const page = await fresh({ width: 390, height: 844 });
    await page.goto(env.server.url('tourismus', '/public'));
    await page.getByRole('heading', { name: 'Räder leihen' }).waitFor();
    const days = page.getByLabel('Tag');
    const day = (await days.locator('option').nth(2).getAttribute('value'))!;
    await days.selectOption(day);
    await page.getByLabel('Von').selectOption('10:00');
    await page.getByLabel('Bis').selectOption('16:00');
    await page.getByText('10 freie Räder').waitFor();
    await page.screenshot({ path: `${SHOTS}/guests-public-390.png`, fullPage: true });
    await page.getByTestId('bike-card').filter({ hasText: 'Rad 09' }).getByRole('button', { name: 'Dieses Rad anfragen' }).click();
    await page.getByLabel('Ihr Name').fill('Viktor Visit');
    await page.getByLabel('Ihre E-Mail-Adresse').fill('viktor.visit@example.org');
    await page.screenshot({ path: `${SHOTS}/guests-public-anfrage-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await page.getByText(/^Fast geschafft/).waitFor();

    const mail = await mailTo(env.smtp, 'viktor.visit@example.org', 'Radanfrage');
    await page.goto(linkIn(mail.text, '/public?anfrage='));
    await page.getByText('Rad reserviert').waitFor();
    await page.screenshot({ path: `${SHOTS}/guests-public-bestaetigt-390.png`, fullPage: true });
    await mailTo(env.smtp, 'viktor.visit@example.org', 'Ihre Buchung');

    // An evening visitor (20:30 in Berlin, half an hour before the last return) is offered tomorrow morning, not a period that is over.
    const wide = await fresh({ width: 1440, height: 900 });
    const today = berlinDay(new Date());
    await wide.clock.setFixedTime(berlinInstant(today, '20:30'));
    await wide.goto(env.server.url('tourismus', '/public'));
    await wide.getByText(/freie Räder/).waitFor();
    expect(await wide.getByLabel('Tag').inputValue()).toBe(addDays(today, 1));
    expect(await wide.getByLabel('Von').inputValue()).toBe('09:00');
    expect(await wide.getByLabel('Bis').inputValue()).toBe('11:00');
    await wide.screenshot({ path: `${SHOTS}/guests-public-1440.png`, fullPage: true });
    await wide.getByRole('button', { name: 'English' }).click();
    await wide.getByText(/free bikes/).waitFor();
    await wide.screenshot({ path: `${SHOTS}/guests-public-1440-en.png`, fullPage: true });

    const reception = await fresh({ width: 1440, height: 900 });
    await reception.goto(env.server.url('tourismus', '/login'));
    await fillLogin(reception, 'empfang@tourismus.test');
    await reception.waitForURL(/\/fahrzeuge$/);
    await reception.getByText('Gastbuchungen').first().waitFor();
    await reception.goto(env.server.url('tourismus', '/fahrzeuge/uebersicht'));
    await reception.getByRole('heading', { name: 'Heute am Empfang' }).waitFor();
    await reception.getByLabel('Tag').selectOption(day);
    await reception.getByTestId('day-entry').filter({ hasText: 'Viktor Visit' }).first().waitFor();
    await reception.screenshot({ path: `${SHOTS}/guests-empfang-1440.png`, fullPage: true });
  }, 120_000);

  it("the reception records a guest's licence before handing over a car that requires class B; the examiner sees the guest", async () => {
    const srv = env.server;
    const TI = 'tourismus.localhost';
    const admin = await srv.login(TI, 'admin@tourismus.test');
    await srv.call(TI, {
      method: 'PUT',
      url: '/api/settings/fahrzeugGastBestaetigungNoetig',
      cookie: admin,
      payload: { layer: 'MANDANT', value: false },
    });
    const locations = (await srv.call(TI, { method: 'GET', url: '/api/vehicle-locations', cookie: admin })).json().locations as {
      id: string;
    }[];
    const car = await srv.call(TI, {
      method: 'POST',
      url: '/api/admin/vehicles',
      cookie: admin,
      payload: testVehicle(locations[0]!.id, 'OH-GA 7', {
        guestBookingPossible: true,
        requiredLicenseClass: 'B',
        brand: 'VW',
        model: 'ID.3 Gast',
      }),
    });
    expect(car.statusCode, car.body).toBe(201);
    const start = new Date(Date.now() + 5 * 60_000);
    start.setSeconds(0, 0);
    const reception = await srv.login(TI, 'empfang@tourismus.test');
    const booked = await srv.call(TI, {
      method: 'POST',
      url: '/api/guest-bookings',
      cookie: reception,
      payload: {
        vehicleId: car.json().id,
        von: start.toISOString(),
        bis: new Date(start.getTime() + 2 * 3600_000).toISOString(),
        guestName: 'Lena Lenker',
        guestEmail: 'lena.lenker@example.org',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const page = await fresh({ width: 390, height: 844 });
    await page.goto(env.server.url('tourismus', '/login'));
    await fillLogin(page, 'empfang@tourismus.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await page.goto(env.server.url('tourismus', '/fahrzeuge/uebersicht'));
    const card = page.getByTestId('guest-booking').filter({ hasText: 'Lena Lenker' });
    await card.getByText('Führerschein fehlt (Klasse B)').waitFor();
    await card.getByRole('button', { name: 'Führerschein erfassen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Führerscheinnummer').fill('L0NA42X');
    await dialog.getByLabel('Ausstellungsdatum').fill('14.06.2012');
    await dialog.getByRole('checkbox', { name: 'AM', exact: true }).check();
    await page.screenshot({ path: `${SHOTS}/guests-fuehrerschein-390.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Führerschein speichern' }).click();
    await dialog.getByText('Der Führerschein von Lena Lenker enthält die Klasse B nicht, die das Fahrzeug verlangt.').waitFor();
    await dialog.getByRole('checkbox', { name: 'B', exact: true }).check();
    await dialog.getByRole('button', { name: 'Führerschein speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('Führerschein geprüft (AM, B)').waitFor();

    const examiner = await fresh({ width: 1440, height: 900 });
    await examiner.goto(env.server.url('tourismus', '/login'));
    await fillLogin(examiner, 'admin@tourismus.test');
    await examiner.waitForURL(/\/fahrzeuge$/);
    await examiner.goto(env.server.url('tourismus', '/fahrzeuge/fuehrerschein'));
    await examiner.getByText('Gäste', { exact: true }).click();
    const row = examiner.locator('[data-guest-driver="lena.lenker@example.org"]');
    await row.getByText('L0NA42X').waitFor();
    expect(await row.getByText('AM, B').count()).toBe(1);
    await examiner.screenshot({ path: `${SHOTS}/fuehrerschein-gaeste-1440.png`, fullPage: true });
  }, 120_000);
});
