import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

/**
 * Installable app (decision 097): the tenant's manifest, a service worker,
 * and offline the shell with the person's own bookings from the last visit,
 * marked as offline.
 */
const env = setUpJourneys();

describe('installable app and offline shell', () => {
  it("the manifest carries the tenant's name and icon", async () => {
    const page = await newPage(env.browser, { width: 390, height: 844, serviceWorker: true });
    await page.goto(env.server.url('stadtwerke', '/login'));
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await page.evaluate(async (url) => (await fetch(url!)).json(), href);
    expect(manifest.name).toBe('Buchbar – Stadtwerke Musterstadt');
    expect(manifest.display).toBe('standalone');
    const icon = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type'), body: await res.text() };
    }, manifest.icons[0].src as string);
    expect(icon.type).toContain('image/svg+xml');
    expect(icon.body).toContain('>S</text>');
    await page.goto(env.server.url('bibliothek', '/login'));
    const other = await page.evaluate(async () => (await fetch('/api/tenant/manifest.webmanifest')).json());
    expect(other.name).toBe('Buchbar – Universitätsbibliothek Musterstadt');
    await page.context().close();
  });

  it('offline, the overview shows the own bookings of the last visit, marked as offline', async () => {
    const page = await newPage(env.browser, { width: 390, height: 844, serviceWorker: true });
    await page.goto(env.server.url('stadtwerke', '/login'));
    await fillLogin(page, 'mitarbeiter@stadtwerke.test');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(env.server.url('stadtwerke', '/fahrzeuge/uebersicht'));
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first visit installs the worker; the second passes through it and keeps the own bookings.
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    const online = page.locator('[data-booking-id]');
    await online.first().waitFor();
    // The list says when it is complete (aria-busy).
    await page.locator('[aria-busy="false"]').filter({ has: online.first() }).waitFor();
    const count = await online.count();
    expect(count).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');

    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    await expect(page.getByTestId('offline-notice').textContent()).resolves.toContain(
      'Offline – Sie sehen den Stand Ihres letzten Besuchs',
    );
    await page.locator('[data-booking-id]').first().waitFor();
    await page
      .locator('[aria-busy="false"]')
      .filter({ has: page.locator('[data-booking-id]').first() })
      .waitFor();
    expect(await page.locator('[data-booking-id]').count()).toBe(count);
    await page.screenshot({ path: `${SHOTS}/offline-uebersicht-390.png`, fullPage: true });
    await page.context().close();
  });
});
