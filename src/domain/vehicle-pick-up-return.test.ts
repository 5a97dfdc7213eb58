import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BookingTimes,
  checkAvailability,
  isInsideBookingTimes,
  isInsidePickUpReturnTimes,
  isInsideTimes,
  MESSAGES,
  nextFreePeriod,
} from './vehicle-booking';
import { addDays, berlinInstant, daysTouched, type WeekdayName, weekdayOf } from './vehicle-time';

const at = (day: string, time: string) => berlinInstant(day, time);
// 2026-11-23 is a Monday; 2026-03-29 and 2026-10-25 are the DST switches.
const MON = '2026-11-23';
const EVERY_DAY: BookingTimes = {
  weekdays: ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'],
  from: '06:00',
  to: '22:00',
};
const WORKDAYS: BookingTimes = { ...EVERY_DAY, weekdays: ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags'] };

const vehicle = (times: BookingTimes) => ({ validFrom: null, validTo: null, bookingTimes: times, bookingOutsidePossible: false });
const check = (times: BookingTimes, von: Date, bis: Date, timesAsPickUpReturn: boolean) =>
  checkAvailability({ von, bis, vehicle: vehicle(times), individualTimes: true, timesAsPickUpReturn, bookings: [], minGapMinutes: 0 });

describe('booking times as pick-up and return times (decision 032)', () => {
  it('refuses an overnight booking of a 06:00–22:00 car under the strict reading with the catalogue message', () => {
    expect(check(EVERY_DAY, at(MON, '18:00'), at(addDays(MON, 1), '08:00'), false)).toEqual({
      available: false,
      code: 'outside_booking_times',
      message: MESSAGES.outsideTimes,
      status: 400,
    });
  });

  it('accepts it when start and end lie in the times of their days and every day is a booking weekday', () => {
    expect(check(EVERY_DAY, at(MON, '18:00'), at(addDays(MON, 1), '08:00'), true)).toEqual({ available: true, needsApproval: false });
    expect(check(EVERY_DAY, at(MON, '06:00'), at(addDays(MON, 4), '22:00'), true)).toEqual({ available: true, needsApproval: false });
  });

  it('refuses a pick-up or return outside the times of its day', () => {
    expect(isInsidePickUpReturnTimes(EVERY_DAY, at(MON, '05:45'), at(addDays(MON, 1), '08:00'))).toBe(false);
    expect(isInsidePickUpReturnTimes(EVERY_DAY, at(MON, '22:00'), at(addDays(MON, 1), '08:00'))).toBe(false);
    expect(isInsidePickUpReturnTimes(EVERY_DAY, at(MON, '18:00'), at(addDays(MON, 1), '22:15'))).toBe(false);
    expect(isInsidePickUpReturnTimes(EVERY_DAY, at(MON, '18:00'), at(addDays(MON, 1), '06:00'))).toBe(false);
  });

  it('refuses a period over a day that is not a booking weekday', () => {
    // Friday evening to Monday morning crosses Saturday and Sunday.
    expect(isInsidePickUpReturnTimes(WORKDAYS, at(addDays(MON, 4), '18:00'), at(addDays(MON, 7), '08:00'))).toBe(false);
    expect(isInsidePickUpReturnTimes(WORKDAYS, at(MON, '18:00'), at(addDays(MON, 1), '08:00'))).toBe(true);
  });

  it('keeps working over the DST switches', () => {
    expect(isInsidePickUpReturnTimes(EVERY_DAY, at('2026-03-28', '20:00'), at('2026-03-29', '07:00'))).toBe(true);
    expect(isInsidePickUpReturnTimes(EVERY_DAY, at('2026-10-24', '20:00'), at('2026-10-25', '07:00'))).toBe(true);
  });

  it('a day that ends at 23:59 allows a return at midnight', () => {
    const late: BookingTimes = { ...EVERY_DAY, to: '23:59' };
    expect(isInsidePickUpReturnTimes(late, at(MON, '20:00'), at(addDays(MON, 2), '00:00'))).toBe(true);
  });

  const WEEKDAYS: WeekdayName[] = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'];
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const arbTimes = fc
    .record({
      weekdays: fc.subarray(WEEKDAYS, { minLength: 1 }),
      from: fc.integer({ min: 0, max: 22 * 4 }),
      len: fc.integer({ min: 1, max: 24 * 4 }),
    })
    .map(({ weekdays, from, len }) => ({
      weekdays,
      from: hhmm(from * 15),
      to: from * 15 + len * 15 >= 24 * 60 ? '23:59' : hhmm(from * 15 + len * 15),
    }));
  const arbPeriod = fc
    .record({
      startDay: fc.integer({ min: 0, max: 400 }),
      start: fc.integer({ min: 0, max: 95 }),
      len: fc.integer({ min: 1, max: 96 * 5 }),
    })
    .map(({ startDay, start, len }) => {
      const von = at(addDays('2026-01-01', startDay), hhmm(start * 15));
      return { von, bis: new Date(von.getTime() + len * 15 * 60_000) };
    });

  it('property: within one day both readings agree', () => {
    fc.assert(
      fc.property(arbTimes, arbPeriod, (times, { von, bis }) => {
        fc.pre(daysTouched(von, bis).length === 1);
        expect(isInsidePickUpReturnTimes(times, von, bis)).toBe(isInsideBookingTimes(times, von, bis));
      }),
    );
  });

  it('property: whatever the strict reading accepts, the pick-up reading accepts too', () => {
    fc.assert(
      fc.property(arbTimes, arbPeriod, (times, { von, bis }) => {
        if (isInsideBookingTimes(times, von, bis)) expect(isInsidePickUpReturnTimes(times, von, bis)).toBe(true);
      }),
    );
  });

  it('property: an accepted period touches only booking weekdays and starts and ends inside the times', () => {
    fc.assert(
      fc.property(arbTimes, arbPeriod, (times, { von, bis }) => {
        fc.pre(isInsidePickUpReturnTimes(times, von, bis));
        const days = daysTouched(von, bis);
        for (const day of days) expect(times.weekdays).toContain(weekdayOf(day));
        expect(von.getTime()).toBeGreaterThanOrEqual(at(days[0]!, times.from).getTime());
        expect(bis.getTime()).toBeLessThanOrEqual(
          times.to === '23:59' ? at(addDays(days[days.length - 1]!, 1), '00:00').getTime() : at(days[days.length - 1]!, times.to).getTime(),
        );
      }),
    );
  });

  it('property: isInsideTimes follows the chosen reading and checkAvailability uses it', () => {
    fc.assert(
      fc.property(arbTimes, arbPeriod, fc.boolean(), (times, { von, bis }, pickUp) => {
        const inside = isInsideTimes(times, von, bis, pickUp);
        expect(inside).toBe(pickUp ? isInsidePickUpReturnTimes(times, von, bis) : isInsideBookingTimes(times, von, bis));
        expect(check(times, von, bis, pickUp).available).toBe(inside);
      }),
    );
  });
});

describe('next free period after a chosen one was taken', () => {
  const iv = (a: string, b: string) => ({ min: at(MON, a), max: at(MON, b) });
  const hour = 60 * 60_000;
  it('offers the earliest free stretch from the old start on with the old duration', () => {
    // 10:00–11:00 was taken; the day is now free 06:00–09:45 and 11:15–22:00.
    expect(nextFreePeriod([iv('06:00', '09:45'), iv('11:15', '22:00')], at(MON, '10:00'), hour, 30, 15, at(MON, '00:00'))).toEqual({
      von: at(MON, '11:15'),
      bis: at(MON, '12:15'),
    });
  });
  it('cuts to the interval but keeps the minimum duration; falls back to earlier stretches', () => {
    expect(nextFreePeriod([iv('06:00', '09:45'), iv('21:30', '22:00')], at(MON, '10:00'), 2 * hour, 30, 15, at(MON, '00:00'))).toEqual({
      von: at(MON, '21:30'),
      bis: at(MON, '22:00'),
    });
    expect(nextFreePeriod([iv('06:00', '09:45')], at(MON, '10:00'), hour, 30, 15, at(MON, '00:00'))).toEqual({
      von: at(MON, '06:00'),
      bis: at(MON, '07:00'),
    });
    expect(nextFreePeriod([iv('06:00', '06:15')], at(MON, '10:00'), hour, 30, 15, at(MON, '00:00'))).toBeNull();
  });
  it('property: an offered period lies inside one free interval, on the grid, at least the minimum long', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 96 })), { maxLength: 5 }),
        fc.integer({ min: 0, max: 95 }),
        fc.integer({ min: 1, max: 24 }),
        fc.constantFrom(15, 30, 60),
        (raw, oldQ, durQ, minDur) => {
          const base = at(MON, '00:00').getTime();
          const intervals = raw.map(([a, l]) => ({
            min: new Date(base + a * 15 * 60_000),
            max: new Date(base + Math.min(96, a + l) * 15 * 60_000),
          }));
          const r = nextFreePeriod(intervals, new Date(base + oldQ * 15 * 60_000), durQ * 15 * 60_000, minDur, 15, at(MON, '00:00'));
          if (!r) return;
          expect(intervals.some((i) => r.von >= i.min && r.bis <= i.max)).toBe(true);
          expect((r.von.getTime() - base) % (15 * 60_000)).toBe(0);
          expect(r.bis.getTime() - r.von.getTime()).toBeGreaterThanOrEqual(minDur * 60_000);
        },
      ),
    );
  });
});
