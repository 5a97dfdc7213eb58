import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { SHOTS, setUpJourneys, signedInState, switchToEnglish } from './support/journey';
import { pagesOf, roundTheClockVehicle, SW } from './support/vehicle-journey';

const env = setUpJourneys();
const pages = pagesOf(env, 'trip-checklist');

async function signedIn(email: string, size: { width: number; height: number }): Promise<Page> {
  const page = await pages(size);
  await page.context().addCookies((await signedInState(env.server, 'stadtwerke', email)).cookies);
  return page;
}

/** Nothing sticks out to the right of a phone screen, the dialog and its controls included. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const box = await page.getByRole('dialog').boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
  const outside = await page.getByRole('dialog').evaluate((d) => {
    const right = d.getBoundingClientRect().right;
    return [...d.querySelectorAll('button, input, textarea, label')]
      .filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > right + 0.5)
      .map((el) => el.outerHTML.slice(0, 80));
  });
  expect(outside).toEqual([]);
}

describe('check before the trip in Chromium', () => {
  it('a driver answers the car checklist at 390 px: a missing note and a critical point are refused, a minor defect is reported', async () => {
    const fleet = await env.server.login(SW, 'fuhrpark@stadtwerke.test');
    const booker = await env.server.login(SW, 'mitarbeiter@stadtwerke.test');
    const vehicleId = await roundTheClockVehicle(env, fleet, { brand: 'Opel', model: 'Corsa', licensePlate: 'MS-AK 390' });
    const booked = await env.server.call(SW, {
      method: 'POST',
      url: '/api/vehicle-bookings',
      cookie: booker,
      payload: {
        vehicleId,
        von: new Date(Date.now() + 5 * 60_000).toISOString(),
        bis: new Date(Date.now() + 65 * 60_000).toISOString(),
        reason: 'Zählerablesung',
        destination: 'Pumpwerk Ost',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const page = await signedIn('mitarbeiter@stadtwerke.test', { width: 390, height: 844 });
    await page.goto(env.server.url('stadtwerke', '/fahrzeuge/uebersicht'));
    const card = page.locator('[data-booking-id]').filter({ hasText: 'MS-AK 390' }).first();
    await card.getByRole('button', { name: 'Fahrt starten' }).click();
    const dialog = page.getByRole('dialog');
    const check = dialog.getByTestId('trip-check');
    await check.getByRole('heading', { name: 'Abfahrtskontrolle' }).waitFor();
    await check.getByText('Abfahrtskontrolle PKW, Version 2').waitFor();
    expect(await check.getByRole('radiogroup').count()).toBe(6);
    await fitsWidth(page, 390);
    await page.screenshot({ path: `${SHOTS}/abfahrtskontrolle-390.png`, fullPage: true });

    const point = (label: string) => check.getByRole('radiogroup', { name: label });
    for (const radio of await check.getByRole('radio', { name: 'In Ordnung', exact: true }).all()) await radio.check();
    await point('Reifen (Profil, sichtbare Schäden) kritisch').getByRole('radio', { name: 'Nicht in Ordnung' }).check();
    const note = check.getByRole('textbox', { name: 'Was ist nicht in Ordnung?' });
    await note.waitFor();
    await check
      .getByText(
        'Ein kritischer Punkt ist nicht in Ordnung: Die Fahrt kann so nicht beginnen. Mit „Fahrt starten“ meldet Buchbar den Mangel der Fuhrparkleitung.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Fahrt starten' }).click();
    await dialog
      .getByRole('alert')
      .getByText('Bitte beschreiben Sie kurz, was bei „Reifen (Profil, sichtbare Schäden)“ nicht in Ordnung ist.')
      .waitFor();

    await note.fill('Profil vorne links abgefahren');
    await dialog.getByRole('button', { name: 'Fahrt starten' }).click();
    await dialog
      .getByRole('alert')
      .getByText(
        'Die Fahrt kann nicht beginnen: „Reifen (Profil, sichtbare Schäden)“ ist nicht in Ordnung. Der Mangel ist an die Fuhrparkleitung gemeldet.',
      )
      .waitFor();
    await fitsWidth(page, 390);
    await page.screenshot({ path: `${SHOTS}/abfahrtskontrolle-abgelehnt-390.png`, fullPage: true });
    await expect
      .poll(() =>
        env.smtp.mails.some(
          (m) => m.to.includes('fuhrpark@stadtwerke.test') && m.subject.includes('Schaden gemeldet: Opel Corsa (MS-AK 390)'),
        ),
      )
      .toBe(true);

    // New tyre fitted; the warning vest is missing, which is no reason to stay.
    await point('Reifen (Profil, sichtbare Schäden) kritisch').getByRole('radio', { name: 'In Ordnung', exact: true }).check();
    await point('Warndreieck und Warnweste').getByRole('radio', { name: 'Nicht in Ordnung' }).check();
    await check.getByRole('textbox', { name: 'Was ist nicht in Ordnung?' }).fill('Warnweste fehlt');
    await check.getByText('Mit „Fahrt starten“ meldet Buchbar den Mangel der Fuhrparkleitung.').waitFor();
    await dialog.getByRole('button', { name: 'Fahrt starten' }).click();
    await page.getByText('Gute Fahrt! Die Fahrt läuft.').waitFor();
    await card.getByRole('button', { name: 'Fahrt beenden' }).waitFor();
    await expect
      .poll(() => env.smtp.mails.filter((m) => m.subject.includes('MS-AK 390') && m.text.includes('Warnweste fehlt')).length)
      .toBeGreaterThan(0);

    // The fleet reads both checks in the vehicle's tab, newest first.
    const fleetPage = await signedIn('fuhrpark@stadtwerke.test', { width: 390, height: 844 });
    await fleetPage.goto(env.server.url('stadtwerke', `/fahrzeuge/${vehicleId}?tab=kontrollen`));
    const checks = fleetPage.getByTestId('trip-checks');
    await checks.locator('[data-check-outcome="angetreten"]').getByText('Warnweste fehlt', { exact: false }).waitFor();
    await checks.locator('[data-check-outcome="abgelehnt"]').getByText('Profil vorne links abgefahren', { exact: false }).waitFor();
    expect(await fleetPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await fleetPage.screenshot({ path: `${SHOTS}/abfahrtskontrollen-fahrzeug-390.png`, fullPage: true });
  });

  it('the fleet edits its checklists at 1440 px: a changed point is a new version, a new category gets its own list; in English too', async () => {
    const page = await signedIn('fuhrpark@stadtwerke.test', { width: 1440, height: 1000 });
    await page.goto(env.server.url('stadtwerke', '/admin/fahrzeuge'));
    const section = page.getByRole('region', { name: 'Abfahrtskontrolle' });
    await section.getByRole('heading', { name: 'Abfahrtskontrolle PKW' }).waitFor();
    await section.getByRole('heading', { name: 'Abfahrtskontrolle Transporter' }).waitFor();
    await section.getByTestId('uncovered-categories').getByText('Ohne Checkliste: Pritschenwagen (1 Fahrzeug)').waitFor();
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/abfahrtskontrolle-verwaltung-1440-de.png`, fullPage: true });

    // The vans get a point for the tail lift, critical: version 2.
    await section.getByRole('button', { name: 'Abfahrtskontrolle Transporter bearbeiten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkliste bearbeiten' });
    await dialog.getByRole('button', { name: 'Punkt hinzufügen' }).click();
    await dialog.getByRole('textbox', { name: 'Punkt 8' }).fill('Ladebordwand (Funktion, Sicherung)');
    await dialog.getByRole('checkbox', { name: 'Kritisch: verhindert die Fahrt' }).last().check();
    await dialog.getByRole('button', { name: 'Punkt 8 nach oben' }).click();
    await dialog.getByText('Geänderte Punkte werden als Version 2 veröffentlicht.', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/abfahrtskontrolle-bearbeiten-1440-de.png` });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Checkliste wurde gespeichert.').waitFor();
    const vans = section.locator('[data-checklist="Abfahrtskontrolle Transporter"]');
    await vans.getByText(/^Version 2 seit \d\d\.\d\d\.\d{4} · 8 Punkte, davon 5 kritisch$/).waitFor();
    const points = await vans.getByRole('listitem').allTextContents();
    expect(points[6]).toBe('Ladebordwand (Funktion, Sicherung) kritisch');

    // The pick-up gets a list of its own; a category another list holds is refused with its name.
    await section.getByRole('button', { name: 'Checkliste anlegen' }).click();
    const created = page.getByRole('dialog', { name: 'Checkliste anlegen' });
    await created.getByRole('textbox', { name: 'Name' }).fill('Abfahrtskontrolle Pritsche');
    const categories = created.getByLabel('Gilt für die Fahrzeugkategorien');
    await categories.fill('Kombi');
    await categories.press('Enter');
    await created.getByRole('textbox', { name: 'Punkt 1' }).fill('Bordwände verriegelt');
    await created.getByRole('button', { name: 'Speichern' }).click();
    await created.getByRole('alert').getByText('Für die Kategorie „Kombi“ gibt es schon die Checkliste „Abfahrtskontrolle PKW“.').waitFor();
    await categories.press('Backspace');
    await categories.fill('Pritschenwagen');
    await categories.press('Enter');
    await created.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Checkliste wurde gespeichert.').last().waitFor();
    await section.getByRole('heading', { name: 'Abfahrtskontrolle Pritsche' }).waitFor();
    await expect.poll(() => section.getByTestId('uncovered-categories').count()).toBe(0);

    await switchToEnglish(page);
    await page.reload();
    const english = page.getByRole('region', { name: 'Pre-trip check' });
    await english.getByText(/^Version 2 since \d\d\.\d\d\.\d{4} · 8 items, 5 of them critical$/).waitFor();
    await english.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/abfahrtskontrolle-verwaltung-1440-en.png`, fullPage: true });
    await english.getByRole('button', { name: 'Edit Abfahrtskontrolle PKW' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit checklist' });
    await edit.getByRole('textbox', { name: 'Item 4' }).fill('Warning triangle and vest');
    await edit.getByText('Changed items are published as version 3.', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/abfahrtskontrolle-bearbeiten-1440-en.png` });
    await page.keyboard.press('Escape');
    await page.evaluate(() =>
      fetch('/api/session/locale', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"locale":"de-de"}' }),
    );

    // At 390 px the editor is a full screen.
    const phone = await newPage(env.browser, {
      width: 390,
      height: 844,
      signedIn: await signedInState(env.server, 'stadtwerke', 'fuhrpark@stadtwerke.test'),
    });
    try {
      await phone.goto(env.server.url('stadtwerke', '/admin/fahrzeuge'));
      await phone.getByRole('button', { name: 'Abfahrtskontrolle PKW bearbeiten' }).click();
      await phone.getByRole('dialog', { name: 'Checkliste bearbeiten' }).getByRole('textbox', { name: 'Punkt 6' }).waitFor();
      await fitsWidth(phone, 390);
      await phone.screenshot({ path: `${SHOTS}/abfahrtskontrolle-bearbeiten-390.png` });
    } finally {
      await phone.context().close();
    }
  });
});
