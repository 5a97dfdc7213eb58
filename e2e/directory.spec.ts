import { DIRECTORY_PASSWORD, SUFFIX, startTestSlapd, TEST_DIRECTORY_LDIF, type TestSlapd } from '@test/support/slapd';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys, signedInState, switchToEnglish } from './support/journey';

const env = setUpJourneys();

/** The tenant admin connects the Stadtwerke to their directory on /admin/mandanten (decision 223), against a real slapd. */
describe('LDAP directory under the tenant administration in Chromium', () => {
  let ldap: TestSlapd;
  beforeAll(async () => {
    ldap = await startTestSlapd(TEST_DIRECTORY_LDIF);
  }, 120_000);
  afterAll(async () => {
    await ldap?.close();
  });

  const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

  it('refuses plain LDAP, saves the settings, syncs, and a directory person signs in with the directory password', async () => {
    const page = await newPage(env.browser, {
      width: 1440,
      height: 1000,
      signedIn: await signedInState(env.server, 'stadtwerke', 'admin@stadtwerke.test'),
    });
    await page.goto(env.server.url('stadtwerke', '/admin/mandanten'));
    const section = page.getByRole('region', { name: 'Verzeichnis (LDAP / Active Directory)' });
    await section.getByText('Noch keine Zuordnung').waitFor();
    // The kind's usual attribute names are filled in; Active Directory brings its own.
    await expect.poll(() => section.getByLabel('Anmeldename').inputValue()).toBe('uid');
    await section.getByLabel('Art des Verzeichnisses').selectOption('active_directory');
    expect(await section.getByLabel('Anmeldename').inputValue()).toBe('sAMAccountName');
    await section.getByLabel('Art des Verzeichnisses').selectOption('openldap');
    expect(await section.getByLabel('Suchfilter für Personen').inputValue()).toBe('(objectClass=inetOrgPerson)');

    await section.getByLabel('Adresse des Servers').fill(ldap.ldapUrl);
    await section.getByLabel('Bind-DN (Dienstkonto)').fill(`cn=buchbar-dienst,${SUFFIX}`);
    await section.getByLabel('Passwort des Dienstkontos').fill('Dienst-Passwort-1');
    await section.getByLabel('Basis für Personen').fill(`ou=people,${SUFFIX}`);
    await section.getByLabel('Filter für gesperrte Konten').fill('(description=gesperrt)');
    await section.getByLabel('Basis für Gruppen').fill(`ou=groups,${SUFFIX}`);
    await section.getByRole('button', { name: 'Neue Zuordnung' }).click();
    await section.getByLabel('DN der Verzeichnisgruppe').fill(`cn=buchbar,ou=groups,${SUFFIX}`);
    await section.getByLabel('Gruppe in Buchbar').selectOption({ label: 'Fuhrpark-Team' });
    await section.getByRole('button', { name: 'Speichern' }).click();
    await toast(
      page,
      'Eine unverschlüsselte Verbindung ist nicht erlaubt: Bitte verwenden Sie ldaps:// oder schalten Sie StartTLS ein.',
    ).waitFor();

    // Nothing was lost: the form still holds what was typed; with ldaps:// and the CA it is saved.
    await section.getByLabel('Adresse des Servers').fill(ldap.ldapsUrl);
    await section.getByLabel('CA-Zertifikat').fill(ldap.caPem);
    await section.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Die Verzeichniseinstellungen wurden gespeichert.').waitFor();
    await section.getByText('Gespeichert. Leer lassen, um es zu behalten.').waitFor();
    expect(await section.getByLabel('Passwort des Dienstkontos').inputValue()).toBe('');
    await section.getByText('Noch nicht abgeglichen.').waitFor();

    await section.getByRole('button', { name: 'Jetzt abgleichen' }).click();
    const last = section.getByTestId('directory-last-sync');
    await last.getByText('2 angelegt, 0 geändert, 0 deaktiviert, 0 wieder aktiviert').waitFor();
    expect(await last.textContent()).toMatch(/Letzter Abgleich: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    await page.screenshot({ path: `${SHOTS}/directory-1440-de.png`, fullPage: true });
    await page.context().close();

    // Jürgen, brought in by the sync, signs in with his directory password; Buchbar never stored it.
    const person = await newPage(env.browser, { width: 1440 });
    await person.goto(env.server.url('stadtwerke', '/login'));
    await fillLogin(person, 'juergen.muessig@stadtwerke.test', DIRECTORY_PASSWORD);
    await person.waitForURL((url) => !url.pathname.startsWith('/login'));
    await person
      .getByRole('button', { name: /Jürgen Müßig|JM/ })
      .first()
      .waitFor();
    await person.context().close();
  });

  it('reads in English at 390 px, with the last sync and the stored password', async () => {
    const page = await newPage(env.browser, {
      width: 390,
      height: 900,
      signedIn: await signedInState(env.server, 'stadtwerke', 'admin@stadtwerke.test'),
    });
    await page.goto(env.server.url('stadtwerke', '/admin/mandanten'));
    await switchToEnglish(page);
    await page.reload();
    const section = page.getByRole('region', { name: 'Directory (LDAP / Active Directory)' });
    await section.getByText('2 created, 0 changed, 0 deactivated, 0 reactivated').waitFor();
    await section.getByText('Stored. Leave empty to keep it.').waitFor();
    expect(await section.getByLabel('DN of the directory group').inputValue()).toBe(`cn=buchbar,ou=groups,${SUFFIX}`);
    // The section fits the phone: nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/directory-390-en.png` });
    await section.getByRole('button', { name: 'Remove directory' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'The directory has been removed.' }).first().waitFor();
    await section.getByText('No mapping yet').waitFor();
  });
});
