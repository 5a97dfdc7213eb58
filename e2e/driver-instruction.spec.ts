import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, setUpJourneys, signedInState, switchToEnglish } from './support/journey';
import { pagesOf, SW, signInToVehicles } from './support/vehicle-journey';

const env = setUpJourneys();
const fresh = pagesOf(env, 'driver-instruction');
const signIn = (page: Page, email: string) => signInToVehicles(env, page, email);
const DAY = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
const german = (iso: string) => iso.split('-').reverse().join('.');
const nextYear = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${String(m === 2 && d === 29 ? 28 : d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y + 1}`;
};

describe('driver instruction journeys in Chromium', () => {
  it('a driver on a phone (390 px) reads the current version and confirms it, in German and English', async () => {
    const admin = await env.server.login(SW, 'admin@stadtwerke.test');
    const gate = (value: boolean) =>
      env.server.call(SW, { method: 'PUT', url: '/api/settings/unterweisungSperre', cookie: admin, payload: { layer: 'MANDANT', value } });
    expect((await gate(true)).statusCode).toBe(200);
    try {
      const driver = await fresh({ width: 390, height: 844 });
      await signIn(driver, 'mitarbeiter@stadtwerke.test');
      await driver.goto(env.server.url('stadtwerke', '/fahrzeuge/unterweisung'));
      const topic = driver.locator('[data-topic="allgemein"]');
      await topic.getByRole('heading', { name: 'Fahrerunterweisung Poolfahrzeuge' }).waitFor();
      await topic.getByText('keine Unterweisung', { exact: true }).waitFor();
      await topic.getByText('Sie sind zu diesem Thema noch nicht unterwiesen.').waitFor();
      await driver.getByText('Ohne gültige Unterweisung können Sie keine Fahrzeuge buchen und keine Fahrten antreten.').waitFor();
      expect(await topic.getByTestId('instruction-body').textContent()).toContain('Ladung wird so gesichert');
      const confirm = topic.getByRole('button', { name: 'Bestätigen' });
      expect(await confirm.isDisabled()).toBe(true);
      await driver.screenshot({ path: `${SHOTS}/unterweisung-fahrer-390.png`, fullPage: true });
      await topic.getByLabel('Ich habe die Unterweisung gelesen und verstanden.').check();
      await confirm.click();
      const next = nextYear(isoDay(0));
      await driver.getByText(`Ihre Bestätigung ist gespeichert. Nächste Unterweisung fällig am ${next}.`).waitFor();
      await topic.getByText('Heute bestätigt.').waitFor();
      await topic.getByText(`Zuletzt unterwiesen am ${german(isoDay(0))} (in der App bestätigt, Fassung 2)`).waitFor();
      expect(await topic.getAttribute('data-instruction-state')).toBe('gueltig');
      expect(await topic.getByTestId('instruction-next-due').textContent()).toBe(`Nächste Unterweisung fällig am ${next}`);
      await driver.screenshot({ path: `${SHOTS}/unterweisung-bestaetigt-390.png`, fullPage: true });

      // The same page in English.
      await switchToEnglish(driver);
      await driver.reload();
      await driver.locator('[data-topic="allgemein"]').getByText('Confirmed today.').waitFor();
      await driver.getByText(`Next instruction due on ${next}`).waitFor();
      await driver.screenshot({ path: `${SHOTS}/unterweisung-bestaetigt-390-en.png`, fullPage: true });
    } finally {
      await gate(false);
    }
  });

  it('the fleet at 1440 px sees who is due, records an in-person instruction and downloads the list', async () => {
    const fleet = await fresh({ width: 1440, height: 900 });
    await signIn(fleet, 'fuhrpark@stadtwerke.test');
    await fleet.getByRole('link', { name: 'Unterweisung' }).first().click();
    await fleet.waitForURL(/\/fahrzeuge\/unterweisung$/);
    await fleet.getByText('Fahrende', { exact: true }).click();
    await fleet.getByText(/^Aktuell: Fassung 2 „Fahrerunterweisung Poolfahrzeuge“ vom \d\d\.\d\d\.\d{4}$/).waitFor();
    const frieda = fleet.locator('[data-driver="freigabe@stadtwerke.test"]');
    await frieda.getByText('bald fällig', { exact: true }).waitFor();
    expect(await frieda.textContent()).toContain(german(isoDay(10)));
    await fleet.getByText('Nur fällige (1)').waitFor();
    await fleet.screenshot({ path: `${SHOTS}/unterweisung-fuhrpark-liste-1440.png`, fullPage: true });

    await frieda.getByRole('button', { name: 'Präsenz erfassen: Frei, Frieda' }).click();
    const dialog = fleet.getByRole('dialog');
    await dialog.getByText('Präsenzunterweisung: Frei, Frieda').waitFor();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte ausfüllen.').waitFor();
    await dialog.getByLabel(/Unterwiesen von/).fill('Jens Hoppe');
    await dialog.getByLabel(/Bemerkung/).fill('Unterweisung am Crafter, mit Ladungssicherung');
    await fleet.screenshot({ path: `${SHOTS}/unterweisung-praesenz-dialog-1440.png` });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await fleet.getByText('Die Präsenzunterweisung von Frieda Frei ist gespeichert.').waitFor();
    await frieda.getByText('gültig', { exact: true }).waitFor();
    expect(await frieda.textContent()).toContain('Präsenzunterweisung');
    await fleet.getByText('Nur fällige (0)').waitFor();

    await frieda.getByRole('button', { name: 'Verlauf: Frei, Frieda' }).click();
    const drawer = fleet.getByRole('dialog');
    await drawer.getByText('Unterwiesen von Jens Hoppe').waitFor();
    await drawer.getByText('Erfasst von Felix Fuhrmann').first().waitFor();
    expect(await drawer.locator('[data-instruction]').count()).toBe(2);
    await fleet.screenshot({ path: `${SHOTS}/unterweisung-verlauf-1440.png` });
    await fleet.keyboard.press('Escape');

    const [download] = await Promise.all([fleet.waitForEvent('download'), fleet.getByTestId('instruction-export').click()]);
    expect(download.suggestedFilename()).toBe(`unterweisung_${isoDay(0)}.xlsx`);

    // The material: both versions, the current one marked.
    await fleet.getByText('Unterlagen', { exact: true }).click();
    await fleet.locator('[data-version="allgemein-2"]').getByText('aktuell').waitFor();
    await fleet.locator('[data-version="allgemein-1"]').waitFor();
    await fleet.screenshot({ path: `${SHOTS}/unterweisung-unterlagen-1440.png`, fullPage: true });
  });

  it('the licence examiner sees the instruction beside each licence', async () => {
    const examiner = await fresh({ width: 1440, height: 900 });
    await examiner.context().addCookies((await signedInState(env.server, 'stadtwerke', 'pruefer@stadtwerke.test')).cookies);
    await examiner.goto(env.server.url('stadtwerke', '/fahrzeuge/fuehrerschein'));
    await examiner.getByRole('columnheader', { name: 'Unterweisung' }).waitFor();
    await examiner.locator('[data-driver="mitarbeiter@stadtwerke.test"] [data-instruction="gueltig"]').waitFor();
    await examiner.screenshot({ path: `${SHOTS}/unterweisung-fuehrerscheinliste-1440.png`, fullPage: true });
  });
});
