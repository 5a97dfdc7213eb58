import { extractLink } from '@test/support/smtp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';
import { roundTheClockVehicle, SW } from './support/vehicle-journey';

const env = setUpJourneys();

async function signIn(page: Page, email: string, path: string) {
  await page.goto(env.server.url('stadtwerke', path));
  await page.waitForURL(/\/login$/);
  await fillLogin(page, email);
}

const vehiclesLinks = (page: Page) => page.getByRole('link', { name: 'Fahrzeuge', exact: true });

describe('roles and groups in Chromium', () => {
  it('an admin gives a person vehicle booking through a new role and group, and takes it away by deleting the group', async () => {
    const person = await newPage(env.browser, { width: 1440, height: 900 });
    await signIn(person, 'pruefer@stadtwerke.test', '/');
    await person.getByText('Paul Prüfer').first().waitFor();
    expect(await vehiclesLinks(person).count()).toBe(0);

    const admin = await newPage(env.browser, { width: 1440, height: 900 });
    await signIn(admin, 'admin@stadtwerke.test', '/admin/rollen');
    await admin.waitForURL(/\/admin\/rollen$/);
    await admin.getByLabel('Name der neuen Rolle').fill('Poolnutzung');
    await admin.getByRole('button', { name: 'Rolle anlegen' }).click();
    await admin.getByText('Die Rolle „Poolnutzung“ wurde angelegt.').waitFor();
    await admin.getByRole('checkbox', { name: 'fahrzeug_buchen', exact: true }).check();
    await admin.getByRole('button', { name: 'Speichern' }).click();
    await admin.getByText('Die Rolle „Poolnutzung“ wurde gespeichert.').waitFor();
    await admin.screenshot({ path: `${SHOTS}/admin-rollen-1440.png`, fullPage: true });

    await admin.goto(env.server.url('stadtwerke', '/admin/gruppen'));
    await admin.getByLabel('Name der neuen Gruppe').fill('Pool Süd');
    await admin.getByRole('button', { name: 'Gruppe anlegen' }).click();
    await admin.getByText('Die Gruppe „Pool Süd“ wurde angelegt.').waitFor();
    await admin.getByLabel('Rollen der Gruppe').first().click();
    await admin.getByRole('option', { name: 'Poolnutzung' }).click();
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: 'Speichern' }).click();
    await admin.getByText('Die Gruppe „Pool Süd“ wurde gespeichert.').waitFor();
    await admin.getByLabel('Person aufnehmen').first().fill('pruefer');
    await admin.getByRole('option', { name: /pruefer@stadtwerke\.test/ }).click();
    await admin.getByRole('cell', { name: /Prüfer, Paul/ }).waitFor();
    await admin.screenshot({ path: `${SHOTS}/admin-gruppen-1440.png`, fullPage: true });

    await person.reload();
    await person.screenshot({ path: `${SHOTS}/admin-gruppen-person-1440.png` });
    await vehiclesLinks(person).first().waitFor();

    await admin.getByRole('button', { name: 'Gruppe löschen' }).click();
    await admin.getByText('Dadurch verliert 1 Person Rechte:').waitFor();
    await admin.getByText('fahrzeug_buchen').last().waitFor();
    await admin.screenshot({ path: `${SHOTS}/admin-gruppen-loeschen-1440.png` });
    await admin.getByRole('button', { name: 'Endgültig löschen' }).click();
    await admin.getByText('„Pool Süd“ wurde gelöscht.').waitFor();

    await person.reload();
    await person.getByText('Paul Prüfer').first().waitFor();
    expect(await vehiclesLinks(person).count()).toBe(0);
    await person.context().close();
    await admin.context().close();
  });

  it('an admin grants booking through a new role and group to an invited person, who books; removed from the group, the person loses the screen', async () => {
    // a car without a required licence class: the new person has no licence on record
    const fleet = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    await roundTheClockVehicle(env, fleet, { brand: 'Fiat', model: 'Panda', licensePlate: 'MS-RG 1', requiredLicenseClass: null });

    const admin = await newPage(env.browser, { width: 1440, height: 900 });
    await signIn(admin, 'admin@stadtwerke.test', '/admin/rollen');
    await admin.waitForURL(/\/admin\/rollen$/);
    await admin.getByLabel('Name der neuen Rolle').fill('Poolfahrt');
    await admin.getByRole('button', { name: 'Rolle anlegen' }).click();
    await admin.getByText('Die Rolle „Poolfahrt“ wurde angelegt.').waitFor();
    await admin.getByRole('checkbox', { name: 'fahrzeug_buchen', exact: true }).check();
    await admin.getByRole('button', { name: 'Speichern' }).click();
    await admin.getByText('Die Rolle „Poolfahrt“ wurde gespeichert.').waitFor();
    await admin.goto(env.server.url('stadtwerke', '/admin/benutzer'));
    await admin.getByRole('button', { name: 'Person anlegen' }).click();
    await admin.getByLabel('Vorname').fill('Nina');
    await admin.getByLabel('Nachname').fill('Neu');
    await admin.getByLabel('E-Mail', { exact: false }).first().fill('nina.neu@stadtwerke.test');
    await admin.getByLabel('Personalnummer').fill('SW-2001');
    await admin.screenshot({ path: `${SHOTS}/admin-benutzer-anlegen-1440.png`, fullPage: true });
    await admin.getByRole('button', { name: 'Anlegen und einladen' }).click();
    await admin.getByText('Angelegt; die Einladung wurde an nina.neu@stadtwerke.test gesendet.').waitFor();
    await admin.goto(env.server.url('stadtwerke', '/admin/gruppen'));
    await admin.getByLabel('Name der neuen Gruppe').fill('Pool Nord');
    await admin.getByRole('button', { name: 'Gruppe anlegen' }).click();
    await admin.getByText('Die Gruppe „Pool Nord“ wurde angelegt.').waitFor();
    await admin.getByLabel('Rollen der Gruppe').first().click();
    await admin.getByRole('option', { name: 'Poolfahrt' }).click();
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: 'Speichern' }).click();
    await admin.getByText('Die Gruppe „Pool Nord“ wurde gespeichert.').waitFor();
    await admin.getByLabel('Person aufnehmen').first().fill('nina');
    await admin.getByRole('option', { name: /nina\.neu@stadtwerke\.test/ }).click();
    await admin.getByRole('cell', { name: /Neu, Nina/ }).waitFor();

    const mail = await env.smtp.waitFor('nina.neu@stadtwerke.test', 'Ihre Einladung');
    const person = await newPage(env.browser, { width: 1440, height: 900 });
    await person.goto(extractLink(mail.text, '/leseraum/passwort'));
    await person.getByLabel('Neues Passwort', { exact: true }).fill('NinaNeu-2026');
    await person.getByLabel('Neues Passwort wiederholen').fill('NinaNeu-2026');
    await person.getByRole('button', { name: 'Passwort erstellen' }).click();
    await person.getByText('Ihr Passwort wurde erstellt. Sie können sich jetzt anmelden.').waitFor();
    await person.goto(env.server.url('stadtwerke', '/login'));
    await fillLogin(person, 'nina.neu@stadtwerke.test', 'NinaNeu-2026');
    // the group's role makes the vehicles her start page
    await person.waitForURL(/\/fahrzeuge$/);
    await vehiclesLinks(person).first().waitFor();
    await person.getByRole('button', { name: /Weiter/ }).click();
    await person.getByRole('button', { name: 'Buchen: Fiat Panda MS-RG 1' }).click();
    const dialog = person.getByRole('dialog');
    await dialog.getByText('Freie Zeiten an diesem Tag').waitFor();
    await dialog.getByRole('combobox', { name: 'Beginn', exact: true }).click();
    await person.getByRole('option', { name: '10:00', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Ende', exact: true }).click();
    await person.getByRole('option', { name: '12:00', exact: true }).click();
    await dialog.getByLabel('Grund der Fahrt').fill('Einweisung');
    await dialog.getByRole('button', { name: 'Verbindlich buchen' }).click();
    await person.getByText(/^Gebucht: Fiat Panda/).waitFor();

    // the admin takes the membership away: her next look has no vehicles, and the page itself refuses
    await admin.getByRole('button', { name: 'Nina Neu aus der Gruppe entfernen' }).click();
    await admin.getByRole('cell', { name: /Neu, Nina/ }).waitFor({ state: 'detached' });
    await person.reload();
    await person.getByText('no fahrzeug_buchen').first().waitFor();
    await person.screenshot({ path: `${SHOTS}/admin-gruppe-entzogen-1440.png` });
    await person.goto(env.server.url('stadtwerke', '/'));
    await person.waitForURL(/\/leseraum\/karte/);
    await person
      .getByText(/Nina Neu/)
      .first()
      .waitFor();
    expect(await vehiclesLinks(person).count()).toBe(0);
    await person.context().close();
    await admin.context().close();
  });

  it('shows roles and groups on a phone without cutting anything off', async () => {
    const page = await newPage(env.browser, { width: 390, height: 844 });
    await signIn(page, 'admin@stadtwerke.test', '/admin/rollen');
    await page.waitForURL(/\/admin\/rollen$/);
    await page.getByText('Sonderfahrten freigeben oder ablehnen').waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-rollen-390.png`, fullPage: true });
    await page.goto(env.server.url('stadtwerke', '/admin/gruppen'));
    await page.getByRole('heading', { name: 'Gruppen' }).waitFor();
    await page.getByText('Mitglieder ·').waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-gruppen-390.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
