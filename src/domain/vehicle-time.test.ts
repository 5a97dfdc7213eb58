import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, berlinDay, endOfDay, startOfDay } from './vehicle-time';

describe('endOfDay', () => {
  it('is the last millisecond of the Berlin day, in winter, in summer and on the days the clocks change', () => {
    expect(endOfDay('2026-12-31').toISOString()).toBe('2026-12-31T22:59:59.999Z');
    expect(endOfDay('2027-07-01').toISOString()).toBe('2027-07-01T21:59:59.999Z');
    // 28.03.2027 has 23 hours, 31.10.2027 has 25
    expect(endOfDay('2027-03-28').toISOString()).toBe('2027-03-28T21:59:59.999Z');
    expect(endOfDay('2027-10-31').toISOString()).toBe('2027-10-31T22:59:59.999Z');
  });

  it('property: still the same Berlin day, and one millisecond later the next one begins', () => {
    const day = fc.integer({ min: 0, max: 365 * 30 }).map((n) => addDays('2020-01-01', n));
    fc.assert(
      fc.property(day, (d) => {
        const end = endOfDay(d);
        expect(berlinDay(end)).toBe(d);
        expect(end.getTime() + 1).toBe(startOfDay(addDays(d, 1)).getTime());
      }),
    );
  });
});
