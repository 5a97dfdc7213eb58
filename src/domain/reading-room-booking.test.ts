import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeRegularHours, dayOpening, instantOf, minutesOf, timeOf } from './opening-hours';
import {
  assertKnownStatus,
  type BookingState,
  bookedTimes,
  bookingActions,
  cancelTransition,
  checkInTransition,
  expiryOutcome,
  firstFreePlaces,
  isInCheckInWindow,
  occupancyState,
  type PlaceItem,
  periodTimes,
  placeBooking,
  planBooking,
  type ReadingRoomLimits,
  refreshInstants,
  resolvePreBooking,
} from './reading-room-booking';

const BOOKER = 'booker';
const OTHER = 'other';
const STRANGER = 'stranger';
const von = new Date('2026-11-23T08:00:00Z');
const bis = new Date('2026-11-23T12:00:00Z');
const booking = (status: string, confirmingId: string | null = null): BookingState => ({
  status,
  von,
  bis,
  bookerId: BOOKER,
  confirmingId,
});
const min = (n: number) => new Date(von.getTime() + n * 60_000);

describe('states and transitions (docs/product.md#pre-bookings-and-check-in)', () => {
  it('a durchgeführt booking cannot be cancelled, with the verbatim message', () => {
    expect(() => cancelTransition(booking('durchgeführt'), BOOKER)).toThrow(
      'Eine durchgeführte LeseraumBuchung kann nicht storniert werden.',
    );
  });

  it('vorgemerkt and reserviert become storniert when booker or confirming person cancel; nobody else may', () => {
    expect(cancelTransition(booking('reserviert'), BOOKER)).toBe('storniert');
    expect(cancelTransition(booking('vorgemerkt', OTHER), OTHER)).toBe('storniert');
    expect(cancelTransition(booking('vorgemerkt', OTHER), BOOKER)).toBe('storniert');
    expect(() => cancelTransition(booking('reserviert'), STRANGER)).toThrow(
      'Nur die buchende oder die vorgemerkte Person kann diese Buchung ändern.',
    );
    expect(() => cancelTransition(booking('storniert'), BOOKER)).toThrow('Die Buchung ist bereits storniert.');
  });

  it('unknown statuses are errors: Status {x} unbekannt', () => {
    expect(() => assertKnownStatus('gelöscht')).toThrow('Status gelöscht unbekannt');
    expect(() => cancelTransition(booking('offen'), BOOKER)).toThrow('Status offen unbekannt');
    expect(assertKnownStatus('vorgemerkt')).toBe('vorgemerkt');
  });

  it('vorgemerkt becomes reserviert if the current user is the confirming person, otherwise storniert', () => {
    expect(resolvePreBooking(booking('vorgemerkt', OTHER), OTHER, min(-60))).toBe('reserviert');
    expect(resolvePreBooking(booking('vorgemerkt', OTHER), BOOKER, min(-60))).toBe('storniert');
    expect(() => resolvePreBooking(booking('vorgemerkt', OTHER), STRANGER, min(-60))).toThrow(
      'Nur die buchende oder die vorgemerkte Person',
    );
    expect(() => resolvePreBooking(booking('reserviert', OTHER), OTHER, min(-60))).toThrow(
      'Nur vorgemerkte Buchungen können bestätigt werden.',
    );
  });

  it('the confirmation deadline is the start time', () => {
    expect(resolvePreBooking(booking('vorgemerkt', OTHER), OTHER, new Date(von.getTime() - 1))).toBe('reserviert');
    expect(() => resolvePreBooking(booking('vorgemerkt', OTHER), OTHER, von)).toThrow(
      'Die Vormerkung konnte nur bis zum Beginn am 23.11.2026 09:00 Uhr bestätigt werden.',
    );
  });

  it('reserviert becomes durchgeführt inside the check-in window (15 min before to 15 min after start), not outside', () => {
    expect(checkInTransition(booking('reserviert'), BOOKER, min(-15))).toBe('durchgeführt');
    expect(checkInTransition(booking('reserviert'), BOOKER, min(0))).toBe('durchgeführt');
    expect(checkInTransition(booking('reserviert'), BOOKER, min(15))).toBe('durchgeführt');
    expect(() => checkInTransition(booking('reserviert'), BOOKER, new Date(min(-15).getTime() - 1))).toThrow(
      'Einchecken ist nur von 15 Minuten vor bis 15 Minuten nach Beginn möglich (08:45 bis 09:15 Uhr).',
    );
    expect(() => checkInTransition(booking('reserviert'), BOOKER, new Date(min(15).getTime() + 1))).toThrow(
      'Einchecken ist nur von 15 Minuten',
    );
    expect(() => checkInTransition(booking('vorgemerkt', OTHER), OTHER, min(0))).toThrow(
      'Einchecken ist nur für reservierte Buchungen möglich.',
    );
    expect(() => checkInTransition(booking('durchgeführt'), BOOKER, min(0))).toThrow('Für diese Buchung wurde bereits eingecheckt.');
  });

  it('the expiry job cancels unconfirmed pre-bookings at start and no-shows after the window, and nothing else', () => {
    expect(expiryOutcome(booking('vorgemerkt', OTHER), new Date(von.getTime() - 1))).toBeNull();
    expect(expiryOutcome(booking('vorgemerkt', OTHER), von)).toBe('storniert');
    expect(expiryOutcome(booking('reserviert'), min(15))).toBeNull();
    expect(expiryOutcome(booking('reserviert'), new Date(min(15).getTime() + 1))).toBe('storniert');
    expect(expiryOutcome(booking('durchgeführt'), min(600))).toBeNull();
    expect(expiryOutcome(booking('storniert'), min(600))).toBeNull();
  });

  it('property: check-in is allowed exactly inside [start − 15 min, start + 15 min]', () => {
    fc.assert(
      fc.property(fc.integer({ min: -120 * 60_000, max: 120 * 60_000 }), (delta) => {
        const now = new Date(von.getTime() + delta);
        const inside = delta >= -15 * 60_000 && delta <= 15 * 60_000;
        expect(isInCheckInWindow(von, now)).toBe(inside);
        expect(bookingActions(booking('reserviert'), BOOKER, now).canCheckIn).toBe(inside);
      }),
    );
  });

  it('property: no transition ever leaves durchgeführt or storniert', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('durchgeführt', 'storniert'),
        fc.constantFrom(BOOKER, OTHER, STRANGER),
        fc.integer({ min: -1000, max: 1000 }),
        (status, actor, m) => {
          const b = booking(status, OTHER);
          expect(() => cancelTransition(b, actor)).toThrow();
          expect(() => resolvePreBooking(b, actor, min(m))).toThrow();
          expect(() => checkInTransition(b, actor, min(m))).toThrow();
          expect(expiryOutcome(b, min(m))).toBeNull();
        },
      ),
    );
  });
});

const limits: ReadingRoomLimits = {
  maxBookingsPerWeek: 5,
  intervalMinutes: 60,
  minMinutes: 60,
  maxMinutes: 600,
  daysAhead: 14,
  weekdays: ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags'],
};
const regular = completeRegularHours([]);
const NOW = new Date('2026-11-22T10:00:00Z'); // Sunday 11:00 in Berlin
const plan = (request: Partial<Parameters<typeof planBooking>[0]['request']>, extra: Partial<Parameters<typeof planBooking>[0]> = {}) =>
  planBooking({
    request: { date: '2026-11-23', mode: 'ganztags', groupSize: 1, ...request },
    opening: dayOpening(request.date ?? '2026-11-23', regular, []),
    limits,
    capacity: 1,
    bookingsThisWeek: 0,
    now: NOW,
    ...extra,
  });

describe('booking period and limits', () => {
  it('all day, morning and afternoon follow the opening hours and split at noon', () => {
    expect(plan({ mode: 'ganztags' })).toEqual({ von: instantOf('2026-11-23', '08:00'), bis: instantOf('2026-11-23', '18:00') });
    expect(plan({ mode: 'vormittags' })).toEqual({ von: instantOf('2026-11-23', '08:00'), bis: instantOf('2026-11-23', '12:00') });
    expect(plan({ mode: 'nachmittags' })).toEqual({ von: instantOf('2026-11-23', '12:00'), bis: instantOf('2026-11-23', '18:00') });
  });

  it('hours must lie in the opening hours, on the interval, within min and max length', () => {
    expect(plan({ mode: 'stuendlich', von: '09:00', bis: '11:00' })).toEqual({
      von: instantOf('2026-11-23', '09:00'),
      bis: instantOf('2026-11-23', '11:00'),
    });
    expect(() => plan({ mode: 'stuendlich', von: '07:00', bis: '09:00' })).toThrow(
      'Der Zeitraum muss innerhalb der Öffnungszeit von 08:00 bis 18:00 Uhr liegen.',
    );
    expect(() => plan({ mode: 'stuendlich', von: '09:30', bis: '11:00' })).toThrow(
      'Beginn und Ende müssen auf das Buchungsintervall von 60 Minuten fallen.',
    );
    expect(() => plan({ mode: 'stuendlich', von: '11:00', bis: '09:00' })).toThrow('Bis nicht nach von im Zeitraum!');
    expect(() => plan({ mode: 'stuendlich', von: '09:00', bis: '09:30' }, { limits: { ...limits, intervalMinutes: 30 } })).toThrow(
      'Eine Buchung muss mindestens 60 Minuten dauern.',
    );
    expect(() => plan({ mode: 'stuendlich', von: '08:00', bis: '18:00' }, { limits: { ...limits, maxMinutes: 240 } })).toThrow(
      'Eine Buchung darf höchstens 240 Minuten dauern.',
    );
  });

  it('counts of one read in the singular: 1 Tag, 1 Minute', () => {
    expect(() => plan({ date: '2026-11-25' }, { limits: { ...limits, daysAhead: 1 } })).toThrow(
      'Plätze können höchstens 1 Tag im Voraus gebucht werden (bis 23.11.2026).',
    );
    expect(() =>
      plan({ mode: 'stuendlich', von: '09:00', bis: '09:59' }, { limits: { ...limits, intervalMinutes: 1, minMinutes: 1, maxMinutes: 1 } }),
    ).toThrow('Eine Buchung darf höchstens 1 Minute dauern.');
  });

  it('the maximum duration holds for every mode: longer whole and half days end after it (decision 035)', () => {
    const long = dayOpening('2026-11-23', completeRegularHours([{ weekday: 1, von: '08:00', bis: '20:00', open: true }]), []);
    expect(plan({ mode: 'ganztags' }, { opening: long })).toEqual({
      von: instantOf('2026-11-23', '08:00'),
      bis: instantOf('2026-11-23', '18:00'),
    });
    expect(plan({ mode: 'nachmittags' }, { opening: long, limits: { ...limits, maxMinutes: 240 } })).toEqual({
      von: instantOf('2026-11-23', '12:00'),
      bis: instantOf('2026-11-23', '16:00'),
    });
    expect(plan({ mode: 'vormittags' }, { opening: long, limits: { ...limits, maxMinutes: 240 } })).toEqual({
      von: instantOf('2026-11-23', '08:00'),
      bis: instantOf('2026-11-23', '12:00'),
    });
    expect(() => plan({ mode: 'stuendlich', von: '08:00', bis: '20:00' }, { opening: long })).toThrow(
      'Eine Buchung darf höchstens 600 Minuten dauern.',
    );
  });

  it('counts the maximum from when the booking really starts, never past closing (decision 035)', () => {
    const long = dayOpening('2026-11-23', completeRegularHours([{ weekday: 1, von: '08:00', bis: '20:00', open: true }]), []);
    const at = (time: string) => instantOf('2026-11-23', time);
    // at 14:00 the reader holds the seat until closing (6 hours), not until 18:00
    expect(plan({ mode: 'ganztags' }, { opening: long, now: at('14:00') })).toEqual({ von: at('14:00'), bis: at('20:00') });
    // at 09:17 the 600 minutes run from 09:17
    expect(plan({ mode: 'ganztags' }, { opening: long, now: at('09:17') })).toEqual({ von: at('09:17'), bis: at('19:17') });
    // before opening the day starts at opening
    expect(plan({ mode: 'ganztags' }, { opening: long, now: at('07:00') })).toEqual({ von: at('08:00'), bis: at('18:00') });
    expect(plan({ mode: 'nachmittags' }, { opening: long, limits: { ...limits, maxMinutes: 240 }, now: at('15:30') })).toEqual({
      von: at('15:30'),
      bis: at('19:30'),
    });
    // the dialog shows the same times
    expect(bookedTimes(long, { mode: 'ganztags' }, 600, at('14:00'))).toEqual({ von: '14:00', bis: '20:00' });
  });

  it('property: a whole or half day on its own day starts at the later of its start and now and ends at the earlier of its end and start plus the maximum', () => {
    const modes = ['ganztags', 'vormittags', 'nachmittags'] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 22 }),
        fc.integer({ min: 1, max: 24 }),
        fc.constantFrom(...modes),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 1440 }),
        (openHour, openLength, mode, nowMinute, maxMinutes) => {
          const closeHour = Math.min(24, openHour + openLength);
          const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
          const close = closeHour === 24 ? '23:59' : hh(closeHour);
          const opening = dayOpening('2026-11-23', completeRegularHours([{ weekday: 1, von: hh(openHour), bis: close, open: true }]), []);
          let whole: { von: string; bis: string };
          try {
            whole = periodTimes(opening, { mode });
          } catch {
            return;
          }
          const now = instantOf('2026-11-23', timeOf(nowMinute));
          let period: { von: Date; bis: Date };
          try {
            period = plan({ mode }, { opening, limits: { ...limits, maxMinutes }, now });
          } catch {
            // only a period that is over by now is refused
            expect(minutesOf(whole.bis)).toBeLessThanOrEqual(nowMinute);
            return;
          }
          const start = Math.max(minutesOf(whole.von), nowMinute);
          expect(period.von).toEqual(instantOf('2026-11-23', timeOf(start)));
          expect(period.bis).toEqual(instantOf('2026-11-23', timeOf(Math.min(minutesOf(whole.bis), start + maxMinutes))));
          expect(period.bis.getTime() - period.von.getTime()).toBeLessThanOrEqual(maxMinutes * 60_000);
          expect(period.bis.getTime()).toBeLessThanOrEqual(instantOf('2026-11-23', whole.bis).getTime());
        },
      ),
    );
  });

  it('property: no booking of any mode is longer than the maximum duration', () => {
    const modes = ['ganztags', 'vormittags', 'nachmittags', 'stuendlich'] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 22 }),
        fc.integer({ min: 1, max: 24 }),
        fc.constantFrom(...modes),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 1440 }),
        (openHour, openLength, mode, fromHour, hours, maxMinutes) => {
          const closeHour = Math.min(24, openHour + openLength);
          const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
          const close = closeHour === 24 ? '23:59' : hh(closeHour);
          const opening = dayOpening('2026-11-23', completeRegularHours([{ weekday: 1, von: hh(openHour), bis: close, open: true }]), []);
          const request = mode === 'stuendlich' ? { mode, von: hh(fromHour), bis: hh(Math.min(23, fromHour + hours)) } : { mode };
          let period: { von: Date; bis: Date };
          try {
            period = plan(request, { opening, limits: { ...limits, minMinutes: 1, maxMinutes } });
          } catch {
            return;
          }
          expect(period.bis.getTime() - period.von.getTime()).toBeLessThanOrEqual(maxMinutes * 60_000);
          expect(period.bis.getTime()).toBeGreaterThan(period.von.getTime());
        },
      ),
    );
  });

  it('closed days, weekdays outside the setting and days beyond the window are refused', () => {
    const closed = dayOpening('2026-11-24', regular, [
      { validFrom: '2026-11-24', validTo: '2026-11-24', von: '08:00', bis: '18:00', status: 'geschlossen' },
    ]);
    expect(() =>
      planBooking({
        request: { date: '2026-11-24', mode: 'ganztags', groupSize: 1 },
        opening: closed,
        limits,
        capacity: 1,
        bookingsThisWeek: 0,
        now: NOW,
      }),
    ).toThrow('Am 24.11.2026 ist geschlossen; an diesem Tag kann nicht gebucht werden.');
    expect(() => plan({ date: '2026-11-28' })).toThrow('Samstags kann nicht gebucht werden.');
    expect(() => plan({ date: '2026-12-07' })).toThrow('Plätze können höchstens 14 Tage im Voraus gebucht werden (bis 06.12.2026).');
    expect(plan({ date: '2026-12-04' }).von).toEqual(instantOf('2026-12-04', '08:00'));
    expect(() => plan({ date: '2026-11-20' })).toThrow('Der gewählte Zeitraum liegt in der Vergangenheit.');
  });

  it('a period that has begun starts now; one that has ended is refused', () => {
    const now = instantOf('2026-11-23', '10:07');
    expect(plan({}, { now })).toEqual({ von: now, bis: instantOf('2026-11-23', '18:00') });
    expect(() => plan({ mode: 'vormittags' }, { now: instantOf('2026-11-23', '12:00') })).toThrow(
      'Der gewählte Zeitraum liegt in der Vergangenheit.',
    );
  });

  it('group size up to capacity, and at most N bookings per week as booker', () => {
    expect(() => plan({ groupSize: 5 }, { capacity: 4 })).toThrow('Die Gruppengröße muss zwischen 1 und 4 liegen.');
    expect(plan({ groupSize: 4 }, { capacity: 4 }).von).toEqual(instantOf('2026-11-23', '08:00'));
    expect(() => plan({}, { bookingsThisWeek: 5 })).toThrow('Sie haben in dieser Woche bereits 5 Buchungen; erlaubt sind höchstens 5.');
    expect(plan({}, { bookingsThisWeek: 4 }).bis).toEqual(instantOf('2026-11-23', '18:00'));
    // One is one: the count of every message goes through the plural forms.
    expect(() => plan({}, { bookingsThisWeek: 1, limits: { ...limits, maxBookingsPerWeek: 1 } })).toThrow(
      'Sie haben in dieser Woche bereits 1 Buchung; erlaubt sind höchstens 1.',
    );
  });
});

describe('places and map state', () => {
  it('finds the first block of free places', () => {
    expect(firstFreePlaces(1, [], 1)).toBe(1);
    expect(firstFreePlaces(1, [{ from: 1, to: 2 }], 1)).toBeNull();
    expect(firstFreePlaces(6, [{ from: 1, to: 3 }], 4)).toBe(3);
    expect(firstFreePlaces(6, [{ from: 1, to: 3 }], 5)).toBeNull();
  });

  it('property: a found block never overlaps a taken one and stays within capacity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 4 })), { maxLength: 5 }),
        fc.integer({ min: 1, max: 12 }),
        (capacity, takenRaw, size) => {
          const taken = takenRaw.map(([from, len]) => ({ from, to: from + len }));
          const start = firstFreePlaces(capacity, taken, size);
          if (start === null) return;
          expect(start).toBeGreaterThanOrEqual(1);
          expect(start + size - 1).toBeLessThanOrEqual(capacity);
          for (const t of taken) expect(t.from < start + size && start < t.to).toBe(false);
        },
      ),
    );
  });

  it('colours: frei, teilweise (part of the period or part of the places), belegt, meins', () => {
    const period = { von: instantOf('2026-11-23', '08:00'), bis: instantOf('2026-11-23', '18:00') };
    const morning = { von: period.von, bis: instantOf('2026-11-23', '12:00'), from: 1, to: 2 };
    const afternoon = { von: instantOf('2026-11-23', '12:00'), bis: period.bis, from: 1, to: 2 };
    expect(occupancyState(1, period, [], false)).toBe('frei');
    expect(occupancyState(1, period, [morning], false)).toBe('teilweise');
    expect(occupancyState(1, period, [morning, afternoon], false)).toBe('belegt');
    expect(occupancyState(2, period, [morning, afternoon], false)).toBe('teilweise');
    expect(occupancyState(1, period, [morning], true)).toBe('meins');
  });

  it('refreshes 1 ms after each start and 1 ms before each end, only in the future', () => {
    const b = { von: instantOf('2026-11-23', '08:00'), bis: instantOf('2026-11-23', '12:00') };
    expect(refreshInstants([b], instantOf('2026-11-23', '07:00')).map((d) => d.getTime())).toEqual([
      b.von.getTime() + 1,
      b.bis.getTime() - 1,
    ]);
    expect(refreshInstants([b], instantOf('2026-11-23', '09:00')).map((d) => d.getTime())).toEqual([b.bis.getTime() - 1]);
  });
});

describe('placeBooking (group rooms, decision 020)', () => {
  const at = (h: number) => new Date(Date.UTC(2026, 10, 24, h));
  const item = (id: string, von: number, bis: number, from: number, size = 1, fixed = false): PlaceItem => ({
    id,
    von: at(von),
    bis: at(bis),
    from,
    size,
    fixed,
  });

  it('takes the first free block without moving anybody when there is one', () => {
    expect(placeBooking(4, [item('a', 9, 17, 1), item('b', 9, 10, 2)], { von: at(11), bis: at(12), size: 2 })).toEqual({
      place: 2,
      moves: [],
    });
  });

  it('packs the day again when enough places are free but not side by side', () => {
    // 11–12: places 2 and 4 are free, no two side by side
    const day = [item('a', 9, 17, 1), item('b', 9, 10, 2), item('c', 9, 17, 3)];
    const r = placeBooking(4, day, { von: at(11), bis: at(12), size: 2 })!;
    expect(r).not.toBeNull();
    expect(r.moves.length).toBeGreaterThan(0);
    const after = day.map((d) => ({ ...d, from: r.moves.find((m) => m.id === d.id)?.from ?? d.from }));
    const all = [...after, item('new', 11, 12, r.place, 2)];
    for (const x of all)
      for (const y of all)
        if (x !== y && x.von < y.bis && y.von < x.bis) expect(x.from + x.size <= y.from || y.from + y.size <= x.from).toBe(true);
  });

  it('never moves a checked-in booking and refuses what does not fit', () => {
    const day = [item('a', 9, 17, 2, 1, true), item('b', 9, 17, 4, 1, true)];
    expect(placeBooking(4, day, { von: at(10), bis: at(11), size: 2 })).toBeNull();
    expect(placeBooking(4, [item('a', 9, 17, 1, 3)], { von: at(10), bis: at(11), size: 2 })).toBeNull();
  });

  const dayArb = (capacity: number) =>
    fc.array(
      fc.record({
        von: fc.integer({ min: 8, max: 19 }),
        len: fc.integer({ min: 1, max: 6 }),
        size: fc.integer({ min: 1, max: capacity }),
        fixed: fc.boolean(),
      }),
      { maxLength: 8 },
    );

  it('any answer is a valid assignment: within capacity, no overlap, checked-in bookings unmoved (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }).chain((c) => fc.tuple(fc.constant(c), dayArb(c))),
        fc.integer({ min: 8, max: 19 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 8 }),
        ([capacity, wanted], von, len, size) => {
          // build a valid starting day by placing bookings one by one
          const day: PlaceItem[] = [];
          wanted.forEach((d, i) => {
            const r = placeBooking(capacity, day, { von: at(d.von), bis: at(d.von + d.len), size: d.size });
            if (r && r.moves.length === 0) day.push(item(`b${i}`, d.von, d.von + d.len, r.place, d.size, d.fixed));
          });
          const req = { von: at(von), bis: at(von + len), size: Math.min(size, capacity) };
          const r = placeBooking(capacity, day, req);
          if (!r) return;
          const after = day.map((d) => ({ ...d, from: r.moves.find((m) => m.id === d.id)?.from ?? d.from }));
          for (const m of r.moves) expect(day.find((d) => d.id === m.id)!.fixed).toBe(false);
          const all = [...after, { id: 'new', von: req.von, bis: req.bis, from: r.place, size: req.size, fixed: false }];
          for (const x of all) {
            expect(x.from).toBeGreaterThanOrEqual(1);
            expect(x.from + x.size - 1).toBeLessThanOrEqual(capacity);
            for (const y of all)
              if (x !== y && x.von < y.bis && y.von < x.bis) expect(x.from + x.size <= y.from || y.from + y.size <= x.from).toBe(true);
          }
        },
      ),
    );
  });

  it('single persons always fit while no moment has more persons than places (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.record({ von: fc.integer({ min: 8, max: 19 }), len: fc.integer({ min: 1, max: 6 }) }), { maxLength: 12 }),
        (capacity, requests) => {
          const day: PlaceItem[] = [];
          requests.forEach((q, i) => {
            const req = { von: at(q.von), bis: at(q.von + q.len), size: 1 };
            const peak = Math.max(...[req, ...day].map((p) => [req, ...day].filter((o) => o.von <= p.von && p.von < o.bis).length));
            const r = placeBooking(capacity, day, req);
            if (peak <= capacity) expect(r).not.toBeNull();
            if (!r) return;
            for (const m of r.moves) day.find((d) => d.id === m.id)!.from = m.from;
            day.push(item(`s${i}`, q.von, q.von + q.len, r.place));
          });
        },
      ),
    );
  });
});
