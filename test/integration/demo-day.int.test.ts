import { dayListEntries } from '@domain/guest-booking';
import { isoWeekday } from '@domain/opening-hours';
import { addDays, berlinInstant, startOfDay } from '@domain/vehicle-time';
import { expireRentalRequests, releaseUnconfirmedGuestBookings } from '@server/areas/guests/housekeeping';
import { expireReadingRoomBookings } from '@server/areas/reading-rooms/expire';
import { autoCancelWithoutCheckIn } from '@server/areas/vehicles/trips';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The demo holds what the README promises for the whole day it is started on: the seed takes "now", the jobs that
 * cancel and release take their clock, so the day is played through at the hours the jobs would run. A Tuesday, so
 * tomorrow (the reading room's occupancy, Mein Team's next working day) is a working day.
 */
const DAY = '2027-03-23';
const TOMORROW = addDays(DAY, 1);

type GuestRow = { id: string; name: string; status: string; confirmed: boolean; von: Date; bis: Date };

describe.each(DB_KINDS)('the demo day on %s', (kind) => {
  const days: [string, string[]][] = [
    ['06:00', ['06:05', '09:00', '09:35', '12:30', '15:35', '18:30', '23:30', '23:59']],
    ['23:30', ['23:35', '23:45', '23:59']],
  ];

  describe.each(days)('started at %s', (startedAt, hours) => {
    let t: TestApp;
    const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
    const guests = async () =>
      (
        await rows<GuestRow & { von: string | Date; bis: string | Date }>(sql`
          select b.id::text, g.name, b.status, g.confirmed, b.von, b.bis
            from vehicle_booking_guests g join vehicle_bookings b on b.tenant_id = g.tenant_id and b.id = g.booking_id
           order by b.von`)
      ).map((r) => ({ ...r, von: new Date(r.von), bis: new Date(r.bis) }));
    const dayList = async (day: string, now: Date) =>
      dayListEntries(await guests(), startOfDay(day), startOfDay(addDays(day, 1)), now).map((e) => `${e.booking.name} ${e.kind}`);
    // Everything the demo booked, by state: the jobs of the day may change none of it.
    const states = () =>
      rows<{ what: string; status: string; n: number }>(sql`
        select 'fahrzeug' as what, status, count(*)::int as n from vehicle_bookings group by status
        union all
        select 'platz' as what, status, count(*)::int as n from reading_room_bookings group by status
        order by what, status`);
    let seeded: Awaited<ReturnType<typeof states>>;

    beforeAll(async () => {
      t = await startTestApp(kind, { demoSeededAt: berlinInstant(DAY, startedAt) });
      seeded = await states();
    });
    afterAll(async () => {
      await t?.close();
    });

    it.each(hours)('at %s the day list, the trips, tomorrow and the next working day are as the README says', async (hour) => {
      const now = berlinInstant(DAY, hour);
      await autoCancelWithoutCheckIn(t.deps, now);
      await releaseUnconfirmedGuestBookings(t.deps, now);
      await expireRentalRequests(t.deps, now);
      await expireReadingRoomBookings(t.deps, now);
      expect(await states()).toEqual(seeded);

      // Tourist-Info: today Greta Gast, Hannes Hafen on the road with Rad 02, Ida Insel; tomorrow Jonas Jolle unconfirmed.
      const today = await dayList(DAY, now);
      for (const name of ['Greta Gast', 'Hannes Hafen', 'Ida Insel'])
        expect(
          today.some((e) => e.startsWith(name)),
          name,
        ).toBe(true);
      const all = await guests();
      const hannes = all.find((g) => g.name === 'Hannes Hafen')!;
      expect(hannes.status).toBe('aktiv');
      expect(hannes.von.getTime()).toBeLessThanOrEqual(berlinInstant(DAY, startedAt).getTime());
      const [bike] = await rows<{ plate: string; checkedIn: string }>(sql`
        select v.license_plate as plate, h.time::text as "checkedIn"
          from vehicle_bookings b join vehicles v on v.id = b.vehicle_id
          join vehicle_history h on h.booking_id = b.id and h.type = 'CHECK_IN'
         where b.id = ${hannes.id}::uuid`);
      expect(bike?.plate).toBe('Rad 02');
      expect(await dayList(TOMORROW, now)).toContain('Jonas Jolle ausgabe');
      expect(all.find((g) => g.name === 'Jonas Jolle')).toMatchObject({ status: 'vorgemerkt', confirmed: false });

      // Stadtwerke: bookings from two weeks back to two weeks ahead; none of them cancelled for a trip not started.
      const [span] = await rows<{ first: string; last: string }>(sql`
        select to_char(min(b.von) at time zone 'Europe/Berlin', 'YYYY-MM-DD') as first,
               to_char(max(b.von) at time zone 'Europe/Berlin', 'YYYY-MM-DD') as last
          from vehicle_bookings b join tenants tn on tn.id = b.tenant_id
         where tn.sub_identifier = 'stadtwerke' and b.status <> 'storniert'`);
      expect(span).toEqual({ first: addDays(DAY, -14), last: addDays(DAY, 14) });

      // Bibliothek: seats taken for tomorrow; Mein Team: Felix, Frieda and Paul sit on the next working day.
      expect(isoWeekday(TOMORROW)).toBeLessThanOrEqual(5);
      const tomorrowSeats = await rows<{ tenant: string; n: number; people: string }>(sql`
        select tn.sub_identifier as tenant, count(*)::int as n, string_agg(distinct u.email, ' ' order by u.email) as people
          from reading_room_bookings r join tenants tn on tn.id = r.tenant_id join users u on u.id = r.booker_id
         where r.status = 'reserviert' and r.von >= ${startOfDay(TOMORROW).toISOString()}::timestamptz
           and r.von < ${startOfDay(addDays(TOMORROW, 1)).toISOString()}::timestamptz
         group by tn.sub_identifier order by tn.sub_identifier`);
      expect(tomorrowSeats.map((r) => r.tenant)).toEqual(['bibliothek', 'stadtwerke']);
      expect(tomorrowSeats[0]!.n).toBeGreaterThanOrEqual(30);
      for (const who of ['fuhrpark@stadtwerke.test', 'freigabe@stadtwerke.test', 'pruefer@stadtwerke.test'])
        expect(tomorrowSeats[1]!.people).toContain(who);
    });
  });
});
