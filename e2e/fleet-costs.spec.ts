import { addDays, berlinDay } from '@domain/opening-hours';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { SHOTS, setUpJourneys, signedInState, switchToEnglish } from './support/journey';

const env = setUpJourneys();

const opened: Page[] = [];
async function fresh(email: string, opts: { width: number; height: number }) {
  const page = await newPage(env.browser, { ...opts, signedIn: await signedInState(env.server, 'stadtwerke', email) });
  opened.push(page);
  return page;
}
afterEach(async (ctx) => {
  const failed = ctx.task.result?.state === 'fail';
  for (const [i, p] of opened.splice(0).entries()) {
    if (failed) await p.screenshot({ path: `${SHOTS}/fleet-costs-failure-${i}.png`, fullPage: true }).catch(() => undefined);
    await p
      .context()
      .close()
      .catch(() => undefined);
  }
});

/** A JSON call made by the page itself: the browser resolves the tenant's *.localhost host and sends its cookies. */
async function inPage<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const res = await fetch(path, {
        method: method ?? 'GET',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as T };
    },
    { path, method: init.method, body: init.body },
  );
}
const backToGerman = (page: Page) => inPage(page, '/api/session/locale', { method: 'PUT', body: { locale: 'de-de' } });

describe('fleet costs in Chromium', () => {
  it('the fleet manager reads the cost report with chart at 1440 px, in German and English, and the table fits its frame', async () => {
    const page = await fresh('fuhrpark@stadtwerke.test', { width: 1440, height: 1000 });
    const today = berlinDay(new Date());
    await page.goto(env.server.url('stadtwerke', `/admin/auswertung?von=${addDays(today, -89)}&bis=${today}`));
    await page.getByRole('heading', { name: 'Fahrzeugkosten' }).waitFor();
    const golf = page.getByTestId('cost-table').getByRole('row', { name: /MS-SW 101/ });
    await golf.waitFor();
    const golfText = (await golf.textContent()) ?? '';
    expect(golfText).toMatch(/€/);
    expect(golfText).toContain('VW Golf');
    // the demo's Golf uses what a Golf uses: between 4 and 8 litres per 100 km
    const litres = Number(/(\d+,\d) l/.exec(golfText)?.[1]?.replace(',', '.'));
    expect(litres).toBeGreaterThan(4);
    expect(litres).toBeLessThan(8);
    expect(await page.getByTestId('cost-total').textContent()).toMatch(/\d/);
    await page.getByRole('figure', { name: 'Kosten je Fahrzeug (€)' }).locator('.recharts-bar-rectangle').first().waitFor();
    // no sideways scrolling at 1440 px: the table is not wider than the frame it scrolls in
    const fits = await page
      .getByTestId('cost-table')
      .evaluate((table) => table.scrollWidth <= (table.parentElement?.parentElement?.clientWidth ?? 0) + 1);
    expect(fits).toBe(true);
    await page.getByRole('heading', { name: 'Fahrzeugkosten' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/fleet-costs-report-1440-de.png`, fullPage: true });
    await switchToEnglish(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Vehicle costs' }).waitFor();
    await page
      .getByTestId('cost-table')
      .getByRole('row', { name: /MS-SW 101/ })
      .waitFor();
    await page.getByRole('columnheader', { name: 'Use/100 km' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/fleet-costs-report-1440-en.png`, fullPage: true });
    await backToGerman(page);
  });

  it('a driver records a fuel receipt at 390 px: an implausible one is refused with a sentence, a round amount is saved', async () => {
    const page = await fresh('mitarbeiter@stadtwerke.test', { width: 390, height: 844 });
    await page.goto(env.server.url('stadtwerke', '/fahrzeuge'));
    const list = await inPage<{ vehicles: { id: string; licensePlate: string }[] }>(page, '/api/vehicles');
    const golf = list.body.vehicles.find((v) => v.licensePlate === 'MS-SW 101')!;
    await page.goto(env.server.url('stadtwerke', `/fahrzeuge/beleg?fahrzeug=${golf.id}`));
    await page.getByRole('heading', { name: 'Beleg erfassen' }).waitFor();
    await page.getByLabel('Liter').fill('80');
    await page.getByLabel('Betrag').fill('140');
    await page.getByRole('button', { name: 'Beleg speichern' }).click();
    await page.getByRole('alert').filter({ hasText: '80 Liter passen nicht in den Tank dieses Fahrzeugs (50 Liter).' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/fleet-costs-receipt-390-de.png`, fullPage: true });
    // a round amount ("70,00 €" once the field has fixed its decimals) is an amount, not an empty field
    await page.getByLabel('Liter').fill('35,5');
    await page.getByLabel('Betrag').fill('70');
    await page.getByLabel('Liter').focus();
    await page.getByRole('combobox', { name: 'Bezahlt mit' }).click();
    await page.getByRole('option', { name: /Aral Fleet •••• 4821/ }).click();
    await page.getByRole('button', { name: 'Beleg speichern' }).click();
    await page.waitForURL((u) => u.pathname === '/fahrzeuge');
    const saved = await inPage<{ receipts: { litres: number | null; amount: number; card: string | null }[] }>(
      page,
      `/api/vehicles/${golf.id}/fuel-receipts`,
    );
    // the driver may not read the vehicle's receipts; the fleet manager checks below what was stored
    expect(saved.status).toBe(403);
    const fleet = await fresh('fuhrpark@stadtwerke.test', { width: 390, height: 844 });
    await fleet.goto(env.server.url('stadtwerke', '/fahrzeuge'));
    const stored = await inPage<{ receipts: { litres: number | null; amount: number; card: string | null }[] }>(
      fleet,
      `/api/vehicles/${golf.id}/fuel-receipts`,
    );
    expect(stored.body.receipts.some((r) => r.litres === 35.5 && r.amount === 70 && r.card?.includes('4821'))).toBe(true);
    await switchToEnglish(page);
    await page.goto(env.server.url('stadtwerke', `/fahrzeuge/beleg?fahrzeug=${golf.id}`));
    await page.getByRole('heading', { name: 'Record receipt' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/fleet-costs-receipt-390-en.png`, fullPage: true });
    await backToGerman(page);
  });

  it('the fleet manager keeps the cards in one list at 1440 px: adds one to a car, blocks it, in German and English', async () => {
    const page = await fresh('fuhrpark@stadtwerke.test', { width: 1440, height: 1000 });
    await page.goto(env.server.url('stadtwerke', '/admin/fahrzeuge'));
    const table = page.getByTestId('fuel-card-table');
    await table.getByRole('row', { name: /Aral Fleet •••• 4821/ }).waitFor();
    expect(await table.getByRole('row', { name: /Aral Fleet •••• 4821/ }).textContent()).toContain('MS-SW 101');
    await page.getByRole('button', { name: 'Karte hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Karte hinzufügen' });
    await dialog.getByRole('textbox', { name: 'Anbieter' }).fill('TotalEnergies Fleet');
    await dialog.getByRole('textbox', { name: 'Kartennummer' }).fill('7001 2345 6789 0042');
    await dialog.getByRole('combobox', { name: 'Fahrzeug' }).click();
    await page.getByRole('option', { name: /MS-SW 121/ }).click();
    await dialog.getByRole('button', { name: 'Karte speichern' }).click();
    const added = table.getByRole('row', { name: /TotalEnergies Fleet •••• 0042/ });
    await added.waitFor();
    expect(await added.textContent()).toContain('MS-SW 121');
    expect(await added.textContent()).not.toContain('7001');
    await page.getByRole('button', { name: 'Karte TotalEnergies Fleet •••• 0042 bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Karte bearbeiten' });
    await edit.getByText('Leer lassen, um •••• 0042 zu behalten.', { exact: false }).waitFor();
    await edit.getByRole('checkbox', { name: 'Karte gesperrt' }).check();
    await edit.getByRole('button', { name: 'Karte speichern' }).click();
    await added.getByText('gesperrt').waitFor();
    await page.screenshot({ path: `${SHOTS}/fleet-costs-cards-1440-de.png`, fullPage: true });
    // the blocked card keeps its digits and is no longer offered for the car's receipts
    const cards = await inPage<{ cards: { provider: string; lastFour: string; retired: boolean }[] }>(page, '/api/fleet-costs/cards');
    expect(cards.body.cards.find((c) => c.provider === 'TotalEnergies Fleet')).toMatchObject({ lastFour: '0042', retired: true });
    await switchToEnglish(page);
    await page.reload();
    await table
      .getByRole('row', { name: /TotalEnergies Fleet/ })
      .getByText('blocked')
      .waitFor();
    await page.getByRole('columnheader', { name: 'Card', exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/fleet-costs-cards-1440-en.png`, fullPage: true });
    await backToGerman(page);
  });
});
