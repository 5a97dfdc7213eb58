import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertLockerDay, chooseFreeLocker, compareLockerNumbers, LOCKER_MESSAGES, normaliseLockerNumber } from './lockers';

describe('lockers', () => {
  it('refuses days before today and accepts today and later', () => {
    expect(() => assertLockerDay('2026-11-23', '2026-11-24')).toThrow(LOCKER_MESSAGES.pastDay);
    expect(() => assertLockerDay('2026-11-24', '2026-11-24')).not.toThrow();
    expect(() => assertLockerDay('2026-12-01', '2026-11-24')).not.toThrow();
  });

  it('orders numbers as people read them', () => {
    expect(['10', '2', 'A-10', 'A-2', '1'].sort(compareLockerNumbers)).toEqual(['1', '2', '10', 'A-2', 'A-10']);
  });

  it('is a total order: antisymmetric and consistent with equality', () => {
    const label = fc.stringMatching(/^[A-C]?-?\d{1,3}$/);
    fc.assert(
      fc.property(label, label, (a, b) => {
        const ab = Math.sign(compareLockerNumbers(a, b));
        expect(ab).toBe(-Math.sign(compareLockerNumbers(b, a)) || 0);
        if (ab === 0) expect(a).toBe(b);
      }),
    );
  });

  it('gives the free locker with the lowest number, or says none is free', () => {
    expect(() => chooseFreeLocker([])).toThrow(LOCKER_MESSAGES.noneFree);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1 }), (numbers) => {
        const free = numbers.map((n) => ({ id: `id-${n}`, number: String(n) }));
        const chosen = chooseFreeLocker(free);
        expect(free).toContain(chosen);
        expect(Number(chosen.number)).toBe(Math.min(...numbers));
      }),
    );
  });

  it('takes numbers of 1 to 20 characters, trimmed', () => {
    expect(normaliseLockerNumber(' 12 ')).toBe('12');
    expect(() => normaliseLockerNumber('  ')).toThrow('Die Spindnummer muss 1 bis 20 Zeichen lang sein.');
    expect(() => normaliseLockerNumber('x'.repeat(21))).toThrow('Die Spindnummer muss 1 bis 20 Zeichen lang sein.');
  });
});
