import { addDays, berlinDay, germanDay, instantOf, isoWeekday } from '@domain/opening-hours';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseIcs } from '../test/support/ics';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

/** Everyday comfort (decisions 090–092): a desk every Tuesday for eight weeks, the calendar subscription, an absence. */

const env = setUpJourneys();
const SW = 'stadtwerke.localhost';

const nextTuesday = () => {
  let d = addDays(berlinDay(new Date()), 1);
  while (isoWeekday(d) !== 2) d = addDays(d, 1);
  return d;
};

async function signIn(page: Page, email: string, path: string) {
  await page.goto(env.server.url('stadtwerke', path));
  await page.waitForURL(/\/login$/);
  await fillLogin(page, email);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

describe('everyday comfort in Chromium', () => {
  it('mitarbeiter@ books a desk every Tuesday for eight weeks, sees two refused days with reasons, subscribes to the calendar and declares an absence', async () => {
    const admin = await env.server.login(SW, 'admin@stadtwerke.test');
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = admin) =>
      env.server.call(SW, { method, url, cookie, ...(payload ? { payload } : {}) });
    expect((await call('PUT', '/api/settings/leseraumBuchbareTageVoraus', { layer: 'MANDANT', value: 70 })).statusCode).toBe(200);
    expect((await call('PUT', '/api/settings/leseraumMaxBuchungenProWoche', { layer: 'MANDANT', value: 20 })).statusCode).toBe(200);
    const plans = (await call('GET', '/api/reading-rooms/bootstrap?area=arbeitswelt')).json().floorPlans as { id: string; name: string }[];
    const plan = plans.find((p) => p.name === 'Verwaltung 2. OG')!.id;
    const start = nextTuesday();
    const tuesdays = Array.from({ length: 8 }, (_, i) => addDays(start, 7 * i));
    const map = (await call('GET', `/api/reading-rooms/floor-plans/${plan}/map?date=${start}`)).json();
    const desk = (map.objects as { id: string; designation: string }[]).at(-1)!;
    // Two Tuesdays cannot be booked: the office is closed on the third, the desk is taken on the sixth.
    const closed = await call('POST', `/api/admin/reading-rooms/floor-plans/${plan}/deviating-opening-hours`, {
      validFrom: tuesdays[2],
      validTo: tuesdays[2],
      von: '07:00',
      bis: '19:00',
      status: 'geschlossen',
    });
    expect(closed.statusCode).toBe(200);
    expect((await call('POST', '/api/reading-room-bookings', { objectId: desk.id, date: tuesdays[5], mode: 'ganztags' })).statusCode).toBe(
      200,
    );

    const page = await newPage(env.browser);
    await signIn(page, 'mitarbeiter@stadtwerke.test', `/arbeitswelt/karte?grundriss=${plan}&datum=${start}`);
    const seat = page.locator(`[data-testid="floor-plan-map"] [data-seat="${desk.designation}"]`);
    await seat.waitFor();
    await seat.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('series-toggle').click();
    await dialog.getByRole('button', { name: 'Termine prüfen' }).click();
    await dialog.getByTestId('series-summary').getByText('6 von 8 Terminen buchbar').waitFor();
    const refused = dialog.locator('[data-testid="series-dates"] tr[data-state="abgelehnt"]');
    expect(await refused.count()).toBe(2);
    expect(await refused.nth(0).textContent()).toContain(germanDay(tuesdays[2]!));
    expect(await refused.nth(0).textContent()).toContain('geschlossen');
    expect(await refused.nth(1).textContent()).toContain('belegt');
    expect(await refused.nth(1).textContent()).toContain(germanDay(tuesdays[5]!));
    expect(await refused.nth(1).textContent()).toContain(`Der Platz ${desk.designation} ist im gewählten Zeitraum bereits belegt.`);
    await page.screenshot({ path: `${SHOTS}/serie-vorschau-1440.png` });
    await dialog.getByRole('button', { name: 'Serie buchen' }).click();
    await page.getByText('Serie gespeichert: 6 Termine gebucht.').waitFor();
    const mine = page.getByTestId('my-bookings');
    await mine.getByText('Serie').first().waitFor();
    expect(await mine.locator('[data-testid="sidebar-booking"]', { hasText: desk.designation }).count()).toBe(6);

    // The calendar subscription: the address is shown once; the feed lists the six days.
    await page.getByRole('button', { name: 'Max Mustermann' }).click();
    await page.getByRole('menuitem', { name: 'Einstellungen' }).click();
    await page.getByRole('tab', { name: 'Kalender' }).click();
    // Calendar invitations in booking mails (decision 217): on by default, the person's own switch.
    const invitations = page.getByRole('switch', { name: 'Kalendereinladungen in Buchungsmails' });
    expect(await invitations.isChecked()).toBe(true);
    await invitations.click({ force: true });
    await page.getByText('Gespeichert.', { exact: true }).waitFor();
    expect(await invitations.isChecked()).toBe(false);
    await invitations.click({ force: true });
    await page.waitForFunction(() => (document.querySelector('input[role="switch"]') as HTMLInputElement | null)?.checked === true);
    await page.getByRole('button', { name: 'Abonnement einrichten' }).click();
    const address = await page.getByLabel('Abonnement-Adresse').inputValue();
    expect(address).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\/buchbar\.ics$/);
    await page.screenshot({ path: `${SHOTS}/kalender-abo-1440.png` });
    const feed = await env.server.call(SW, { method: 'GET', url: new URL(address).pathname });
    expect(feed.statusCode).toBe(200);
    // The demo data's past office days may include this desk too: only the series' days count here.
    const fromStart = (e: { start: Date }) => e.start.getTime() >= instantOf(start, '00:00').getTime();
    const events = parseIcs(feed.body).events.filter(
      (e) => fromStart(e) && e.summary === `Arbeitsplatz: ${desk.designation} (Verwaltung 2. OG)`,
    );
    expect(events).toHaveLength(6);
    expect(events.every((e) => e.status === 'CONFIRMED')).toBe(true);
    await page.keyboard.press('Escape');

    // An absence over the first two Tuesdays cancels those days in one step; the rest of the series stays.
    await page.getByTestId('absence-button').click();
    const absence = page.getByRole('dialog');
    // Mantine date inputs with German labels: typed as DD.MM.YYYY (the calendar dropdown offers the same days).
    const absenceFrom = absence.getByRole('textbox', { name: 'Von' });
    await absenceFrom.fill(germanDay(tuesdays[0]!));
    await absence.getByRole('textbox', { name: 'Bis' }).fill(germanDay(tuesdays[1]!));
    await absence.getByText('Abwesenheit eintragen').click();
    expect(await absenceFrom.inputValue()).toBe(germanDay(tuesdays[0]!));
    await absence.getByRole('button', { name: 'Betroffene Buchungen anzeigen' }).click();
    await absence.getByTestId('absence-list').waitFor();
    const listed = await absence.getByTestId('absence-list').locator('tr').count();
    expect(listed).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: `${SHOTS}/abwesenheit-1440.png` });
    await absence.getByTestId('absence-confirm').click();
    await page.getByText(`${listed} Buchungen storniert. Sie erhalten eine Bestätigung per E-Mail.`).waitFor();
    await page.waitForFunction(
      (name) => document.querySelectorAll(`[data-testid="my-bookings"] [data-testid="sidebar-booking"]`).length > 0 && name.length > 0,
      desk.designation,
    );
    const after = parseIcs((await env.server.call(SW, { method: 'GET', url: new URL(address).pathname })).body).events.filter((e) =>
      e.summary.endsWith(`${desk.designation} (Verwaltung 2. OG)`),
    );
    expect(after.filter((e) => fromStart(e) && e.status === 'CANCELLED')).toHaveLength(2);
    expect(after.filter((e) => fromStart(e) && e.status === 'CONFIRMED')).toHaveLength(4);
    await page.context().close();
  });
});
