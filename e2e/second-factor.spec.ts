import AxeBuilder from '@axe-core/playwright';
import { DEMO_IDP } from '@db/seed/single-sign-on';
import { formatDate } from '@domain/time';
import { IDP_PASSWORD, providerSettings, startTestIdp } from '@test/support/oidc-idp';
import { totpCode } from '@test/support/totp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

const env = setUpJourneys();

async function openSecurity(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
  await page.getByRole('tab', { name: 'Sicherheit' }).click();
}

/** Types a six-digit code into Mantine's PIN input (focus moves on by itself). */
async function typeCode(page: Page, id: string, code: string) {
  await page.locator(`#${id}-1`).click();
  await page.keyboard.type(code, { delay: 30 });
}

describe('second factor in Chromium', () => {
  it('mitarbeiter@ enrols an authenticator app, signs in again with a code; the admin resets the lost factor', async () => {
    const page = await newPage(env.browser);
    await page.goto(env.server.url('stadtwerke', '/login'));
    await fillLogin(page, 'mitarbeiter@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await openSecurity(page, 'Max Mustermann');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('nicht eingerichtet').waitFor();
    await dialog.getByTestId('own-session').first().waitFor();
    await dialog.getByText('dieses Gerät').waitFor();
    await dialog.getByLabel('Aktuelles Passwort').fill('Buchbar!2026');
    await dialog.getByRole('button', { name: 'Einrichten' }).click();
    const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{20,}$/);
    await dialog.getByRole('img', { name: 'QR-Code für die Authenticator-App' }).waitFor();
    expect(await dialog.getByTestId('recovery-codes').locator('code').count()).toBe(10);
    await page.screenshot({ path: `${SHOTS}/zweiter-faktor-einrichten-1440.png` });
    await typeCode(page, 'enrol-code', await totpCode(secret, -1));
    await dialog.getByRole('button', { name: 'Aktivieren' }).click();
    await dialog.getByText('eingerichtet', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Zweiten Faktor entfernen' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/zweiter-faktor-aktiv-1440.png` });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Max Mustermann' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL(/\/login/);
    await page.context().close();

    // A phone: password, then the code page; a wrong code first, then the right one.
    const phone = await newPage(env.browser, { width: 390, height: 844 });
    await phone.goto(env.server.url('stadtwerke', '/login'));
    await fillLogin(phone, 'mitarbeiter@stadtwerke.test');
    await phone.getByText('Geben Sie den sechsstelligen Code aus Ihrer Authenticator-App ein.').waitFor();
    await typeCode(phone, 'second-factor-code', '000000');
    await phone.getByRole('alert').getByText('Der Code ist falsch oder abgelaufen. Bitte melden Sie sich erneut an.').waitFor();
    await phone.screenshot({ path: `${SHOTS}/zweiter-faktor-anmelden-390.png`, fullPage: true });
    await typeCode(phone, 'second-factor-code', await totpCode(secret, 0));
    await phone.waitForURL(/\/fahrzeuge$/);
    await phone.getByText('Willkommen, Max Mustermann').waitFor();
    await phone.context().close();

    // The phone is lost: the admin resets the factor in the person editor, and the password alone signs in again.
    const admin = await newPage(env.browser);
    await admin.goto(env.server.url('stadtwerke', '/admin/benutzer'));
    await fillLogin(admin, 'admin@stadtwerke.test');
    await admin.waitForURL(/\/admin\/benutzer$/);
    await admin.getByLabel('Suchen').fill('mitarbeiter@');
    await admin.getByText(/^1 von 1 Benutzer$/).waitFor();
    await admin
      .getByRole('button', { name: /bearbeiten$/ })
      .first()
      .click();
    const editor = admin.getByTestId('second-factor-reset');
    await editor.getByText('Diese Person meldet sich mit einem zweiten Faktor (Authenticator-App) an.').waitFor();
    await editor.getByRole('button', { name: 'Zweiten Faktor zurücksetzen' }).click();
    await editor.getByRole('button', { name: 'Ja, zurücksetzen' }).click();
    await admin.getByText('Der zweite Faktor wurde zurückgesetzt.', { exact: false }).waitFor();
    await editor.waitFor({ state: 'detached' });
    await admin.context().close();
    const again = await newPage(env.browser);
    await again.goto(env.server.url('stadtwerke', '/login'));
    await fillLogin(again, 'mitarbeiter@stadtwerke.test');
    await again.waitForURL(/\/fahrzeuge$/);
    await again.context().close();
  });

  it('leser@ signs in at the library with a code by e-mail, without a password', async () => {
    const page = await newPage(env.browser, { width: 390, height: 844 });
    await page.goto(env.server.url('bibliothek', '/login'));
    await page.getByRole('button', { name: 'Ohne Passwort? Code per E-Mail erhalten' }).click();
    await page.getByLabel('E-Mail').fill('leser@bibliothek.test');
    await page.getByRole('button', { name: 'Code senden' }).click();
    await page.getByRole('status').waitFor();
    const mail = await env.smtp.waitFor('leser@bibliothek.test', 'Anmeldecode');
    const code = /lautet (\d{6})/.exec(mail.text)![1]!;
    await page.screenshot({ path: `${SHOTS}/email-code-anmelden-390.png`, fullPage: true });
    await typeCode(page, 'email-code', code);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.context().close();
  });

  it('fuhrpark@ adds a passkey in the settings, signs out and signs in with it (virtual authenticator)', async () => {
    const page = await newPage(env.browser);
    // Chromium's virtual authenticator: a platform passkey with fingerprint-style user verification.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    await page.goto(env.server.url('stadtwerke', '/login'));
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/passkey-anmelden-1440.png` });
    await fillLogin(page, 'fuhrpark@stadtwerke.test');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await openSecurity(page, 'Felix Fuhrmann');
    const dialog = page.getByRole('dialog').getByTestId('passkeys');
    await dialog.getByText('Noch kein Passkey hinzugefügt.').waitFor();
    await dialog.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    await dialog.getByLabel('Name des Passkeys').fill('Laptop Büro');
    await dialog.getByLabel('Aktuelles Passwort').fill('Buchbar!2026');
    await dialog.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    const row = dialog.getByTestId('own-passkey');
    await row.getByText('Laptop Büro').waitFor();
    await row.getByText(`hinzugefügt am ${formatDate(new Date())}`).waitFor();
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
    await page.screenshot({ path: `${SHOTS}/passkey-einstellungen-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: 'Laptop Büro umbenennen' }).click();
    await page.screenshot({ path: `${SHOTS}/passkey-einstellungen-390.png` });
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="passkeys"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await row.getByRole('button', { name: 'Abbrechen' }).click();
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Felix Fuhrmann' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL(/\/login/);

    // The same device as a phone, now without a session: the passkey alone signs in.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/passkey-anmelden-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.getByText('Willkommen, Felix Fuhrmann').waitFor();
    await page.context().close();
  });

  it('the demo Stadtwerke offer their test provider; while it is not running, the login page says so after the click', async () => {
    const page = await newPage(env.browser, { width: 390, height: 844 });
    await page.goto(env.server.url('stadtwerke', '/login'));
    await page.getByRole('link', { name: `Mit ${DEMO_IDP.providerName} anmelden` }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('sso') === 'nicht-erreichbar');
    await page.getByRole('alert').getByText('Der Anmeldedienst ist gerade nicht erreichbar', { exact: false }).waitFor();
    // The password form stays for everyone without the flag.
    await fillLogin(page, 'fuhrpark@stadtwerke.test');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.context().close();
  });

  it("anna.sonne@ signs in at the Stadtwerke through the tenant's OpenID Connect provider; the first sign-in creates her", async () => {
    const idp = await startTestIdp({
      name: 'Stadtwerke-Login',
      accounts: [{ sub: 'sso-anna', email: 'anna.sonne@stadtwerke.test', given_name: 'Anna', family_name: 'Sonne' }],
    });
    try {
      const host = 'stadtwerke.localhost';
      const cookie = await env.server.login(host, 'admin@stadtwerke.test');
      const settings = await env.server.call(host, { method: 'GET', url: '/api/admin/tenant/single-sign-on', cookie });
      const group = (settings.json().groups as { id: string; name: string }[]).find((g) => g.name === 'Alle Mitarbeitenden');
      const saved = await env.server.call(host, {
        method: 'PUT',
        url: '/api/admin/tenant/single-sign-on',
        cookie,
        payload: providerSettings(idp, group?.id ?? null, { passwordAllowed: true }),
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const page = await newPage(env.browser, { width: 390, height: 844 });
      await page.goto(env.server.url('stadtwerke', '/login'));
      await page.getByRole('link', { name: 'Mit Stadtwerke-Login anmelden' }).click();
      // The provider's own page, on its own address
      await page.waitForURL((u) => u.origin === idp.issuer);
      await page.getByLabel('E-Mail').fill('anna.sonne@stadtwerke.test');
      await page.getByLabel('Passwort').fill(IDP_PASSWORD);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await page.waitForURL((u) => u.hostname === host && !u.pathname.startsWith('/login') && !u.pathname.startsWith('/api/'));
      const me = await page.evaluate(async () => (await fetch('/api/session/me')).json());
      expect(me.user.email).toBe('anna.sonne@stadtwerke.test');
      await page.getByText('Willkommen, Anna Sonne').waitFor();
      await page.screenshot({ path: `${SHOTS}/anmeldung-anbieter-390.png` });
      await page.context().close();
    } finally {
      await idp.close();
    }
  });
});
