import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeSteps } from './time-steps';

describe('timeSteps', () => {
  it('lists the booking interval between opening and closing', () => {
    expect(timeSteps('08:00', '10:00', 30)).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00']);
    expect(timeSteps('08:10', '09:00', 15)).toEqual(['08:15', '08:30', '08:45', '09:00']);
    expect(timeSteps('22:00', '24:00', 60)).toEqual(['22:00', '23:00', '24:00']);
    expect(timeSteps('10:00', '09:00', 15)).toEqual([]);
  });

  it('steps are on the interval, ascending, inside opening hours', () => {
    const time = fc
      .integer({ min: 0, max: 24 * 60 })
      .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    fc.assert(
      fc.property(time, time, fc.constantFrom(5, 10, 15, 30, 60), (von, bis, interval) => {
        const steps = timeSteps(von, bis, interval);
        const minutes = steps.map((s) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3)));
        for (const [i, m] of minutes.entries()) {
          expect(m % interval).toBe(0);
          expect(steps[i]! >= von && steps[i]! <= bis).toBe(true);
          if (i > 0) expect(m - minutes[i - 1]!).toBe(interval);
        }
      }),
    );
  });
});
