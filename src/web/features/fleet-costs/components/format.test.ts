import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberOf } from './format';

describe('numberOf: what a receipt field holds', () => {
  it('reads the strings a NumberInput hands over for round amounts as the amounts they are', () => {
    expect(numberOf('140.00')).toBe(140);
    expect(numberOf('35.50')).toBe(35.5);
    expect(numberOf(63.51)).toBe(63.51);
  });
  it('leaves an empty or unreadable field empty', () => {
    expect(numberOf('')).toBe('');
    expect(numberOf('  ')).toBe('');
    expect(numberOf('-')).toBe('');
    expect(numberOf(Number.NaN)).toBe('');
  });
  it('any amount written with fixed decimals reads back as the same number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 3 }), (cents, digits) => {
        const value = cents / 100;
        expect(numberOf(value.toFixed(Math.max(digits, 2)))).toBeCloseTo(value, 2);
      }),
    );
  });
});
