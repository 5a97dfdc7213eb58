import { randomUUID } from 'node:crypto';
import { withTenant } from '@db/client';
import * as schema from '@db/schema/index';
import { instantOf } from '@domain/opening-hours';
import { insertBooking } from '@server/areas/reading-rooms/reading-room-booking-repository';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { ALL_WEEKDAYS, act, BIB, book, floorPlanIds, inDays, objectIds, SW, setTenantSetting, tenantIds } from './reading-room-support';

const ONE_PLACE = 'Pro Person ist zur selben Zeit nur ein Platz möglich.';

describe.each(DB_KINDS)('one place per person, the maximum duration and the people search on %s', (kind) => {
  let t: TestApp;
  let leser: string;
  let bibAdmin: string;
  let eg: Record<string, string>;
  let tenants: Record<string, string>;

  async function memberId(email: string): Promise<string> {
    const r = (await t.database.db.execute(sql`select id::text from users where email = ${email}`)) as unknown as {
      rows: { id: string }[];
    };
    return r.rows[0]!.id;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenants = await tenantIds(t);
    leser = await t.login(BIB, 'leser@bibliothek.test');
    bibAdmin = await t.login(BIB, 'admin@bibliothek.test');
    // Every day bookable and no weekly limit in the way: the tests below book many days of one week.
    await setTenantSetting(t, BIB, bibAdmin, 'leseraumBuchbareWochentage', ALL_WEEKDAYS);
    await setTenantSetting(t, BIB, bibAdmin, 'leseraumMaxBuchungenProWoche', 1000);
    const plans = await floorPlanIds(t, BIB, leser);
    eg = await objectIds(t, BIB, leser, plans['Lesesaal Erdgeschoss']!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an all-day booking of a room open 08:00–20:00 ends after the maximum of 600 minutes (decision 035)', async () => {
    const day = inDays(2);
    const res = await book(t, BIB, leser, { objectId: eg['EG-30'], date: day, mode: 'ganztags' });
    expect(res.statusCode).toBe(200);
    const b = res.json().booking;
    expect(new Date(b.von).toISOString()).toBe(instantOf(day, '08:00').toISOString());
    expect(new Date(b.bis).toISOString()).toBe(instantOf(day, '18:00').toISOString());
    expect((await act(t, BIB, leser, b.id, 'cancel')).statusCode).toBe(200);
    // Hours beyond the maximum are refused with the limit in the message.
    const hours = await book(t, BIB, leser, { objectId: eg['EG-30'], date: day, mode: 'stuendlich', von: '08:00', bis: '20:00' });
    expect(hours.statusCode).toBe(400);
    expect(hours.json().error.message).toBe('Eine Buchung darf höchstens 600 Minuten dauern.');
  });

  it('a second seat for an overlapping period is refused, naming the seat held; other periods and pre-bookings for others are fine', async () => {
    const day = inDays(4);
    const first = await book(t, BIB, leser, { objectId: eg['EG-31'], date: day, mode: 'vormittags' });
    expect(first.statusCode).toBe(200);
    const second = await book(t, BIB, leser, { objectId: eg['EG-32'], date: day, mode: 'stuendlich', von: '11:00', bis: '13:00' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(`Sie haben im gewählten Zeitraum bereits EG-31 gebucht (08:00 bis 12:00 Uhr). ${ONE_PLACE}`);
    const allDay = await book(t, BIB, leser, { objectId: eg['EG-32'], date: day, mode: 'ganztags' });
    expect(allDay.statusCode).toBe(409);
    const afternoon = await book(t, BIB, leser, { objectId: eg['EG-32'], date: day, mode: 'nachmittags' });
    expect(afternoon.statusCode).toBe(200);
    // A pre-booking for a colleague does not count against the booker.
    const colleague = await memberId('leser1@bibliothek.test');
    const forOther = await book(t, BIB, leser, { objectId: eg['EG-33'], date: day, mode: 'vormittags', forUserId: colleague });
    expect(forOther.statusCode).toBe(200);
    expect(forOther.json().booking.status).toBe('vorgemerkt');
    // A cancelled booking frees the person again.
    expect((await act(t, BIB, leser, first.json().booking.id, 'cancel')).statusCode).toBe(200);
    const again = await book(t, BIB, leser, { objectId: eg['EG-34'], date: day, mode: 'vormittags' });
    expect(again.statusCode).toBe(200);
  });

  it('a confirmed pre-booking is the place of the person: confirming next to an own seat is refused, and it blocks a second own seat', async () => {
    const day = inDays(9);
    const leserId = await memberId('leser@bibliothek.test');
    const own = await book(t, BIB, leser, { objectId: eg['EG-37'], date: day, mode: 'vormittags' });
    expect(own.statusCode).toBe(200);
    const pre = await book(t, BIB, bibAdmin, { objectId: eg['EG-38'], date: day, mode: 'vormittags', forUserId: leserId });
    expect(pre.statusCode).toBe(200);
    const refused = await act(t, BIB, leser, pre.json().booking.id, 'confirm');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(`Sie haben im gewählten Zeitraum bereits EG-37 gebucht (08:00 bis 12:00 Uhr). ${ONE_PLACE}`);
    expect((await act(t, BIB, leser, own.json().booking.id, 'cancel')).statusCode).toBe(200);
    const confirmed = await act(t, BIB, leser, pre.json().booking.id, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().booking.status).toBe('reserviert');
    const second = await book(t, BIB, leser, { objectId: eg['EG-39'], date: day, mode: 'stuendlich', von: '10:00', bis: '11:00' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(`Sie haben im gewählten Zeitraum bereits EG-38 gebucht (08:00 bis 12:00 Uhr). ${ONE_PLACE}`);
  });

  it('the tenant can switch the rule off (leseraumEinPlatzProPerson = false)', async () => {
    const day = inDays(5);
    await setTenantSetting(t, BIB, bibAdmin, 'leseraumEinPlatzProPerson', false);
    try {
      expect((await book(t, BIB, leser, { objectId: eg['EG-35'], date: day, mode: 'vormittags' })).statusCode).toBe(200);
      expect((await book(t, BIB, leser, { objectId: eg['EG-36'], date: day, mode: 'vormittags' })).statusCode).toBe(200);
    } finally {
      await setTenantSetting(t, BIB, bibAdmin, 'leseraumEinPlatzProPerson', true);
    }
  });

  it('50 parallel bookings of 50 different seats for one person and period: exactly one succeeds', async () => {
    const day = inDays(6);
    const seats = Object.entries(eg)
      .filter(([name]) => /^EG-\d+$/.test(name))
      .slice(0, 50);
    expect(seats).toHaveLength(50);
    const results = await Promise.all(seats.map(([, id]) => book(t, BIB, bibAdmin, { objectId: id, date: day, mode: 'vormittags' })));
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    const seat = won[0]!.json().booking.objectName as string;
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((r) => r.json().error.message))).toEqual(
      new Set([`Sie haben im gewählten Zeitraum bereits ${seat} gebucht (08:00 bis 12:00 Uhr). ${ONE_PLACE}`]),
    );
  });

  it('the database itself refuses a second own seat at the same time: 50 parallel inserts on 50 seats, one row', async () => {
    const leserId = await memberId('leser@bibliothek.test');
    const von = instantOf(inDays(7), '14:00');
    const bis = instantOf(inDays(7), '16:00');
    const seats = Object.entries(eg)
      .filter(([name]) => /^EG-\d+$/.test(name))
      .slice(0, 50)
      .map(([, id]) => id);
    const attempts = await Promise.allSettled(
      seats.map((seat) =>
        withTenant(t.database.db, tenants.bibliothek!, (tx) =>
          insertBooking(tx, {
            tenantId: tenants.bibliothek!,
            readingRoomId: seat,
            von,
            bis,
            status: 'reserviert',
            bookerId: leserId,
            confirmingId: null,
            groupSize: 1,
            placeFrom: 1,
            exclusivePersonId: leserId,
          }),
        ),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const codes = attempts
      .filter((a): a is PromiseRejectedResult => a.status === 'rejected')
      .map((a) => (a.reason as { cause?: { code?: string } }).cause?.code);
    // Which of the two refusals each loser meets is the database's choice under load; a third kind would be a leak.
    expect(codes).toHaveLength(seats.length - 1);
    expect(codes.every((c) => c === '23P01' || c === '40P01')).toBe(true);
    // The marker can only name the booker of a booking for oneself.
    const colleague = await memberId('leser2@bibliothek.test');
    await expect(
      withTenant(t.database.db, tenants.bibliothek!, (tx) =>
        insertBooking(tx, {
          tenantId: tenants.bibliothek!,
          readingRoomId: seats[0]!,
          von: instantOf(inDays(8), '14:00'),
          bis: instantOf(inDays(8), '16:00'),
          status: 'vorgemerkt',
          bookerId: leserId,
          confirmingId: colleague,
          groupSize: 1,
          placeFrom: 1,
          exclusivePersonId: leserId,
        }),
      ),
    ).rejects.toThrow();
  });

  describe('people search for pre-bookings (decision 037)', () => {
    beforeAll(async () => {
      // Twelve more members whose names begin alike, so the cap is visible.
      await withTenant(t.database.db, tenants.bibliothek!, async (tx) => {
        for (let i = 1; i <= 12; i++) {
          const authUserId = randomUUID();
          const email = `lernende${i}@bibliothek.test`;
          await tx.insert(schema.authUser).values({ id: authUserId, name: `Lara Lernende${i}`, email, emailVerified: true });
          await tx
            .insert(schema.users)
            .values({ tenantId: tenants.bibliothek!, authUserId, firstName: 'Lara', lastName: `Lernende${i}`, email });
        }
      });
    });

    const search = (cookie: string, q: string, host = BIB) =>
      t.call(host, { method: 'GET', url: `/api/reading-rooms/people?q=${encodeURIComponent(q)}`, cookie });

    it('refuses queries shorter than three characters, so nobody can list the members', async () => {
      for (const q of ['', 'a', 'Le', '  e  ']) {
        const res = await search(leser, q);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe('Bitte geben Sie mindestens drei Zeichen eines Namens oder einer E-Mail-Adresse ein.');
      }
    });

    it('finds by the beginning of first name, last name or e-mail, names only, never oneself', async () => {
      const byLast = await search(leser, 'webe');
      expect(byLast.statusCode).toBe(200);
      expect(byLast.json().people.map((p: { name: string }) => p.name)).toEqual(['Jonas Weber']);
      expect(Object.keys(byLast.json().people[0]).sort()).toEqual(['id', 'name']);
      expect((await search(leser, 'Jonas W')).json().people.map((p: { name: string }) => p.name)).toEqual(['Jonas Weber']);
      expect((await search(leser, 'leser3@')).json().people.map((p: { name: string }) => p.name)).toEqual(['Leon Becker']);
      // Inside a word is not a beginning; the searching person is never listed.
      expect((await search(leser, 'eber')).json().people).toEqual([]);
      expect((await search(leser, 'Lesewitz')).json().people).toEqual([]);
      // LIKE wildcards are taken literally.
      expect((await search(leser, '%%%')).json().people).toEqual([]);
      expect((await search(leser, '___')).json().people).toEqual([]);
    });

    it('returns at most ten people', async () => {
      const res = await search(leser, 'Lara');
      expect(res.statusCode).toBe(200);
      expect(res.json().people).toHaveLength(10);
    });

    it('never finds members of another tenant', async () => {
      const sw = await t.login(SW, 'admin@stadtwerke.test');
      expect((await search(sw, 'Lara', SW)).json().people).toEqual([]);
      expect((await search(sw, 'leser', SW)).json().people).toEqual([]);
    });

    it('limits searches per session: the 31st search within a minute is refused', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) codes.push((await search(bibAdmin, `Lara${i}`)).statusCode);
      expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
      expect(codes[30]).toBe(429);
      // Another person's searches are counted apart.
      expect((await search(leser, 'Lara')).statusCode).toBe(200);
    });
  });

  it('a licence examiner without booking permission starts on a page they may use, not on /fahrzeuge', async () => {
    const pruefer = await t.login(SW, 'pruefer@stadtwerke.test');
    const me = await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: pruefer });
    expect(me.statusCode).toBe(200);
    expect(me.json().startPath).toBe('/fahrzeuge/fuehrerschein');
    const login = await t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: 'pruefer@stadtwerke.test', password: 'Buchbar!2026' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().redirectTo).toBe('/fahrzeuge/fuehrerschein');
    // The page it names serves its data to this person.
    const drivers = await t.call(SW, { method: 'GET', url: '/api/driving-licences', cookie: pruefer });
    expect(drivers.statusCode).toBe(200);
  });
});
