import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { setUpJourneys, signedInState } from './support/journey';
import { inLanes } from './support/lanes';

/**
 * Every screen of docs/product.md#screens, as the demo account that may open it, in German
 * at 390 and 1440 px and in English at 390 px: axe-core finds no WCAG 2.1
 * A/AA violation, and at 390 px nothing scrolls sideways.
 */
const env = setUpJourneys();
type Tenant = 'stadtwerke' | 'tourismus' | 'bibliothek';
type Language = 'de' | 'en';
const WIDTHS = [390, 1440] as const;
/** Two screens are checked at once: while one waits for the network to go quiet, the other is analysed. */
const LANES = 2;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Visit {
  tenant: Tenant;
  /** Signed out when missing. */
  account?: string;
  paths: string[];
}

let kioskPath: string | null = null;

/** A kiosk link of the first reading-room plan, made by the library's admin through the API. */
async function kioskLink(): Promise<string> {
  if (kioskPath) return kioskPath;
  const cookie = await env.server.login('bibliothek.localhost', 'admin@bibliothek.test');
  const plans = await env.server.call('bibliothek.localhost', { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie });
  const planId: string = plans.json().floorPlans[0].id;
  const res = await env.server.call('bibliothek.localhost', {
    method: 'POST',
    url: '/api/admin/kiosk-links',
    cookie,
    payload: { floorPlanId: planId, name: 'Barrierefreiheit' },
  });
  kioskPath = `/kiosk?token=${res.json().token}`;
  return kioskPath;
}

const visits = (): Visit[] => [
  {
    tenant: 'stadtwerke',
    paths: ['/login', '/auth/recovery', '/auth/confirm', '/ladebildschirm', '/pub/fahrzeugbuchungstorno', '/gibt-es-nicht'],
  },
  { tenant: 'tourismus', paths: ['/public'] },
  { tenant: 'bibliothek', paths: [kioskPath!] },
  {
    tenant: 'stadtwerke',
    account: 'mitarbeiter@stadtwerke.test',
    paths: [
      '/fahrzeuge',
      '/arbeitswelt/karte',
      '/arbeitswelt/liste',
      '/officelocker',
      '/fahrzeuge/fuehrerschein',
      '/fahrzeuge/unterweisung',
    ],
  },
  { tenant: 'stadtwerke', account: 'freigabe@stadtwerke.test', paths: ['/fahrzeuge/freigaben'] },
  { tenant: 'stadtwerke', account: 'fuhrpark@stadtwerke.test', paths: ['/fahrzeuge/uebersicht'] },
  {
    tenant: 'stadtwerke',
    account: 'admin@stadtwerke.test',
    paths: [
      '/admin',
      '/admin/raeume',
      '/admin/rollen',
      '/admin/gruppen',
      '/admin/benutzer',
      '/admin/fahrzeuge',
      '/admin/einstellungen',
      '/admin/auswertung',
      '/admin/bueroauslastung',
      '/admin/lokationen',
      '/admin/mandanten',
      '/admin/protokoll',
    ],
  },
  { tenant: 'tourismus', account: 'empfang@tourismus.test', paths: ['/'] },
  { tenant: 'bibliothek', account: 'leser@bibliothek.test', paths: ['/leseraum/karte', '/leseraum/liste', '/leseraum/passwort'] },
];

type SignedIn = Awaited<ReturnType<typeof signedInState>>;

/**
 * Signs the account in once per language and keeps the session; each width then starts from it. The sign-in goes
 * through the API, not the form: the login form is one of the screens checked here, and filling it again for
 * every account was a page load and a start page per account and language that no check looked at.
 */
function signedIn(language: Language): (tenant: Tenant, account: string) => Promise<SignedIn> {
  const sessions = new Map<string, Promise<SignedIn>>();
  return (tenant, account) => {
    const key = `${tenant} ${account}`;
    if (!sessions.has(key)) sessions.set(key, signIn(tenant, account, language));
    return sessions.get(key)!;
  };
}

async function signIn(tenant: Tenant, account: string, language: Language): Promise<SignedIn> {
  const state = await signedInState(env.server, tenant, account);
  if (language === 'en') {
    // The person's saved language, as the language menu stores it; the app applies it on every screen.
    const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await env.server.call(`${tenant}.localhost`, {
      method: 'PUT',
      url: '/api/session/locale',
      cookie,
      payload: { locale: 'en-us' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return state;
}

/** The screen has rendered: the splash is gone, no request is under way and no loader spins. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('#root > div > p') || document.querySelectorAll('#root *').length > 5);
  await page
    .locator('.mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(150);
}

function describeViolations(path: string, width: number, result: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return result.violations.map(
    (v) => `${path} @${width}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}

async function checkVisit(
  browser: Browser,
  language: Language,
  width: number,
  visit: Visit,
  session: ReturnType<typeof signedIn>,
): Promise<string[]> {
  const problems: string[] = [];
  const page = await newPage(browser, {
    width,
    height: width === 390 ? 844 : 900,
    locale: language === 'en' ? 'en-US' : 'de-DE',
    // Signed in, the person's saved language counts (set after signing in); signed out, the one chosen in this browser.
    signedIn: visit.account ? await session(visit.tenant, visit.account) : undefined,
  });
  if (!visit.account && language === 'en') await page.addInitScript(() => window.localStorage.setItem('buchbar.language', 'en'));
  for (const path of visit.paths) {
    await page.goto(env.server.url(visit.tenant, path));
    await settle(page);
    const lang = await page.evaluate(() => document.documentElement.lang);
    expect(lang, `${path} language`).toBe(language);
    // Legacy mode runs axe.run in the page itself: the same rules on the same document (the app has no
    // cross-origin frames), without the blank page the default mode opens, loads axe into and closes for
    // every analysis, which took half to two thirds of each analysis.
    const result = await new AxeBuilder({ page }).withTags(WCAG).setLegacyMode(true).analyze();
    problems.push(...describeViolations(`${visit.account ?? 'anonym'} ${path}`, width, result));
    if (width === 390) {
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (sideways > 1) problems.push(`${path} @390: scrolls ${sideways} px sideways`);
    }
  }
  await page.context().close();
  return problems;
}

async function checkAll(browser: Browser, language: Language, widths: readonly number[]): Promise<string[]> {
  await kioskLink();
  const session = signedIn(language);
  const screens = widths.flatMap((width) => visits().map((visit) => ({ width, visit })));
  const problems = await inLanes(screens, LANES, ({ width, visit }) => checkVisit(browser, language, width, visit, session));
  return problems.flat();
}

describe('accessibility of every screen (axe-core, WCAG 2.1 AA)', () => {
  it('German, at 390 and 1440 px: no violation', { timeout: 600_000 }, async () => {
    expect(await checkAll(env.browser, 'de', WIDTHS)).toEqual([]);
  });

  // English changes texts and their length, not the layout: the phone, where longer words break first, is enough.
  it('English, at 390 px: no violation', { timeout: 600_000 }, async () => {
    expect(await checkAll(env.browser, 'en', [390])).toEqual([]);
  });
});
