import type { SeriesDate } from '@contracts/reading-rooms';
import { addDays, germanDay, isoWeekday } from '@domain/opening-hours';
import { publicHolidays } from '@domain/public-holidays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { ALL_WEEKDAYS, BIB, book, floorPlanIds, inDays, map, objectIds, SW, setTenantSetting } from './reading-room-support';

/**
 * Decision 235: opening periods and the public holidays of the tenant's Bundesland, through the map, the booking
 * rules and the series preview, which all take their hours from domain dayOpening. Dates are computed: the holiday is
 * the first Bavarian one from the day after tomorrow on, the new period lies 200 days ahead with its edges tested on
 * purpose.
 */

const week = (von: string, bis: string, closed: number[] = []) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, von, bis, open: !closed.includes(weekday) }));

describe.each(DB_KINDS)('opening periods and public holidays on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let leser: string;
  let swAdmin: string;
  let plan: string;
  let seats: Record<string, string>;
  const holiday = publicHolidays('BY', inDays(2), inDays(400))[0]!;
  const language = async (cookie: string, value: 'en-us' | 'de-de') =>
    expect(
      (await t.call(BIB, { method: 'PUT', url: '/api/settings/sprache', cookie, payload: { layer: 'BENUTZER', value } })).statusCode,
    ).toBe(200);

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login(BIB, 'admin@bibliothek.test');
    leser = await t.login(BIB, 'leser@bibliothek.test');
    swAdmin = await t.login(SW, 'admin@stadtwerke.test');
    await setTenantSetting(t, BIB, admin, 'leseraumBuchbareTageVoraus', 800);
    await setTenantSetting(t, BIB, admin, 'leseraumMaxBuchungenProWoche', 20);
    await setTenantSetting(t, BIB, admin, 'leseraumBuchbareWochentage', ALL_WEEKDAYS);
    plan = (await floorPlanIds(t, BIB, leser))['Lesesaal 1. Obergeschoss']!;
    seats = await objectIds(t, BIB, leser, plan);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('without a Bundesland no day is a holiday; with Bavaria the holiday closes the plan for the map, booking and series', async () => {
    expect((await map(t, BIB, leser, plan, holiday.date)).day).toMatchObject({ bookable: true });
    await setTenantSetting(t, BIB, admin, 'feiertageBundesland', 'BY');
    const day = (await map(t, BIB, leser, plan, holiday.date)).day;
    expect(day).toMatchObject({ bookable: false, source: 'feiertag', holiday: { de: holiday.de, en: holiday.en } });

    const refused = await book(t, BIB, leser, { objectId: seats['OG-03']!, date: holiday.date, mode: 'ganztags' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      `Am ${germanDay(holiday.date)} ist Feiertag (${holiday.de}) und geschlossen; an diesem Tag kann nicht gebucht werden.`,
    );
    await language(leser, 'en-us');
    const english = await book(t, BIB, leser, { objectId: seats['OG-03']!, date: holiday.date, mode: 'ganztags' });
    await language(leser, 'de-de');
    expect(english.json().error.message).toBe(
      `${germanDay(holiday.date)} is a public holiday (${holiday.en}) and closed; nothing can be booked that day.`,
    );

    // A weekly series over the holiday: the holiday is refused as closed, the weeks around it stay bookable
    // (unless another holiday falls on the same weekday, which the expectation computes as well).
    const start = addDays(holiday.date, -7);
    const preview = await t.call(BIB, {
      method: 'POST',
      url: '/api/reading-room-series/preview',
      cookie: leser,
      payload: {
        objectId: seats['OG-04']!,
        mode: 'ganztags',
        rule: { startDate: start, weekdays: [isoWeekday(start)], intervalWeeks: 1, count: 3 },
      },
    });
    expect(preview.statusCode).toBe(200);
    const dates = preview.json().dates as SeriesDate[];
    const closedDays = new Set(publicHolidays('BY', start, addDays(start, 14)).map((h) => h.date));
    for (const d of dates) {
      if (d.date < inDays(1)) continue;
      expect(d.state).toBe(closedDays.has(d.date) ? 'abgelehnt' : 'buchbar');
    }
    const onHoliday = dates.find((d) => d.date === holiday.date)!;
    expect(onHoliday).toMatchObject({ state: 'abgelehnt', reason: 'geschlossen' });
    expect(onHoliday.message).toBe(
      `Am ${germanDay(holiday.date)} ist Feiertag (${holiday.de}) und geschlossen; an diesem Tag kann nicht gebucht werden.`,
    );

    // The admin sees the holiday and opens the plan on it with a deviation: bookings go through again.
    const hours = (
      await t.call(BIB, { method: 'GET', url: `/api/admin/reading-rooms/floor-plans/${plan}/opening-hours`, cookie: admin })
    ).json();
    expect(hours.bundesland).toBe('BY');
    expect(hours.holidays[0]).toEqual({ ...holiday, opened: false });
    const opened = await t.call(BIB, {
      method: 'POST',
      url: `/api/admin/reading-rooms/floor-plans/${plan}/deviating-opening-hours`,
      cookie: admin,
      payload: { validFrom: holiday.date, validTo: holiday.date, von: '10:00', bis: '16:00', status: 'offen' },
    });
    expect(opened.statusCode).toBe(200);
    expect((await map(t, BIB, leser, plan, holiday.date)).day).toMatchObject({
      bookable: true,
      von: '10:00',
      bis: '16:00',
      source: 'abweichend-offen',
    });
    const ok = await book(t, BIB, leser, { objectId: seats['OG-03']!, date: holiday.date, mode: 'ganztags' });
    expect(ok.statusCode).toBe(200);
    const after = await t.call(BIB, { method: 'GET', url: `/api/admin/reading-rooms/floor-plans/${plan}/opening-hours`, cookie: admin });
    expect(after.json().holidays[0].opened).toBe(true);
    await setTenantSetting(t, BIB, admin, 'feiertageBundesland', 'kein');
  });

  it('a period gives its hours from its first to its last day; outside it the next rule applies', async () => {
    const from = inDays(200);
    const to = addDays(from, 27);
    const created = await t.call(BIB, {
      method: 'POST',
      url: `/api/admin/reading-rooms/floor-plans/${plan}/opening-periods`,
      cookie: admin,
      payload: { name: '  Sommeröffnungszeiten ', validFrom: from, validTo: to, hours: week('07:00', '22:00') },
    });
    expect(created.statusCode).toBe(200);
    const period = created.json().period;
    expect(period).toMatchObject({ name: 'Sommeröffnungszeiten', validFrom: from, validTo: to });
    for (const d of [from, to]) {
      expect((await map(t, BIB, leser, plan, d)).day).toMatchObject({
        von: '07:00',
        bis: '22:00',
        source: 'zeitraum',
        period: 'Sommeröffnungszeiten',
      });
    }
    expect((await map(t, BIB, leser, plan, addDays(to, 1))).day).toMatchObject({ von: '08:00', bis: '20:00', source: 'regulaer' });
    expect((await map(t, BIB, leser, plan, addDays(from, -1))).day.source).toBe('regulaer');

    // The booking rules use the period's hours: 07:00 on its first day, not the day before.
    const early = { objectId: seats['OG-07']!, mode: 'stuendlich', von: '07:00', bis: '08:00' };
    expect((await book(t, BIB, leser, { ...early, date: from })).statusCode).toBe(200);
    const before = await book(t, BIB, leser, { ...early, date: addDays(from, -1) });
    expect(before.statusCode).toBe(400);
    expect(before.json().error.message).toBe('Der Zeitraum muss innerhalb der Öffnungszeit von 08:00 bis 20:00 Uhr liegen.');

    // Changing the period: closed on Mondays.
    const changed = await t.call(BIB, {
      method: 'PUT',
      url: `/api/admin/reading-rooms/opening-periods/${period.id}`,
      cookie: admin,
      payload: { name: 'Sommeröffnungszeiten', validFrom: from, validTo: to, hours: week('07:00', '22:00', [1]) },
    });
    expect(changed.statusCode).toBe(200);
    let monday = from;
    while (isoWeekday(monday) !== 1) monday = addDays(monday, 1);
    expect((await map(t, BIB, leser, plan, monday)).day).toMatchObject({ bookable: false, source: 'zeitraum-geschlossen' });
    expect(
      (await t.call(BIB, { method: 'DELETE', url: `/api/admin/reading-rooms/opening-periods/${period.id}`, cookie: admin })).statusCode,
    ).toBe(200);
    expect((await map(t, BIB, leser, plan, monday)).day.source).toBe('regulaer');
  });

  it('refuses bad periods with a sentence in both languages, overlaps with the other period named', async () => {
    const post = (payload: object) =>
      t.call(BIB, { method: 'POST', url: `/api/admin/reading-rooms/floor-plans/${plan}/opening-periods`, cookie: admin, payload });
    const good = { name: 'Prüfungszeit', validFrom: inDays(300), validTo: inDays(310), hours: week('08:00', '20:00') };
    const cases: [object, number, string, string][] = [
      [
        { ...good, name: ' ' },
        400,
        'Bitte einen Namen für den Zeitraum angeben, z. B. „Vorlesungszeit“.',
        'Please give the period a name, e.g. "Lecture period".',
      ],
      [
        { ...good, validTo: inDays(299) },
        400,
        '„Gültig bis“ darf nicht vor „Gültig von“ liegen.',
        '"Valid to" must not be before "valid from".',
      ],
      [
        { ...good, hours: week('08:00', '20:00').slice(1) },
        400,
        'Ein Zeitraum braucht die Öffnungszeiten aller sieben Wochentage.',
        'A period needs the opening hours of all seven weekdays.',
      ],
      [
        { ...good, hours: week('20:00', '08:00') },
        400,
        'Die Öffnungszeit muss nach 20:00 Uhr enden.',
        'The opening hours must end after 20:00.',
      ],
    ];
    for (const [payload, status, de] of cases) {
      const res = await post(payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toBe(de);
    }
    await language(admin, 'en-us');
    for (const [payload, , , english] of cases) expect((await post(payload)).json().error.message).toBe(english);
    await language(admin, 'de-de');
    const first = await post(good);
    expect(first.statusCode).toBe(200);
    const overlap = await post({ ...good, name: 'Nachholzeit', validFrom: inDays(310), validTo: inDays(320) });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.message).toBe(
      `Der Zeitraum überschneidet sich mit „Prüfungszeit“ (${germanDay(inDays(300))} bis ${germanDay(inDays(310))}); Zeiträume eines Grundrisses dürfen sich nicht überschneiden.`,
    );
    const badSetting = await t.call(BIB, {
      method: 'PUT',
      url: '/api/settings/feiertageBundesland',
      cookie: admin,
      payload: { layer: 'MANDANT', value: 'XY' },
    });
    expect(badSetting.statusCode).toBe(400);
  });

  it("refuses another tenant's plans and periods", async () => {
    const created = await t.call(BIB, {
      method: 'POST',
      url: `/api/admin/reading-rooms/floor-plans/${plan}/opening-periods`,
      cookie: admin,
      payload: { name: 'Nur Bibliothek', validFrom: inDays(400), validTo: inDays(401), hours: week('08:00', '20:00') },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().period.id;
    const payload = { name: 'Fremd', validFrom: inDays(500), validTo: inDays(501), hours: week('08:00', '20:00') };
    const foreignPlan = await t.call(SW, {
      method: 'POST',
      url: `/api/admin/reading-rooms/floor-plans/${plan}/opening-periods`,
      cookie: swAdmin,
      payload,
    });
    expect(foreignPlan.statusCode).toBe(404);
    expect(foreignPlan.json().error.message).toBe('Grundriss nicht gefunden.');
    const put = await t.call(SW, { method: 'PUT', url: `/api/admin/reading-rooms/opening-periods/${id}`, cookie: swAdmin, payload });
    expect(put.statusCode).toBe(404);
    expect(
      (await t.call(SW, { method: 'DELETE', url: `/api/admin/reading-rooms/opening-periods/${id}`, cookie: swAdmin })).statusCode,
    ).toBe(404);
    const still = await t.call(BIB, { method: 'GET', url: `/api/admin/reading-rooms/floor-plans/${plan}/opening-hours`, cookie: admin });
    expect(still.json().periods.map((p: { name: string }) => p.name)).toContain('Nur Bibliothek');
  });
});
