/**
 * Budgets (docs/product.md#performance-budgets, phones first): Lighthouse mobile performance ≥ 95 and
 * accessibility 100, desktop performance ≥ 98 and accessibility 100, on the
 * screens of bench/support/web-screens.ts (sign-in, /fahrzeuge,
 * /fahrzeuge/uebersicht, /leseraum/karte, /arbeitswelt/karte, the kiosk and
 * the public guest page), each as the demo account that uses it. Boots the
 * real app (production build in dist/web, embedded PGlite with the demo
 * data), launches Debian's Chromium (never a downloaded browser) and runs
 * Lighthouse 12 with its mobile defaults (Moto G Power, simulated slow 4G, 4×
 * CPU) and its desktop preset. Prints both scores per screen, the metrics and
 * every audit that is not passed; exits 1 when a budget is missed.
 *
 *   npx vite build && npx tsx bench/lighthouse.ts [--mobile-only] [--only=login,fahrzeuge,leseraum,…] [--direct] [--runs=N] [--no-warm-up]
 *
 * The browser reaches the app as a deployment serves it: through nginx with
 * deploy/nginx/buchbar.conf, TLS and HTTP/2 (a self-signed certificate for
 * *.localhost; Debian's nginx and openssl). Over HTTP/2 the first screen's
 * files share one connection; over plain HTTP/1.1 Lighthouse's simulation
 * allows six at a time. `--direct` measures the app's own port over HTTP/1.1
 * instead, for comparison (docs/performance/web.md).
 *
 * `--runs=N` loads every screen N times and judges the run with the median
 * performance score; the spread of the runs is printed next to it. The same
 * build can score ten points apart from one run to the next on a shared
 * machine (decision 184), so a verdict on a change needs several runs.
 *
 * Before the measured runs every screen is loaded once and not counted (a
 * warm-up; `--no-warm-up` leaves it out). The first load of a screen after the
 * app has started is the app's own first request of its code paths and
 * queries: the server answers slower and competes with the browser for this
 * machine's two cores. A deployed server has long served that screen, and so
 * the first runs scored up to ten points below the ones that followed
 * (decision 187).
 *
 * LIGHTHOUSE_JSON=dir writes the full reports (of the median runs) there.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrateDatabase, openPglite } from '@db/client';
import { chromiumPath } from '@e2e/support/browser';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
import { type Nginx, startNginx } from '@test/support/nginx';
import { BEHIND_LOCAL_PROXY } from '@test/support/test-app';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import pino from 'pino';
import { sessionCookie, webScreens } from './support/web-screens';

/** Minimum scores per form factor. */
const BUDGET = {
  mobile: { performance: 95, accessibility: 100 },
  desktop: { performance: 98, accessibility: 100 },
} as const;
const webRoot = path.resolve(process.env.WEB_ROOT ?? 'dist/web');
if (!existsSync(path.join(webRoot, 'index.html'))) {
  console.error('dist/web fehlt: zuerst "npx vite build" ausführen.');
  process.exit(2);
}
const args = process.argv.slice(2);
const withDesktop = !args.includes('--mobile-only');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const jsonDir = process.env.LIGHTHOUSE_JSON;
const direct = args.includes('--direct');
const warmUp = !args.includes('--no-warm-up');
const runs = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 1) || 1);

const database = await openPglite(undefined);
await migrateDatabase(database);
await prepareDatabase(database.db);
// Behind the nginx the app runs as the deployment docs say (README "Produktivstart"): TRUST_PROXY names that nginx,
// so the rate limits count each browser's own address, not the proxy's one for everybody.
const config = loadConfig({
  APP_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
  DATA_DIR: '/tmp/buchbar-bench-lighthouse',
  ...(direct ? {} : BEHIND_LOCAL_PROXY),
});
const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

const front: Nginx | undefined = direct ? undefined : await startNginx([port], { tls: true });
const screens = await webScreens(app, port, only, front ? { scheme: 'https', port: front.port } : undefined);

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // the self-signed certificate of the nginx in front
    ...(front ? ['--ignore-certificate-errors'] : []),
  ],
  logLevel: 'silent',
});

interface Row {
  screen: string;
  formFactor: 'mobile' | 'desktop';
  performance: number;
  /** Lowest and highest performance of all runs. */
  spread: [number, number];
  accessibility: number;
  metrics: string;
  failing: string[];
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: Result, id: string) => lhr.audits[id]?.displayValue ?? '–';

/** Audits of both categories that are not passed, with their weight in the category. */
function failingAudits(lhr: Result): string[] {
  const out: string[] = [];
  for (const category of ['performance', 'accessibility'] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
      if (audit.scoreDisplayMode === 'informative' && category === 'accessibility') continue;
      if (audit.score >= 0.9) continue;
      const weight = ref.weight ? ` [Gewicht ${ref.weight}]` : '';
      out.push(
        `${category === 'performance' ? 'Leistung' : 'Barrierefreiheit'}: ${audit.id} (${Math.round(audit.score * 100)})${weight} ${audit.title}${audit.displayValue ? ` – ${audit.displayValue}` : ''}`,
      );
    }
  }
  return out;
}

/** One Lighthouse run of a screen; checks that it ran and landed on the screen (not on the sign-in). */
async function audit(url: string, flags: Flags, formFactor: 'mobile' | 'desktop', label: string): Promise<Result> {
  // A trace without its navigation start (NO_NAVSTART) happens now and then on a busy machine; it says nothing about the page.
  let lhr: Result | undefined;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse lieferte kein Ergebnis für ${url}`);
    lhr = result.lhr;
    if (lhr.runtimeError?.code !== 'NO_NAVSTART') break;
  }
  if (!lhr) throw new Error(`Lighthouse lieferte kein Ergebnis für ${url}`);
  if (lhr.runtimeError) throw new Error(`${label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const finalUrl = new URL(lhr.finalDisplayedUrl);
  if (finalUrl.pathname !== new URL(url).pathname)
    throw new Error(`${label}: landete auf ${finalUrl.pathname} statt ${new URL(url).pathname} (Anmeldung?)`);
  return lhr;
}

// one sign-in per screen: the sign-in endpoint limits attempts per minute
const cookies = new Map<string, string>();
const flagsOf = async (screen: (typeof screens)[number]): Promise<Flags> => {
  if (screen.signIn && !cookies.has(screen.key))
    cookies.set(screen.key, await sessionCookie(app, port, screen.signIn.host, screen.signIn.email));
  const cookie = cookies.get(screen.key);
  return {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    locale: 'de',
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
};

if (warmUp) for (const screen of screens) await audit(screen.url, await flagsOf(screen), 'mobile', screen.label);

const rows: Row[] = [];
for (const formFactor of withDesktop ? (['mobile', 'desktop'] as const) : (['mobile'] as const)) {
  for (const screen of screens) {
    const flags = await flagsOf(screen);
    const results: Result[] = [];
    for (let run = 0; run < runs; run++) results.push(await audit(screen.url, flags, formFactor, screen.label));
    // The run with the median performance score stands for the screen (the lower one of an even count).
    const sorted = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const lhr = sorted[Math.floor((sorted.length - 1) / 2)]!;
    if (jsonDir) {
      mkdirSync(jsonDir, { recursive: true });
      writeFileSync(path.join(jsonDir, `${screen.key}-${formFactor}.json`), JSON.stringify(lhr));
    }
    rows.push({
      screen: screen.label,
      formFactor,
      performance: score(lhr, 'performance'),
      spread: [score(sorted[0]!, 'performance'), score(sorted[sorted.length - 1]!, 'performance')],
      accessibility: Math.min(...results.map((r) => score(r, 'accessibility'))),
      metrics: `FCP ${metric(lhr, 'first-contentful-paint')} · LCP ${metric(lhr, 'largest-contentful-paint')} · TBT ${metric(lhr, 'total-blocking-time')} · CLS ${metric(lhr, 'cumulative-layout-shift')} · SI ${metric(lhr, 'speed-index')}`,
      failing: failingAudits(lhr),
    });
  }
}

chrome.kill();
await front?.stop();
await app.close();
await database.close();

console.log(
  `\nLighthouse 12.8.2 (Chromium ${chromiumPath()}; ${front ? 'über nginx mit TLS und HTTP/2' : 'direkt, HTTP/1.1'}; ${runs === 1 ? 'ein Lauf' : `Median von ${runs} Läufen`} je Bildschirm${warmUp ? ' nach einem Aufwärmlauf' : ''}); Budget mobil ${BUDGET.mobile.performance} · ${BUDGET.mobile.accessibility}, Desktop ${BUDGET.desktop.performance} · ${BUDGET.desktop.accessibility}\n`,
);
console.log('Bildschirm          Gerät      Leistung   Barrierefreiheit   Kennzahlen');
let below = false;
for (const r of rows) {
  const budget = BUDGET[r.formFactor];
  const bad = r.performance < budget.performance || r.accessibility < budget.accessibility;
  below ||= bad;
  console.log(
    `${r.screen.padEnd(20)}${r.formFactor.padEnd(11)}${String(r.performance).padStart(8)}${runs > 1 ? ` (${r.spread[0]}–${r.spread[1]})` : ''}${String(r.accessibility).padStart(19)}   ${r.metrics}${bad ? '   UNTER BUDGET' : ''}`,
  );
  for (const f of r.failing) console.log(`    - ${f}`);
}
console.log(below ? '\nMindestens ein Bildschirm verfehlt sein Budget.' : '\nAlle Bildschirme erreichen ihr Budget.');
process.exit(below ? 1 : 0);
