/**
 * DESIGN §7 budget: initial JavaScript of the first screen ≤ 200 KB gzipped.
 * Boots the real app on a fresh embedded database with the built web app,
 * opens the first screens in Debian's Chromium and adds up what the browser
 * actually transferred (compressed bytes on the wire) for scripts, each script
 * once (with the cache off Chromium may fetch a preloaded module twice). The
 * booking screens open signed in: /fahrzeuge as mitarbeiter@stadtwerke.test,
 * /leseraum/karte as leser@bibliothek.test. VERBOSE=1 lists the files.
 *
 *   npx vite build && npx tsx bench/first-screen.ts
 *
 * Exits 1 when the first screen (/login) is over budget.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { migrateDatabase, openPglite } from '@db/client';
import { prepareDatabase } from '@db/seed/prepare';
import { chromiumPath } from '@e2e/support/browser';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import pino from 'pino';
import { chromium } from 'playwright-core';

const BUDGET_KB = 200;
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
    await page.getByLabel('Passwort', { exact: true }).fill('Buchbar!2026');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
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

const results = [
  await measure('Anmeldung (/login)', `http://stadtwerke.localhost:${port}/login`),
  await measure('Fahrzeuge (/fahrzeuge, angemeldet)', `http://stadtwerke.localhost:${port}/fahrzeuge`, 'mitarbeiter@stadtwerke.test'),
  await measure(
    'Leseraum-Karte (/leseraum/karte, angemeldet)',
    `http://bibliothek.localhost:${port}/leseraum/karte`,
    'leser@bibliothek.test',
  ),
];
await browser.close();
await app.close();
await database.close();

console.log(`\nErstes JavaScript je Bildschirm (gzip-Größe der geladenen Skripte; Budget ${BUDGET_KB} KB für die Anmeldung)\n`);
console.log('Bildschirm                                        Dateien       gzip   übertragen   entpackt   Anteil am Budget');
const over = results[0]!.gzipKb > BUDGET_KB;
for (const r of results) {
  const share = r.gzipKb / BUDGET_KB;
  console.log(
    `${r.screen.padEnd(50)}${String(r.files).padStart(7)}${`${r.gzipKb.toFixed(1)} KB`.padStart(11)}${`${r.wireKb.toFixed(1)} KB`.padStart(13)}${`${r.rawKb.toFixed(1)} KB`.padStart(11)}${`${(share * 100).toFixed(0)} %`.padStart(19)}${share > 1 ? '   über 200 KB' : ''}`,
  );
}
console.log(over ? '\nErster Bildschirm ÜBER BUDGET' : '\nErster Bildschirm im Budget');
// The signed-in screens are printed for comparison; the exit code follows the first screen (/login).
process.exit(over ? 1 : 0);
