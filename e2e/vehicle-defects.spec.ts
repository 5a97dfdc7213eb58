import { addDays, berlinDay, berlinInstant, weekdayOf } from '@domain/vehicle-time';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys, switchToEnglish } from './support/journey';
import { answerAllInOrder } from './support/vehicle-journey';

const env = setUpJourneys();
const shots = SHOTS;

const opened: Page[] = [];
async function fresh(opts: { width?: number; height?: number } = {}) {
  const page = await newPage(env.browser, opts);
  opened.push(page);
  return page;
}
afterEach(async (ctx) => {
  const failed = ctx.task.result?.state === 'fail';
  for (const [i, p] of opened.splice(0).entries()) {
    if (failed) await p.screenshot({ path: `${shots}/vehicle-defects-failure-${i}.png`, fullPage: true }).catch(() => undefined);
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

/** Nothing of the page sticks out to the right of a phone screen, and every element named lies inside it horizontally. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const dialog = page.getByRole('dialog');
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
  // Every control of the dialog lies inside it (nothing clipped on the right).
  const outside = await dialog.evaluate((d) => {
    const right = d.getBoundingClientRect().right;
    return [...d.querySelectorAll('button, input, label, [role="combobox"]')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > right + 0.5;
      })
      .map((el) => el.textContent || el.getAttribute('aria-label') || el.tagName);
  });
  expect(outside).toEqual([]);
}

/** Moves the day view `days` days ahead. */
async function goAhead(page: Page, days: number) {
  for (let i = 0; i < days; i++) await page.getByRole('button', { name: /Weiter|Next/ }).click();
}

describe('vehicle screens in Chromium', () => {
  it('390 px: filters wait behind one button, the first vehicle is on the first screen, the dialogs fit', async () => {
    const page = await fresh({ width: 390, height: 844 });
    await signIn(page, 'fuhrpark@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    const first = page.locator('[data-vehicle]').first();
    await first.waitFor();
    await page.screenshot({ path: `${shots}/fahrzeuge-390.png` });
    const box = await first.boundingBox();
    expect(box!.y).toBeLessThan(844 - 120);
    // The filter fields are hidden until asked for; the button counts the active ones.
    expect(await page.getByLabel('Standort', { exact: true }).isVisible()).toBe(false);
    const toggle = page.getByTestId('filter-toggle');
    await expect(toggle.textContent()).resolves.toBe('Filter');
    await toggle.click();
    await page.getByRole('textbox', { name: 'Standort' }).click();
    await page.getByRole('option', { name: 'Betriebshof Nord' }).click();
    await page.getByText('Filter (1 aktiv)').waitFor();
    await page.screenshot({ path: `${shots}/fahrzeuge-filter-390.png` });
    await toggle.click();
    expect(await page.getByRole('textbox', { name: 'Standort' }).isVisible()).toBe(false);
    // Legend with "nicht buchbar", and the hours outside 06:00–22:00 painted so.
    await page.getByTestId('timeline-legend').getByText('nicht buchbar').waitFor();
    expect(await page.locator('[data-vehicle] [data-unbookable]').count()).toBeGreaterThan(0);

    // The booking dialog with every part shown fits the phone.
    await goAhead(page, 18);
    await page
      .getByRole('button', { name: /^Buchen: / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Freie Zeiten an diesem Tag').waitFor();
    await dialog.getByLabel('Über mehrere Tage').check();
    await dialog.getByTestId('multi-day-hint').waitFor();
    await fitsWidth(page, 390);
    await page.screenshot({ path: `${shots}/buchen-390.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The admin vehicle form and the block dialog.
    await page.goto(env.server.url('stadtwerke', '/admin/fahrzeuge'));
    await page.getByRole('button', { name: 'Fahrzeug anlegen' }).click();
    await page.getByRole('dialog').waitFor();
    await fitsWidth(page, 390);
    await page.screenshot({ path: `${shots}/fahrzeug-anlegen-390.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Sperren' }).first().click();
    await page.getByRole('dialog').waitFor();
    await fitsWidth(page, 390);
    await page.screenshot({ path: `${shots}/fahrzeug-sperren-390.png`, fullPage: true });
  });

  it('390 px: start trip, end trip and the rejection of a special trip fit the phone', async () => {
    const SW = 'stadtwerke.localhost';
    const fleet = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const booker = await env.server.login(SW, 'mitarbeiter@stadtwerke.test');
    const locations = (await env.server.call(SW, { method: 'GET', url: '/api/vehicle-locations', cookie: fleet })).json().locations as {
      id: string;
    }[];
    const all = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'];
    const vehicle = (plate: string, over: object) => ({
      validFrom: null,
      validTo: null,
      locationId: locations[0]!.id,
      category: 'Kleinwagen',
      brand: 'Opel',
      model: 'Corsa',
      licensePlate: plate,
      fuel: 'Benzin',
      powerKw: 70,
      gearbox: 'Schaltgetriebe',
      trunkBags: 2,
      seats: 5,
      doors: 5,
      colour: 'Weiß',
      requiredLicenseClass: 'B',
      airConditioning: true,
      navigation: false,
      cruiseControl: false,
      seatHeating: false,
      guestBookingPossible: false,
      bookingOutsidePossible: false,
      departmentIds: [],
      bookingTimes: { weekdays: all, from: '00:00', to: '23:59' },
      attributes: {},
      ...over,
    });
    const create = async (body: object) => {
      const res = await env.server.call(SW, { method: 'POST', url: '/api/admin/vehicles', cookie: fleet, payload: body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    // From this minute on for one hour: inside the check-in window right away.
    const von = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const bis = new Date(von.getTime() + 60 * 60_000);
    const roundTheClock = await create(vehicle('MS-EV 390', { attributes: {} }));
    const trip = await env.server.call(SW, {
      method: 'POST',
      url: '/api/vehicle-bookings',
      cookie: fleet,
      payload: { vehicleId: roundTheClock, von: von.toISOString(), bis: bis.toISOString() },
    });
    expect(trip.statusCode, trip.body).toBe(201);
    // A car whose times never include now: booking it now is a special trip waiting for approval.
    const other = await create(
      vehicle('MS-EV 391', {
        bookingOutsidePossible: true,
        bookingTimes: { weekdays: all.filter((d) => d !== weekdayOf(berlinDay(von))), from: '09:00', to: '10:00' },
      }),
    );
    const special = await env.server.call(SW, {
      method: 'POST',
      url: '/api/vehicle-bookings',
      cookie: booker,
      payload: { vehicleId: other, von: von.toISOString(), bis: bis.toISOString(), reason: 'Abendtermin' },
    });
    expect(special.statusCode, special.body).toBe(201);
    expect(special.json().booking.needsApproval).toBe(true);

    const approver = await fresh({ width: 390, height: 844 });
    await signIn(approver, 'freigabe@stadtwerke.test');
    await approver.waitForURL(/\/fahrzeuge$/);
    await approver.goto(env.server.url('stadtwerke', '/fahrzeuge/freigaben'));
    const request = approver.locator('[data-approval]').filter({ hasText: 'MS-EV 391' }).first();
    await request.getByRole('button', { name: 'Ablehnen' }).click();
    await approver.getByRole('dialog').waitFor();
    await fitsWidth(approver, 390);
    await approver.screenshot({ path: `${shots}/sonderfahrt-ablehnen-390.png` });

    const driver = await fresh({ width: 390, height: 844 });
    await signIn(driver, 'fuhrpark@stadtwerke.test');
    await driver.waitForURL(/\/fahrzeuge$/);
    await driver.goto(env.server.url('stadtwerke', '/fahrzeuge/uebersicht'));
    const card = driver.locator('[data-booking-id]').filter({ hasText: 'MS-EV 390' }).first();
    await card.getByRole('button', { name: 'Fahrt starten' }).click();
    const start = driver.getByRole('dialog');
    await start.waitFor();
    await fitsWidth(driver, 390);
    await driver.screenshot({ path: `${shots}/fahrt-starten-390.png` });
    // A Kleinwagen: the demo's check before the trip for cars comes first.
    await answerAllInOrder(start);
    await start.getByRole('button', { name: 'Fahrt starten' }).click();
    await driver.getByText('Gute Fahrt! Die Fahrt läuft.').waitFor();
    await card.getByRole('button', { name: 'Fahrt beenden' }).click();
    await driver.getByRole('dialog').getByLabel('Kilometerstand').waitFor();
    await fitsWidth(driver, 390);
    await driver.screenshot({ path: `${shots}/fahrt-beenden-390.png`, fullPage: true });
  });

  it('multi-day booking of a 06:00–22:00 car: the dialog says why before an end date is picked', async () => {
    const page = await fresh();
    await signIn(page, 'mitarbeiter@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await page.locator('[data-vehicle="MS-SW 121"]').waitFor();
    // tomorrow: late in the evening today has no free time left
    await goAhead(page, 1);
    await page.getByRole('button', { name: 'Buchen: Škoda Fabia MS-SW 121' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Freie Zeiten an diesem Tag').waitFor();
    await dialog.getByLabel('Über mehrere Tage').check();
    const hint = dialog.getByTestId('multi-day-hint');
    await hint.waitFor();
    expect(await hint.textContent()).toBe(
      'Dieses Fahrzeug ist nur täglich, 06:00–22:00 Uhr buchbar. Eine Buchung über mehrere Tage ist deshalb nicht möglich; bitte buchen Sie jeden Tag einzeln.',
    );
    await page.screenshot({ path: `${shots}/mehrtaegig-1440.png` });
  });

  it('someone else books the chosen period while the dialog is open: the dialog says so and offers the next free period', async () => {
    const a = await fresh();
    const b = await fresh();
    await signIn(a, 'mitarbeiter@stadtwerke.test');
    await signIn(b, 'fuhrpark@stadtwerke.test');
    await a.waitForURL(/\/fahrzeuge$/);
    await b.waitForURL(/\/fahrzeuge$/);
    await a.locator('[data-vehicle="MS-SW 121"]').waitFor();
    await goAhead(a, 19);
    await a.getByRole('button', { name: 'Buchen: Škoda Fabia MS-SW 121' }).click();
    const dialog = a.getByRole('dialog');
    await dialog.getByText('Freie Zeiten an diesem Tag').waitFor();
    await pick(a, 'Beginn', '10:00');
    await pick(a, 'Ende', '11:00');
    await dialog.getByText('Der Zeitraum ist frei.').waitFor();

    // The other person books 10:00–11:00 of the same car through their own session.
    const day = addDays(berlinDay(new Date()), 19);
    const status = await b.evaluate(
      async ({ von, bis }) => {
        const list = (await (await fetch('/api/vehicles')).json()) as { vehicles: { id: string; licensePlate: string }[] };
        const car = list.vehicles.find((v) => v.licensePlate === 'MS-SW 121')!;
        const res = await fetch('/api/vehicle-bookings', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ vehicleId: car.id, von, bis }),
        });
        return res.status;
      },
      { von: berlinInstant(day, '10:00').toISOString(), bis: berlinInstant(day, '11:00').toISOString() },
    );
    expect(status).toBe(201);

    const german = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
    const taken = dialog.getByTestId('period-taken');
    await taken.waitFor({ timeout: 15_000 });
    expect(await taken.getByText(/^Der gewählte Zeitraum/).textContent()).toBe(
      `Der gewählte Zeitraum ${german} 10:00–11:00 wurde gerade von jemand anderem gebucht.`,
    );
    // With the demo's 15-minute gap the next free hour starts at 11:15.
    const offer = taken.getByRole('button', { name: 'Nächsten freien Zeitraum übernehmen: 11:15–12:15' });
    await a.screenshot({ path: `${shots}/zeitraum-vergeben-1440.png` });
    await offer.click();
    await dialog.getByText('Der Zeitraum ist frei.').waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Beginn', exact: true }).inputValue()).toBe('11:15');
    expect(await dialog.getByRole('combobox', { name: 'Ende', exact: true }).inputValue()).toBe('12:15');
    await dialog.getByRole('button', { name: 'Verbindlich buchen' }).click();
    await a.getByText(/^Gebucht: Škoda Fabia/).waitFor();
  });
});

/** German words that must not remain on an English screen: weekdays, statuses, booking and history types, yes/no. */
const GERMAN_WORDS = [
  ...['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
  ...['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags', 'täglich'],
  // Mo, Fr and Sa are English short weekdays too (a Friday shows "Fr" in English): only the German-only ones count.
  ...['Di', 'Mi', 'Do', 'So'],
  ...['vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen', 'gebucht', 'offen', 'geschlossen'],
  ...['frei', 'belegt', 'gesperrt', 'unterwegs', 'freigegeben', 'abgelehnt', 'nicht buchbar'],
  ...['Buchung', 'Wartung', 'Defekt', 'Ja', 'Nein', 'Uhr'],
];

/** The listed words found as whole words in the page's visible text. */
async function germanWordsOn(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: only the visible text counts, as a reader sees it
  const text = await page.evaluate(() => document.body.innerText);
  return GERMAN_WORDS.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'u').test(text));
}

describe('English screens', () => {
  it('admin@stadtwerke in English: no German weekday, status or yes/no word on the vehicle, reading-room and admin screens', async () => {
    const page = await fresh();
    await signIn(page, 'admin@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await switchToEnglish(page);
    const screens: { path: string; ready: (p: Page) => Promise<unknown> }[] = [
      { path: '/fahrzeuge', ready: (p) => p.locator('[data-vehicle]').first().waitFor() },
      { path: '/fahrzeuge/uebersicht', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
      { path: '/fahrzeuge/freigaben', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
      { path: '/admin/fahrzeuge', ready: (p) => p.locator('[data-vehicle]').first().waitFor() },
      { path: '/arbeitswelt/karte', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
      { path: '/arbeitswelt/liste', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
      { path: '/admin/raeume', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
      { path: '/admin/benutzer', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
      { path: '/admin/einstellungen', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
    ];
    const found: Record<string, string[]> = {};
    for (const s of screens) {
      await page.goto(env.server.url('stadtwerke', s.path));
      await s.ready(page);
      await page.waitForLoadState('networkidle');
      const words = await germanWordsOn(page);
      if (words.length) found[s.path] = words;
      await page.screenshot({ path: `${shots}/en${s.path.replaceAll('/', '-')}-1440.png`, fullPage: true });
    }
    // The settings dialog of the user menu, every tab.
    await page.goto(env.server.url('stadtwerke', '/fahrzeuge'));
    await page.getByRole('button', { name: /Anna Adler/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (const tab of await dialog.getByRole('tab').all()) {
      await tab.click();
      await page.waitForLoadState('networkidle');
      const words = await germanWordsOn(page);
      if (words.length) found[`settings: ${await tab.textContent()}`] = words;
    }
    expect(found).toEqual({});
  });

  it('admin@bibliothek in English: the reading-room map and list carry no German weekday, status or yes/no word', async () => {
    const page = await fresh();
    await page.goto(env.server.url('bibliothek', '/login'));
    await fillLogin(page, 'admin@bibliothek.test');
    await page.waitForURL(/\/leseraum\/karte/);
    await switchToEnglish(page);
    const found: Record<string, string[]> = {};
    for (const path of ['/leseraum/karte', '/leseraum/liste', '/admin/raeume']) {
      await page.goto(env.server.url('bibliothek', path));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const words = await germanWordsOn(page);
      if (words.length) found[path] = words;
      await page.screenshot({ path: `${shots}/en-bib${path.replaceAll('/', '-')}-1440.png`, fullPage: true });
    }
    expect(found).toEqual({});
  });
});
