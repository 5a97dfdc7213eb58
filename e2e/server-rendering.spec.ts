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
}

async function contextFor(browser: Browser, screen: Screen, javaScript: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
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
    shows: ['Stadtbibliothek'],
  },
  {
    area: 'workplaces',
    tenant: 'stadtwerke',
    account: 'mitarbeiter@stadtwerke.test',
    path: () => '/arbeitswelt/karte',
    shows: ['Stadtwerke Musterstadt'],
  },
  { area: 'guests', tenant: 'tourismus', path: () => '/public', shows: ['Räder leihen'] },
  { area: 'kiosk', tenant: 'bibliothek', path: kioskLink, shows: ['Eingang'] },
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
      for (const text of screen.shows) await still.getByText(text, { exact: false }).first().waitFor();
      const name = path.split('?')[0]!.replace(/\W+/g, '-');
      await still.screenshot({ path: `${SHOTS}/ssr-no-js${name}-1440.png`, fullPage: true });
      await still.context().close();

      const live = await contextFor(env.browser, screen, true);
      const complaints: string[] = [];
      live.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') complaints.push(m.text());
      });
      live.on('pageerror', (e) => complaints.push(e.message));
      await live.goto(url, { timeout: 90_000 });
      await live.waitForLoadState('networkidle', { timeout: 90_000 });
      // hydrated: React has taken the root over and the screen still shows its content
      await live.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')));
      for (const text of screen.shows) await live.getByText(text, { exact: false }).first().waitFor();
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
    const complaints: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') complaints.push(m.text());
    });
    await page.goto(env.server.url(screen.tenant, '/fahrzeuge'));
    await page.getByRole('button', { name: 'Menü öffnen' }).waitFor();
    await page.getByText('Willkommen', { exact: false }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/ssr-fahrzeuge-390.png`, fullPage: true });
    expect(complaints).toEqual([]);
    await context.close();
  });

  it('a visitor who chose English gets the public page in English from the server', async () => {
    const page = await env.browser.newContext({ javaScriptEnabled: true, serviceWorkers: 'block' }).then((c) => c.newPage());
    await page.goto(env.server.url('tourismus', '/login'));
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const html = await page.evaluate(async () => (await fetch('/public', { headers: { accept: 'text/html' } })).text());
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('data-server-rendered');
    await page.context().close();
  });
});
