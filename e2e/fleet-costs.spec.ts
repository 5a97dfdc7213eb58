import { addDays, berlinDay } from '@domain/opening-hours';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

const env = setUpJourneys();

const opened: Page[] = [];
async function fresh(opts: { width?: number; height?: number } = {}) {
  const page = await newPage(env.browser, opts);
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

async function signIn(page: Page, email: string, path: string) {
  await page.goto(env.server.url('stadtwerke', path));
  await fillLogin(page, email);
  await page.waitForURL((u) => u.pathname === path.split('?')[0]);
}
const language = (page: Page, value: 'de-de' | 'en-us') =>
  page.request.put(env.server.url('stadtwerke', '/api/settings/sprache'), { data: { value } });

describe('fleet costs in Chromium', () => {
  it('the fleet manager reads the cost report with chart at 1440 px, in German and English', async () => {
    const page = await fresh({ width: 1440, height: 1000 });
    const today = berlinDay(new Date());
    await signIn(page, 'fuhrpark@stadtwerke.test', `/admin/auswertung?von=${addDays(today, -89)}&bis=${today}`);
    await page.getByRole('heading', { name: 'Fahrzeugkosten' }).waitFor();
    const golf = page.getByTestId('cost-table').getByRole('row', { name: /MS-SW 101/ });
    await golf.waitFor();
    expect(await golf.textContent()).toMatch(/€/);
    expect(await page.getByTestId('cost-total').textContent()).toMatch(/\d/);
    await page.getByRole('figure', { name: 'Kosten je Fahrzeug (€)' }).locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByRole('heading', { name: 'Fahrzeugkosten' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/fleet-costs-report-1440-de.png`, fullPage: true });
    expect((await language(page, 'en-us')).status()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Vehicle costs' }).waitFor();
    await page
      .getByTestId('cost-table')
      .getByRole('row', { name: /MS-SW 101/ })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/fleet-costs-report-1440-en.png`, fullPage: true });
    await language(page, 'de-de');
  });

  it('a driver records a fuel receipt after the trip at 390 px; an implausible one is refused with a sentence', async () => {
    const page = await fresh({ width: 390, height: 844 });
    await signIn(page, 'mitarbeiter@stadtwerke.test', '/fahrzeuge');
    const list = (await (await page.request.get(env.server.url('stadtwerke', '/api/vehicles'))).json()) as {
      vehicles: { id: string; licensePlate: string }[];
    };
    const golf = list.vehicles.find((v) => v.licensePlate === 'MS-SW 101')!;
    await page.goto(env.server.url('stadtwerke', `/fahrzeuge/beleg?fahrzeug=${golf.id}`));
    await page.getByRole('heading', { name: 'Beleg erfassen' }).waitFor();
    await page.getByLabel('Liter').fill('80');
    await page.getByLabel('Betrag').fill('140');
    await page.getByRole('button', { name: 'Beleg speichern' }).click();
    await page.getByRole('alert').filter({ hasText: '80 Liter passen nicht in den Tank dieses Fahrzeugs (50 Liter).' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/fleet-costs-receipt-390-de.png`, fullPage: true });
    await page.getByLabel('Liter').fill('35,5');
    await page.getByLabel('Betrag').fill('63,51');
    await page.getByRole('textbox', { name: 'Bezahlt mit' }).click();
    await page.getByRole('option', { name: /Aral Fleet •••• 4821/ }).click();
    await page.getByRole('button', { name: 'Beleg speichern' }).click();
    await page.waitForURL((u) => u.pathname === '/fahrzeuge');
    expect((await language(page, 'en-us')).status()).toBe(200);
    await page.goto(env.server.url('stadtwerke', `/fahrzeuge/beleg?fahrzeug=${golf.id}`));
    await page.getByRole('heading', { name: 'Record receipt' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/fleet-costs-receipt-390-en.png`, fullPage: true });
    await language(page, 'de-de');
  });
});
