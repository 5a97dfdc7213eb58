/**
 * Budget (docs/product.md#performance-budgets, phones first): the JavaScript of the first screen ≤ 150 KB
 * gzipped on every screen of bench/support/web-screens.ts (sign-in, the
 * booking screens of every area, the kiosk, the public guest page), each
 * opened as the demo account that uses it. Boots the real app on a fresh
 * embedded database with the built web app, opens each screen in Debian's
 * Chromium at 390 px and adds up the gzip size of every script the browser
 * loaded, each script once (with the cache off Chromium may fetch a
 * preloaded module twice). VERBOSE=1 lists the files.
 *
 *   npx vite build && npx tsx bench/first-screen.ts [--only=login,fahrzeuge,…]
 *
 * Exits 1 when a screen is over budget.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { migrateDatabase, openPglite } from '@db/client';
import { chromiumPath } from '@e2e/support/browser';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import pino from 'pino';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD, webScreens } from './support/web-screens';

const BUDGET_KB = 150;
const webRoot = path.resolve(process.env.WEB_ROOT ?? 'dist/web');
if (!existsSync(path.join(webRoot, 'index.html'))) {
  console.error('dist/web fehlt: zuerst "npx vite build" ausführen.');
  process.exit(2);
}

const database = await openPglite(undefined);
await migrateDatabase(database);
await prepareDatabase(database.db);
const config = loadConfig({ APP_SECRET: 'bench-secret-bench-secret-bench-secret-0000', DATA_DIR: '/tmp/buchbar-bench-first-screen' });
const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

interface Measure {
  screen: string;
  files: number;
  /** Sum of the gzip bodies of the scripts (the budget's measure). */
  gzipKb: number;
  /** What crossed the wire, headers included. */
  wireKb: number;
  rawKb: number;
}

/** Size of the precompressed body the server sent for a script URL. */
const gzipSize = (url: string) => {
  const file = path.join(webRoot, new URL(url).pathname);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : existsSync(file) ? statSync(file).size : 0;
};

async function measure(screen: string, url: string, signIn?: string): Promise<Measure> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  if (signIn) {
    await page.goto(new URL('/login', url).href);
    await page.getByLabel('E-Mail').fill(signIn);
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    // The start page after sign-in (e.g. /fahrzeuge) must finish loading first: its late scripts would count for the next screen.
    await page.waitForLoadState('networkidle');
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, { url: string; wire: number; raw: number }>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, wire: 0, raw: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.raw += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.wire = e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  // One entry per script: with the cache switched off Chromium may fetch a module a second time (module preload + import).
  const all = [...new Map([...scripts.values()].map((s) => [s.url, s])).values()];
  if (process.env.VERBOSE) {
    console.log(`# ${screen}`);
    for (const sc of all.sort((a, b) => gzipSize(b.url) - gzipSize(a.url)))
      console.log(`  ${(gzipSize(sc.url) / 1024).toFixed(1).padStart(7)} KB  ${new URL(sc.url).pathname}`);
  }
  return {
    screen,
    files: all.length,
    gzipKb: all.reduce((n, s) => n + gzipSize(s.url), 0) / 1024,
    wireKb: all.reduce((n, s) => n + s.wire, 0) / 1024,
    rawKb: all.reduce((n, s) => n + s.raw, 0) / 1024,
  };
}

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const results: Measure[] = [];
for (const screen of await webScreens(app, port, only)) {
  results.push(await measure(`${screen.label} (${new URL(screen.url).pathname})`, screen.url, screen.signIn?.email));
}
await browser.close();
await app.close();
await database.close();

console.log(`\nErstes JavaScript je Bildschirm bei 390 px (gzip-Größe der geladenen Skripte; Budget ${BUDGET_KB} KB je Bildschirm)\n`);
console.log('Bildschirm                                        Dateien       gzip   übertragen   entpackt   Anteil am Budget');
let over = false;
for (const r of results) {
  const share = r.gzipKb / BUDGET_KB;
  over ||= share > 1;
  console.log(
    `${r.screen.padEnd(50)}${String(r.files).padStart(7)}${`${r.gzipKb.toFixed(1)} KB`.padStart(11)}${`${r.wireKb.toFixed(1)} KB`.padStart(13)}${`${r.rawKb.toFixed(1)} KB`.padStart(11)}${`${(share * 100).toFixed(0)} %`.padStart(19)}${share > 1 ? `   über ${BUDGET_KB} KB` : ''}`,
  );
}
console.log(over ? '\nMindestens ein Bildschirm ÜBER BUDGET' : '\nAlle Bildschirme im Budget');
process.exit(over ? 1 : 0);
