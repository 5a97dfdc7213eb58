import { readFileSync } from 'node:fs';
import { addDays, berlinDay, instantOf } from '@domain/opening-hours';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

const env = setUpJourneys();

const opened: Page[] = [];
async function fresh(opts: { width?: number; height?: number } = {}) {
  const page = await newPage(env.browser, opts);
  opened.push(page);
  return page;
}
afterEach(async (ctx) => {
  const failed = ctx.task.result?.state === 'fail';
  for (const [i, p] of opened.splice(0).entries()) {
    if (failed) await p.screenshot({ path: `${SHOTS}/evaluation-failure-${i}.png`, fullPage: true }).catch(() => undefined);
    await p
      .context()
      .close()
      .catch(() => undefined);
  }
});

async function signIn(page: Page, email: string, path: string) {
  await page.goto(env.server.url('stadtwerke', path));
  await fillLogin(page, email);
  await page.waitForURL((u) => u.pathname === path.split('?')[0]);
}

describe('evaluation and lockers in Chromium', () => {
  it('the fleet manager opens Auswertung from the admin menu, sees chart and tables, and downloads a table as CSV', async () => {
    const page = await fresh();
    await signIn(page, 'fuhrpark@stadtwerke.test', '/admin');
    await page.getByRole('link', { name: 'Öffnen: Auswertung' }).click();
    await page.waitForURL(/\/admin\/auswertung/);
    await page.getByRole('heading', { name: 'Auswertung Fahrzeuge' }).waitFor();
    await page.getByRole('region', { name: 'Auslastung je Fahrzeug', exact: true }).getByRole('cell', { name: 'MS-SW 121' }).waitFor();
    // the chart library arrives lazily and draws bars
    await page.locator('.recharts-surface').first().waitFor();
    expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/auswertung-1440.png`, fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Auslastung je Fahrzeug als CSV herunterladen' }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFKennzeichen;Fahrzeug;Lokation;Buchungen;Fahrten;Stornos;Gebuchte Stunden;Auslastung %;Kilometer',
    );
    expect(download.suggestedFilename()).toMatch(/^auswertung_fahrzeuge_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    // the fleet per month, and the months of the vehicle picked
    const fleetMonths = page.getByRole('region', { name: 'Flotte je Monat', exact: true });
    const monthsShown = await fleetMonths.locator('tbody tr').count();
    expect(monthsShown).toBeGreaterThan(0);
    const own = page.getByRole('region', { name: 'Monate eines Fahrzeugs', exact: true });
    const select = own.getByLabel('Fahrzeug', { exact: true });
    const option = (await select.locator('option', { hasText: 'MS-SW 121' }).getAttribute('value'))!;
    await select.selectOption(option);
    await expect.poll(() => own.locator('tbody tr').count()).toBe(monthsShown);
    const firstMonth = await fleetMonths.locator('tbody tr').first().locator('td').first().textContent();
    await own.getByRole('cell', { name: firstMonth!, exact: true }).waitFor();
    await own.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/auswertung-monate-1440.png` });
    // on a phone: the month tables fit, wide tables scroll inside their card, the page never sideways
    const phone = await fresh({ width: 390, height: 844 });
    await signIn(phone, 'fuhrpark@stadtwerke.test', '/admin/auswertung');
    const phoneMonths = phone.getByRole('region', { name: 'Monate eines Fahrzeugs', exact: true });
    await phoneMonths.locator('tbody tr').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await phoneMonths.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: `${SHOTS}/auswertung-monate-390.png` });
    // the office screen is not theirs: the guard's text
    await page.goto(env.server.url('stadtwerke', '/admin/bueroauslastung'));
    await page.getByText('no ausstattung').waitFor();
  });

  it('the admin reads the office utilisation with its weekday heat map, on desktop and phone', async () => {
    for (const width of [1440, 390]) {
      const page = await fresh({ width, height: width === 390 ? 844 : 900 });
      await signIn(page, 'admin@stadtwerke.test', '/admin/bueroauslastung');
      await page.getByRole('heading', { name: 'Büroauslastung' }).waitFor();
      const heat = page.getByRole('region', { name: 'Auslastung je Wochentag (Heatmap)' });
      await heat.getByRole('rowheader', { name: 'Verwaltung 2. OG' }).waitFor();
      expect(await heat.getByRole('columnheader').allTextContents()).toEqual(['Grundriss', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
      // demo history: desks are booked on working days, never at weekends
      const cells = await heat
        .getByRole('row', { name: /Verwaltung 2\. OG/ })
        .getByRole('cell')
        .allTextContents();
      expect(cells.slice(5)).toEqual(['0 %', '0 %']);
      expect(cells[1]).not.toBe('0 %');
      await page.locator('.recharts-surface').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/bueroauslastung-${width}.png`, fullPage: true });
    }
  });

  it('an employee with a desk booking gets a locker on /officelocker, sees number and place, and gives it back', async () => {
    const day = addDays(berlinDay(new Date()), 1);
    await env.server.database.db.execute(sql`
      insert into reading_room_bookings (tenant_id, reading_room_id, von, bis, status, booker_id)
      select r.tenant_id, r.id, ${instantOf(day, '08:00').toISOString()}::timestamptz, ${instantOf(day, '17:00').toISOString()}::timestamptz, 'reserviert', u.id
        from reading_rooms r join floor_plans p on p.tenant_id = r.tenant_id and p.id = r.floor_plan_id
        join users u on u.tenant_id = r.tenant_id and u.email = 'mitarbeiter@stadtwerke.test'
       where p.name = 'Verwaltung 2. OG'
         and not exists (select 1 from reading_room_bookings x where x.tenant_id = r.tenant_id and x.reading_room_id = r.id
                          and x.status in ('vorgemerkt', 'reserviert') and x.von < ${instantOf(day, '17:00').toISOString()}::timestamptz
                          and x.bis > ${instantOf(day, '08:00').toISOString()}::timestamptz)
         and not exists (select 1 from reading_room_bookings y where y.tenant_id = r.tenant_id and y.booker_id = u.id
                          and y.status in ('vorgemerkt', 'reserviert') and y.von < ${instantOf(day, '17:00').toISOString()}::timestamptz
                          and y.bis > ${instantOf(day, '08:00').toISOString()}::timestamptz)
       order by r.designation desc limit 1`);
    for (const width of [390, 1440]) {
      const page = await fresh({ width, height: 900 });
      await signIn(page, 'mitarbeiter@stadtwerke.test', `/officelocker?tag=${day}`);
      const mine = page.getByRole('region', { name: 'Ihr Spind' });
      await mine.getByText(/Ihre Schreibtische an diesem Tag: T-\d+ \(Verwaltung 2\. OG\)/).waitFor();
      const held = await mine.getByTestId('my-locker').count();
      if (held === 0) {
        await page.getByRole('button', { name: 'Spind zuteilen' }).click();
      }
      await mine.getByTestId('my-locker').waitFor();
      expect(await mine.getByTestId('my-locker').textContent()).toMatch(/^Spind \d+ auf Verwaltung 2\. OG$/);
      await page.getByRole('button', { name: /^Spind \d+ \(Ihr Spind\)$/ }).waitFor();
      await page.screenshot({ path: `${SHOTS}/officelocker-${width}.png`, fullPage: true });
      if (width === 1440) {
        await page.getByRole('button', { name: 'Spind zurückgeben' }).click();
        await mine.getByText('Sie haben für diesen Tag noch keinen Spind.').waitFor();
      }
    }
  });

  it('a room admin places a locker on the office plan by clicking on it', async () => {
    const page = await fresh({ width: 1440, height: 1000 });
    await signIn(page, 'admin@stadtwerke.test', '/officelocker');
    const admin = page.getByRole('region', { name: 'Spinde verwalten' });
    await admin.getByRole('combobox', { name: 'Grundriss' }).click();
    await page.getByRole('option', { name: 'Verwaltung 2. OG' }).click();
    await admin.getByRole('textbox', { name: 'Nummer' }).fill('42');
    await admin.getByText('Klicken Sie auf den Plan, um Spind 42 aufzustellen.').waitFor();
    const image = admin.getByRole('img', { name: 'Verwaltung 2. OG' });
    await image.click({ position: { x: 200, y: 120 } });
    await page.getByText('Spind 42 ist aufgestellt.').waitFor();
    await admin.getByRole('button', { name: '42' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/officelocker-admin-1440.png`, fullPage: true });
  });
});

describe('the way to the lockers (decision 201)', () => {
  const LANGUAGES = [
    {
      locale: 'de-de',
      menu: 'Menü öffnen',
      nav: 'Hauptnavigation',
      workplaces: 'Arbeitsplätze',
      entry: 'Spinde',
      link: 'Spind für diesen Tag',
      title: 'Spind',
    },
    {
      locale: 'en-us',
      menu: 'Open menu',
      nav: 'Main navigation',
      workplaces: 'Workplaces',
      entry: 'Lockers',
      link: 'Locker for this day',
      title: 'Locker',
    },
  ] as const;

  it('an employee reaches /officelocker from the menu and from the workplace map, on a phone and a desktop, in German and English', async () => {
    const day = addDays(berlinDay(new Date()), 1);
    for (const lang of LANGUAGES) {
      for (const width of [390, 1440]) {
        const page = await fresh({ width, height: 900 });
        await signIn(page, 'mitarbeiter@stadtwerke.test', `/arbeitswelt/karte?datum=${day}`);
        const status = await page.evaluate(async (locale) => {
          const res = await fetch('/api/session/locale', {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ locale }),
          });
          return res.status;
        }, lang.locale);
        expect(status).toBe(200);
        await page.reload();

        // The menu: on a phone behind the burger, on a desktop beside the map.
        if (width === 390) await page.getByRole('button', { name: lang.menu }).click();
        const nav = page.getByRole('navigation', { name: lang.nav });
        // Right after the workplaces.
        await nav.getByRole('link', { name: lang.workplaces, exact: true }).waitFor();
        const entries = (await nav.getByRole('link').allTextContents()).map((e) => e.trim());
        expect(entries.indexOf(lang.entry), entries.join(' | ')).toBe(entries.indexOf(lang.workplaces) + 1);
        await page.screenshot({ path: `${SHOTS}/spinde-menue-${lang.locale}-${width}.png` });
        await nav.getByRole('link', { name: lang.entry, exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/officelocker');
        await page.getByRole('heading', { level: 1, name: lang.title, exact: true }).waitFor();

        // The workplace map: the locker of the shown day one tap away.
        await page.goto(env.server.url('stadtwerke', `/arbeitswelt/karte?datum=${day}`));
        const link = page.getByRole('link', { name: lang.link, exact: true });
        await link.waitFor();
        await page.screenshot({ path: `${SHOTS}/spinde-arbeitswelt-${lang.locale}-${width}.png` });
        await link.click();
        await page.waitForURL((u) => u.pathname === '/officelocker' && u.searchParams.get('tag') === day);
        await page.getByRole('heading', { level: 1, name: lang.title, exact: true }).waitFor();
        await page.screenshot({ path: `${SHOTS}/spinde-seite-${lang.locale}-${width}.png`, fullPage: true });
      }
    }
    // Back to German for the other journeys of this account.
    const cookie = await env.server.login('stadtwerke.localhost', 'mitarbeiter@stadtwerke.test');
    await env.server.call('stadtwerke.localhost', { method: 'PUT', url: '/api/session/locale', cookie, payload: { locale: 'de-de' } });
    // Four sign-ins, each with a map and the locker page: longer than one journey's default time.
  }, 300_000);
});
