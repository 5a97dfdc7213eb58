import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVehicle, dayAt, locationId, SW, testVehicle } from '@test/integration/vehicle-support';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { SHOTS, setUpJourneys, signedInState } from './support/journey';

const env = setUpJourneys();

/** A receiver on this machine that answers every delivery with 204. */
async function receiver(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n++;
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    count: () => n,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('API tokens and webhooks under the tenant administration in Chromium', () => {
  it('creates a tenant token shown once, a webhook, and reads its delivery log, in German at 1440 px and English at 390 px', async () => {
    const hook = await receiver();
    const admin = await env.server.login(SW, 'admin@stadtwerke.test');
    const staff = await env.server.login(SW, 'mitarbeiter@stadtwerke.test');
    const vehicle = await createVehicle(
      env.server,
      admin,
      testVehicle(await locationId(env.server, SW, admin, 'Betriebshof Nord'), 'MS-E2 213'),
    );
    let day = 2;
    for (const [lang, width, t] of [
      [
        'de-de',
        1440,
        {
          token: 'Token anlegen',
          shown: 'Es wird nie wieder angezeigt',
          add: 'Webhook anlegen',
          log: 'Zustellprotokoll',
          ok: 'zugestellt',
        },
      ],
      [
        'en-us',
        390,
        { token: 'Create token', shown: 'it will never be shown again', add: 'Create webhook', log: 'Delivery log', ok: 'delivered' },
      ],
    ] as const) {
      await env.server.call(SW, { method: 'PUT', url: '/api/session/locale', cookie: admin, payload: { locale: lang } });
      const page = await newPage(env.browser, {
        width,
        height: 900,
        signedIn: await signedInState(env.server, 'stadtwerke', 'admin@stadtwerke.test'),
      });
      await page.goto(env.server.url('stadtwerke', '/admin/mandanten'));
      const tokens = page.getByRole('region', { name: lang === 'de-de' ? 'API-Tokens des Mandanten' : 'API tokens of the client' });
      await tokens.getByLabel('Name', { exact: true }).fill(`Export ${width}`);
      await tokens.getByRole('button', { name: t.token }).click();
      await tokens.getByText(t.shown).waitFor();
      const secret = await tokens.locator('[data-secret-once] input').inputValue();
      expect(secret).toMatch(/^bbr_/);

      const hooks = page.getByRole('region', { name: 'Webhooks' });
      await hooks.getByLabel('Name', { exact: true }).fill(`Empfang ${width}`);
      await hooks.getByLabel(lang === 'de-de' ? 'Adresse des Empfängers (https)' : 'Receiver address (https)').fill(hook.url);
      await hooks.getByRole('button', { name: t.add }).click();
      await hooks.locator('[data-secret-once] input').waitFor();
      expect(await hooks.locator('[data-secret-once] input').inputValue()).toMatch(/^whsec_/);
      await page.screenshot({ path: `${SHOTS}/schnittstellen-angelegt-${width}.png`, fullPage: true });

      const before = hook.count();
      day++;
      const booked = await env.server.call(SW, {
        method: 'POST',
        url: '/api/vehicle-bookings',
        cookie: staff,
        payload: { vehicleId: vehicle.id, von: dayAt(day, '10:00'), bis: dayAt(day, '11:00') },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      await expect.poll(() => hook.count(), { timeout: 15_000 }).toBeGreaterThan(before);
      // After a reload the secrets are gone for good.
      await page.reload();
      await page.getByRole('region', { name: 'Webhooks' }).waitFor();
      expect(await page.locator('[data-secret-once]').count()).toBe(0);
      const item = page.getByRole('listitem').filter({ hasText: `Empfang ${width}` });
      await item.getByRole('button', { name: t.log }).click();
      await item.getByText(t.ok).first().waitFor();
      await page.screenshot({ path: `${SHOTS}/schnittstellen-protokoll-${width}.png`, fullPage: true });
      await page.context().close();
    }
    await env.server.call(SW, { method: 'PUT', url: '/api/session/locale', cookie: admin, payload: { locale: 'de-de' } });
    await hook.close();
  }, 300_000);
});
