import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import {
  combineDateAndTime,
  formatDate,
  formatDateTime,
  formatTime,
  isValidTime,
  parseGermanDate,
  parseTime,
  roundToStep,
  ZONE,
} from './time';

function caught(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

const daysIn = (year: number, month: number): number =>
  [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
const two = (n: number): string => String(n).padStart(2, '0');

const validGermanDate = fc
  .record({ year: fc.integer({ min: 1970, max: 2100 }), month: fc.integer({ min: 1, max: 12 }), day: fc.nat() })
  .map(({ year, month, day }) => `${two((day % daysIn(year, month)) + 1)}.${two(month)}.${year}`);

// Every valid HH:mm enumerated, so the reference shares no logic with the code under test.
const ALL_TIMES = new Set<string>();
for (let h = 0; h < 24; h++) for (let m = 0; m < 60; m++) ALL_TIMES.add(`${two(h)}:${two(m)}`);

describe('ZONE', () => {
  it('is Berlin', () => {
    expect(ZONE).toBe('Europe/Berlin');
  });
});

describe('isValidTime', () => {
  it('accepts 24-hour HH:mm from 00:00 to 23:59', () => {
    for (const t of ['00:00', '08:05', '12:30', '23:59']) expect(isValidTime(t)).toBe(true);
  });

  it('rejects everything else', () => {
    for (const t of ['24:00', '7:00', '07:60', '0700', '07:00 ', ' 07:00', '07-00', '', '12:5', '１２:３０', '-1:00', '07:00:00']) {
      expect(isValidTime(t)).toBe(false);
    }
    for (const v of [700, null, undefined, {}, ['07:00'], new Date()]) expect(isValidTime(v)).toBe(false);
  });

  it('agrees with the enumerated reference on arbitrary and near-miss strings', () => {
    const digit = fc.constantFrom(...'0123456789');
    const nearMiss = fc.tuple(digit, digit, fc.constantFrom(':', '.', ' ', ':'), digit, digit).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 6 }), nearMiss), (s) => {
        expect(isValidTime(s)).toBe(ALL_TIMES.has(s));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseTime', () => {
  it('splits HH:mm into stunden and minuten', () => {
    expect(parseTime('08:30')).toEqual({ stunden: 8, minuten: 30 });
    expect(parseTime('00:00')).toEqual({ stunden: 0, minuten: 0 });
    expect(parseTime('23:59')).toEqual({ stunden: 23, minuten: 59 });
  });

  it('refuses a non-string with the catalogue text', () => {
    for (const v of [830, null, undefined, { stunden: 8 }]) {
      const e = caught(() => parseTime(v));
      expect(e.code).toBe('time_not_string');
      expect(e.message).toBe('Zeit zum setzen ist kein valider String');
      expect(e.status).toBe(400);
    }
  });

  it('refuses an invalid string in German', () => {
    const e = caught(() => parseTime('25:00'));
    expect(e.code).toBe('time_invalid');
    expect(e.message).toBe('Zeit 25:00 ist keine gültige Uhrzeit im Format HH:mm');
    expect(e.text('en-us')).toBe('Time 25:00 is not a valid time in the format HH:mm.');
  });
});

describe('parseGermanDate', () => {
  it('returns Berlin midnight in winter and summer', () => {
    expect(parseGermanDate('15.01.2024').toISOString()).toBe('2024-01-14T23:00:00.000Z');
    expect(parseGermanDate('15.07.2024').toISOString()).toBe('2024-07-14T22:00:00.000Z');
  });

  it('is exact on the DST days (last Sundays of March and October)', () => {
    expect(parseGermanDate('31.03.2024').toISOString()).toBe('2024-03-30T23:00:00.000Z');
    expect(parseGermanDate('01.04.2024').toISOString()).toBe('2024-03-31T22:00:00.000Z');
    expect(parseGermanDate('27.10.2024').toISOString()).toBe('2024-10-26T22:00:00.000Z');
    expect(parseGermanDate('28.10.2024').toISOString()).toBe('2024-10-27T23:00:00.000Z');
  });

  it('accepts leap days only in leap years', () => {
    expect(parseGermanDate('29.02.2024').toISOString()).toBe('2024-02-28T23:00:00.000Z');
    expect(parseGermanDate('29.02.2000').toISOString()).toBe('2000-02-28T23:00:00.000Z');
    expect(() => parseGermanDate('29.02.2023')).toThrow('Invalid date format');
    expect(() => parseGermanDate('29.02.1900')).toThrow('Invalid date format');
  });

  it("refuses anything that is not a strict real DD.MM.YYYY with 'Invalid date format'", () => {
    const bad = [
      '31.02.2024',
      '31.04.2024',
      '00.01.2024',
      '01.13.2024',
      '01.00.2024',
      '1.1.2024',
      '2024-01-01',
      ' 01.01.2024',
      '01.01.2024 ',
      'ab.cd.efgh',
      '01/01/2024',
      '',
      '01.01.24',
    ];
    for (const s of bad) {
      const e = caught(() => parseGermanDate(s));
      expect(e.code).toBe('date_invalid');
      expect(e.message).toBe('Invalid date format');
    }
    expect(caught(() => parseGermanDate(20240101 as unknown as string)).message).toBe('Invalid date format');
  });

  it('round-trips through formatDate for every valid date 1970–2100', () => {
    fc.assert(
      fc.property(validGermanDate, (s) => {
        const d = parseGermanDate(s);
        expect(formatDate(d)).toBe(s);
        expect(formatTime(d)).toBe('00:00');
      }),
      { numRuns: 3000 },
    );
  });
});

describe('formatDate / formatTime / formatDateTime', () => {
  it('shows the Berlin calendar day', () => {
    expect(formatDate(new Date('2024-03-30T23:00:00Z'))).toBe('31.03.2024');
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('01.01.2025');
    expect(formatDate('2024-12-31T22:59:00Z')).toBe('31.12.2024');
  });

  it('shows Berlin wall time across the spring switch', () => {
    expect(formatTime('2024-03-31T00:59:00Z')).toBe('01:59');
    expect(formatTime('2024-03-31T01:00:00Z')).toBe('03:00');
  });

  it('shows the doubled hour twice across the autumn switch', () => {
    expect(formatTime('2024-10-27T00:30:00Z')).toBe('02:30');
    expect(formatTime('2024-10-27T01:30:00Z')).toBe('02:30');
    expect(formatTime('2024-10-27T02:00:00Z')).toBe('03:00');
  });

  it('joins date and time with one space', () => {
    expect(formatDateTime('2024-07-01T10:05:00Z')).toBe('01.07.2024 12:05');
    expect(formatDateTime(new Date('2024-01-01T00:00:00Z'))).toBe('01.01.2024 01:00');
  });

  it('reads the offset of the instant in an hour in which it changes (local mean time to CET, 1893)', () => {
    // 01.04.1893 00:00 local mean time (+0:53:28) is 23:06:32 UTC, inside a UTC hour.
    expect(formatDateTime('1893-03-31T23:00:00Z')).toBe('31.03.1893 23:53');
    expect(formatDateTime('1893-03-31T23:30:00Z')).toBe('01.04.1893 00:30');
    expect(formatDateTime('1893-03-31T23:59:59Z')).toBe('01.04.1893 00:59');
  });

  it('agrees with Intl on any instant, also in switch hours and under historic offsets', () => {
    const intl = new Intl.DateTimeFormat('de-DE', {
      timeZone: ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    const reference = (d: Date) => {
      const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value]));
      return `${p.day}.${p.month}.${p.year!.padStart(4, '0')} ${p.hour}:${p.minute}`;
    };
    // Around 01:00 UTC on the last Sundays of March and October, where the offset changes within the hour.
    const switchHour = fc
      .record({ year: fc.integer({ min: 1980, max: 2100 }), october: fc.boolean(), ms: fc.integer({ min: -7_200_000, max: 7_200_000 }) })
      .map(({ year, october, ms }) => {
        const lastDay = new Date(Date.UTC(year, october ? 10 : 3, 0));
        const sunday = lastDay.getUTCDate() - lastDay.getUTCDay();
        return new Date(Date.UTC(year, october ? 9 : 2, sunday, 1) + ms);
      });
    // 1850–2150 covers local mean time (+0:53:28 before 1893) and the war and post-war double summer times.
    const any = fc.integer({ min: Date.UTC(1850, 0, 1), max: Date.UTC(2150, 0, 1) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(fc.oneof(any, switchHour), (d) => {
        expect(formatDateTime(d)).toBe(reference(d));
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses an unparseable instant', () => {
    expect(caught(() => formatDate('gestern')).message).toBe('Invalid date format');
    expect(caught(() => formatTime(new Date(NaN))).code).toBe('date_invalid');
  });
});

describe('combineDateAndTime', () => {
  it('places a wall time on a Berlin day', () => {
    expect(combineDateAndTime('15.01.2024', '09:00').toISOString()).toBe('2024-01-15T08:00:00.000Z');
    expect(combineDateAndTime('15.07.2024', '18:00').toISOString()).toBe('2024-07-15T16:00:00.000Z');
  });

  it('moves a wall time skipped in spring forward by the gap', () => {
    const d = combineDateAndTime('31.03.2024', '02:30');
    expect(d.toISOString()).toBe('2024-03-31T01:30:00.000Z');
    expect(formatTime(d)).toBe('03:30');
  });

  it('takes the first occurrence of a doubled autumn wall time', () => {
    expect(combineDateAndTime('27.10.2024', '02:30').toISOString()).toBe('2024-10-27T00:30:00.000Z');
    expect(combineDateAndTime('27.10.2024', '03:00').toISOString()).toBe('2024-10-27T02:00:00.000Z');
  });

  it('refuses bad parts with their own messages', () => {
    expect(caught(() => combineDateAndTime('32.01.2024', '09:00')).message).toBe('Invalid date format');
    expect(caught(() => combineDateAndTime('01.01.2024', '9:00')).code).toBe('time_invalid');
  });

  it('formats back to the same text on every day outside the spring gap', () => {
    const time = fc.record({ h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }) });
    fc.assert(
      fc.property(validGermanDate, time, (date, { h, m }) => {
        fc.pre(h !== 2);
        const t = `${two(h)}:${two(m)}`;
        expect(formatDateTime(combineDateAndTime(date, t))).toBe(`${date} ${t}`);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('roundToStep', () => {
  const at = (iso: string, step?: number): string => roundToStep(new Date(iso), step).toISOString();

  it('rounds to the nearest quarter hour by default, halves up', () => {
    expect(at('2024-05-10T08:07:29.999Z')).toBe('2024-05-10T08:00:00.000Z');
    expect(at('2024-05-10T08:07:30.000Z')).toBe('2024-05-10T08:15:00.000Z');
    expect(at('2024-05-10T08:52:31.000Z')).toBe('2024-05-10T09:00:00.000Z');
    expect(at('2024-05-10T08:15:00.000Z')).toBe('2024-05-10T08:15:00.000Z');
  });

  it('crosses the spring switch by real time: 01:55 CET becomes 03:00 CEST', () => {
    const r = roundToStep(new Date('2024-03-31T00:55:00Z'));
    expect(r.toISOString()).toBe('2024-03-31T01:00:00.000Z');
    expect(formatTime(r)).toBe('03:00');
  });

  it('crosses the autumn switch by real time: 02:55 CEST becomes 02:00 CET, not 03:00', () => {
    const r = roundToStep(new Date('2024-10-27T00:55:00Z'));
    expect(r.toISOString()).toBe('2024-10-27T01:00:00.000Z');
    expect(formatTime(r)).toBe('02:00');
    expect(at('2024-10-27T01:50:00Z')).toBe('2024-10-27T01:45:00.000Z');
  });

  it('counts steps from Berlin midnight, not from UTC', () => {
    // 45-minute grid: ..., 23:15, then next midnight; 23:50 CEST is nearer midnight.
    expect(formatDateTime(roundToStep(new Date('2024-05-10T21:50:00Z'), 45))).toBe('11.05.2024 00:00');
    expect(formatDateTime(roundToStep(new Date('2024-05-10T21:25:00Z'), 45))).toBe('10.05.2024 23:15');
    expect(formatDateTime(roundToStep(new Date('2024-05-10T10:00:00Z'), 1440))).toBe('11.05.2024 00:00');
    expect(formatDateTime(roundToStep(new Date('2024-05-10T09:59:00Z'), 1440))).toBe('10.05.2024 00:00');
  });

  it('refuses a step that is not 1..1440 whole minutes', () => {
    for (const step of [0, -15, 1.5, 1441, NaN]) {
      const e = caught(() => roundToStep(new Date('2024-05-10T08:00:00Z'), step));
      expect(e.code).toBe('time_step_invalid');
      expect(e.message).toBe(`Rundungsschritt ${step} muss eine ganze Zahl von 1 bis 1440 Minuten sein`);
    }
  });

  const instant = fc.date({ min: new Date('1970-01-02T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true });

  it('lands on the Berlin wall grid within half a step, idempotently, for steps dividing an hour', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(1, 5, 10, 15, 20, 30, 60), (d, step) => {
        const r = roundToStep(d, step);
        expect(Math.abs(r.getTime() - d.getTime())).toBeLessThanOrEqual((step * 60_000) / 2);
        expect(Number(formatTime(r).slice(3)) % step).toBe(0);
        expect(r.getUTCSeconds()).toBe(0);
        expect(r.getUTCMilliseconds()).toBe(0);
        expect(roundToStep(r, step).getTime()).toBe(r.getTime());
      }),
      { numRuns: 2000 },
    );
  });

  it('never moves more than half a step for any step', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 1440 }), (d, step) => {
        const r = roundToStep(d, step);
        expect(Math.abs(r.getTime() - d.getTime())).toBeLessThanOrEqual((step * 60_000) / 2);
      }),
      { numRuns: 1000 },
    );
  });
});
