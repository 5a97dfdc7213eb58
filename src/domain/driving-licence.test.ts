import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertLicenceGate,
  gateError,
  LICENCE_CLASSES,
  type LicenceRecord,
  licenceGate,
  licenceState,
  nextCheckDate,
  validateCheck,
} from './driving-licence';
import { AppError } from './errors';
import { addDays, berlinInstant } from './vehicle-time';

function caught(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

const licence = (over: Partial<LicenceRecord> = {}): LicenceRecord => ({
  classes: ['B', 'AM'],
  issueDate: '2010-05-01',
  lastCheck: '2026-09-01',
  nextCheck: '2027-03-01',
  banFrom: null,
  banTo: null,
  ...over,
});
const period = (from: string, to: string) => ({ von: berlinInstant(from, '10:00'), bis: berlinInstant(to, '12:00') });

describe('nextCheckDate', () => {
  it('adds months and keeps month ends inside the target month', () => {
    expect(nextCheckDate('2026-08-31', 6)).toBe('2027-02-28');
    expect(nextCheckDate('2027-08-31', 6)).toBe('2028-02-29');
    expect(nextCheckDate('2026-03-15', 6)).toBe('2026-09-15');
    expect(nextCheckDate('2026-11-30', 3)).toBe('2027-02-28');
    expect(nextCheckDate('2026-12-31', 1)).toBe('2027-01-31');
    expect(nextCheckDate('2026-01-31', 120)).toBe('2036-01-31');
  });

  it('property: the result lies in the month n months later, never later than the same day', () => {
    const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 120 }), (d, months) => {
        const iso = d.toISOString().slice(0, 10);
        const next = nextCheckDate(iso, months);
        const monthIndex = (s: string) => Number(s.slice(0, 4)) * 12 + Number(s.slice(5, 7)) - 1;
        expect(monthIndex(next) - monthIndex(iso)).toBe(months);
        expect(Number(next.slice(8, 10))).toBeLessThanOrEqual(Number(iso.slice(8, 10)));
        expect(new Date(`${next}T00:00:00Z`).toISOString().slice(0, 10)).toBe(next);
      }),
    );
  });
});

describe('licenceState', () => {
  const today = '2026-11-24';
  it('names the five states', () => {
    expect(licenceState(null, today, 14)).toBe('keine_daten');
    expect(licenceState(licence(), today, 14)).toBe('gueltig');
    expect(licenceState(licence({ nextCheck: '2026-12-08' }), today, 14)).toBe('bald_faellig');
    expect(licenceState(licence({ nextCheck: '2026-12-09' }), today, 14)).toBe('gueltig');
    expect(licenceState(licence({ nextCheck: today }), today, 14)).toBe('ueberfaellig');
    expect(licenceState(licence({ banFrom: '2026-11-01', banTo: today }), today, 14)).toBe('fahrverbot');
    expect(licenceState(licence({ banFrom: '2026-12-01', banTo: '2026-12-31' }), today, 14)).toBe('gueltig');
  });
});

describe('licenceGate', () => {
  it('does not gate vehicles without a required class', () => {
    expect(licenceGate({ requiredClass: null, licence: null, ...period('2026-12-01', '2026-12-01') })).toBeNull();
    expect(licenceGate({ requiredClass: ' ', licence: null, ...period('2026-12-01', '2026-12-01') })).toBeNull();
  });

  it('names each failed condition, in order', () => {
    const p = period('2026-12-01', '2026-12-02');
    expect(licenceGate({ requiredClass: 'B', licence: null, ...p })).toEqual({ reason: 'missing' });
    expect(licenceGate({ requiredClass: 'C1', licence: licence(), ...p })).toEqual({ reason: 'class_missing' });
    expect(licenceGate({ requiredClass: 'B', licence: licence({ issueDate: '2026-12-01' }), ...p })).toEqual({
      reason: 'issued_too_late',
      issueDate: '2026-12-01',
    });
    expect(licenceGate({ requiredClass: 'B', licence: licence({ nextCheck: '2026-12-02' }), ...p })).toEqual({
      reason: 'check_due',
      nextCheck: '2026-12-02',
    });
    expect(licenceGate({ requiredClass: 'B', licence: licence({ banFrom: '2026-12-02', banTo: '2026-12-20' }), ...p })).toEqual({
      reason: 'driving_ban',
      banFrom: '2026-12-02',
      banTo: '2026-12-20',
    });
  });

  it('allows the edges: issued the day before, next check the day after, ban ending the day before', () => {
    const p = period('2026-12-01', '2026-12-02');
    expect(
      licenceGate({
        requiredClass: 'B',
        licence: licence({ issueDate: '2026-11-30', nextCheck: '2026-12-03', banFrom: '2026-11-01', banTo: '2026-11-30' }),
        ...p,
      }),
    ).toBeNull();
  });

  it('a period ending at midnight does not touch the next day', () => {
    const p = { von: berlinInstant('2026-12-01', '10:00'), bis: berlinInstant('2026-12-02', '00:00') };
    expect(licenceGate({ requiredClass: 'B', licence: licence({ nextCheck: '2026-12-02' }), ...p })).toBeNull();
  });

  it('grace days let a trip start after a missed check date', () => {
    const p = period('2026-12-05', '2026-12-05');
    const l = licence({ nextCheck: '2026-12-01' });
    expect(licenceGate({ requiredClass: 'B', licence: l, ...p, graceDays: 4 })?.reason).toBe('check_due');
    expect(licenceGate({ requiredClass: 'B', licence: l, ...p, graceDays: 5 })).toBeNull();
  });

  it('refusals are German texts that name the condition', () => {
    const e = caught(() =>
      assertLicenceGate(
        { requiredClass: 'B', licence: licence({ nextCheck: '2026-12-02' }), ...period('2026-12-01', '2026-12-02') },
        'Max Muster',
      ),
    );
    expect([e.code, e.status, e.message]).toEqual([
      'licence_check_due',
      409,
      'Die nächste Führerscheinprüfung von Max Muster ist am 02.12.2026 fällig, nicht nach dem Ende des Zeitraums.',
    ]);
    expect(gateError({ reason: 'missing' }, 'Max Muster', 'B').message).toBe(
      'Für Max Muster liegt keine Führerscheinprüfung vor; das Fahrzeug verlangt die Führerscheinklasse B.',
    );
    expect(gateError({ reason: 'driving_ban', banFrom: '2026-12-01', banTo: '2026-12-31' }, 'Max Muster', 'B').message).toBe(
      'Für Max Muster gilt vom 01.12.2026 bis 31.12.2026 ein Fahrverbot, das den Zeitraum überschneidet.',
    );
  });

  it('property: allowed exactly when all four conditions of docs/product.md#driving-licences hold', () => {
    const base = '2026-06-01';
    const arb = fc.record({
      start: fc.integer({ min: 0, max: 60 }),
      len: fc.integer({ min: 0, max: 10 }),
      issue: fc.integer({ min: -30, max: 90 }),
      next: fc.integer({ min: -30, max: 90 }),
      hasB: fc.boolean(),
      ban: fc.option(fc.record({ from: fc.integer({ min: -30, max: 90 }), len: fc.integer({ min: 0, max: 20 }) }), { nil: null }),
      grace: fc.integer({ min: 0, max: 10 }),
    });
    fc.assert(
      fc.property(arb, (a) => {
        const first = addDays(base, a.start);
        const last = addDays(first, a.len);
        const l = licence({
          classes: a.hasB ? ['B'] : ['AM', 'C1'],
          issueDate: addDays(base, a.issue),
          nextCheck: addDays(base, a.next),
          banFrom: a.ban ? addDays(base, a.ban.from) : null,
          banTo: a.ban ? addDays(base, a.ban.from + a.ban.len) : null,
        });
        const result = licenceGate({ requiredClass: 'B', licence: l, ...period(first, last), graceDays: a.grace });
        const banOverlaps = a.ban !== null && a.ban.from <= a.start + a.len && a.ban.from + a.ban.len >= a.start;
        const valid = a.hasB && a.issue < a.start && a.next + a.grace > a.start + a.len && !banOverlaps;
        expect(result === null).toBe(valid);
      }),
    );
  });

  it('property: a longer grace never turns an allowed trip into a refused one', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }), (next, g1, g2) => {
        const l = licence({ nextCheck: addDays('2026-06-10', next) });
        const p = period('2026-06-10', '2026-06-11');
        const a = licenceGate({ requiredClass: 'B', licence: l, ...p, graceDays: Math.min(g1, g2) });
        const b = licenceGate({ requiredClass: 'B', licence: l, ...p, graceDays: Math.max(g1, g2) });
        if (a === null) expect(b).toBeNull();
      }),
    );
  });
});

describe('validateCheck', () => {
  const ok = { checkedOn: '2026-11-24', issueDate: '2010-01-01', classes: ['B'], banFrom: null, banTo: null };
  it('accepts a plain check of today', () => {
    expect(() => validateCheck(ok, '2026-11-24')).not.toThrow();
    expect(() => validateCheck({ ...ok, classes: [...LICENCE_CLASSES] }, '2026-11-24')).not.toThrow();
  });
  it('refuses future checks, late issue dates, reversed or half bans, unknown or doubled classes', () => {
    expect(caught(() => validateCheck({ ...ok, checkedOn: '2026-11-25' }, '2026-11-24')).message).toBe(
      'Das Prüfdatum darf nicht in der Zukunft liegen.',
    );
    expect(caught(() => validateCheck({ ...ok, issueDate: '2026-11-25', checkedOn: '2026-11-24' }, '2026-11-24')).message).toBe(
      'Das Ausstellungsdatum darf nicht nach dem Prüfdatum liegen.',
    );
    expect(caught(() => validateCheck({ ...ok, banFrom: '2026-12-10', banTo: '2026-12-01' }, '2026-11-24')).message).toBe(
      'Das Ende des Fahrverbots darf nicht vor seinem Beginn liegen.',
    );
    expect(caught(() => validateCheck({ ...ok, banFrom: '2026-12-10', banTo: null }, '2026-11-24')).message).toBe(
      'Für ein Fahrverbot bitte Beginn und Ende angeben.',
    );
    expect(caught(() => validateCheck({ ...ok, classes: ['B', 'X9'] }, '2026-11-24')).message).toBe('Unbekannte Führerscheinklasse: X9');
    expect(caught(() => validateCheck({ ...ok, classes: ['B', 'B'] }, '2026-11-24')).code).toBe('licence_class_twice');
  });
});
