import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counted, plural } from './plural';

describe('plural', () => {
  it('uses the singular for exactly one, in German and English', () => {
    expect(counted('de', 1, 'booking')).toBe('1 Buchung');
    expect(counted('en', 1, 'booking')).toBe('1 booking');
  });

  it('uses the plural for zero and for more than one', () => {
    expect(counted('de', 0, 'booking')).toBe('0 Buchungen');
    expect(counted('de', 2, 'booking')).toBe('2 Buchungen');
    expect(counted('en', 0, 'booking')).toBe('0 bookings');
    expect(plural('en', 15, { one: 'at most {count} minute', other: 'at most {count} minutes' })).toBe('at most 15 minutes');
  });

  it('never pairs a count other than one with the singular, and always names the count', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.constantFrom('de' as const, 'en' as const), (n, locale) => {
        const text = plural(locale, n, { one: 'ONE {count}', other: 'OTHER {count}' });
        expect(text).toBe(n === 1 ? 'ONE 1' : `OTHER ${n}`);
      }),
    );
  });

  it('names minutes and days in the singular for one', () => {
    expect(counted('de', 1, 'minute')).toBe('1 Minute');
    expect(counted('de', 30, 'minute')).toBe('30 Minuten');
    expect(counted('de', 1, 'day')).toBe('1 Tag');
    expect(counted('en', 1, 'day')).toBe('1 day');
    expect(counted('en', 14, 'day')).toBe('14 days');
  });

  it('fills every occurrence of the count', () => {
    expect(plural('de', 3, { one: '{count}/{count}', other: '{count} von {count}' })).toBe('3 von 3');
  });
});
