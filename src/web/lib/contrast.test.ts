import { describe, expect, it } from 'vitest';
import { STATE_COLOURS } from '../features/reading-rooms/states';
import { contrastRatio } from './contrast';

describe('contrastRatio', () => {
  it('follows WCAG 2', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    expect(contrastRatio('#2f9e44', '#ffffff')).toBeCloseTo(3.45, 2);
    expect(contrastRatio('#ffffff', '#2f9e44')).toBeCloseTo(contrastRatio('#2f9e44', '#ffffff'), 10);
  });

  it('map markers and badges are readable: text on every state colour ≥ 4.5:1 (WCAG AA)', () => {
    for (const [state, c] of Object.entries(STATE_COLOURS)) {
      expect(contrastRatio(c.fill, c.text), state).toBeGreaterThanOrEqual(4.5);
    }
  });
});
