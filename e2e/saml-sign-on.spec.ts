import { SAML_IDP_PASSWORD, type SamlIdpUser, startTestSamlIdp, type TestSamlIdp } from '@test/support/saml-idp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { SHOTS, setUpJourneys, signedInState, switchToEnglish } from './support/journey';

const env = setUpJourneys();
/** The Stadtwerke's address without a trailing slash, as Buchbar names its SP there. */
const origin = () => new URL(env.server.url('stadtwerke')).origin;

const GRETA: SamlIdpUser = { username: 'greta', mail: 'greta.groesser@stadtwerke.test', givenName: 'Greta', sn: 'Größer' };

/**
 * Single sign-on over SAML 2.0 (decision 232) in Chromium, against Debian's
 * simplesamlphp as the real identity provider: the tenant admin sets it up on
 * /admin/mandanten with the IdP's metadata, a person signs in at the IdP's own
 * login form and comes back signed in.
 */
describe('SAML single sign-on in Chromium', () => {
  let idp: TestSamlIdp;
  beforeAll(async () => {
    idp = await startTestSamlIdp({
      users: [GRETA],
      serviceProviders: [
        {
          entityId: `${origin()}/api/auth/saml/metadata`,
          acsUrl: `${origin()}/api/auth/saml/acs`,
          sloUrl: `${origin()}/api/auth/saml/slo`,
        },
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await idp?.close();
  });

  const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

  it('the admin chooses SAML and pastes the IdP’s metadata at 1440 px; what to give the IdP is shown', async () => {
    const page = await newPage(env.browser, {
      width: 1440,
      height: 1000,
      signedIn: await signedInState(env.server, 'stadtwerke', 'admin@stadtwerke.test'),
    });
    await page.goto(env.server.url('stadtwerke', '/admin/mandanten'));
    const section = page.getByRole('region', { name: 'Anmeldung über einen Anbieter (Single Sign-on)' });
    await section.getByText('SAML 2.0', { exact: true }).click();
    const metadata = section.getByLabel('Metadaten des Identity Providers (XML)');
    // Broken metadata is explained and nothing is lost.
    await metadata.fill('<EntityDescriptor');
    await section.getByLabel('Name des Anbieters (auf der Anmeldeseite)').fill('Stadtwerke-Konto');
    await section.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, /Die Metadaten sind kein lesbares SAML-Metadaten-XML/).waitFor();
    await metadata.fill(await idp.metadata());
    await section.getByLabel('Standardgruppe für neue Personen').selectOption({ label: 'Alle Mitarbeitenden' });
    await section.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Die Anmeldung über SAML wurde gespeichert.').waitFor();
    await expect.poll(() => section.getByLabel('Entity-ID des Identity Providers').inputValue()).toBe(idp.entityId);
    await section.getByText(/Gespeichert: CN=Buchbar Test IdP, gültig bis \d{2}\.\d{2}\.\d{4}/).waitFor();
    await section.getByText(`${origin()}/api/auth/saml/acs`).waitFor();
    const download = section.getByRole('link', { name: 'Metadaten von Buchbar herunterladen (XML)' });
    expect(await download.getAttribute('href')).toBe(`${origin()}/api/auth/saml/metadata`);
    // The presets fill the claim names of Shibboleth and back.
    await section.getByRole('button', { name: 'Shibboleth' }).click();
    expect(await section.getByLabel('Attribut mit der E-Mail-Adresse').inputValue()).toBe('urn:oid:0.9.2342.19200300.100.1.3');
    await section.getByRole('button', { name: 'Entra ID' }).click();
    expect(await section.getByLabel('Attribut mit der E-Mail-Adresse').inputValue()).toBe(
      'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    );
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/saml-admin-1440-de.png` });
    await page.context().close();
  });

  it('a person taps the tenant’s SAML button at 390 px, signs in at the IdP’s form, lands signed in and signs out at both', async () => {
    const page = await newPage(env.browser, { width: 390, height: 844 });
    await page.goto(env.server.url('stadtwerke', '/login'));
    await page.getByRole('link', { name: 'Mit Stadtwerke-Konto anmelden' }).click();
    await page.waitForURL((url) => url.href.startsWith(idp.baseUrl));
    await page
      .locator('input[name="username"]')
      .waitFor({ timeout: 10_000 })
      .catch(async () => {
        throw new Error(`IdP-Seite ohne Formular: ${page.url()}\n${(await page.content()).slice(0, 1500)}\n${idp.log()}`);
      });
    await page.locator('input[name="username"]').fill(GRETA.username);
    await page.locator('input[name="password"]').fill(SAML_IDP_PASSWORD);
    await page.screenshot({ path: `${SHOTS}/saml-idp-login-390.png` });
    await page.locator('input[name="password"]').press('Enter');
    // The IdP's page posts the answer to Buchbar's ACS by itself; Buchbar opens the start page.
    await page.waitForURL((url) => url.href.startsWith(origin()) && !url.pathname.startsWith('/login'), {
      timeout: 20_000,
    });
    await page.waitForLoadState('networkidle');
    const me = await page.evaluate(async () => (await fetch('/api/session/me')).json());
    expect(me.user).toMatchObject({ email: GRETA.mail, firstName: 'Greta', lastName: 'Größer' });
    await page.screenshot({ path: `${SHOTS}/saml-signed-in-390.png` });
    // Signing out goes through the IdP (single logout) and back to Buchbar's login page.
    await page.goto(env.server.url('stadtwerke', '/fahrzeuge?logout=true'));
    await page.waitForURL((url) => url.href.startsWith(origin()) && url.pathname === '/login', { timeout: 20_000 });
    expect(await page.evaluate(async () => (await fetch('/api/session/me')).status)).toBe(401);
    // Signed out at the IdP too: the next sign-in asks for the password again.
    await page.getByRole('link', { name: 'Mit Stadtwerke-Konto anmelden' }).click();
    await page.waitForURL((url) => url.href.startsWith(idp.baseUrl));
    await page.locator('input[name="password"]').waitFor({ timeout: 10_000 });
    await page.context().close();
  });

  it('reads in English at 390 px and fits the phone', async () => {
    const page = await newPage(env.browser, {
      width: 390,
      height: 900,
      signedIn: await signedInState(env.server, 'stadtwerke', 'admin@stadtwerke.test'),
    });
    await page.goto(env.server.url('stadtwerke', '/admin/mandanten'));
    await switchToEnglish(page);
    await page.reload();
    const section = page.getByRole('region', { name: 'Sign-in through a provider (single sign-on)' });
    await section.getByText('Enter at the identity provider').first().waitFor();
    await section.getByText(/Stored: CN=Buchbar Test IdP, valid until/).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/saml-admin-390-en.png` });
    // Removing it after a reload puts the OpenID Connect form in its place; the message still shows.
    await section.getByRole('button', { name: 'Remove sign-in over SAML' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'The sign-in over SAML was removed.' }).first().waitFor();
    await section.getByLabel('Client ID').waitFor();
    await page.context().close();
  });

  it('a first OpenID Connect set-up says it was saved, and removing it says so too (the form is mounted anew by the save)', async () => {
    const page = await newPage(env.browser, {
      width: 1440,
      height: 1000,
      signedIn: await signedInState(env.server, 'tourismus', 'admin@tourismus.test'),
    });
    await page.goto(env.server.url('tourismus', '/admin/mandanten'));
    const section = page.getByRole('region', { name: 'Anmeldung über einen Anbieter (Single Sign-on)' });
    await section.getByLabel('Name des Anbieters (auf der Anmeldeseite)').fill('Tourismus-Konto');
    await section.getByLabel('Aussteller-Adresse (Issuer)').fill('https://login.tourismus.test/realms/buchbar');
    await section.getByLabel('Client-ID').fill('buchbar');
    await section.getByLabel('Client-Secret').fill('geheim-0123456789');
    await section.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Die Anmeldung über den Anbieter wurde gespeichert.').waitFor();
    await section.getByText('Ein Client-Secret ist gespeichert. Leer lassen, um es zu behalten.').waitFor();
    await section.getByRole('button', { name: 'Anmeldung über den Anbieter entfernen' }).click();
    await toast(page, 'Die Anmeldung über den Anbieter wurde entfernt.').waitFor();
    await page.context().close();
  });
});
