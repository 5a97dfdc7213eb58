import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { addDays, berlinDay, germanDay } from '@domain/opening-hours';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

const env = setUpJourneys();
const shots = SHOTS;
const BIB = 'bibliothek.localhost';
const today = () => berlinDay(new Date());
const tomorrow = () => addDays(today(), 1);

async function signIn(page: Page, email: string, path = '/leseraum/karte') {
  await page.goto(env.server.url('bibliothek', path));
  await page.waitForURL(/\/login$/);
  await fillLogin(page, email);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const seat = (page: Page, name: string) => page.locator(`[data-testid="floor-plan-map"] [data-seat="${name}"]`);

async function adminCookie() {
  return env.server.login(BIB, 'admin@bibliothek.test');
}

async function planIds(cookie: string): Promise<Record<string, string>> {
  const res = await env.server.call(BIB, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie });
  return Object.fromEntries((res.json().floorPlans as { id: string; name: string }[]).map((p) => [p.name, p.id]));
}

describe('reading-room journeys in Chromium', () => {
  it('leser books a favourite seat for tomorrow morning on the map, sees it in the sidebar and cancels it', async () => {
    const page = await newPage(env.browser);
    await signIn(page, 'leser@bibliothek.test');
    await page.waitForURL(/\/leseraum\/karte/);
    // The favourite floor plan opens first, favourites carry a star.
    await expect(page.getByLabel('Grundriss', { exact: true }).first().inputValue()).resolves.toBe('Lesesaal Erdgeschoss');
    await seat(page, 'EG-05').waitFor();
    await expect(seat(page, 'EG-05').getAttribute('aria-label')).resolves.toContain('Favorit');
    await page.getByRole('button', { name: 'Nächster Tag' }).click();
    await page.waitForURL(new RegExp(`datum=${tomorrow()}`));
    await choose(page, 'Tageszeit', 'Vormittags');
    await page.waitForURL(/tageszeit=vormittags/);
    await page.getByTestId('map-legend').getByText('Teilweise belegt').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-seat="EG-50"]')?.getAttribute('data-state') === 'belegt');
    await page.screenshot({ path: `${shots}/leseraum-karte-1440.png`, fullPage: true });

    await seat(page, 'EG-05').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('EG-05 buchen').waitFor();
    await expect(dialog.getByRole('radio', { name: 'Vormittags' }).isChecked()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Verbindlich buchen' }).click();
    await page.getByText(`EG-05 am ${germanDay(tomorrow())} von 08:00 bis 12:00 Uhr ist für Sie reserviert.`).waitFor();
    const mine = page.getByTestId('my-bookings');
    await mine.getByText('EG-05').waitFor();
    await mine.getByText(`${germanDay(tomorrow())} · 08:00–12:00`).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-seat="EG-05"]')?.getAttribute('data-state') === 'meins');
    await page.screenshot({ path: `${shots}/leseraum-gebucht-1440.png`, fullPage: true });

    await mine.getByRole('button', { name: 'Stornieren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stornieren' }).click();
    await page.getByText('Die Buchung wurde storniert.').waitFor();
    await mine.getByText('Keine').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-seat="EG-05"]')?.getAttribute('data-state') === 'frei');

    // The list view shows the same data, sortable and filtered by equipment; the URL reproduces the view.
    await page.locator('label', { hasText: /^Liste$/ }).click();
    await page.waitForURL(/\/leseraum\/liste\?.*tageszeit=vormittags/);
    await page.getByTestId('seat-list').locator('[data-seat="EG-05"]').waitFor();
    await page.screenshot({ path: `${shots}/leseraum-liste-1440.png`, fullPage: true });
    await page.context().close();
  });

  it('the map stays readable on a phone (390 px) and zooms with the keyboard', async () => {
    const page = await newPage(env.browser, { width: 390, height: 844 });
    await signIn(page, 'leser@bibliothek.test', `/leseraum/karte?datum=${tomorrow()}`);
    await seat(page, 'EG-30').waitFor();
    const before = await seat(page, 'EG-30').boundingBox();
    expect(before!.width).toBeGreaterThanOrEqual(24);
    expect(before!.height).toBeGreaterThanOrEqual(24);
    await page.screenshot({ path: `${shots}/leseraum-karte-390.png`, fullPage: true });
    await page.getByTestId('floor-plan-map').focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    const after = await seat(page, 'EG-30').boundingBox();
    expect(after!.width).toBeGreaterThan(before!.width * 1.4);
    await page.screenshot({ path: `${shots}/leseraum-karte-zoom-390.png` });
    await page.context().close();
  });

  it('workplaces use the same engine: /arbeitswelt shows the office plan with 40 desks and links to the vehicles', async () => {
    const page = await newPage(env.browser);
    await page.goto(env.server.url('stadtwerke', '/arbeitswelt'));
    await page.waitForURL(/\/login$/);
    await page.getByLabel('E-Mail').fill('mitarbeiter@stadtwerke.test');
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(/\/arbeitswelt\/karte/);
    await page.getByRole('heading', { name: 'Arbeitsplatz buchen' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="floor-plan-map"] [data-seat]').length === 40);
    await page.getByRole('navigation').getByRole('link', { name: 'Fahrzeuge' }).first().waitFor();
    await page.screenshot({ path: `${shots}/arbeitswelt-karte-1440.png`, fullPage: true });
    await page.context().close();
  });

  it('a pre-booking for a colleague is confirmed by the colleague from the mail link', async () => {
    const eg = (await planIds(await adminCookie()))['Lesesaal Erdgeschoss']!;
    const admin = await newPage(env.browser);
    await signIn(admin, 'admin@bibliothek.test', `/leseraum/karte?grundriss=${eg}&datum=${addDays(today(), 2)}`);
    await seat(admin, 'EG-07').click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Für eine andere Person vormerken').check();
    // The person is searched by the beginning of a name (decision 037).
    await dialog.getByLabel('Person', { exact: true }).first().fill('Lesew');
    await admin.getByRole('option', { name: 'Lena Lesewitz' }).click();
    await dialog.getByRole('button', { name: 'Vormerken' }).click();
    await admin.getByText('EG-07 ist für Lena Lesewitz vorgemerkt. Die Person wurde per E-Mail benachrichtigt.').waitFor();
    await admin.getByTestId('my-bookings').getByText('Gebucht für Lena Lesewitz').waitFor();

    const mail = await env.smtp.waitFor('leser@bibliothek.test', 'bitte bestätigen: EG-07');
    const link = /https?:\/\/\S+\/leseraum\/karte\?bestaetigen=[0-9a-f-]{36}/.exec(mail.text)![0];
    const leser = await newPage(env.browser);
    await signIn(leser, 'leser@bibliothek.test', new URL(link).pathname + new URL(link).search);
    const confirm = leser.getByRole('dialog', { name: 'Vormerkung bestätigen' });
    await confirm.getByText(/Berta Buchholz hat EG-07 am .* für Sie vorgemerkt/).waitFor();
    await leser.screenshot({ path: `${shots}/vormerkung-bestaetigen-1440.png` });
    await confirm.getByRole('button', { name: 'Bestätigen' }).click();
    await leser.getByText('Die Vormerkung ist bestätigt.').waitFor();
    const reservations = leser.getByTestId('my-reservations');
    await reservations.getByText('EG-07').waitFor();
    await reservations.getByText('Reserviert').waitFor();
    await reservations.getByText('Gebucht von Berta Buchholz').waitFor();
    await admin.context().close();
    await leser.context().close();
  });

  it('an admin closes a day with a deviating opening time and the map shows it closed', async () => {
    const day = addDays(today(), 3);
    const page = await newPage(env.browser);
    const eg = (await planIds(await adminCookie()))['Lesesaal Erdgeschoss']!;
    await signIn(page, 'admin@bibliothek.test', `/admin/raeume?grundriss=${eg}`);
    await page.getByRole('heading', { name: 'Räume', exact: true }).waitFor();
    await page.getByTestId('plan-editor').locator('[data-seat="EG-01"]').click();
    await page.getByTestId('object-form').getByLabel('Bezeichnung').waitFor();
    await page.screenshot({ path: `${shots}/admin-raeume-plan-1440.png` });
    await page.getByRole('tab', { name: 'Öffnungszeiten' }).click();
    await page.getByLabel('Gültig von').fill(germanDay(day));
    await page.getByLabel('Gültig bis').fill(germanDay(day));
    await page.getByLabel('Gültig bis').press('Tab');
    await page.getByRole('button', { name: 'Abweichung anlegen' }).click();
    await page.getByText(`${germanDay(day)}–${germanDay(day)}: geschlossen`).waitFor();
    await page.screenshot({ path: `${shots}/admin-raeume-oeffnungszeiten-1440.png`, fullPage: true });

    await page.goto(env.server.url('bibliothek', `/leseraum/karte?grundriss=${eg}&datum=${day}`));
    await page
      .getByTestId('day-info')
      .getByText(`Am ${germanDay(day)} geschlossen (abweichende Öffnungszeit)`)
      .waitFor();
    await page.waitForFunction(() => document.querySelector('[data-seat="EG-01"]')?.getAttribute('data-state') === 'geschlossen');
    await page.screenshot({ path: `${shots}/leseraum-geschlossen-1440.png`, fullPage: true });
    await page.context().close();
  });

  it('the kiosk shows a booking made in another tab without reload, and never who booked', async () => {
    const cookie = await adminCookie();
    const plans = await planIds(cookie);
    const planId = plans['Lesesaal 1. Obergeschoss']!;
    // Open all day today, so "now" is inside the opening hours whatever the clock says.
    await env.server.call(BIB, {
      method: 'POST',
      url: `/api/admin/reading-rooms/floor-plans/${planId}/deviating-opening-hours`,
      cookie,
      payload: { validFrom: today(), validTo: today(), von: '00:00', bis: '23:59', status: 'offen' },
    });
    // A whole day ends after the maximum duration counted from opening (decision 035): with the default of
    // 600 minutes that opening would end at 10:00, and the booking below would lie in the past later in the day.
    const maxDuration = (value: number) =>
      env.server.call(BIB, {
        method: 'PUT',
        url: '/api/settings/leseraumMaxBuchungsdauerMinuten',
        cookie,
        payload: { layer: 'MANDANT', value },
      });
    expect((await maxDuration(1440)).statusCode).toBe(200);
    const admin = await newPage(env.browser);
    await signIn(admin, 'admin@bibliothek.test', `/admin/raeume?grundriss=${planId}&tab=kiosk`);
    await admin.getByLabel('Name des Bildschirms').fill('Eingang 1. OG');
    await admin.getByRole('button', { name: 'Kiosk-Link erzeugen' }).click();
    const kioskUrl = ((await admin.getByTestId('kiosk-url').textContent()) ?? '').trim();
    expect(kioskUrl).toMatch(/\/kiosk\?token=[A-Za-z0-9_-]{43}$/);

    const kiosk = await newPage(env.browser, { width: 1440, height: 900 });
    await kiosk.goto(kioskUrl.replace(/^https?:\/\/[^/]+/, env.server.url('bibliothek', '')));
    await kiosk.getByTestId('kiosk-board').waitFor();
    const ogSeat = kiosk.locator('[data-testid="kiosk-board"] [data-seat="OG-40"]');
    await expect(ogSeat.getAttribute('data-now')).resolves.toBe('frei');
    await kiosk.screenshot({ path: `${shots}/kiosk-1440.png` });

    const leser = await newPage(env.browser);
    await signIn(leser, 'leser@bibliothek.test', `/leseraum/karte?grundriss=${planId}&datum=${today()}`);
    await seat(leser, 'OG-40').click();
    await leser.getByRole('dialog').getByRole('button', { name: 'Verbindlich buchen' }).click();
    await leser.getByText(/OG-40 am .* ist für Sie reserviert\./).waitFor();

    await kiosk.waitForFunction(
      () => document.querySelector('[data-testid="kiosk-board"] [data-seat="OG-40"]')?.getAttribute('data-now') === 'belegt',
      undefined,
      { timeout: 15_000 },
    );
    await kiosk.getByTestId('kiosk-slot').filter({ hasText: 'OG-40' }).waitFor();
    const html = await kiosk.content();
    expect(html).not.toMatch(/Lesewitz|Buchholz|@bibliothek/);
    await kiosk.screenshot({ path: `${shots}/kiosk-gebucht-1440.png` });
    // A seat's QR code opens its check-in for the signed-in user.
    await ogSeat.click();
    await kiosk.getByRole('img', { name: 'Einchecken an OG-40' }).waitFor();
    await kiosk.waitForTimeout(400); // let the dialog finish fading in before the screenshot
    await kiosk.screenshot({ path: `${shots}/kiosk-qr-1440.png` });
    const phone = await newPage(env.browser, { width: 390, height: 844 });
    await phone.goto(kioskUrl.replace(/^https?:\/\/[^/]+/, env.server.url('bibliothek', '')));
    await phone.getByTestId('kiosk-board').waitFor();
    await phone.screenshot({ path: `${shots}/kiosk-390.png`, fullPage: true });
    for (const p of [admin, kiosk, leser, phone]) await p.context().close();
    expect((await maxDuration(600)).statusCode).toBe(200);
  });

  it('1440 px: nothing on the map moves while its first load fills in the day and the seats', async () => {
    const page = await newPage(env.browser, { width: 1440, height: 900 });
    await signIn(page, 'leser@bibliothek.test');
    // shifts of the map's column only: the sidebar's own bookings arrive with a request of their own
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { __shifts: shifts });
      const inSidebar = (node: Node | null) =>
        Boolean((node instanceof Element ? node : node?.parentElement)?.closest('.app-frame-navbar'));
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources: { node: Node | null }[] })[])
          if (e.sources.some((source) => !inSidebar(source.node))) shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.reload();
    await page.getByTestId('day-info').waitFor();
    await seat(page, 'EG-71').waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
    await page.context().close();
  });
});
