import { contrastRatio } from '@web/lib/contrast';
import { describe, expect, it } from 'vitest';
import { STATE_COLOURS } from './states';

describe('state colours', () => {
  it('map markers and badges are readable: text on every state colour ≥ 4.5:1 (WCAG AA)', () => {
    for (const [state, c] of Object.entries(STATE_COLOURS)) {
      expect(contrastRatio(c.fill, c.text), state).toBeGreaterThanOrEqual(4.5);
    }
  });
});
