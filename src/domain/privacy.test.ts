import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportExpiresAt, exportPercent } from './privacy';

describe('exportPercent', () => {
  it('is 100 only when the export is done', () => {
    expect(exportPercent('fertig', 0, 0)).toBe(100);
    expect(exportPercent('laeuft', 11, 11)).toBe(99);
    expect(exportPercent('wartend', 0, 11)).toBe(0);
    expect(exportPercent('laeuft', 5, 10)).toBe(50);
  });

  it('stays between 0 and 99 and never falls while steps are done', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 }), (a, total) => {
        const b = a + 1;
        const p = exportPercent('laeuft', a, total);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(99);
        expect(exportPercent('laeuft', b, total)).toBeGreaterThanOrEqual(p);
      }),
    );
  });
});

describe('exportExpiresAt', () => {
  it('is one day after the start', () => {
    expect(exportExpiresAt(new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-29T12:00:00.000Z');
  });
});
