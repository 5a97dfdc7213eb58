import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CALENDAR_FORMATS,
  calendarDate,
  DATE_OUT_OF_RANGE,
  INVALID_DATE,
  INVALID_INSTANT,
  INVALID_TIME,
  instant,
  PAST_DATE_OUT_OF_RANGE,
  pastCalendarDate,
  timeOfDay,
} from './calendar';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);
const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('calendarDate', () => {
  it('refuses days of the right shape that do not exist, with one message', () => {
    for (const v of ['2026-02-30', '2026-11-31', '2026-13-01', '0000-00-00', '2026-00-10', '2025-02-29', '2026-1-05', '0000-01-01', '']) {
      const r = calendarDate.safeParse(v);
      expect(r.success, v).toBe(false);
      expect(message(r)).toBe(INVALID_DATE);
    }
    expect(calendarDate.safeParse('2028-02-29').success).toBe(true);
  });

  it('accepts exactly the days of the calendar', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const real = y >= 2000 && y <= 2100 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
        expect(calendarDate.safeParse(`${pad(y, 4)}-${pad(m)}-${pad(d)}`).success).toBe(real);
      }),
    );
  });
});

describe('the years a day or instant may lie in', () => {
  it('refuses days and instants before 2000 and after 2100 with their own key, and a past day from 1900', () => {
    for (const v of ['9999-12-31', '2101-01-01', '1999-12-31']) expect(message(calendarDate.safeParse(v)), v).toBe(DATE_OUT_OF_RANGE);
    for (const v of ['9999-12-31T23:59:59Z', '2101-01-01T00:00:00+01:00', '1999-12-31T23:00:00Z'])
      expect(message(instant.safeParse(v)), v).toBe(DATE_OUT_OF_RANGE);
    for (const v of ['2000-01-01', '2100-12-31']) expect(calendarDate.safeParse(v).success, v).toBe(true);
    expect(instant.safeParse('2100-12-31T23:59:59+01:00').success).toBe(true);
    expect(pastCalendarDate.safeParse('1998-03-02').success).toBe(true);
    expect(message(pastCalendarDate.safeParse('1899-12-31'))).toBe(PAST_DATE_OUT_OF_RANGE);
    expect(message(instant.safeParse('2026-02-30T10:00:00Z'))).toBe(INVALID_INSTANT);
  });
});

describe('timeOfDay', () => {
  it('accepts 00:00 to 23:59 and nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 70 }), (h, m) => {
        expect(timeOfDay.safeParse(`${pad(h)}:${pad(m)}`).success).toBe(h <= 23 && m <= 59);
      }),
    );
    for (const v of ['24:00', '12:60', '7:5', '07:5', '0700', '']) expect(message(timeOfDay.safeParse(v)), v).toBe(INVALID_TIME);
  });
});

describe('instant', () => {
  it('refuses instants on days that do not exist, and instants without an offset', () => {
    for (const v of [
      '2026-02-30T10:00:00Z',
      '2026-11-31T10:00:00+01:00',
      '2026-13-01T10:00:00Z',
      '2026-11-24T24:00:00Z',
      '2026-11-24T10:00:00',
    ]) {
      expect(instant.safeParse(v).success, v).toBe(false);
    }
    expect(instant.safeParse('2026-11-24T10:00:00+01:00').success).toBe(true);
    expect(instant.safeParse('2026-11-24T09:00:00.000Z').success).toBe(true);
  });
});

describe('the published schema', () => {
  it('names each field as a calendar day, time of day or instant, so the API document says which fields they are', () => {
    const doc = z.toJSONSchema(z.object({ d: calendarDate, t: timeOfDay, i: instant })) as {
      properties: Record<string, { format?: string }>;
    };
    expect(doc.properties.d!.format).toBe(CALENDAR_FORMATS.date);
    expect(doc.properties.t!.format).toBe(CALENDAR_FORMATS.time);
    expect(doc.properties.i!.format).toBe(CALENDAR_FORMATS.instant);
  });
});
