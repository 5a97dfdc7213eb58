/**
 * `npm run docs:screenshots`: starts Buchbar on fresh demo data (embedded
 * database, built web app) and takes every screenshot of HANDBOOK_SHOTS into
 * docs/handbuch/bilder. Needs the built web app (`npm run build`) and Chromium.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase, openPglite } from '@db/client';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { launchBrowser } from '@e2e/support/browser';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import pino from 'pino';
import { HANDBOOK_SHOTS } from './docs/handbook-shots';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'docs/handbuch/bilder');
mkdirSync(out, { recursive: true });

const database = await openPglite(undefined);
await migrateDatabase(database);
const config = loadConfig({
  APP_SECRET: 'handbook-secret-handbook-secret-000000',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'buchbar-handbook-')),
});
await prepareDatabase(database.db, { appSecret: config.appSecret });
const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot: path.join(root, 'dist/web') });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const browser = await launchBrowser();

let failed = 0;
// HANDBOOK_ONLY=name,name takes just these shots again.
const only = process.env.HANDBOOK_ONLY?.split(',');
for (const shot of HANDBOOK_SHOTS.filter((s) => !only || only.includes(s.name))) {
  const base = `http://${shot.tenant}.localhost:${port}`;
  const viewport = shot.device === 'phone' ? { width: 390, height: 844 } : { width: 1440, height: 900 };
  const context = await browser.newContext({ viewport, locale: 'de-DE', timezoneId: 'Europe/Berlin', deviceScaleFactor: 1 });
  const page = await context.newPage();
  try {
    if (shot.account) {
      await page.goto(`${base}/login`);
      await page.getByLabel('E-Mail').fill(shot.account);
      await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    }
    await page.goto(`${base}${shot.path}`);
    const ready = shot.waitFor.startsWith('testid:') ? page.getByTestId(shot.waitFor.slice(7)) : page.getByText(shot.waitFor);
    await ready.first().waitFor({ timeout: 20_000 });
    for (const step of shot.steps ?? []) {
      await page.getByRole(step.role, { name: step.press }).first().click();
      await page.getByText(step.until).first().waitFor({ timeout: 20_000 });
    }
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `${shot.name}.png`) });
    console.log(`ok   ${shot.name}.png  (${shot.account ?? 'ohne Anmeldung'} ${shot.path}, ${shot.device})`);
  } catch (err) {
    failed++;
    console.error(`FEHLER ${shot.name}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  } finally {
    await context.close();
  }
}
await browser.close();
await app.close();
await database.close();
console.log(failed ? `${failed} Bildschirmfoto(s) fehlgeschlagen` : `${HANDBOOK_SHOTS.length} Bildschirmfotos in docs/handbuch/bilder`);
process.exit(failed ? 1 : 0);
