import { createTenant } from '@server/areas/tenant/operator-tenants';
import { extractLink } from '@test/support/smtp';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

const env = setUpJourneys();

describe('a tenant created by the operator in Chromium', () => {
  it('the first admin sets a password from the invitation and signs in on the new domain', async () => {
    const port = new URL(env.server.url('unbekannt')).port;
    const domain = 'hafen.localhost';
    // what `npm run operator -- create-tenant …` runs (scripts/operator.ts), against the running app's database
    await createTenant(
      env.server.deps,
      {
        name: 'Hafenverwaltung Seestadt',
        subIdentifier: 'hafen',
        domain,
        features: ['fahrzeug'],
        customerName: 'Hafen AG',
        admin: { email: 'chefin@hafen.test', firstName: 'Hanna', lastName: 'Hafen' },
      },
      `http://${domain}:${port}`,
    );

    const mail = await env.smtp.waitFor('chefin@hafen.test', 'Ihre Einladung');
    const link = extractLink(mail.text, '/leseraum/passwort');
    expect(new URL(link).host).toBe(`${domain}:${port}`);
    const page = await newPage(env.browser, { width: 390, height: 844 });
    await page.goto(link);
    await page.getByLabel('Neues Passwort', { exact: true }).fill('Hafen!2026x');
    await page.getByLabel('Neues Passwort wiederholen').fill('Hafen!2026x');
    await page.getByRole('button', { name: 'Passwort erstellen' }).click();
    await page.getByText('Ihr Passwort wurde erstellt. Sie können sich jetzt anmelden.').waitFor();

    // the same account is unknown on another tenant's domain
    await page.goto(env.server.url('stadtwerke', '/login'));
    await fillLogin(page, 'chefin@hafen.test', 'Hafen!2026x');
    await page.getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.goto(`http://${domain}:${port}/login`);
    await page.getByText('Hafenverwaltung Seestadt').first().waitFor();
    await fillLogin(page, 'chefin@hafen.test', 'Hafen!2026x');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.screenshot({ path: `${SHOTS}/operator-neuer-mandant-390.png`, fullPage: true });
    await page.goto(`http://${domain}:${port}/admin/mandanten`);
    await page.getByText(domain).first().waitFor();
    expect(await page.getByLabel('Kundenname (Altsystem)').inputValue()).toBe('Hafen AG');
    await page.screenshot({ path: `${SHOTS}/operator-neuer-mandant-mandanten-390.png`, fullPage: true });
    await page.context().close();
  }, 300_000);
});
