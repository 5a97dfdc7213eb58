import { addDays, berlinDay } from '@domain/opening-hours';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { SHOTS, setUpJourneys } from './support/journey';

/**
 * One booking per area with the keyboard alone (WCAG 2.1.1): no click, no
 * mouse; Tab, Shift+Tab, Enter, Space, arrows and typing only. Focus stays in
 * an open dialog and returns to the page when it closes.
 */
const env = setUpJourneys();
const germanDay = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/** The accessible name of the focused element (aria-label, its label or its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled ? document.getElementById(labelled.split(' ')[0]!)?.textContent : null;
    return (el.getAttribute('aria-label') ?? byId ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '').trim();
  });

/** Presses Tab (or `key`) until the focused element's name matches; fails after `max` presses. */
async function tabTo(page: Page, name: RegExp, max = 120, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < max; i++) {
    if (name.test(await focusedName(page))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`no focusable element named ${name} within ${max} Tab presses (last: ${await focusedName(page)})`);
}

/** Focus is inside the open dialog. */
async function expectFocusInDialog(page: Page) {
  const inside = await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
  expect(inside, 'focus inside the dialog').toBe(true);
}

async function signInByKeyboard(page: Page, url: string, email: string) {
  await page.goto(url);
  await page.waitForURL(/\/login/);
  await tabTo(page, /^E-Mail/);
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Buchbar!2026');
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

describe('booking with the keyboard alone', () => {
  it('leser books a seat on the reading-room map without a mouse', async () => {
    const page = await newPage(env.browser, { width: 1440, height: 900 });
    const day = addDays(berlinDay(new Date()), 2);
    await signInByKeyboard(page, env.server.url('bibliothek', `/leseraum/karte?datum=${day}`), 'leser@bibliothek.test');
    await page.locator('[data-seat="EG-31"]').waitFor();
    await tabTo(page, /^EG-31: Frei/, 200);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('EG-31 buchen').waitFor();
    await expectFocusInDialog(page);
    await tabTo(page, /^Verbindlich buchen$/, 40);
    await expectFocusInDialog(page);
    await page.screenshot({ path: `${SHOTS}/tastatur-leseraum-1440.png` });
    await page.keyboard.press('Enter');
    await page.getByText(new RegExp(`^EG-31 am ${germanDay(day).replaceAll('.', '\\.')} von .+ Uhr ist für Sie reserviert\\.$`)).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-seat="EG-31"]')?.getAttribute('data-state') === 'meins');
    await page.context().close();
  });

  it('mitarbeiter books a pool car without a mouse', async () => {
    const page = await newPage(env.browser, { width: 1440, height: 900 });
    await signInByKeyboard(page, env.server.url('stadtwerke', '/fahrzeuge'), 'mitarbeiter@stadtwerke.test');
    await page.locator('[data-vehicle="MS-SW 121"]').waitFor();
    // 17 days ahead: beyond the demo bookings and other journeys, inside the booking window.
    await tabTo(page, /^Weiter/);
    for (let i = 0; i < 17; i++) await page.keyboard.press('Enter');
    const day = addDays(berlinDay(new Date()), 17);
    // The timeline's own date label (exact): the sidebar may list a booking of that day, which would match
    // before all the presses have moved the timeline there.
    await page.getByText(germanDay(day), { exact: true }).waitFor();
    await tabTo(page, /^Buchen: Škoda Fabia MS-SW 121$/, 200);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Freie Zeiten an diesem Tag').waitFor();
    await expectFocusInDialog(page);

    await tabTo(page, /^Beginn$/, 40);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('10:00');
    await page.getByRole('option', { name: '10:00', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // The end can be chosen once the start shows: under load a Tab pressed before that skips the still disabled end.
    const startInput = dialog.getByRole('combobox', { name: 'Beginn', exact: true });
    const endInput = dialog.getByRole('combobox', { name: 'Ende', exact: true });
    await expect.poll(() => startInput.inputValue()).toBe('10:00');
    await expect.poll(() => endInput.isEnabled()).toBe(true);
    await tabTo(page, /^Ende$/, 10);
    // The end may be filled in already after the start: replace it.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('12:00');
    await page.getByRole('option', { name: '12:00', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog.getByText('Der Zeitraum ist frei.').waitFor();
    await tabTo(page, /^Grund der Fahrt/, 40);
    await page.keyboard.type('Termin im Rathaus');
    await tabTo(page, /^Verbindlich buchen$/, 40);
    await expectFocusInDialog(page);
    await page.screenshot({ path: `${SHOTS}/tastatur-fahrzeug-1440.png` });
    await page.keyboard.press('Enter');
    await page.getByText(/^Gebucht: Škoda Fabia/).waitFor();
    await page.context().close();
  });

  it('an input that loads while the person waits on it takes the focus; one that loads after they tabbed on leaves it', async () => {
    const page = await newPage(env.browser, { width: 1440, height: 900 });
    // Hold the real inputs (loaded when a person reaches for a stand-in) until the test lets them through.
    const hold = async (pattern: string) => {
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.route(pattern, async (route) => {
        await held;
        await route.continue();
      });
      return release;
    };
    const releaseSelect = await hold('**/assets/select-field-*.js');
    const releaseDates = await hold('**/assets/date-inputs-*.js');
    await signInByKeyboard(page, env.server.url('stadtwerke', '/fahrzeuge'), 'mitarbeiter@stadtwerke.test');
    await page.locator('[data-vehicle="MS-SW 121"]').waitFor();
    const focusedPopup = () => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup') ?? null);

    // Waiting on the location's stand-in: the real select arrives and has the focus.
    await tabTo(page, /^Standort$/);
    expect(await focusedPopup()).toBeNull();
    releaseSelect();
    await expect.poll(focusedPopup).toBe('listbox');
    expect(await focusedName(page)).toBe('Standort');

    // Tabbing past the date stand-ins to "Weiter" before the pickers arrive: the focus stays on "Weiter".
    await tabTo(page, /^Weiter/);
    releaseDates();
    await page.locator('#vehicle-filters [data-dates-input]').first().waitFor();
    expect(await focusedName(page)).toMatch(/^Weiter/);
    const shownDay = () => page.locator('text=/^\\d{2}\\.\\d{2}\\.\\d{4}$/').first().textContent();
    const before = await shownDay();
    await page.keyboard.press('Enter');
    await expect.poll(shownDay).not.toBe(before);
    await page.context().close();
  });
});
