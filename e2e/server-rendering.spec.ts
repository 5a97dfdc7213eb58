import { dayAt, mailTo } from '@test/integration/vehicle-support';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, setUpJourneys, signedInState } from './support/journey';

/**
 * Every area's first screen comes from the server as HTML (decision 207): with JavaScript off the
 * page already holds the screen's content, and with JavaScript the browser takes that HTML over
 * without a hydration mismatch or any other complaint on the console.
 */
const env = setUpJourneys();

type Tenant = 'stadtwerke' | 'tourismus' | 'bibliothek';

interface Screen {
  area: string;
  tenant: Tenant;
  account?: string;
  path: () => Promise<string> | string;
  /** Texts the server's HTML holds before any script ran. */
  shows: string[];
  /** An element of the first screen's data that the server's HTML holds (a seat plan, a board). */
  holds?: string;
}

async function contextFor(browser: Browser, screen: Screen, javaScript: boolean, width = 1440): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    serviceWorkers: 'block',
    javaScriptEnabled: javaScript,
    ...(screen.account ? { storageState: await signedInState(env.server, screen.tenant, screen.account) } : {}),
  });
  return context.newPage();
}

let kioskPath: string | undefined;
async function kioskLink(): Promise<string> {
  if (kioskPath) return kioskPath;
  const cookie = await env.server.login('bibliothek.localhost', 'admin@bibliothek.test');
  const plans = await env.server.call('bibliothek.localhost', { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie });
  const res = await env.server.call('bibliothek.localhost', {
    method: 'POST',
    url: '/api/admin/kiosk-links',
    cookie,
    payload: { floorPlanId: plans.json().floorPlans[0].id, name: 'Eingang' },
  });
  kioskPath = `/kiosk?token=${res.json().token}`;
  return kioskPath;
}

let cancellationPath: string | undefined;
/** A guest's booking made by the reception, and the link of its mail. */
async function cancellationLink(): Promise<string> {
  if (cancellationPath) return cancellationPath;
  const host = 'tourismus.localhost';
  const cookie = await env.server.login(host, 'empfang@tourismus.test');
  const bikes = (await env.server.call(host, { method: 'GET', url: '/api/guest-bookings/vehicles', cookie })).json().vehicles;
  const res = await env.server.call(host, {
    method: 'POST',
    url: '/api/guest-bookings',
    cookie,
    payload: {
      vehicleId: bikes[5].id,
      von: dayAt(3, '15:00'),
      bis: dayAt(3, '17:00'),
      guestName: 'Greta Gast',
      guestEmail: 'greta.gast@example.org',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await mailTo(env.smtp, 'greta.gast@example.org', 'Buchung');
  const token = /fahrzeugbuchungstorno\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no cancellation link in: ${mail.text}`);
  cancellationPath = `/pub/fahrzeugbuchungstorno?token=${token}`;
  return cancellationPath;
}

/** What React says when the browser's first render differs from the server's HTML (minified: errors 418, 423, 425). */
const HYDRATION = /hydrat|did not match|react\.dev\/errors\/(418|419|423|425)/i;

function complaintsOf(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') complaints.push(m.text());
  });
  page.on('pageerror', (e) => complaints.push(e.message));
  return complaints;
}

/** React has taken the root over: hydrated, or rendered again. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));

const screens: Screen[] = [
  {
    area: 'vehicles',
    tenant: 'stadtwerke',
    account: 'mitarbeiter@stadtwerke.test',
    path: () => '/fahrzeuge',
    shows: ['Willkommen', 'Stadtwerke Musterstadt', 'Crafter Kastenwagen'],
  },
  {
    area: 'vehicles',
    tenant: 'stadtwerke',
    account: 'fuhrpark@stadtwerke.test',
    path: () => '/fahrzeuge/uebersicht',
    shows: ['Stadtwerke Musterstadt'],
  },
  {
    area: 'reading rooms',
    tenant: 'bibliothek',
    account: 'leser@bibliothek.test',
    path: () => '/leseraum/karte',
    shows: ['Universitätsbibliothek Musterstadt', 'Leseraum buchen'],
    holds: '[data-testid="floor-plan-map"]',
  },
  {
    area: 'workplaces',
    tenant: 'stadtwerke',
    account: 'mitarbeiter@stadtwerke.test',
    path: () => '/arbeitswelt/karte',
    shows: ['Stadtwerke Musterstadt'],
    holds: '[data-testid="floor-plan-map"]',
  },
  { area: 'guests', tenant: 'tourismus', path: () => '/public', shows: ['Räder leihen'] },
  { area: 'guests', tenant: 'tourismus', path: cancellationLink, shows: ['Ihre Buchung', 'Greta Gast', 'Buchung stornieren'] },
  {
    area: 'kiosk',
    tenant: 'bibliothek',
    path: kioskLink,
    shows: ['Universitätsbibliothek Musterstadt'],
    holds: '[data-testid="kiosk-board"]',
  },
];

describe('server-rendered first screens', () => {
  it.each(screens.map((s) => [`${s.area}: ${s.account ?? 'signed out'}`, s] as const))(
    '%s – the HTML holds the screen, and the browser hydrates it without a warning',
    async (_name, screen) => {
      const path = await screen.path();
      const url = env.server.url(screen.tenant, path);

      const still = await contextFor(env.browser, screen, false);
      // the HTML is the point: not its scripts and images, which a page without JavaScript never runs
      await still.goto(url, { waitUntil: 'domcontentloaded', timeout: 90_000 });
      const html = await still.content();
      expect(html).toContain('data-server-rendered');
      for (const text of screen.shows) await still.getByText(text, { exact: false }).first().waitFor({ timeout: 5000 });
      if (screen.holds) await still.locator(screen.holds).first().waitFor({ timeout: 5000 });
      const name = path.split('?')[0]!.replace(/\W+/g, '-');
      await still.screenshot({ path: `${SHOTS}/ssr-no-js${name}-1440.png`, fullPage: true });
      await still.context().close();

      const live = await contextFor(env.browser, screen, true);
      const complaints = complaintsOf(live);
      await live.goto(url, { timeout: 90_000 });
      await hydrated(live);
      await live.waitForLoadState('networkidle', { timeout: 90_000 });
      // the screen still shows its content, visibly: not rendered again into hidden parts
      for (const text of screen.shows) await live.getByText(text, { exact: false }).first().waitFor({ timeout: 10_000 });
      if (screen.holds) await live.locator(screen.holds).first().waitFor({ timeout: 10_000 });
      expect(complaints.filter((c) => HYDRATION.test(c))).toEqual([]);
      expect(complaints).toEqual([]);
      await live.context().close();
    },
    240_000,
  );

  it('a phone gets the same server HTML, and the frame turns into its phone layout after hydration', async () => {
    const screen = screens[0]!;
    const context = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'de-DE',
      timezoneId: 'Europe/Berlin',
      serviceWorkers: 'block',
      storageState: await signedInState(env.server, screen.tenant, screen.account!),
    });
    const page = await context.newPage();
    const complaints = complaintsOf(page);
    await page.goto(env.server.url(screen.tenant, '/fahrzeuge'));
    await hydrated(page);
    await page.getByRole('button', { name: 'Menü öffnen' }).waitFor();
    await page.getByText('Willkommen', { exact: false }).first().waitFor();
    await page.getByText('Crafter Kastenwagen', { exact: false }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/ssr-fahrzeuge-390.png`, fullPage: true });
    expect(complaints).toEqual([]);
    await context.close();
  });

  it('with JavaScript off the guest pages are whole pages, at 390 and 1440 px, in German and English', async () => {
    for (const [path, de, en] of [
      ['/public', 'Räder leihen', 'Rent a bike'],
      [await cancellationLink(), 'Buchung stornieren', 'Cancel booking'],
    ] as const) {
      for (const width of [390, 1440]) {
        for (const [language, text] of [
          ['de', de],
          ['en', en],
        ] as const) {
          const page = await contextFor(env.browser, { area: 'guests', tenant: 'tourismus', path: () => path, shows: [] }, false, width);
          if (language === 'en')
            await page.context().addCookies([{ name: 'buchbar_language', value: 'en', url: env.server.url('tourismus', '/') }]);
          await page.goto(env.server.url('tourismus', path), { waitUntil: 'domcontentloaded' });
          await page.getByText(text, { exact: false }).first().waitFor({ timeout: 5000 });
          const name = path.split('?')[0]!.replace(/\W+/g, '-');
          await page.screenshot({ path: `${SHOTS}/ssr-no-js${name}-${width}-${language}.png`, fullPage: true });
          await page.context().close();
        }
      }
    }
  }, 120_000);

  it('a visitor who chose English gets the public page in English from the server', async () => {
    const page = await env.browser.newContext({ javaScriptEnabled: true, serviceWorkers: 'block' }).then((c) => c.newPage());
    const complaints = complaintsOf(page);
    await page.goto(env.server.url('tourismus', '/login'));
    // a click on the server's HTML before hydration would reach no handler
    await hydrated(page);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    const html = await page.evaluate(async () => (await fetch('/public', { headers: { accept: 'text/html' } })).text());
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('data-server-rendered');
    expect(html).toContain('Rent a bike');
    // and the English page hydrates in English
    await page.goto(env.server.url('tourismus', '/public'));
    await hydrated(page);
    await page.getByText('Rent a bike', { exact: false }).first().waitFor();
    expect(complaints).toEqual([]);
    await page.context().close();
  });
});
