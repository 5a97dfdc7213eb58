import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { extractLink } from '@test/support/smtp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

const env = setUpJourneys();
const shots = SHOTS;

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await fillLogin(page, email, password);
}

describe('foundation journeys in Chromium', () => {
  it('sends a visitor to /login and, after sign-in, to the page they asked for', async () => {
    const page = await newPage(env.browser);
    await page.goto(env.server.url('stadtwerke', '/admin/benutzer'));
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/login-1440.png`, fullPage: true });
    await signIn(page, 'admin@stadtwerke.test');
    await page.waitForURL(/\/admin\/benutzer$/);
    await page.getByText('mitarbeiter@stadtwerke.test').waitFor();
    await page.screenshot({ path: `${shots}/admin-benutzer-1440.png`, fullPage: true });
    await page.context().close();
  });

  it('signs a user in onto the start page with their name and tenant, and shows only their menu', async () => {
    const page = await newPage(env.browser, { width: 390, height: 844 });
    await page.goto(env.server.url('stadtwerke', '/'));
    await page.waitForURL(/\/login$/);
    await page.screenshot({ path: `${shots}/login-390.png`, fullPage: true });
    await signIn(page, 'mitarbeiter@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await page.getByText('Willkommen, Max Mustermann').waitFor();
    await page.getByText('Stadtwerke Musterstadt').first().waitFor();
    await page.screenshot({ path: `${shots}/start-390.png`, fullPage: true });
    const html = await page.content();
    expect(html).not.toContain('>Admin<');
    await page.context().close();
  });

  it('the header menu of an admin offers Admin; of a booker, not', async () => {
    const page = await newPage(env.browser);
    await page.goto(env.server.url('stadtwerke', '/login'));
    await signIn(page, 'admin@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Admin' }).waitFor();
    await page.screenshot({ path: `${shots}/start-admin-1440.png`, fullPage: true });
    await page.context().close();

    const booker = await newPage(env.browser);
    await booker.goto(env.server.url('stadtwerke', '/login'));
    await signIn(booker, 'mitarbeiter@stadtwerke.test');
    await booker.waitForURL(/\/fahrzeuge$/);
    await booker.getByText('Willkommen, Max Mustermann').waitFor();
    await expect(booker.getByRole('navigation').first().getByRole('link', { name: 'Admin' }).count()).resolves.toBe(0);
    await expect(booker.getByRole('navigation').first().getByRole('link', { name: 'Fahrzeuge' }).count()).resolves.toBeGreaterThan(0);
    await booker.context().close();
  });

  it('refuses a Stadtwerke user on bibliothek.localhost with the generic message', async () => {
    const page = await newPage(env.browser);
    await page.goto(env.server.url('bibliothek', '/login'));
    await signIn(page, 'mitarbeiter@stadtwerke.test');
    await page.getByText('E-Mail oder Passwort ist falsch.').waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await page.context().close();
  });

  it('denies a booker /admin/benutzer with "no admin" and a fleet manager with "no benutzer"', async () => {
    for (const [email, denial] of [
      ['mitarbeiter@stadtwerke.test', 'no admin'],
      ['fuhrpark@stadtwerke.test', 'no benutzer'],
    ] as const) {
      const page = await newPage(env.browser);
      await page.goto(env.server.url('stadtwerke', '/admin/benutzer'));
      await page.waitForURL(/\/login$/);
      await signIn(page, email);
      await page.waitForURL(/\/admin\/benutzer$/);
      await page.getByText('Serverside Error').waitFor();
      await page.getByText(`Fehler: 403 ${denial}`).waitFor();
      await page.context().close();
    }
  });

  it('shows "Page Not Found: {path}" for a missing page', async () => {
    const page = await newPage(env.browser);
    await page.goto(env.server.url('stadtwerke', '/login'));
    await signIn(page, 'mitarbeiter@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await page.goto(env.server.url('stadtwerke', '/gibt-es-nicht'));
    await page.getByText('Page Not Found: /gibt-es-nicht').waitFor();
    await page.context().close();
  });

  it('shows the error page when the server fails, and Reset Error returns home', async () => {
    const page = await newPage(env.browser);
    await page.goto(env.server.url('stadtwerke', '/login'));
    await signIn(page, 'mitarbeiter@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    // A real server fault cannot be provoked on purpose; the browser answers this one call with a 500. The page
    // comes without the person it would bring along (decision 177), as the offline shell does, so the app asks.
    await page.addInitScript(() => {
      new MutationObserver(() => document.getElementById('buchbar-start')?.remove()).observe(document, { childList: true, subtree: true });
    });
    await page.route('**/api/session/me', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Datenbank nicht erreichbar' } }),
      }),
    );
    await page.goto(env.server.url('stadtwerke', '/admin'));
    await page.getByText('Serverside Error').waitFor();
    await page.getByText('Fehler: 500 Datenbank nicht erreichbar').waitFor();
    await page.screenshot({ path: `${shots}/error-1440.png`, fullPage: true });
    await page.unroute('**/api/session/me');
    await page.getByRole('button', { name: 'Reset Error' }).click();
    await page.waitForURL(/\/fahrzeuge$/);
    await page.getByText('Willkommen, Max Mustermann').waitFor();
    await page.context().close();
  });

  it('switches the interface to English and back, remembered for the user', async () => {
    const page = await newPage(env.browser);
    await page.goto(env.server.url('tourismus', '/login'));
    await signIn(page, 'empfang@tourismus.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await page.getByRole('button', { name: 'Sprache' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Language' }).waitFor();
    await page.getByText('Welcome, Emil Ebbe').waitFor();
    await page.screenshot({ path: `${shots}/start-en-1440.png`, fullPage: true });
    await page.reload();
    await page.getByText('Welcome, Emil Ebbe').waitFor();
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByText('Willkommen, Emil Ebbe').waitFor();
    await page.context().close();
  });

  it('Abmelden and ?logout=true both end the session', async () => {
    const page = await newPage(env.browser);
    await page.goto(env.server.url('stadtwerke', '/login'));
    await signIn(page, 'freigabe@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await page.getByRole('button', { name: /Frieda Frei/ }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL(/\/login$/);
    await page.goto(env.server.url('stadtwerke', '/fahrzeuge'));
    await page.waitForURL(/\/login$/);

    await signIn(page, 'freigabe@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    await page.goto(env.server.url('stadtwerke', '/fahrzeuge?logout=true'));
    await page.waitForURL(/\/login$/);
    await page.goto(env.server.url('stadtwerke', '/fahrzeuge'));
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });

  it('recovers a password: Passwort vergessen?, the mailed link, a new password, sign-in', async () => {
    const page = await newPage(env.browser);
    await page.goto(env.server.url('bibliothek', '/login'));
    await page
      .getByRole('button', { name: 'Passwort vergessen?' })
      .or(page.getByRole('link', { name: 'Passwort vergessen?' }))
      .click();
    await page.getByLabel('E-Mail').fill('leser@bibliothek.test');
    await page.getByRole('button', { name: /senden|anfordern/i }).click();
    await page.getByText(/Wenn die E-Mail-Adresse bei uns bekannt ist/).waitFor();
    const mail = await env.smtp.waitFor('leser@bibliothek.test', 'Passwort zurücksetzen');
    const link = extractLink(mail.text, '/auth/recovery');
    await page.goto(link);
    const fields = page.getByLabel(/Neues Passwort|Passwort wiederholen/);
    await fields.nth(0).fill('Lesezeit-2027');
    await fields.nth(1).fill('Lesezeit-2027');
    await page.screenshot({ path: `${shots}/recovery-1440.png`, fullPage: true });
    await page.getByRole('button', { name: /speichern|festlegen|setzen/i }).click();
    await page.getByRole('link', { name: /Anmeld/ }).click();
    await page.waitForURL(/\/login$/);
    await signIn(page, 'leser@bibliothek.test', 'Lesezeit-2027');
    await page.waitForURL(/\/leseraum\/karte/);
    await page
      .getByRole('button', { name: /Lena Lesewitz/ })
      .first()
      .waitFor();
    await page.context().close();
  });

  it('goes on a slow phone from the splash straight to the screen, without a loading screen or a shift, with code V8 compiles as it streams in', async () => {
    const page = await newPage(env.browser, { width: 390, height: 844 });
    await page.goto(env.server.url('stadtwerke', '/login'));
    await signIn(page, 'mitarbeiter@stadtwerke.test');
    await page.waitForURL(/\/fahrzeuge$/);
    // what the root showed, in order, and every layout shift, from the first byte of the next load on
    await page.addInitScript(() => {
      const seen: string[] = [];
      const shifts: number[] = [];
      Object.assign(window, { __seen: seen, __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) shifts.push((e as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!;
        const note = () => {
          const text = root.textContent ?? '';
          if (seen.at(-1) !== text) seen.push(text);
        };
        note();
        new MutationObserver(note).observe(root, { childList: true, subtree: true, characterData: true });
      });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.reload();
    await page.getByRole('heading', { name: 'Fahrzeuge', level: 1 }).waitFor();
    await page.getByRole('article').first().waitFor();
    const seen: string[] = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    const shifts: number[] = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(seen[0]).toBe('Buchbar');
    expect(seen.some((text) => text.includes('Daten werden geladen'))).toBe(false);
    // the frame (with the tenant's name) paints in a task of its own, the screen in the next one
    const frameOnly = seen.findIndex((text) => text.includes('Stadtwerke Musterstadt') && !text.includes('Willkommen'));
    expect(frameOnly).toBeGreaterThan(0);
    expect(seen.findIndex((text) => text.includes('Willkommen, Max Mustermann'))).toBeGreaterThan(frameOnly);
    expect(shifts.reduce((a, b) => a + b, 0)).toBe(0);
    // the entry and every chunk the screen preloads ask V8 to compile them while they stream in (decision 187)
    // (fetched by the page: the browser resolves *.localhost itself)
    const html = await page.evaluate(async () => (await fetch('/fahrzeuge', { headers: { accept: 'text/html' } })).text());
    const scripts = [
      ...html.matchAll(/<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+\.js)"/g),
    ].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(5);
    const firstLines = await page.evaluate(
      async (srcs) => Promise.all(srcs.map(async (src) => (await (await fetch(src)).text()).split('\n')[0])),
      scripts,
    );
    expect(firstLines).toEqual(scripts.map(() => '//# allFunctionsCalledOnLoad'));
    await page.context().close();
  });
});
