import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { germanDay } from '@domain/opening-hours';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { SHOTS, setUpJourneys, signedInState } from './support/journey';

/**
 * The live occupancy on the tenant's website (decision 230): a page served by
 * this test from another origin embeds the library's occupancy page in an
 * iframe and reads its JSON with fetch; the tenant lists that origin, and a
 * second site it does not list gets neither.
 */
const env = setUpJourneys();
const BIB = 'bibliothek.localhost';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A tenant's website on this machine: one page with the iframe and a script that reads the JSON. */
async function website(pagePath: string, jsonUrl: string, lang: string) {
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Website der Bibliothek</title><style>body{font-family:sans-serif;margin:0;padding:12px;background:#f1f3f5}iframe{width:100%;height:760px;border:0;background:#fff}</style></head>
<body><h1>Website der Bibliothek</h1><p id="json">…</p>
<iframe src="${pagePath}?lang=${lang}" title="Belegung Lesesaal"></iframe>
<script>fetch(${JSON.stringify(jsonUrl)}).then(r => r.json()).then(b => { document.getElementById('json').textContent = 'JSON: ' + b.floorPlan.name + ', ' + b.places + ' Plätze'; })
  .catch(() => { document.getElementById('json').textContent = 'JSON verweigert'; });</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { origin: `http://localhost:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('the occupancy page in an iframe of the tenant website', () => {
  let admin: string;
  let planId: string;
  let day: string;

  beforeAll(async () => {
    admin = await env.server.login(BIB, 'admin@bibliothek.test');
    const plans = await env.server.call(BIB, { method: 'GET', url: '/api/admin/occupancy/floor-plans', cookie: admin });
    planId = plans.json().floorPlans.find((p: { name: string }) => p.name === 'Lesesaal Erdgeschoss').id;
  });
  afterAll(async () => {
    await env.server.call(BIB, {
      method: 'PUT',
      url: '/api/admin/occupancy/embedding',
      cookie: admin,
      payload: { origins: ['http://localhost:8080'], colour: '#2f6f4e' },
    });
  });

  it('shows free places now and per hour on a listed website, at 390 and 1440 px, in German and English', async () => {
    const appUrl = env.server.url('bibliothek', `/belegung/${planId}`);
    const jsonUrl = env.server.url('bibliothek', `/api/public/occupancy/floor-plans/${planId}`);
    const sites = { de: await website(appUrl, jsonUrl, 'de'), en: await website(appUrl, jsonUrl, 'en') };
    const stranger = await website(appUrl, jsonUrl, 'de');
    try {
      const saved = await env.server.call(BIB, {
        method: 'PUT',
        url: '/api/admin/occupancy/embedding',
        cookie: admin,
        payload: { origins: [sites.de.origin, sites.en.origin], colour: '#2f6f4e' },
      });
      expect(saved.statusCode).toBe(200);
      day = (await env.server.call(BIB, { method: 'GET', url: `/api/public/occupancy/floor-plans/${planId}` })).json().day;
      for (const [lang, width] of [
        ['de', 390],
        ['de', 1440],
        ['en', 390],
        ['en', 1440],
      ] as const) {
        const t =
          lang === 'de'
            ? { today: `Heute, ${germanDay(day)}`, now: 'Jetzt', time: 'Uhrzeit', free: /von 86 Plätzen frei|geschlossen/ }
            : { today: `Today, ${germanDay(day)}`, now: 'Now', time: 'Time', free: /of 86 places free|Closed/ };
        const page = await newPage(env.browser, { width, height: width === 390 ? 844 : 900, locale: lang === 'en' ? 'en-US' : 'de-DE' });
        await page.goto(sites[lang].origin);
        const frame = page.frameLocator('iframe');
        await expect.poll(() => frame.getByRole('heading', { name: 'Lesesaal Erdgeschoss', level: 1 }).isVisible()).toBe(true);
        expect(await frame.getByRole('heading', { name: t.today }).isVisible()).toBe(true);
        expect(await frame.getByRole('heading', { name: t.now, exact: true }).isVisible()).toBe(true);
        expect(await frame.locator('[data-part="now"]').textContent()).toMatch(t.free);
        expect(await frame.getByRole('columnheader', { name: t.time }).isVisible()).toBe(true);
        expect(await frame.getByRole('rowheader').count()).toBe(12);
        // the website's own script read the JSON across origins
        await expect.poll(() => page.locator('#json').textContent()).toBe('JSON: Lesesaal Erdgeschoss, 86 Plätze');
        // inside the frame nothing scrolls sideways, also on a phone
        const inner = page.frames().find((f) => f.url().includes('/belegung/'))!;
        expect(await inner.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          1,
        );
        await page.screenshot({ path: `${SHOTS}/occupancy-embedded-${lang}-${width}.png`, fullPage: true });
        await page.context().close();
      }
      // a website the tenant does not list can neither frame the page nor read the JSON
      const page = await newPage(env.browser, { width: 1440 });
      await page.goto(stranger.origin);
      await expect.poll(() => page.locator('#json').textContent()).toBe('JSON verweigert');
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      expect(await frame.evaluate(() => document.querySelector('h1')?.textContent ?? null).catch(() => null)).not.toBe(
        'Lesesaal Erdgeschoss',
      );
      await page.screenshot({ path: `${SHOTS}/occupancy-refused-1440.png` });
      await page.context().close();
    } finally {
      await sites.de.close();
      await sites.en.close();
      await stranger.close();
    }
  });

  it('the page itself meets WCAG 2.1 AA at 320, 390 and 1440 px in both languages', async () => {
    const problems: string[] = [];
    for (const lang of ['de', 'en'] as const) {
      for (const width of [320, 390, 1440]) {
        const page = await newPage(env.browser, { width, height: 800 });
        await page.goto(env.server.url('bibliothek', `/belegung/${planId}?lang=${lang}`));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        const result = await new AxeBuilder({ page }).withTags(WCAG).setLegacyMode(true).analyze();
        problems.push(
          ...result.violations.map((v) => `${lang} @${width}: ${v.id} ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
        );
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (sideways > 1) problems.push(`${lang} @${width}: scrolls ${sideways} px sideways`);
        if (width === 320) await page.screenshot({ path: `${SHOTS}/occupancy-page-${lang}-320.png`, fullPage: true });
        await page.context().close();
      }
    }
    expect(problems).toEqual([]);
  });

  it('the room admin switches the page on and finds the iframe code; the tenant admin lists the websites', async () => {
    for (const [lang, width, t] of [
      ['de', 1440, { tab: 'Website', on: 'Die Belegungsanzeige ist eingeschaltet.', title: 'Belegungsanzeige auf Ihrer Website' }],
      ['en', 390, { tab: 'Website', on: 'The occupancy page is switched on.', title: 'Occupancy page on your website' }],
    ] as const) {
      const signedIn = await signedInState(env.server, 'bibliothek', 'admin@bibliothek.test');
      const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      await env.server.call(BIB, {
        method: 'PUT',
        url: '/api/session/locale',
        cookie,
        payload: { locale: lang === 'en' ? 'en-us' : 'de-de' },
      });
      const page = await newPage(env.browser, { width, height: width === 390 ? 844 : 900, signedIn });
      await page.goto(env.server.url('bibliothek', `/admin/raeume?grundriss=${planId}&tab=website`));
      await expect.poll(() => page.getByTestId('occupancy-state').textContent(), { timeout: 15_000 }).toBe(t.on);
      expect(await page.getByTestId('occupancy-embed-code').textContent()).toContain(`/belegung/${planId}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
      await page.screenshot({ path: `${SHOTS}/occupancy-room-admin-${lang}-${width}.png`, fullPage: true });
      await page.goto(env.server.url('bibliothek', '/admin/mandanten'));
      const section = page.getByRole('region', { name: t.title });
      await section.scrollIntoViewIfNeeded();
      await expect.poll(() => section.getByRole('textbox').first().inputValue(), { timeout: 15_000 }).toContain('http://localhost:');
      await section.screenshot({ path: `${SHOTS}/occupancy-tenant-admin-${lang}-${width}.png` });
      await page.context().close();
    }
  });
});
