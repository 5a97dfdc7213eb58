import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

/** Counts on the screens read as numbers of things in German and English: 1 Platz, 2 Plätze, never 1 Plätze. */
const env = setUpJourneys();
const BIB = 'bibliothek.localhost';

async function signIn(page: Page, email: string, path: string) {
  await page.goto(env.server.url('bibliothek', path));
  await page.waitForURL(/\/login$/);
  await fillLogin(page, email);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  if (!new URL(page.url()).pathname.startsWith(path)) await page.goto(env.server.url('bibliothek', path));
}

describe('counted texts in Chromium', () => {
  it('the seat list counts places and the admin counts users with the right plural, on a phone and a desktop', async () => {
    // A floor plan with a single seat: its list must say "1 von 1 Platz".
    const cookie = await env.server.login(BIB, 'admin@bibliothek.test');
    const plan = await env.server.call(BIB, {
      method: 'POST',
      url: '/api/admin/reading-rooms/floor-plans',
      cookie,
      payload: { name: 'Einzelplatz', area: 'leseraum', locationId: null },
    });
    expect(plan.statusCode, plan.body).toBe(200);
    const planId = plan.json().floorPlan.id as string;
    const seat = await env.server.call(BIB, {
      method: 'POST',
      url: '/api/admin/reading-rooms/objects',
      cookie,
      payload: { floorPlanId: planId, kind: 'platz', designation: 'E-01', capacity: 1, x: 50, y: 50 },
    });
    expect(seat.statusCode, seat.body).toBe(200);
    for (const width of [390, 1440]) {
      const page = await newPage(env.browser, { width, height: 844 });
      await signIn(page, 'leser@bibliothek.test', '/leseraum/liste');
      const many = page.getByText(/^\d+ von \d+ Plätzen$/);
      await many.first().waitFor();
      expect(await many.first().textContent()).toBe('74 von 74 Plätzen');
      await page.goto(env.server.url('bibliothek', `/leseraum/liste?grundriss=${planId}`));
      await page.getByText('1 von 1 Platz', { exact: true }).waitFor();
      expect(await page.getByText(/^\d+ von \d+ Plätzen$/).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/counted-seat-list-${width}.png`, fullPage: false });
      await page.close();
    }
    const admin = await newPage(env.browser, { width: 390, height: 844 });
    await signIn(admin, 'admin@bibliothek.test', '/admin/benutzer');
    const users = admin.getByText(/^\d+ von \d+ Benutzern?$/);
    await users.first().waitFor();
    const [shown, total] = (await users.first().textContent())!.match(/\d+/g)!.map(Number);
    expect(await users.first().textContent()).toBe(`${shown} von ${total} ${total === 1 ? 'Benutzer' : 'Benutzern'}`);
    await admin.screenshot({ path: `${SHOTS}/counted-users-390.png` });
    await admin.close();
  });
});
