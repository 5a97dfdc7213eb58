import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys, signedInState } from './support/journey';
import { workingDay } from './support/working-days';

const env = setUpJourneys();
const BIB = 'bibliothek.localhost';
const PHONE = { width: 390, height: 844 };
type Tenant = Parameters<typeof env.server.url>[0];

/** Through the login form, where the way from a link through the sign-in or the start page is part of the check. */
async function signIn(page: Page, tenant: Tenant, email: string, path = '/') {
  await page.goto(env.server.url(tenant, path));
  await page.waitForURL(/\/login$/);
  await fillLogin(page, email);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** A phone already signed in (through the API) on the screen whose dialogs are checked: the form is not the point here. */
async function phoneAt(tenant: Tenant, email: string, path: string): Promise<Page> {
  const page = await newPage(env.browser, { ...PHONE, signedIn: await signedInState(env.server, tenant, email) });
  await page.goto(env.server.url(tenant, path));
  return page;
}

/**
 * Every element of every open dialog lies inside the screen's width, and no
 * dialog scrolls sideways: nothing is cut off or out of reach on a phone.
 */
async function expectDialogsFit(page: Page, what: string) {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')];
    const problems: string[] = [];
    for (const dialog of dialogs) {
      if (dialog.scrollWidth > dialog.clientWidth + 1)
        problems.push(`dialog scrolls sideways (${dialog.scrollWidth} > ${dialog.clientWidth})`);
      for (const el of [dialog, ...dialog.querySelectorAll<HTMLElement>('*')]) {
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0') continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < -1 || r.right > width + 1) {
          problems.push(
            `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" spans ${Math.round(r.left)}–${Math.round(r.right)} px`,
          );
        }
        // A visually hidden text (1 px wide, clipped) is for screen readers, not a cut-off control.
        if (el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll', 'hidden'].includes(style.overflowX) && el.clientWidth > 1) {
          problems.push(
            `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" hides ${el.scrollWidth - el.clientWidth} px sideways`,
          );
        }
      }
    }
    return { dialogs: dialogs.length, problems };
  });
  expect(found.dialogs, what).toBeGreaterThan(0);
  expect(found.problems, what).toEqual([]);
}

/** Each option of a segmented switch can be tapped where it is shown and then is the selected one. */
async function expectEveryOptionSelectable(dialog: Locator, options: string[]) {
  for (const option of options) {
    const label = dialog.locator('label', { hasText: new RegExp(`^${option}$`) });
    const box = await label.boundingBox();
    expect(box, option).not.toBeNull();
    expect(box!.x, option).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, option).toBeLessThanOrEqual(PHONE.width);
    // A real tap at the middle of what the person sees, not a click on the hidden input.
    await dialog.page().mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await expect(dialog.getByRole('radio', { name: option, exact: true }).isChecked(), option).resolves.toBe(true);
  }
}

describe('dialogs of the reading room, the workplaces, the kiosk and the room administration on a phone (390 px)', () => {
  it('the seat booking dialog shows every period option, each can be tapped and becomes selected', async () => {
    const page = await phoneAt('bibliothek', 'leser@bibliothek.test', `/leseraum/karte?datum=${workingDay(1)}`);
    await page.locator('[data-testid="floor-plan-map"] [data-seat="EG-30"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('EG-30 buchen').waitFor();
    await expectDialogsFit(page, 'booking dialog');
    await page.screenshot({ path: `${SHOTS}/leseraum-buchen-dialog-390.png` });
    await expectEveryOptionSelectable(dialog, ['Ganzer Tag', 'Vormittags', 'Nachmittags', 'Stundenweise']);
    // Hours show their two time fields, still inside the screen.
    await dialog.getByLabel('Von', { exact: true }).first().waitFor();
    await expectDialogsFit(page, 'booking dialog, hours');
    // The whole day of a room open 08:00–20:00 is booked up to the maximum duration (decision 035), and the dialog says so.
    await dialog.locator('label', { hasText: /^Ganzer Tag$/ }).click();
    await dialog.getByTestId('booked-period').getByText('Gebucht wird 08:00–18:00 Uhr.').waitFor();
    // Pre-booking for someone else: the person is searched, not picked from a list of everyone.
    await dialog.getByLabel('Für eine andere Person vormerken').check();
    const person = dialog.getByLabel('Person', { exact: true }).first();
    await person.fill('Jo');
    await page.getByText('Mindestens drei Zeichen von Vorname, Nachname oder E-Mail-Adresse eingeben.').first().waitFor();
    await person.fill('Jonas');
    await page.getByRole('option', { name: 'Jonas Weber' }).click();
    // the field shows the name once the dialog has rendered the choice
    await expect.poll(() => person.inputValue()).toBe('Jonas Weber');
    await expectDialogsFit(page, 'booking dialog, pre-booking');
    await page.screenshot({ path: `${SHOTS}/leseraum-buchen-vormerken-390.png` });
    await page.context().close();
  });

  it('the workplace booking dialog, the help dialogs and the pre-booking confirmation fit as well', async () => {
    const page = await phoneAt('stadtwerke', 'mitarbeiter@stadtwerke.test', `/arbeitswelt/karte?datum=${workingDay(1)}`);
    await page.locator('[data-testid="floor-plan-map"] [data-seat]').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Stundenweise', exact: true }).waitFor({ state: 'attached' });
    await expectDialogsFit(page, 'workplace booking dialog');
    await expectEveryOptionSelectable(dialog, ['Ganzer Tag', 'Vormittags', 'Nachmittags', 'Stundenweise']);
    await page.screenshot({ path: `${SHOTS}/arbeitswelt-buchen-dialog-390.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();

    // A pre-booking made for the reader opens the confirmation dialog from its link.
    const admin = await env.server.login(BIB, 'admin@bibliothek.test');
    const plans = await env.server.call(BIB, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie: admin });
    const planId = (plans.json().floorPlans as { id: string; name: string }[]).find((p) => p.name === 'Lesesaal Erdgeschoss')!.id;
    const map = await env.server.call(BIB, {
      method: 'GET',
      url: `/api/reading-rooms/floor-plans/${planId}/map?date=${workingDay(2)}`,
      cookie: admin,
    });
    const seatId = (map.json().objects as { id: string; designation: string }[]).find((o) => o.designation === 'EG-44')!.id;
    const people = await env.server.call(BIB, { method: 'GET', url: '/api/reading-rooms/people?q=Lesewitz', cookie: admin });
    const lena = (people.json().people as { id: string }[])[0]!.id;
    const pre = await env.server.call(BIB, {
      method: 'POST',
      url: '/api/reading-room-bookings',
      cookie: admin,
      payload: { objectId: seatId, date: workingDay(2), mode: 'vormittags', groupSize: 1, forUserId: lena },
    });
    expect(pre.statusCode, pre.body).toBe(200);
    const leser = await newPage(env.browser, PHONE);
    await signIn(leser, 'bibliothek', 'leser@bibliothek.test', `/leseraum/karte?bestaetigen=${pre.json().booking.id}`);
    await leser.getByRole('dialog', { name: 'Vormerkung bestätigen' }).waitFor();
    await expectDialogsFit(leser, 'confirmation dialog');
    await leser.screenshot({ path: `${SHOTS}/vormerkung-bestaetigen-390.png` });
    await leser.keyboard.press('Escape');
    for (const help of ["So funktioniert's", 'Regeln']) {
      await leser.getByRole('button', { name: 'Menü öffnen' }).click();
      await leser.getByRole('button', { name: help }).first().click();
      await leser.getByRole('dialog', { name: help }).waitFor();
      await expectDialogsFit(leser, help);
      await leser.keyboard.press('Escape');
      await leser.getByRole('dialog', { name: help }).waitFor({ state: 'detached' });
    }
    // The question before cancelling an own booking, asked from the sidebar in the phone menu.
    const own = await env.server.call(BIB, {
      method: 'POST',
      url: '/api/reading-room-bookings',
      cookie: await env.server.login(BIB, 'leser@bibliothek.test'),
      payload: { objectId: seatId, date: workingDay(3), mode: 'nachmittags', groupSize: 1 },
    });
    expect(own.statusCode, own.body).toBe(200);
    await leser.reload();
    await leser.getByRole('button', { name: 'Menü öffnen' }).click();
    await leser.getByTestId('my-bookings').getByRole('button', { name: 'Stornieren' }).first().click();
    const ask = leser.getByRole('dialog').filter({ has: leser.getByRole('button', { name: 'Stornieren' }) });
    await ask.waitFor();
    await expectDialogsFit(leser, 'cancel question');
    await leser.screenshot({ path: `${SHOTS}/leseraum-stornieren-390.png` });
    await leser.keyboard.press('Escape');
    await leser.context().close();
  });

  it('the kiosk QR dialogs and the room administration dialogs fit', async () => {
    const cookie = await env.server.login(BIB, 'admin@bibliothek.test');
    const plans = await env.server.call(BIB, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie });
    const planId = (plans.json().floorPlans as { id: string; name: string }[]).find((p) => p.name === 'Lesesaal 1. Obergeschoss')!.id;
    const page = await phoneAt('bibliothek', 'admin@bibliothek.test', `/admin/raeume?grundriss=${planId}&tab=kiosk`);
    await page.getByLabel('Name des Bildschirms').fill('Eingang Telefon');
    await page.getByRole('button', { name: 'Kiosk-Link erzeugen' }).click();
    const kioskUrl = ((await page.getByTestId('kiosk-url').textContent()) ?? '').trim();

    // Room administration: the deactivate and delete dialogs of a seat.
    await page.goto(env.server.url('bibliothek', `/admin/raeume?grundriss=${planId}`));
    await page.getByTestId('plan-editor').locator('[data-seat="OG-12"]').click();
    const form = page.getByTestId('object-form');
    for (const [button, title] of [
      ['Deaktivieren', '„OG-12“ deaktivieren?'],
      ['Löschen', '„OG-12“ endgültig löschen?'],
    ] as const) {
      await form.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await expectDialogsFit(page, title);
      await page.screenshot({ path: `${SHOTS}/admin-raeume-${button.toLowerCase()}-390.png` });
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    // The same two questions for the whole floor plan.
    for (const button of ['Grundriss deaktivieren', 'Grundriss löschen']) {
      await page.getByTestId('plan-removal').getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Abbrechen' }).waitFor();
      await expectDialogsFit(page, button);
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    const kiosk = await newPage(env.browser, PHONE);
    await kiosk.goto(kioskUrl.replace(/^https?:\/\/[^/]+/, env.server.url('bibliothek', '')));
    await kiosk.getByTestId('kiosk-board').waitFor();
    await kiosk.locator('[data-testid="kiosk-board"] [data-seat="OG-12"]').click();
    await kiosk.getByRole('dialog', { name: 'Einchecken an OG-12' }).waitFor();
    await expectDialogsFit(kiosk, 'kiosk QR code');
    await kiosk.keyboard.press('Escape');
    await kiosk.getByRole('dialog').waitFor({ state: 'detached' });
    await kiosk.getByRole('button', { name: 'QR-Codes aller Plätze' }).click();
    await kiosk.getByRole('dialog', { name: 'QR-Codes aller Plätze' }).waitFor();
    await expectDialogsFit(kiosk, 'kiosk, all QR codes');
    await kiosk.screenshot({ path: `${SHOTS}/kiosk-qr-alle-390.png` });
    await kiosk.context().close();
    await page.context().close();
  });
});

const ACCOUNTS: [Tenant, string][] = [
  ['stadtwerke', 'admin@stadtwerke.test'],
  ['stadtwerke', 'fuhrpark@stadtwerke.test'],
  ['stadtwerke', 'freigabe@stadtwerke.test'],
  ['stadtwerke', 'pruefer@stadtwerke.test'],
  ['stadtwerke', 'mitarbeiter@stadtwerke.test'],
  ['tourismus', 'admin@tourismus.test'],
  ['tourismus', 'empfang@tourismus.test'],
  ['bibliothek', 'admin@bibliothek.test'],
  ['bibliothek', 'leser@bibliothek.test'],
];

/** Waits until the page has settled, then reads what a person would see as a dead end. */
async function deadEnd(page: Page): Promise<string | null> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const text = (await page.locator('body').textContent()) ?? '';
  if (text.includes('Page Not Found')) return 'Page Not Found';
  if (text.includes('Die Daten konnten nicht geladen werden.')) return 'Die Daten konnten nicht geladen werden.';
  if (/Fehler:\s*\d{3}/.test(text)) return text.slice(0, 200);
  return null;
}

describe('no dead ends in the menu', () => {
  it.each(ACCOUNTS)('%s: %s starts on a usable page and every menu entry opens a working page', async (tenant, email) => {
    const page = await newPage(env.browser);
    await signIn(page, tenant, email);
    expect(await deadEnd(page), `start page ${page.url()}`).toBeNull();
    if (email === 'pruefer@stadtwerke.test') expect(new URL(page.url()).pathname).toBe('/fahrzeuge/fuehrerschein');
    const entries = new Set<string>();
    const collect = async () => {
      for (const href of await page.locator('nav a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
        entries.add(href);
      }
    };
    await collect();
    if (entries.has('/admin')) {
      await page.goto(env.server.url(tenant, '/admin'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await collect();
      for (const href of await page.locator('main a[href^="/admin/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
        entries.add(href);
      }
    }
    expect(entries.size).toBeGreaterThan(0);
    for (const href of entries) {
      await page.goto(env.server.url(tenant, href));
      expect(await deadEnd(page), `${email} → ${href}`).toBeNull();
    }
    await page.context().close();
  });
});

describe('a person who may open no page', () => {
  it('lands on a friendly note with the usual header, not on an error', async () => {
    // The reception desk of the tourist office loses its role: vehicle booking is the tenant's only area.
    await env.server.database.db.execute(
      sql`delete from user_roles where user_id = (select id from users where email = 'empfang@tourismus.test')`,
    );
    for (const size of [PHONE, { width: 1440, height: 900 }]) {
      const page = await newPage(env.browser, size);
      await signIn(page, 'tourismus', 'empfang@tourismus.test');
      await page.getByTestId('no-start-page').getByRole('heading', { name: 'Willkommen bei Buchbar' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await deadEnd(page)).toBeNull();
      await page.screenshot({ path: `${SHOTS}/keine-startseite-${size.width}.png` });
      await page.context().close();
    }
  });
});
