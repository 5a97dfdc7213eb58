import { parseGermanDay } from '@web/lib/german-day';
import { describe, expect, it } from 'vitest';

describe('parseGermanDay', () => {
  it('reads German dates and refuses days that do not exist', () => {
    expect(parseGermanDay('24.11.2026')).toBe('2026-11-24');
    expect(parseGermanDay(' 1.2.2027 ')).toBe('2027-02-01');
    expect(parseGermanDay('29.02.2028')).toBe('2028-02-29');
    expect(parseGermanDay('29.02.2027')).toBeNull();
    expect(parseGermanDay('2026-11-24')).toBeNull();
    expect(parseGermanDay('')).toBeNull();
  });
});
