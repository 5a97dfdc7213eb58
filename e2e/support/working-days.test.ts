import { isoWeekday } from '@domain/opening-hours';
import { describe, expect, it } from 'vitest';
import { workingDay } from './working-days';

describe('workingDay', () => {
  it('skips the weekend', () => {
    // 2026-11-27 is a Friday
    expect(workingDay(1, '2026-11-27')).toBe('2026-11-30');
    expect(workingDay(2, '2026-11-27')).toBe('2026-12-01');
    expect(workingDay(1, '2026-11-28')).toBe('2026-11-30');
    expect(workingDay(1, '2026-11-24')).toBe('2026-11-25');
  });

  it('always lands on Monday to Friday, later than the day it starts from', () => {
    for (let i = 0; i < 14; i++) {
      const from = `2026-11-${String(16 + i).padStart(2, '0')}`;
      for (const n of [1, 2, 3]) {
        const day = workingDay(n, from);
        expect(isoWeekday(day)).toBeLessThanOrEqual(5);
        expect(day > from).toBe(true);
      }
    }
  });
});
