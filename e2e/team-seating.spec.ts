import { addDays, berlinDay, germanDay, isoWeekday } from '@domain/opening-hours';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

/** „Mein Team heute“ (decision 110) with the demo data: Max sees his favourites, Anna her department; both at 1440 and 390 px. */

const env = setUpJourneys();

/** The demo colleagues sit on the next working day after today (src/db/seed/reading-rooms.ts). */
const nextWorkday = () => {
  let d = addDays(berlinDay(new Date()), 1);
  while (isoWeekday(d) > 5) d = addDays(d, 1);
  return d;
};

async function signIn(page: Page, email: string, path: string) {
  await page.goto(env.server.url('stadtwerke', path));
  await page.waitForURL(/\/login$/);
  await fillLogin(page, email);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

describe('where my team sits in Chromium', () => {
  it('mitarbeiter@ sees his favourites on the map and in „Mein Team heute“, books the desk next to Felix, then opts out', async () => {
    const day = nextWorkday();
    const page = await newPage(env.browser);
    // The first page of a loaded machine may take longer than the default 30 s.
    page.setDefaultNavigationTimeout(90_000);
    await signIn(page, 'mitarbeiter@stadtwerke.test', `/arbeitswelt/karte?datum=${day}`);
    const team = page.getByTestId('team-today');
    const felix = team.locator('[data-team-member="Felix Fuhrmann"]').first();
    await felix.waitFor();
    await team.locator('[data-team-member="Frieda Frei"]').first().waitFor();
    expect(await team.textContent()).toContain('Favorit');
    // Paul is in another department and no favourite of Max: never shown to him.
    expect(await team.textContent()).not.toContain('Paul');
    const marked = page.locator('[data-testid="floor-plan-map"] [data-team-initials="FF"]');
    await marked.first().waitFor();
    expect(await marked.count()).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: `${SHOTS}/team-karte-1440.png` });

    await felix.getByRole('button', { name: 'Freien Platz neben Felix Fuhrmann buchen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Verbindlich buchen' }).click();
    await page.getByText(/ist für Sie reserviert/).waitFor();

    // The list view names the colleague under the desk.
    await page.goto(env.server.url('stadtwerke', `/arbeitswelt/liste?datum=${day}`));
    await page.locator('[data-team-name]', { hasText: 'Felix Fuhrmann' }).first().waitFor();

    // Opting out in the settings takes effect at once: the list asks for consent again.
    await page.getByRole('button', { name: 'Max Mustermann' }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
    await page.getByRole('tab', { name: 'Mein Team' }).click();
    const settings = page.getByTestId('team-settings');
    await settings.getByText('Felix Fuhrmann').waitFor();
    await page.screenshot({ path: `${SHOTS}/team-einstellungen-1440.png` });
    await settings.getByTestId('team-consent').click();
    await settings.getByText('Gespeichert.').waitFor();
    await page.keyboard.press('Escape');
    await team.getByText('Stimmen Sie unter Einstellungen → Mein Team zu').waitFor();
    expect(await page.locator('[data-team-name]').count()).toBe(0);
    await page.context().close();
  }, 300_000);

  it('admin@ on a phone (390 px) finds her department in the menu and marks on the map', async () => {
    const day = nextWorkday();
    const page = await newPage(env.browser, { width: 390, height: 844 });
    page.setDefaultNavigationTimeout(90_000);
    await signIn(page, 'admin@stadtwerke.test', `/arbeitswelt/karte?datum=${day}`);
    await page.locator('[data-testid="floor-plan-map"] [data-team-initials="PP"]').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/team-karte-390.png` });
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const team = page.getByTestId('team-today');
    await team.locator('[data-team-member="Paul Prüfer"]').first().waitFor();
    expect(await team.textContent()).toContain('Abteilung');
    await team.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/team-menue-390.png` });

    // „Ich bin abwesend“ sits on the page itself on a phone, with German date inputs (DD.MM.YYYY).
    await page.getByRole('button', { name: 'Menü schließen' }).click();
    await page.getByTestId('absence-button').click();
    const absence = page.getByRole('dialog');
    const from = absence.getByRole('textbox', { name: 'Von' });
    await from.click();
    await page.screenshot({ path: `${SHOTS}/abwesenheit-kalender-390.png` });
    await from.fill(germanDay(day));
    await absence.getByRole('textbox', { name: 'Bis' }).fill(germanDay(day));
    await absence.getByText('Abwesenheit eintragen').click();
    expect(await from.inputValue()).toBe(germanDay(day));
    await absence.getByRole('button', { name: 'Betroffene Buchungen anzeigen' }).click();
    await absence
      .getByText(/In diesen Tagen haben Sie keine Buchungen|Buchung/)
      .first()
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/abwesenheit-390.png` });
    await page.context().close();
  }, 300_000);
});
