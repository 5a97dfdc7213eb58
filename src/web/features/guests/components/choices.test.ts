import { berlinInstant } from '@domain/vehicle-time';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultPeriod } from './choices';

const RENTAL = { earliest: '09:00', latest: '21:00', minutes: 120, atLeast: 60 };

describe('defaultPeriod', () => {
  it('starts at the next half hour and runs two hours in the afternoon', () => {
    expect(defaultPeriod(berlinInstant('2026-11-27', '14:10'), RENTAL)).toEqual({ day: '2026-11-27', from: '14:30', to: '16:30' });
  });

  it('starts at the earliest hour in the early morning', () => {
    expect(defaultPeriod(berlinInstant('2026-11-27', '06:45'), RENTAL)).toEqual({ day: '2026-11-27', from: '09:00', to: '11:00' });
  });

  it('shortens the period to the closing time while an hour is left', () => {
    expect(defaultPeriod(berlinInstant('2026-11-27', '19:40'), RENTAL)).toEqual({ day: '2026-11-27', from: '20:00', to: '21:00' });
  });

  it('offers tomorrow morning in the evening, when less than an hour is left', () => {
    expect(defaultPeriod(berlinInstant('2026-11-27', '20:01'), RENTAL)).toEqual({ day: '2026-11-28', from: '09:00', to: '11:00' });
    expect(defaultPeriod(berlinInstant('2026-11-27', '23:59'), RENTAL)).toEqual({ day: '2026-11-28', from: '09:00', to: '11:00' });
  });

  it('crosses the change to summer time on the right day', () => {
    expect(defaultPeriod(berlinInstant('2026-03-28', '22:00'), RENTAL)).toEqual({ day: '2026-03-29', from: '09:00', to: '11:00' });
  });

  it('always yields a period in the future, inside the window, today or tomorrow', () => {
    const from = new Date('2025-01-01T00:00:00Z').getTime();
    const to = new Date('2028-12-31T00:00:00Z').getTime();
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        const now = new Date(ms);
        const p = defaultPeriod(now, RENTAL);
        expect(p.from < p.to).toBe(true);
        expect(p.from >= RENTAL.earliest && p.to <= RENTAL.latest).toBe(true);
        const start = berlinInstant(p.day, p.from).getTime();
        expect(start).toBeGreaterThan(ms);
        expect(start - ms).toBeLessThan(36 * 3_600_000);
        const minutes = (berlinInstant(p.day, p.to).getTime() - start) / 60_000;
        expect(minutes).toBeGreaterThanOrEqual(RENTAL.atLeast);
      }),
      { numRuns: 500 },
    );
  });
});
