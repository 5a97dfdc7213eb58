import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expandSeries,
  MAX_SERIES_DATES,
  MAX_SERIES_SPAN_DAYS,
  matchesPattern,
  refusalOf,
  type SeriesRule,
  seriesPeriods,
  validateSeriesRule,
  vehicleRefusalOf,
} from './booking-series';
import { addDays, berlinDay, daysBetween, instantOf, isoWeekday, weekStart } from './opening-hours';
import { formatDate, formatTime } from './time';

const day = fc.integer({ min: 0, max: 3 * 365 }).map((n) => addDays('2025-01-01', n));
const rule = fc.record({
  startDate: day,
  weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
  intervalWeeks: fc.integer({ min: 1, max: 12 }),
  count: fc.option(fc.integer({ min: 1, max: MAX_SERIES_DATES }), { nil: null }),
  span: fc.integer({ min: 0, max: 366 }),
});
const toRule = (r: { startDate: string; weekdays: number[]; intervalWeeks: number; count: number | null; span: number }): SeriesRule => ({
  startDate: r.startDate,
  weekdays: r.weekdays,
  intervalWeeks: r.intervalWeeks,
  count: r.count,
  until: r.count && r.span % 2 === 0 ? null : addDays(r.startDate, r.span),
});

describe('expandSeries', () => {
  it('every Tuesday for eight weeks', () => {
    expect(expandSeries({ startDate: '2026-12-01', weekdays: [2], intervalWeeks: 1, count: 8 })).toEqual([
      '2026-12-01',
      '2026-12-08',
      '2026-12-15',
      '2026-12-22',
      '2026-12-29',
      '2027-01-05',
      '2027-01-12',
      '2027-01-19',
    ]);
  });

  it('every weekday across a month end and a leap day', () => {
    expect(expandSeries({ startDate: '2028-02-28', weekdays: [1, 2, 3, 4, 5], intervalWeeks: 1, until: '2028-03-03' })).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
      '2028-03-03',
    ]);
  });

  it('every second week on Monday and Friday, weeks counted from the start week', () => {
    // 2026-03-25 is a Wednesday: its Friday is in week 0, the next Monday in week 1 (skipped).
    expect(expandSeries({ startDate: '2026-03-25', weekdays: [1, 5], intervalWeeks: 2, count: 4 })).toEqual([
      '2026-03-27',
      '2026-04-06',
      '2026-04-10',
      '2026-04-20',
    ]);
  });

  it('keeps the Berlin wall-clock time across the daylight-saving changes (29.03.2026 and 25.10.2026)', () => {
    const days = expandSeries({ startDate: '2026-03-22', weekdays: [7], intervalWeeks: 1, count: 2 });
    expect(days).toEqual(['2026-03-22', '2026-03-29']);
    const [before, after] = days.map((d) => instantOf(d, '08:00'));
    // A week apart on the wall clock is one hour less in real time when the clocks go forward.
    expect(after!.getTime() - before!.getTime()).toBe(7 * 86_400_000 - 3_600_000);
    const autumn = expandSeries({ startDate: '2026-10-18', weekdays: [7], intervalWeeks: 1, count: 2 }).map((d) => instantOf(d, '08:00'));
    expect(autumn[1]!.getTime() - autumn[0]!.getTime()).toBe(7 * 86_400_000 + 3_600_000);
  });

  it('refuses rules that make no series, with German messages', () => {
    expect(() => validateSeriesRule({ startDate: '2026-01-01', weekdays: [], intervalWeeks: 1, count: 3 })).toThrow(
      'Bitte mindestens einen Wochentag für die Serie wählen.',
    );
    expect(() => validateSeriesRule({ startDate: '2026-01-01', weekdays: [1], intervalWeeks: 1 })).toThrow(
      'Bitte ein Enddatum oder eine Anzahl von Terminen für die Serie angeben.',
    );
    expect(() => validateSeriesRule({ startDate: '2026-01-05', weekdays: [1], intervalWeeks: 1, until: '2026-01-04' })).toThrow(
      'Das Enddatum der Serie liegt vor ihrem Beginn.',
    );
    expect(() => validateSeriesRule({ startDate: '2026-01-05', weekdays: [1], intervalWeeks: 13, count: 2 })).toThrow(
      'Der Abstand der Serie muss zwischen 1 und 12 Wochen liegen.',
    );
  });

  it('property: days are ordered, distinct, within start/end/count, on chosen weekdays, every N weeks', () => {
    fc.assert(
      fc.property(rule, (r) => {
        const s = toRule(r);
        const days = expandSeries(s);
        expect(days.length).toBeLessThanOrEqual(s.count ?? MAX_SERIES_DATES);
        for (const [i, d] of days.entries()) {
          expect(d >= s.startDate).toBe(true);
          if (s.until) expect(d <= s.until).toBe(true);
          expect(s.weekdays).toContain(isoWeekday(d));
          expect((daysBetween(weekStart(s.startDate), weekStart(d)) / 7) % s.intervalWeeks).toBe(0);
          if (i > 0) expect(days[i - 1]! < d).toBe(true);
        }
      }),
    );
  });

  it('property: nothing of the pattern is skipped before the series ends', () => {
    fc.assert(
      fc.property(rule, (r) => {
        const s = toRule(r);
        const days = expandSeries(s);
        const end = days.length === (s.count ?? MAX_SERIES_DATES) ? days.at(-1)! : (s.until ?? days.at(-1) ?? s.startDate);
        for (let d = s.startDate; d <= end; d = addDays(d, 1)) expect(days.includes(d)).toBe(matchesPattern(s, d));
      }),
    );
  });

  it('property: equals walking day by day through matchesPattern', () => {
    fc.assert(
      fc.property(rule, fc.option(fc.integer({ min: -3, max: 400 }), { nil: undefined }), (r, cut) => {
        const s = toRule(r);
        const through = cut === undefined ? undefined : addDays(s.startDate, cut);
        let last = s.until ?? addDays(s.startDate, MAX_SERIES_SPAN_DAYS);
        if (through && through < last) last = through;
        const walked: string[] = [];
        for (let d = s.startDate; d <= last && walked.length < (s.count ?? MAX_SERIES_DATES); d = addDays(d, 1))
          if (matchesPattern(s, d)) walked.push(d);
        expect(expandSeries(s, through)).toEqual(walked);
      }),
    );
  });

  it('property: expanding in pieces (the extension job) gives a prefix of the whole series', () => {
    fc.assert(
      fc.property(rule, fc.integer({ min: 0, max: 400 }), (r, cut) => {
        const s = toRule(r);
        const whole = expandSeries(s);
        const part = expandSeries(s, addDays(s.startDate, cut));
        expect(whole.slice(0, part.length)).toEqual(part);
        expect(part.every((d) => d <= addDays(s.startDate, cut))).toBe(true);
      }),
    );
  });

  it('property: every day shows the same Berlin wall-clock time, whatever the season', () => {
    fc.assert(
      fc.property(rule, fc.integer({ min: 0, max: 23 * 4 - 1 }), (r, quarter) => {
        const time = `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`;
        // 02:00–02:59 does not exist on the spring change; a series starting in that hour is not a real case.
        fc.pre(!time.startsWith('02:'));
        for (const d of expandSeries(toRule(r))) {
          const instant = instantOf(d, time);
          expect(formatTime(instant)).toBe(time);
          expect(formatDate(instant)).toBe(`${d.slice(8)}.${d.slice(5, 7)}.${d.slice(0, 4)}`);
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe('refusalOf', () => {
  it('groups single-booking refusals as the preview shows them', () => {
    expect(refusalOf('reading_day_closed')).toBe('geschlossen');
    expect(refusalOf('reading_weekday_not_bookable')).toBe('geschlossen');
    expect(refusalOf('reading_object_booked')).toBe('belegt');
    expect(refusalOf('reading_week_limit')).toBe('limit');
    expect(refusalOf('reading_too_far_ahead')).toBe('limit');
    expect(refusalOf('reading_interval')).toBe('regel');
  });
});

describe('vehicle series periods (decision 115)', () => {
  it('keeps the wall-clock time of day across the change to summer time', () => {
    const days = expandSeries({ startDate: '2026-03-27', weekdays: [5], intervalWeeks: 1, count: 2 });
    const [before, after] = seriesPeriods(days, '07:30', '16:00');
    expect([formatTime(before!.von), formatTime(before!.bis), formatTime(after!.von), formatTime(after!.bis)]).toEqual([
      '07:30',
      '16:00',
      '07:30',
      '16:00',
    ]);
    expect(after!.von.getTime() - before!.von.getTime()).toBe(7 * 86_400_000 - 3_600_000);
  });

  it('every period lies on its own Berlin day, shows the chosen times and is as long as from–to says', () => {
    // 02:xx is left out: on the spring change that hour does not exist in Berlin and on the autumn change it exists twice.
    const hhmm = fc
      .tuple(fc.integer({ min: 0, max: 22 }), fc.integer({ min: 0, max: 3 }))
      .map(([h, q]) => `${String(h < 2 ? h : h + 1).padStart(2, '0')}:${String(q * 15).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 800 }).map((n) => addDays('2026-01-01', n)),
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 30 }),
        hhmm,
        hhmm,
        (startDate, weekdays, intervalWeeks, count, from, to) => {
          const days = expandSeries({ startDate, weekdays, intervalWeeks, count });
          const periods = seriesPeriods(days, from, to);
          expect(periods.map((p) => p.date)).toEqual(days);
          for (const p of periods) {
            expect(berlinDay(p.von)).toBe(p.date);
            expect(formatTime(p.von)).toBe(from);
            expect(formatTime(p.bis)).toBe(to);
            expect(formatDate(p.von)).toBe(formatDate(instantOf(p.date, '12:00')));
          }
          for (let i = 1; i < periods.length; i++) expect(periods[i]!.von > periods[i - 1]!.von).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('groups the single vehicle booking refusals', () => {
    expect(vehicleRefusalOf('already_booked')).toBe('belegt');
    expect(vehicleRefusalOf('outside_booking_times')).toBe('geschlossen');
    expect(vehicleRefusalOf('vehicle_not_valid')).toBe('geschlossen');
    expect(vehicleRefusalOf('outside_booking_window')).toBe('limit');
    expect(vehicleRefusalOf('licence_check_due')).toBe('regel');
    expect(vehicleRefusalOf('bis_not_after_von')).toBe('regel');
  });
});
