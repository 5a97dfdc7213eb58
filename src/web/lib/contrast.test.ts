import { describe, expect, it } from 'vitest';
import { LIGHT_VARIANT_TEXT } from '../theme';
import { contrastRatio } from './contrast';

describe('contrastRatio', () => {
  it('follows WCAG 2', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    expect(contrastRatio('#2f9e44', '#ffffff')).toBeCloseTo(3.45, 2);
    expect(contrastRatio('#ffffff', '#2f9e44')).toBeCloseTo(contrastRatio('#2f9e44', '#ffffff'), 10);
  });

  it('light badges and buttons are readable: their text on the tint and the hover tint of every colour ≥ 4.5:1', () => {
    // Mantine paints the light variant as shade 6 at 10 % (hover 12 %) over white.
    const tint = (hex: string, alpha: number) =>
      `#${[1, 3, 5]
        .map((i) =>
          Math.round(255 - (255 - parseInt(hex.slice(i, i + 2), 16)) * alpha)
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')}`;
    for (const [name, c] of Object.entries(LIGHT_VARIANT_TEXT)) {
      expect(contrastRatio(c.text, tint(c.shade6, 0.1)), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(c.text, tint(c.shade6, 0.12)), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
