import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextRevealCount, REVEAL_STEP } from './use-reveal-in-steps';

describe('nextRevealCount', () => {
  it('adds one step and stops at the whole list', () => {
    expect(nextRevealCount(0, 9)).toBe(REVEAL_STEP);
    expect(nextRevealCount(4, 9)).toBe(8);
    expect(nextRevealCount(8, 9)).toBe(9);
    expect(nextRevealCount(9, 9)).toBe(9);
  });

  it('reaches every list in total / step steps and never overshoots', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 20 }), (total, step) => {
        let shown = Math.min(total, step);
        let steps = 1;
        while (shown < total) {
          const next = nextRevealCount(shown, total, step);
          expect(next).toBeGreaterThan(shown);
          expect(next).toBeLessThanOrEqual(total);
          shown = next;
          steps++;
        }
        expect(steps).toBe(Math.max(1, Math.ceil(total / step)));
      }),
    );
  });
});
