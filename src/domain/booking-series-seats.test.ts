import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planSeatSeries, type SeatSeriesOutcome, type SeatSeriesState } from './booking-series';
import { AppError } from './errors';
import { addDays, completeRegularHours, type DeviatingOpeningHour, dayOpening, instantOf, weekStart } from './opening-hours';
import { checkSeatBooking, type HeldPlace, type PlaceItem, type ReadingRoomLimits } from './reading-room-booking';

/** Decision 160: a seat series is checked on state read once, as if its days were booked one after the other. */

const START = '2026-12-07'; // a Monday
const NOW = instantOf('2026-12-06', '12:00');
const ALL_DAYS = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'];
const limits = (over: Partial<ReadingRoomLimits> = {}): ReadingRoomLimits => ({
  maxBookingsPerWeek: 5,
  intervalMinutes: 30,
  minMinutes: 30,
  maxMinutes: 600,
  daysAhead: 60,
  weekdays: ALL_DAYS,
  ...over,
});
const state = (over: Partial<SeatSeriesState> = {}): SeatSeriesState => ({
  limits: limits(),
  object: { capacity: 1, kind: 'platz', designation: 'EG-24' },
  regular: completeRegularHours([]),
  deviating: [],
  weekCounts: new Map(),
  held: null,
  slots: [],
  ...over,
});
const whole = (day: string, id: string, from = 1, size = 1, fixed = false): PlaceItem => ({
  id,
  von: instantOf(day, '08:00'),
  bis: instantOf(day, '18:00'),
  from,
  size,
  fixed,
});
const summary = (o: SeatSeriesOutcome[]) => o.map((x) => `${x.date} ${x.state}${x.state === 'abgelehnt' ? ` ${x.error.code}` : ''}`);
const request = { mode: 'ganztags' as const, groupSize: 1 };

describe('planSeatSeries', () => {
  it('refuses the closed, taken and over-limit days with the single booking’s reasons and leaves later days for the job', () => {
    const days = [0, 7, 14, 21, 28, 35].map((n) => addDays(START, n));
    const out = planSeatSeries(
      days,
      request,
      state({
        limits: limits({ maxBookingsPerWeek: 2, daysAhead: 30 }),
        deviating: [{ validFrom: days[1]!, validTo: days[1]!, von: '08:00', bis: '18:00', status: 'geschlossen' }],
        slots: [whole(days[2]!, 'x')],
        weekCounts: new Map([[days[3]!, 2]]),
      }),
      addDays('2026-12-06', 30),
      NOW,
    );
    expect(summary(out)).toEqual([
      `${days[0]} buchbar`,
      `${days[1]} abgelehnt reading_day_closed`,
      `${days[2]} abgelehnt reading_object_booked`,
      `${days[3]} abgelehnt reading_week_limit`,
      `${days[4]} buchbar`,
      `${days[5]} spaeter`,
    ]);
    const taken = out[2] as { error: AppError };
    expect(taken.error.message).toBe('Der Platz EG-24 ist im gewählten Zeitraum bereits belegt.');
  });

  it('counts the days it books itself against the weekly limit, as if booked one after the other', () => {
    const days = [0, 1, 2, 3].map((n) => addDays(START, n));
    const out = planSeatSeries(
      days,
      request,
      state({ limits: limits({ maxBookingsPerWeek: 3 }), weekCounts: new Map([[START, 1]]) }),
      '2027-12-31',
      NOW,
    );
    expect(out.map((o) => o.state)).toEqual(['buchbar', 'buchbar', 'abgelehnt', 'abgelehnt']);
  });

  it('names the place the person already holds (one place per person)', () => {
    const held: HeldPlace[] = [{ objectName: 'EG-07', von: instantOf(START, '09:00'), bis: instantOf(START, '11:00') }];
    const [first, second] = planSeatSeries([START, addDays(START, 1)], request, state({ held }), '2027-12-31', NOW);
    expect(first!.state).toBe('abgelehnt');
    expect((first as { error: AppError }).error.message).toBe(
      'Sie haben im gewählten Zeitraum bereits EG-07 gebucht (09:00 bis 11:00 Uhr). Pro Person ist zur selben Zeit nur ein Platz möglich.',
    );
    expect(second!.state).toBe('buchbar');
  });

  it('packs a group room again when the places are free but not side by side', () => {
    const room = { capacity: 3, kind: 'raum', designation: 'Gruppenraum' };
    const out = planSeatSeries(
      [START],
      { mode: 'ganztags', groupSize: 2 },
      state({ object: room, slots: [whole(START, 'a', 2)] }),
      '2027-12-31',
      NOW,
    );
    expect(out[0]).toMatchObject({ state: 'buchbar', place: 1, moves: [{ id: 'a', from: 3 }] });
  });
});

// ---- property: the same as booking the days one after the other ----

interface Case {
  capacity: number;
  groupSize: number;
  mode: 'ganztags' | 'vormittags' | 'nachmittags';
  maxPerWeek: number;
  daysAhead: number;
  onePlace: boolean;
  days: string[];
  closed: string[];
  existing: PlaceItem[];
  weekCounts: Map<string, number>;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    capacity: fc.integer({ min: 1, max: 4 }),
    group: fc.integer({ min: 1, max: 4 }),
    mode: fc.constantFrom('ganztags' as const, 'vormittags' as const, 'nachmittags' as const),
    maxPerWeek: fc.integer({ min: 1, max: 6 }),
    daysAhead: fc.integer({ min: 3, max: 40 }),
    onePlace: fc.boolean(),
    offsets: fc.uniqueArray(fc.integer({ min: 0, max: 34 }), { minLength: 1, maxLength: 12 }),
    closed: fc.uniqueArray(fc.integer({ min: 0, max: 34 }), { maxLength: 5 }),
    taken: fc.uniqueArray(fc.record({ day: fc.integer({ min: 0, max: 34 }), place: fc.integer({ min: 1, max: 4 }), fixed: fc.boolean() }), {
      maxLength: 20,
      selector: (t) => `${t.day}/${t.place}`,
    }),
    weeks: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 6, maxLength: 6 }),
  })
  .map((r) => ({
    capacity: r.capacity,
    groupSize: Math.min(r.group, r.capacity),
    mode: r.mode,
    maxPerWeek: r.maxPerWeek,
    daysAhead: r.daysAhead,
    onePlace: r.onePlace,
    days: [...r.offsets].sort((a, b) => a - b).map((n) => addDays(START, n)),
    closed: r.closed.map((n) => addDays(START, n)),
    existing: r.taken.filter((t) => t.place <= r.capacity).map((t, i) => whole(addDays(START, t.day), `e${i}`, t.place, 1, t.fixed)),
    weekCounts: new Map(r.weeks.map((n, i) => [addDays(START, 7 * i), n] as const)),
  }));

const stateOf = (c: Case): SeatSeriesState =>
  state({
    limits: limits({ maxBookingsPerWeek: c.maxPerWeek, daysAhead: c.daysAhead }),
    object: { capacity: c.capacity, kind: c.capacity > 1 ? 'raum' : 'platz', designation: 'R' },
    deviating: c.closed.map((d): DeviatingOpeningHour => ({ validFrom: d, validTo: d, von: '08:00', bis: '18:00', status: 'geschlossen' })),
    weekCounts: c.weekCounts,
    held: c.onePlace ? [] : null,
    slots: c.existing,
  });

/** The reference: each day a single booking on the bookings made so far, read afresh from the flat list. */
function oneAfterTheOther(c: Case, horizon: string): string[] {
  const s = stateOf(c);
  let slots = [...c.existing];
  const mine: { von: Date; bis: Date }[] = [];
  return c.days.map((date) => {
    if (date > horizon) return `${date} spaeter`;
    const start = instantOf(date, '00:00');
    const end = instantOf(addDays(date, 1), '00:00');
    const monday = weekStart(date);
    try {
      const placed = checkSeatBooking({
        request: { date, mode: c.mode, groupSize: c.groupSize },
        limits: s.limits,
        object: s.object,
        day: {
          opening: dayOpening(date, s.regular, s.deviating),
          bookingsThisWeek:
            (c.weekCounts.get(monday) ?? 0) +
            mine.filter((m) => m.von >= instantOf(monday, '00:00') && m.von < instantOf(addDays(monday, 7), '00:00')).length,
          held: c.onePlace ? mine.map((m) => ({ objectName: 'R', ...m })) : null,
          slots: slots.filter((x) => x.von < end && start < x.bis),
        },
        now: NOW,
      });
      slots = slots.map((x) => ({ ...x, from: placed.moves.find((m) => m.id === x.id)?.from ?? x.from }));
      slots.push({ id: date, von: placed.von, bis: placed.bis, from: placed.place, size: c.groupSize, fixed: false });
      mine.push({ von: placed.von, bis: placed.bis });
      return `${date} buchbar`;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return `${date} abgelehnt ${err.code}`;
    }
  });
}

describe('planSeatSeries (properties)', () => {
  it('decides every day as the single booking would, had the earlier days been booked before it', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const horizon = addDays('2026-12-06', c.daysAhead);
        expect(summary(planSeatSeries(c.days, { mode: c.mode, groupSize: c.groupSize }, stateOf(c), horizon, NOW))).toEqual(
          oneAfterTheOther(c, horizon),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('never exceeds the weekly limit and never gives one place twice at a time', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const horizon = addDays('2026-12-06', c.daysAhead);
        const out = planSeatSeries(c.days, { mode: c.mode, groupSize: c.groupSize }, stateOf(c), horizon, NOW);
        const perWeek = new Map<string, number>();
        for (const o of out) if (o.state === 'buchbar') perWeek.set(weekStart(o.date), (perWeek.get(weekStart(o.date)) ?? 0) + 1);
        for (const [monday, n] of perWeek) expect(n + (c.weekCounts.get(monday) ?? 0)).toBeLessThanOrEqual(c.maxPerWeek);
        // Final places: existing bookings after all moves, plus the planned ones.
        const moved = new Map(out.flatMap((o) => (o.state === 'buchbar' ? o.moves.map((m) => [m.id, m.from] as const) : [])));
        const all = [
          ...c.existing.map((e) => ({ ...e, from: moved.get(e.id) ?? e.from })),
          ...out.flatMap((o) =>
            o.state === 'buchbar' ? [{ von: o.von, bis: o.bis, from: o.place, size: c.groupSize, id: o.date, fixed: false }] : [],
          ),
        ];
        for (const a of all) {
          expect(a.from).toBeGreaterThanOrEqual(1);
          expect(a.from + a.size - 1).toBeLessThanOrEqual(c.capacity);
          for (const b of all) {
            if (a === b || !(a.von < b.bis && b.von < a.bis)) continue;
            expect(a.from + a.size <= b.from || b.from + b.size <= a.from).toBe(true);
          }
        }
        for (const e of c.existing) if (e.fixed) expect(moved.has(e.id)).toBe(false);
        for (const o of out) expect(o.state === 'spaeter').toBe(o.date > horizon);
      }),
      { numRuns: 60 },
    );
  });
});
