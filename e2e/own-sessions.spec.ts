import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

const env = setUpJourneys();

describe('the own sessions in Chromium', () => {
  it('lists this device with its browser, system and address on a phone', async () => {
    const page = await newPage(env.browser);
    await page.goto(env.server.url('stadtwerke', '/login'));
    await fillLogin(page, 'mitarbeiter@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await page.getByRole('button', { name: 'Max Mustermann' }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
    await page.getByRole('tab', { name: 'Sicherheit' }).click();
    const row = page.getByRole('dialog').getByTestId('own-session').filter({ hasText: 'dieses Gerät' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Chrome auf Linux');
    expect(text).not.toContain('Unbekanntes Gerät');
    expect(text).toMatch(/· (127\.0\.0\.1|::1|[0:]+1)/);
    // the dialog as a phone shows it
    await page.setViewportSize({ width: 390, height: 844 });
    await row.waitFor();
    expect(await row.textContent()).toContain('Chrome auf Linux');
    await page.screenshot({ path: `${SHOTS}/geraete-390.png` });
    await page.context().close();
  });
});
