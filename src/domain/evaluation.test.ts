import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import {
  bookableMinutesByMonth,
  heatLevel,
  monthWeekdayCounts,
  openMinutesByWeekday,
  parseCsv,
  percent,
  periodDays,
  periodEnd,
  periodMonths,
  rollupPlan,
  toCsv,
  validatePeriod,
  weekdayCounts,
  wholeMonths,
} from './evaluation';
import { addDays, completeRegularHours, daysBetween, isoWeekday } from './opening-hours';

const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2024-01-01', n));

describe('evaluation period', () => {
  it('refuses an end before the start and more than 366 days, with the German message', () => {
    expect(() => validatePeriod({ from: '2026-03-02', to: '2026-03-01' })).toThrow('Das Ende des Zeitraums liegt vor dem Beginn.');
    expect(() => validatePeriod({ from: '2025-01-01', to: '2026-01-02' })).toThrow('Der Zeitraum darf höchstens 366 Tage umfassen.');
    expect(validatePeriod({ from: '2024-01-01', to: '2024-12-31' })).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    try {
      validatePeriod({ from: '2026-03-02', to: '2026-03-01' });
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).status).toBe(400);
    }
  });

  it('counts every day of the period exactly once per weekday', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), (from, span) => {
        const period = { from, to: addDays(from, span) };
        const counts = weekdayCounts(period);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(periodDays(period));
        const slow = [0, 0, 0, 0, 0, 0, 0];
        for (let i = 0; i <= span; i++) slow[isoWeekday(addDays(from, i)) - 1]! += 1;
        expect(counts).toEqual(slow);
      }),
    );
  });

  it('lists each touched month once, in order, and ends one day after the last day', () => {
    expect(periodMonths({ from: '2025-11-15', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(periodEnd({ from: '2026-12-01', to: '2026-12-31' })).toBe('2027-01-01');
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), (from, span) => {
        const months = periodMonths({ from, to: addDays(from, span) });
        expect(months[0]).toBe(from.slice(0, 7));
        expect(months.at(-1)).toBe(addDays(from, span).slice(0, 7));
        expect(new Set(months).size).toBe(months.length);
        expect([...months].sort()).toEqual(months);
      }),
    );
  });
});

describe('open minutes', () => {
  it('follows regular hours and lets deviating closures and openings win', () => {
    const regular = completeRegularHours([
      { weekday: 6, von: '08:00', bis: '18:00', open: false },
      { weekday: 7, von: '08:00', bis: '18:00', open: false },
    ]);
    // Mon 2026-11-23 … Sun 2026-11-29; Tuesday closed, Saturday opened 10–14.
    const minutes = openMinutesByWeekday({ from: '2026-11-23', to: '2026-11-29' }, regular, [
      { validFrom: '2026-11-24', validTo: '2026-11-24', von: '08:00', bis: '18:00', status: 'geschlossen' },
      { validFrom: '2026-11-28', validTo: '2026-11-28', von: '10:00', bis: '14:00', status: 'offen' },
    ]);
    expect(minutes).toEqual([600, 0, 600, 600, 600, 240, 0]);
  });

  it('never exceeds a full day per day of the period', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 60 }), (from, span) => {
        const period = { from, to: addDays(from, span) };
        const minutes = openMinutesByWeekday(period, completeRegularHours([]), []);
        const counts = weekdayCounts(period);
        minutes.forEach((m, i) => {
          expect(m).toBe((counts[i] ?? 0) * 600);
        });
      }),
    );
  });
});

describe('shares', () => {
  it('is 0 without capacity, rounds to one decimal and stays within 0…100', () => {
    expect(percent(5, 0)).toBe(0);
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(3, 2)).toBe(100);
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (a, b) => {
        const p = percent(a, b);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('maps shares to five colour steps that never go down as the share grows', () => {
    expect([0, 0.1, 24.9, 25, 50, 74.9, 75, 100].map(heatLevel)).toEqual([0, 1, 1, 2, 3, 3, 4, 4]);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b) => {
        if (a <= b) expect(heatLevel(a)).toBeLessThanOrEqual(heatLevel(b));
      }),
    );
  });
});

describe('CSV', () => {
  it('writes what German Excel opens: BOM, semicolons, decimal comma, formulas defused', () => {
    const csv = toCsv(
      ['Grundriss', 'Auslastung %'],
      [
        ['Verwaltung; 2. OG', 12.5],
        ['=HYPERLINK("x")', null],
      ],
    );
    expect(csv).toBe('\uFEFFGrundriss;Auslastung %\r\n"Verwaltung; 2. OG";12,5\r\n"\'=HYPERLINK(""x"")";\r\n');
  });

  it('reads back every table it writes', () => {
    const cell = fc.oneof(fc.string(), fc.integer().map(String));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { maxLength: 10 }), (rows) => {
        const safe = rows.map((r) => r.map((c) => (/^[=+\-@\t\r]/.test(c) ? `x${c}` : c)));
        expect(parseCsv(toCsv(['a', 'b'], safe))).toEqual([['a', 'b'], ...safe]);
      }),
    );
  });
});

describe('vehicle bookable minutes', () => {
  it('counts the booking time on booking weekdays, month by month', () => {
    // November 2026 from the 23rd: Mon 23 … Mon 30, December 1 (Tue).
    const minutes = bookableMinutesByMonth(
      { from: '2026-11-23', to: '2026-12-01' },
      ['montags', 'dienstags', 'samstags'],
      '09:00',
      '18:00',
    );
    expect([...minutes]).toEqual([
      ['2026-11', 4 * 540],
      ['2026-12', 540],
    ]);
  });

  it('adds up to the booking time times the booking weekdays of the period', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 120 }), (from, span) => {
        const period = { from, to: addDays(from, span) };
        const total = [...bookableMinutesByMonth(period, ['montags', 'freitags'], '06:00', '22:00').values()].reduce((a, b) => a + b, 0);
        const counts = weekdayCounts(period);
        expect(total).toBe(((counts[0] ?? 0) + (counts[4] ?? 0)) * 960);
      }),
    );
  });

  it('counts each weekday of the period once across its months, shared by every vehicle', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), (from, span) => {
        const period = { from, to: addDays(from, span) };
        const perMonth = monthWeekdayCounts(period);
        expect([...perMonth.keys()]).toEqual(periodMonths(period));
        const summed = [0, 1, 2, 3, 4, 5, 6].map((i) => [...perMonth.values()].reduce((sum, c) => sum + (c[i] ?? 0), 0));
        expect(summed).toEqual(weekdayCounts(period));
        expect(bookableMinutesByMonth(period, ['dienstags'], '08:00', '12:00', perMonth)).toEqual(
          bookableMinutesByMonth(period, ['dienstags'], '08:00', '12:00'),
        );
      }),
    );
  });
});

describe('wholeMonths', () => {
  it('splits a year into the partial edges and the whole months between', () => {
    expect(wholeMonths('2026-01-15', '2027-01-15')).toEqual({ start: '2026-02-01', end: '2027-01-01' });
    expect(wholeMonths('2026-03-01', '2026-04-01')).toEqual({ start: '2026-03-01', end: '2026-04-01' });
    expect(wholeMonths('2026-03-02', '2026-04-01')).toEqual({ start: '2026-04-01', end: '2026-04-01' });
    expect(wholeMonths('2026-12-05', '2027-02-03')).toEqual({ start: '2027-01-01', end: '2027-02-01' });
  });

  it('covers every day of the period exactly once, by a day row or by a whole month', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 400 }), (from, span) => {
        const to = addDays(from, span);
        const { start, end } = wholeMonths(from, to);
        expect(start <= end && from <= start && end <= to).toBe(true);
        expect(start.endsWith('-01') || start === to).toBe(true);
        expect(end.endsWith('-01') || end === to).toBe(true);
        for (let d = from; d < to; d = addDays(d, 1)) {
          const byDay = d < start || d >= end;
          const byMonth = `${d.slice(0, 8)}01` >= start && `${d.slice(0, 8)}01` < end;
          expect(byDay !== byMonth).toBe(true);
        }
      }),
    );
  });
});

describe('rollupPlan: the signed roll-up rows of a period', () => {
  const day0 = '2024-11-20';
  /** Sums a value per day over a period through the plan, with month rows as the sums of their days. */
  const viaPlan = (values: Map<string, number>, from: string, to: string) => {
    let total = 0;
    for (const p of rollupPlan(from, to)) {
      for (let d = p.from; d < p.to; d = addDays(d, 1)) {
        const inMonth = (m: string) => [...values].filter(([k]) => k.startsWith(m.slice(0, 7))).reduce((s, [, v]) => s + v, 0);
        if (p.wholeMonth) {
          if (d.endsWith('-01')) total += p.sign * inMonth(d);
        } else total += p.sign * (values.get(d) ?? 0);
      }
    }
    return total;
  };
  it('reads a calendar year as twelve month rows, and a rolling year with at most half a month of days at each edge', () => {
    expect(rollupPlan('2025-01-01', '2026-01-01')).toEqual([{ wholeMonth: true, from: '2025-01-01', to: '2026-01-01', sign: 1 }]);
    expect(rollupPlan('2025-12-03', '2026-12-02')).toEqual([
      { wholeMonth: true, from: '2025-12-01', to: '2026-12-01', sign: 1 },
      { wholeMonth: false, from: '2025-12-01', to: '2025-12-03', sign: -1 },
      { wholeMonth: false, from: '2026-12-01', to: '2026-12-02', sign: 1 },
    ]);
    expect(rollupPlan('2026-02-10', '2026-02-12')).toEqual([{ wholeMonth: false, from: '2026-02-10', to: '2026-02-12', sign: 1 }]);
  });
  it('sums every period exactly like the days themselves, and never reads more than half a month of days per edge', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 430 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 940 }), fc.integer({ min: -50, max: 500 })), { maxLength: 120 }),
        (offset, span, points) => {
          const values = new Map<string, number>();
          for (const [at, v] of points) {
            const d = addDays(day0, at);
            values.set(d, (values.get(d) ?? 0) + v);
          }
          const from = addDays(day0, offset);
          const to = addDays(from, span);
          let direct = 0;
          for (let d = from; d < to; d = addDays(d, 1)) direct += values.get(d) ?? 0;
          expect(viaPlan(values, from, to)).toBe(direct);
          const dayRows = rollupPlan(from, to)
            .filter((p) => !p.wholeMonth)
            .reduce((s, p) => s + daysBetween(p.from, p.to), 0);
          expect(dayRows).toBeLessThanOrEqual(31);
        },
      ),
      { numRuns: 60 },
    );
  });
});
