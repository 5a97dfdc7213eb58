import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  assertNoPeriodOverlap,
  berlinDay,
  completeRegularHours,
  type DeviatingOpeningHour,
  dayOpening,
  daysBetween,
  instantOf,
  isoWeekday,
  periodOn,
  validateDeviation,
  validatePeriod,
  weekStart,
} from './opening-hours';

const regular = completeRegularHours([
  { weekday: 6, von: '10:00', bis: '14:00', open: true },
  { weekday: 7, von: '08:00', bis: '18:00', open: false },
]);

describe('calendar helpers', () => {
  it('knows weekdays, week starts and day arithmetic', () => {
    expect(isoWeekday('2026-11-23')).toBe(1); // Monday
    expect(isoWeekday('2026-11-22')).toBe(7); // Sunday
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(() => isoWeekday('2026-02-30')).toThrow('Invalid date format');
  });

  it('maps wall times to instants in Berlin, also across DST', () => {
    expect(instantOf('2026-07-01', '08:00').toISOString()).toBe('2026-07-01T06:00:00.000Z');
    expect(instantOf('2026-12-01', '08:00').toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(berlinDay(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
  });

  it('property: addDays and daysBetween are inverse, weekStart is a Monday within 6 days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20000 }), fc.integer({ min: -400, max: 400 }), (offset, n) => {
        const day = addDays('2000-01-01', offset);
        expect(daysBetween(day, addDays(day, n))).toBe(n);
        const monday = weekStart(day);
        expect(isoWeekday(monday)).toBe(1);
        expect(daysBetween(monday, day)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(monday, day)).toBeLessThanOrEqual(6);
      }),
    );
  });
});

describe('day bookability (docs/product.md#day-bookability)', () => {
  it('uses the regular hours of the weekday when no deviation covers the day; default 08:00–18:00', () => {
    expect(dayOpening('2026-11-23', regular, [])).toEqual({
      date: '2026-11-23',
      bookable: true,
      von: '08:00',
      bis: '18:00',
      source: 'regulaer',
    });
    expect(dayOpening('2026-11-28', regular, [])).toMatchObject({ bookable: true, von: '10:00', bis: '14:00' });
  });

  it('a weekday whose regular opening is closed is not bookable', () => {
    expect(dayOpening('2026-11-22', regular, [])).toEqual({
      date: '2026-11-22',
      bookable: false,
      von: null,
      bis: null,
      source: 'wochentag-geschlossen',
    });
  });

  it('a covering deviation offen makes the day bookable with its hours, even on a closed weekday', () => {
    const dev: DeviatingOpeningHour[] = [{ validFrom: '2026-11-22', validTo: '2026-11-22', von: '12:00', bis: '16:00', status: 'offen' }];
    expect(dayOpening('2026-11-22', regular, dev)).toEqual({
      date: '2026-11-22',
      bookable: true,
      von: '12:00',
      bis: '16:00',
      source: 'abweichend-offen',
    });
  });

  it('a covering deviation geschlossen makes the day not bookable, from and to inclusive', () => {
    const dev: DeviatingOpeningHour[] = [
      { validFrom: '2026-12-24', validTo: '2026-12-26', von: '08:00', bis: '18:00', status: 'geschlossen' },
    ];
    expect(dayOpening('2026-12-23', regular, dev).bookable).toBe(true);
    for (const d of ['2026-12-24', '2026-12-25', '2026-12-26'])
      expect(dayOpening(d, regular, dev)).toMatchObject({ bookable: false, source: 'abweichend-geschlossen' });
    expect(dayOpening('2026-12-28', regular, dev).bookable).toBe(true);
  });

  it('geschlossen wins over offen when both cover a day', () => {
    const dev: DeviatingOpeningHour[] = [
      { validFrom: '2026-12-01', validTo: '2026-12-31', von: '09:00', bis: '20:00', status: 'offen' },
      { validFrom: '2026-12-24', validTo: '2026-12-24', von: '08:00', bis: '18:00', status: 'geschlossen' },
    ];
    expect(dayOpening('2026-12-24', regular, dev).bookable).toBe(false);
    expect(dayOpening('2026-12-23', regular, dev)).toMatchObject({ bookable: true, von: '09:00', bis: '20:00' });
  });

  it('property: the rule of docs/product.md#day-bookability holds for any regular week and any deviations', () => {
    const time = fc.integer({ min: 0, max: 23 }).map((h) => `${String(h).padStart(2, '0')}:00`);
    const regularArb = fc
      .array(fc.boolean(), { minLength: 7, maxLength: 7 })
      .map((open) => open.map((o, i) => ({ weekday: i + 1, von: '08:00', bis: '18:00', open: o })));
    const devArb = fc.array(
      fc.record({
        start: fc.integer({ min: 0, max: 30 }),
        len: fc.integer({ min: 0, max: 5 }),
        status: fc.constantFrom('offen' as const, 'geschlossen' as const),
        von: time,
      }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(regularArb, devArb, fc.integer({ min: 0, max: 35 }), (reg, devs, dayOffset) => {
        const base = '2026-11-01';
        const deviations = devs.map((d) => ({
          validFrom: addDays(base, d.start),
          validTo: addDays(base, d.start + d.len),
          von: d.von,
          bis: '23:00',
          status: d.status,
        }));
        const day = addDays(base, dayOffset);
        const result = dayOpening(day, reg, deviations);
        const covering = deviations.filter((d) => d.validFrom <= day && day <= d.validTo);
        if (covering.length === 0) expect(result.bookable).toBe(reg[isoWeekday(day) - 1]!.open);
        else if (covering.some((d) => d.status === 'geschlossen')) expect(result.bookable).toBe(false);
        else {
          expect(result.bookable).toBe(true);
          expect(covering.some((c) => c.von === result.von)).toBe(true);
        }
      }),
    );
  });

  it('rejects deviations that end before they start or have an unknown status', () => {
    expect(() =>
      validateDeviation({ validFrom: '2026-12-02', validTo: '2026-12-01', von: '08:00', bis: '18:00', status: 'offen' }),
    ).toThrow('„Gültig bis“ darf nicht vor „Gültig von“ liegen.');
    expect(() =>
      validateDeviation({ validFrom: '2026-12-01', validTo: '2026-12-01', von: '08:00', bis: '18:00', status: 'zu' as never }),
    ).toThrow('Status zu unbekannt');
    expect(() =>
      validateDeviation({ validFrom: '2026-12-01', validTo: '2026-12-01', von: '18:00', bis: '08:00', status: 'offen' }),
    ).toThrow('Die Öffnungszeit muss nach 18:00 Uhr enden.');
  });
});

describe('opening periods and public holidays (decision 235)', () => {
  const lecture = {
    name: 'Vorlesungszeit',
    validFrom: '2026-10-12',
    validTo: '2027-02-06',
    hours: completeRegularHours([{ weekday: 6, von: '09:00', bis: '20:00', open: true }], () => true).map((h) =>
      h.weekday === 7 ? { ...h, open: false } : h.weekday === 6 ? h : { ...h, von: '08:00', bis: '22:00' },
    ),
  };
  const christmas = { date: '2026-12-25', de: '1. Weihnachtstag', en: 'Christmas Day' };
  const calendar = { periods: [lecture], holidays: [christmas] };

  it('a period replaces the weekly default on the days it covers, its closed weekdays close', () => {
    expect(dayOpening('2026-11-23', regular, [], calendar)).toEqual({
      date: '2026-11-23',
      bookable: true,
      von: '08:00',
      bis: '22:00',
      source: 'zeitraum',
      period: 'Vorlesungszeit',
    });
    expect(dayOpening('2026-11-29', regular, [], calendar)).toMatchObject({ bookable: false, source: 'zeitraum-geschlossen' });
    // the day after the period: the weekly default again
    expect(dayOpening('2027-02-08', regular, [], calendar)).toMatchObject({ von: '08:00', bis: '18:00', source: 'regulaer' });
    expect(dayOpening('2026-10-12', regular, [], calendar).source).toBe('zeitraum');
    expect(dayOpening('2026-10-11', regular, [], calendar).source).toBe('wochentag-geschlossen');
  });

  it('a holiday closes the plan over the period; an open deviation opens it again', () => {
    expect(dayOpening('2026-12-25', regular, [], calendar)).toEqual({
      date: '2026-12-25',
      bookable: false,
      von: null,
      bis: null,
      source: 'feiertag',
      holiday: { de: '1. Weihnachtstag', en: 'Christmas Day' },
    });
    const opened: DeviatingOpeningHour = { validFrom: '2026-12-25', validTo: '2026-12-25', von: '10:00', bis: '16:00', status: 'offen' };
    expect(dayOpening('2026-12-25', regular, [opened], calendar)).toMatchObject({
      bookable: true,
      von: '10:00',
      bis: '16:00',
      source: 'abweichend-offen',
      holiday: { de: '1. Weihnachtstag' },
    });
  });

  it('validates periods and refuses overlaps with a sentence', () => {
    expect(() => validatePeriod({ ...lecture, name: ' ' })).toThrow('Bitte einen Namen für den Zeitraum angeben, z. B. „Vorlesungszeit“.');
    expect(() => validatePeriod({ ...lecture, validTo: '2026-10-01' })).toThrow('„Gültig bis“ darf nicht vor „Gültig von“ liegen.');
    expect(() => validatePeriod({ ...lecture, hours: lecture.hours.slice(1) })).toThrow(
      'Ein Zeitraum braucht die Öffnungszeiten aller sieben Wochentage.',
    );
    expect(() => validatePeriod({ ...lecture, validTo: '2029-01-01' })).toThrow('Ein Zeitraum darf höchstens zwei Jahre umfassen.');
    expect(() => assertNoPeriodOverlap({ validFrom: '2027-02-06', validTo: '2027-04-10' }, [lecture])).toThrow(
      'Der Zeitraum überschneidet sich mit „Vorlesungszeit“ (12.10.2026 bis 06.02.2027); Zeiträume eines Grundrisses dürfen sich nicht überschneiden.',
    );
    expect(() => assertNoPeriodOverlap({ validFrom: '2027-02-07', validTo: '2027-04-10' }, [lecture])).not.toThrow();
  });

  const time = fc.integer({ min: 0, max: 22 }).map((h) => `${String(h).padStart(2, '0')}:00`);
  const week = fc
    .array(fc.tuple(time, fc.boolean()), { minLength: 7, maxLength: 7 })
    .map((days) =>
      days.map(([von, open], i) => ({ weekday: i + 1, von, bis: `${String(Number(von.slice(0, 2)) + 1).padStart(2, '0')}:00`, open })),
    );
  const dayIn = fc.integer({ min: 0, max: 60 }).map((n) => addDays('2026-12-01', n));
  const range = fc.tuple(dayIn, fc.integer({ min: 0, max: 20 })).map(([from, n]) => ({ validFrom: from, validTo: addDays(from, n) }));
  const deviation = fc
    .tuple(range, time, fc.constantFrom<'offen' | 'geschlossen'>('offen', 'geschlossen'))
    .map(([r, von, status]): DeviatingOpeningHour => ({ ...r, von, bis: '23:00', status }));
  const period = fc.tuple(range, week, fc.constantFrom('A', 'B', 'C')).map(([r, hours, name]) => ({ ...r, hours, name }));
  const holidays = fc.uniqueArray(dayIn, { maxLength: 5 }).map((days) => days.map((date) => ({ date, de: `F ${date}`, en: `H ${date}` })));

  it('property: deviation > holiday > period > weekly default', () => {
    fc.assert(
      fc.property(
        dayIn,
        week,
        fc.array(deviation, { maxLength: 3 }),
        fc.array(period, { maxLength: 3 }),
        holidays,
        (day, weekly, devs, periods, hols) => {
          const got = dayOpening(day, weekly, devs, { periods, holidays: hols });
          const covering = devs.filter((d) => d.validFrom <= day && day <= d.validTo);
          const holiday = hols.find((h) => h.date === day);
          const chosen = periodOn(day, periods);
          if (covering.length > 0) {
            // the deviation alone decides, as before periods and holidays existed
            const { holiday: _h, ...rest } = got;
            expect(rest).toEqual(dayOpening(day, weekly, devs));
            expect(got.holiday?.de).toBe(holiday?.de);
          } else if (holiday) {
            expect(got).toMatchObject({ bookable: false, source: 'feiertag', holiday: { de: holiday.de } });
          } else if (chosen) {
            const own = dayOpening(day, chosen.hours, []);
            expect(got).toMatchObject({ bookable: own.bookable, von: own.von, bis: own.bis, period: chosen.name });
            expect(got.source).toBe(own.bookable ? 'zeitraum' : 'zeitraum-geschlossen');
          } else {
            expect(got).toEqual(dayOpening(day, weekly, []));
          }
          // bookable days always carry hours, closed days never
          expect(got.bookable).toBe(got.von !== null && got.bis !== null);
        },
      ),
    );
  });

  it('property: periods and holidays on other days change nothing', () => {
    fc.assert(
      fc.property(
        dayIn,
        week,
        fc.array(deviation, { maxLength: 2 }),
        fc.array(period, { maxLength: 3 }),
        holidays,
        (day, weekly, devs, periods, hols) => {
          const all = dayOpening(day, weekly, devs, { periods, holidays: hols });
          const own = dayOpening(day, weekly, devs, {
            periods: periods.filter((p) => p.validFrom <= day && day <= p.validTo),
            holidays: hols.filter((h) => h.date === day),
          });
          expect(all).toEqual(own);
        },
      ),
    );
  });
});
