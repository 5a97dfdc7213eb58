import { SCIM_SCHEMAS } from '@domain/scim';
import { SW } from '@test/integration/vehicle-support';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { SHOTS, setUpJourneys, signedInState } from './support/journey';

const env = setUpJourneys();

describe('SCIM provisioning under the tenant administration in Chromium', () => {
  it('creates a provisioning token shown once, which the identity provider then uses, and revokes it; German at 1440 px, English at 390 px', async () => {
    const admin = await env.server.login(SW, 'admin@stadtwerke.test');
    for (const [lang, width, t] of [
      [
        'de-de',
        1440,
        {
          region: 'Provisionierung (SCIM)',
          create: 'Token anlegen',
          shown: 'Es wird nie wieder angezeigt',
          revoke: 'Widerrufen',
          revoked: 'widerrufen',
        },
      ],
      [
        'en-us',
        390,
        {
          region: 'Provisioning (SCIM)',
          create: 'Create token',
          shown: 'it will never be shown again',
          revoke: 'Revoke',
          revoked: 'revoked',
        },
      ],
    ] as const) {
      await env.server.call(SW, { method: 'PUT', url: '/api/session/locale', cookie: admin, payload: { locale: lang } });
      const page = await newPage(env.browser, {
        width,
        height: 900,
        signedIn: await signedInState(env.server, 'stadtwerke', 'admin@stadtwerke.test'),
      });
      await page.goto(env.server.url('stadtwerke', '/admin/mandanten'));
      const card = page.getByRole('region', { name: t.region });
      await card.scrollIntoViewIfNeeded();
      const endpoint = card.locator('input[readonly]').first();
      await expect.poll(() => endpoint.inputValue()).toMatch(/\/scim\/v2$/);
      await card.getByLabel('Name', { exact: true }).fill(`Entra ${width}`);
      await card.getByRole('button', { name: t.create }).click();
      await card.getByText(t.shown).waitFor();
      const secret = await card.locator('[data-secret-once] input').inputValue();
      expect(secret).toMatch(/^bbs_/);
      await card.screenshot({ path: `${SHOTS}/scim-token-angelegt-${width}.png` });

      // The identity provider's first request with the token: Entra ID's "Test connection".
      expect(await endpoint.inputValue()).toBe(env.server.url('stadtwerke', '/scim/v2'));
      const probe = await env.server.call(SW, {
        method: 'GET',
        url: `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "niemand-${width}@x.de"`)}`,
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(probe.statusCode).toBe(200);
      expect((JSON.parse(probe.body) as { schemas: string[] }).schemas).toEqual([SCIM_SCHEMAS.listResponse]);

      await page.reload();
      const item = page
        .getByRole('region', { name: t.region })
        .getByRole('listitem')
        .filter({ hasText: `Entra ${width}` });
      await item.waitFor();
      expect(await page.locator('[data-secret-once]').count()).toBe(0);
      await item.getByRole('button', { name: t.revoke }).click();
      await item.getByText(t.revoked, { exact: true }).waitFor();
      await page.getByRole('region', { name: t.region }).screenshot({ path: `${SHOTS}/scim-token-widerrufen-${width}.png` });
      const after = await env.server.call(SW, {
        method: 'GET',
        url: '/scim/v2/Users?count=1',
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(after.statusCode).toBe(401);
      await page.context().close();
    }
    await env.server.call(SW, { method: 'PUT', url: '/api/session/locale', cookie: admin, payload: { locale: 'de-de' } });
  }, 300_000);
});
