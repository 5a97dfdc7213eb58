import { readFile } from 'node:fs/promises';
import { unzip } from '@test/support/unzip';
import { describe, expect, it } from 'vitest';
import { SHOTS, setUpJourneys } from './support/journey';
import { pagesOf, signInToVehicles } from './support/vehicle-journey';

const env = setUpJourneys();
const fresh = pagesOf(env, 'privacy');

describe('privacy journeys in Chromium', () => {
  it('a person starts "Meine Daten herunterladen", waits for it and downloads the ZIP with their data', async () => {
    const page = await fresh({ width: 1440, height: 900 });
    await signInToVehicles(env, page, 'mitarbeiter@stadtwerke.test');
    await page.getByRole('button', { name: 'Max Mustermann' }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
    const dialog = page.getByRole('dialog');
    const panel = dialog.getByTestId('data-export');
    await panel.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
    await panel.getByTestId('data-export-download').waitFor({ timeout: 60_000 });
    await panel.getByText(/Ihr Export ist fertig\. Herunterladen bis \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\./).waitFor();
    await page.screenshot({ path: `${SHOTS}/meine-daten-1440.png` });
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('data-export-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzip(await readFile((await download.path())!));
    expect(files.has('zusammenfassung.pdf')).toBe(true);
    const profile = JSON.parse(files.get('profil.json')!.toString('utf8'));
    expect(profile[0]).toMatchObject({ vorname: 'Max', nachname: 'Mustermann', email: 'mitarbeiter@stadtwerke.test' });
    expect(JSON.parse(files.get('fahrten.json')!.toString('utf8')).length).toBeGreaterThan(0);

    // on a phone the dialog fills the screen and shows the finished export the same way
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByTestId('data-export-download').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/meine-daten-390.png` });
  }, 240_000);
});
