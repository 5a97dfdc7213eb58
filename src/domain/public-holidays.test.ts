import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './opening-hours';
import { BUNDESLAENDER, isBundesland, publicHolidays } from './public-holidays';

describe('public holidays of a Bundesland (decision 235)', () => {
  it('knows fixed and movable feasts and the differences between states', () => {
    const by = publicHolidays('BY', '2026-01-01', '2026-12-31');
    expect(by.map((h) => h.date)).toContain('2026-06-04'); // Fronleichnam
    expect(by.find((h) => h.date === '2026-04-06')).toEqual({ date: '2026-04-06', de: 'Ostermontag', en: 'Easter Monday' });
    expect(by.find((h) => h.date === '2026-12-25')?.de).toBe('1. Weihnachtstag');
    const be = publicHolidays('BE', '2026-01-01', '2026-12-31').map((h) => h.date);
    expect(be).not.toContain('2026-06-04');
    expect(be).toContain('2026-03-08'); // Internationaler Frauentag
    expect(publicHolidays('SN', '2026-11-01', '2026-11-30').map((h) => h.date)).toEqual(['2026-11-18']); // Buß- und Bettag
    expect(publicHolidays('BY', '2027-03-20', '2027-03-31').map((h) => h.de)).toEqual(['Karfreitag', 'Ostermontag']); // Easter 28.03.2027
  });

  it('gives none without a state (the default for a tenant)', () => {
    expect(publicHolidays('kein', '2026-01-01', '2026-12-31')).toEqual([]);
    expect(publicHolidays(null, '2026-01-01', '2026-12-31')).toEqual([]);
    expect(isBundesland('XX')).toBe(false);
    expect(isBundesland('NW')).toBe(true);
  });

  it('property: every state has New Year, Labour Day, German Unity Day and Christmas, each holiday inside the range', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(BUNDESLAENDER)),
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 0, max: 400 }),
        (state, year, n) => {
          const all = publicHolidays(state, `${year}-01-01`, `${year}-12-31`).map((h) => h.date);
          for (const d of ['01-01', '05-01', '10-03', '12-25', '12-26']) expect(all).toContain(`${year}-${d}`);
          const from = addDays(`${year}-01-01`, n);
          const to = addDays(from, 40);
          for (const h of publicHolidays(state, from, to)) {
            expect(h.date >= from && h.date <= to).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
