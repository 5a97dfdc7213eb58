import { addDays, berlinDay, germanDay } from '@domain/opening-hours';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { fillLogin, SHOTS, setUpJourneys } from './support/journey';

/** Decision 025 in the browser: an admin deactivates a booked seat; the booker sees it cancelled live and gets a mail. */

const env = setUpJourneys();
const BIB = 'bibliothek.localhost';
const day = () => addDays(berlinDay(new Date()), 2);

async function signIn(page: Page, email: string, path: string) {
  await page.goto(env.server.url('bibliothek', path));
  await page.waitForURL(/\/login$/);
  await fillLogin(page, email);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

describe('removing seats in /admin/raeume in Chromium', () => {
  it('an admin deactivates a seat with a booking; the booker’s sidebar shows it cancelled without reload', async () => {
    const leserCookie = await env.server.login(BIB, 'leser@bibliothek.test');
    const boot = (
      await env.server.call(BIB, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie: leserCookie })
    ).json();
    const eg = (boot.floorPlans as { id: string; name: string }[]).find((p) => p.name === 'Lesesaal Erdgeschoss')!.id;
    const map = (
      await env.server.call(BIB, { method: 'GET', url: `/api/reading-rooms/floor-plans/${eg}/map?date=${day()}`, cookie: leserCookie })
    ).json();
    const seatId = (map.objects as { id: string; designation: string }[]).find((o) => o.designation === 'EG-24')!.id;
    const booked = await env.server.call(BIB, {
      method: 'POST',
      url: '/api/reading-room-bookings',
      cookie: leserCookie,
      payload: { objectId: seatId, date: day(), mode: 'vormittags' },
    });
    expect(booked.statusCode).toBe(200);

    // Lena has the map open with her booking in the sidebar.
    const leser = await newPage(env.browser);
    await signIn(leser, 'leser@bibliothek.test', `/leseraum/karte?grundriss=${eg}&datum=${day()}`);
    const card = leser.getByTestId('my-bookings').getByTestId('sidebar-booking').filter({ hasText: 'EG-24' });
    await card.getByText('Reserviert').waitFor();

    // Berta deactivates EG-24 in /admin/raeume; the dialog says what will be cancelled.
    const admin = await newPage(env.browser);
    await signIn(admin, 'admin@bibliothek.test', `/admin/raeume?grundriss=${eg}`);
    await admin.getByTestId('plan-editor').locator('[data-seat="EG-24"]').click();
    const form = admin.getByTestId('object-form');
    await form.getByText('Aktiv – buchbar').waitFor();
    await admin.screenshot({ path: `${SHOTS}/admin-raeume-objekt-1440.png`, fullPage: true });
    await form.getByRole('button', { name: 'Deaktivieren' }).click();
    const dialog = admin.getByRole('dialog', { name: '„EG-24“ deaktivieren?' });
    await dialog.getByText(`1 offene Buchung am ${germanDay(day())} wird storniert.`).waitFor();
    await dialog
      .getByText('Die buchenden Personen und bei Vormerkungen auch die vorgemerkten Personen erhalten eine E-Mail mit dem Grund.')
      .waitFor();
    await admin.screenshot({ path: `${SHOTS}/admin-raeume-deaktivieren-1440.png` });
    await dialog.getByRole('button', { name: 'Deaktivieren' }).click();
    await admin.getByText('„EG-24“ ist deaktiviert. 1 Buchung wurde storniert.').waitFor();
    await form.getByText('Deaktiviert – nicht buchbar').waitFor();

    // Without reload, Lena's sidebar shows the booking cancelled with the reason; the seat is no longer bookable.
    await card.getByText('Storniert', { exact: true }).waitFor({ timeout: 15_000 });
    await card.getByText('Storniert, weil der Platz deaktiviert wurde.').waitFor();
    await leser.waitForFunction(
      () => document.querySelector('[data-testid="floor-plan-map"] [data-seat="EG-24"]')?.getAttribute('data-state') === 'inaktiv',
    );
    await leser.screenshot({ path: `${SHOTS}/leseraum-storniert-deaktiviert-1440.png`, fullPage: true });
    const mail = await env.smtp.waitFor('leser@bibliothek.test', 'Buchung storniert: EG-24');
    expect(mail.subject).toBe(`Buchbar – Buchung storniert: EG-24 am ${germanDay(day())}`);
    expect(mail.text).toContain('wurde storniert, weil der Platz deaktiviert wurde.');

    // Deleting a seat that was booked is refused with the reason; a new, never booked seat can be deleted.
    await form.getByRole('button', { name: 'Löschen' }).click();
    const refuse = admin.getByRole('dialog', { name: '„EG-24“ endgültig löschen?' });
    await refuse
      .getByText(
        /„EG-24“ wurde schon gebucht \(1 Buchung, auch stornierte und vergangene zählen\) und kann deshalb nicht gelöscht werden\./,
      )
      .waitFor();
    await expect(refuse.getByRole('button', { name: 'Endgültig löschen' }).count()).resolves.toBe(0);
    await refuse.getByRole('button', { name: 'Abbrechen' }).click();
    await refuse.waitFor({ state: 'hidden' });
    await form.getByRole('button', { name: 'Reaktivieren' }).click();
    await admin.getByText('„EG-24“ ist wieder aktiv.').waitFor();
    await form.getByText('Aktiv – buchbar').waitFor();

    await admin.getByRole('button', { name: 'Platz hinzufügen' }).click();
    // The new seat (P-n) is selected once it is saved.
    await admin.waitForFunction(() =>
      /^P-\d+$/.test((document.querySelector('[data-testid="object-form"] input') as HTMLInputElement | null)?.value ?? ''),
    );
    const name = await form.getByLabel('Bezeichnung').inputValue();
    await form.getByRole('button', { name: 'Löschen' }).click();
    const del = admin.getByRole('dialog', { name: `„${name}“ endgültig löschen?` });
    await del.getByText('Das Löschen kann nicht rückgängig gemacht werden.').waitFor();
    await del.getByRole('button', { name: 'Endgültig löschen' }).click();
    await admin.getByText(`„${name}“ wurde gelöscht.`).waitFor();
    await admin.getByText('Platz auf dem Plan oder in der Liste wählen, um ihn zu bearbeiten.').waitFor();
    await expect(admin.getByTestId('plan-editor').locator(`[data-seat="${name}"]`).count()).resolves.toBe(0);
    await leser.context().close();
    await admin.context().close();
  });

  it('a floor plan is deactivated from the phone: marked inactive in the admin, gone from the booking map', async () => {
    const admin = await newPage(env.browser, { width: 390, height: 844 });
    const cookie = await env.server.login(BIB, 'admin@bibliothek.test');
    const boot = (await env.server.call(BIB, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie })).json();
    const og = (boot.floorPlans as { id: string; name: string }[]).find((p) => p.name === 'Lesesaal 1. Obergeschoss')!.id;
    await signIn(admin, 'admin@bibliothek.test', `/admin/raeume?grundriss=${og}`);
    const plan = admin.getByTestId('plan-removal');
    await plan.getByRole('button', { name: 'Grundriss deaktivieren' }).click();
    const dialog = admin.getByRole('dialog', { name: '„Lesesaal 1. Obergeschoss“ deaktivieren?' });
    // The seed books eleven OG seats tomorrow afternoon.
    await dialog.getByText(/^11 offene Buchungen am \d{2}\.\d{2}\.\d{4} werden storniert\.$/).waitFor();
    await admin.screenshot({ path: `${SHOTS}/admin-raeume-grundriss-deaktivieren-390.png` });
    await dialog.getByRole('button', { name: 'Deaktivieren' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByText('„Lesesaal 1. Obergeschoss“ ist deaktiviert. 11 Buchungen wurden storniert.').waitFor();
    await admin.getByTestId('plan-inactive').waitFor();
    await expect(admin.getByLabel('Grundrisse', { exact: true }).first().inputValue()).resolves.toBe(
      'Lesesaal 1. Obergeschoss (Leseraum – deaktiviert)',
    );
    await admin.screenshot({ path: `${SHOTS}/admin-raeume-grundriss-inaktiv-390.png`, fullPage: true });
    await admin.getByTestId('plan-editor').locator('[data-seat="OG-12"]').click();
    await admin.getByTestId('object-form').getByText('Aktiv – Grundriss deaktiviert').scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `${SHOTS}/admin-raeume-objekt-390.png` });

    const after = (await env.server.call(BIB, { method: 'GET', url: '/api/reading-rooms/bootstrap?area=leseraum', cookie })).json();
    expect((after.floorPlans as { name: string }[]).map((p) => p.name)).toEqual(['Lesesaal Erdgeschoss']);
    await admin.goto(env.server.url('bibliothek', `/leseraum/karte?grundriss=${og}`));
    await admin.locator('[data-testid="floor-plan-map"] [data-seat="EG-01"]').waitFor();
    await expect(admin.getByLabel('Grundriss', { exact: true }).first().inputValue()).resolves.toBe('Lesesaal Erdgeschoss');

    await admin.goto(env.server.url('bibliothek', `/admin/raeume?grundriss=${og}`));
    await admin.getByTestId('plan-removal').getByRole('button', { name: 'Grundriss reaktivieren' }).click();
    await admin.getByText('„Lesesaal 1. Obergeschoss“ ist wieder aktiv.').waitFor();
    await admin.context().close();
  });
});
