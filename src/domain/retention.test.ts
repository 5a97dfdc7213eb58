import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  auditPurgeBefore,
  isDue,
  logbookKeptUntil,
  logbookPurgeBefore,
  periodOf,
  placeholderNamesInEnglish,
  RETENTION_DEFAULTS,
  type RetentionCandidate,
  retentionCutoff,
  retentionMonthsOf,
  subtractMonths,
} from './retention';

const now = new Date('2026-11-27T10:00:00Z');
const months = { buchungen: 24, fahrtdetails: 12, gaeste: 6 };

describe('periodOf', () => {
  it('puts a driven trip under trip details, other bookings under bookings, guest data under guests', () => {
    expect(periodOf({ kind: 'vehicle', bis: now, status: 'durchgeführt', driven: true })).toBe('fahrtdetails');
    expect(periodOf({ kind: 'vehicle', bis: now, status: 'storniert', driven: false })).toBe('buchungen');
    expect(periodOf({ kind: 'seat', bis: now, status: 'durchgeführt' })).toBe('buchungen');
    expect(periodOf({ kind: 'guest', bis: now, status: 'durchgeführt', driven: true })).toBe('gaeste');
  });
});

describe('retentionCutoff', () => {
  it('is Berlin midnight of today minus the months; 0 keeps', () => {
    expect(retentionCutoff(now, 24)?.toISOString()).toBe('2024-11-26T23:00:00.000Z');
    expect(retentionCutoff(new Date('2026-07-01T12:00:00Z'), 6)?.toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(retentionCutoff(now, 0)).toBeNull();
  });

  it('clamps to the last day of a shorter month', () => {
    expect(subtractMonths('2026-03-31', 1)).toBe('2026-02-28');
    expect(subtractMonths('2024-03-31', 1)).toBe('2024-02-29');
    expect(subtractMonths('2026-01-15', 13)).toBe('2024-12-15');
  });
});

describe('isDue', () => {
  it('anonymises a seat booking ended 25 months ago, keeps one ended 23 months ago', () => {
    expect(isDue({ kind: 'seat', bis: new Date('2024-10-20T10:00:00Z'), status: 'durchgeführt' }, months, now)).toBe(true);
    expect(isDue({ kind: 'seat', bis: new Date('2024-12-20T10:00:00Z'), status: 'durchgeführt' }, months, now)).toBe(false);
  });

  it('uses the trip-details period for a driven trip and the guest period for guest data', () => {
    const bis = new Date('2025-08-01T10:00:00Z');
    expect(isDue({ kind: 'vehicle', bis, status: 'durchgeführt', driven: true }, months, now)).toBe(true);
    expect(isDue({ kind: 'vehicle', bis, status: 'storniert', driven: false }, months, now)).toBe(false);
    expect(isDue({ kind: 'guest', bis, status: 'storniert' }, months, now)).toBe(true);
  });

  it('never touches a running trip', () => {
    expect(isDue({ kind: 'vehicle', bis: new Date('2020-01-01T00:00:00Z'), status: 'aktiv', driven: true }, months, now)).toBe(false);
  });

  const candidate = fc.record({
    kind: fc.constantFrom<RetentionCandidate['kind']>('seat', 'vehicle', 'guest'),
    bis: fc.date({ min: new Date('2010-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }),
    status: fc.constantFrom('vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert'),
    driven: fc.boolean(),
  });
  const period = fc.record({
    buchungen: fc.integer({ min: 0, max: 240 }),
    fahrtdetails: fc.integer({ min: 0, max: 240 }),
    gaeste: fc.integer({ min: 0, max: 240 }),
  });
  const instant = fc.date({ min: new Date('2015-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true });

  it('once due, stays due as time goes on (so a second run finds nothing new to undo)', () => {
    fc.assert(
      fc.property(candidate, period, instant, fc.integer({ min: 0, max: 4000 }), (c, m, t, days) => {
        const later = new Date(t.getTime() + days * 86_400_000);
        if (isDue(c, m, t)) expect(isDue(c, m, later)).toBe(true);
      }),
    );
  });

  it('never marks a row that has not ended before the cut-off, and never with 0 months', () => {
    fc.assert(
      fc.property(candidate, period, instant, (c, m, t) => {
        const p = periodOf(c);
        if (m[p] === 0) expect(isDue(c, m, t)).toBe(false);
        if (c.bis.getTime() >= t.getTime()) expect(isDue(c, m, t)).toBe(false);
      }),
    );
  });

  it('keeps longer when the period is longer', () => {
    fc.assert(
      fc.property(candidate, period, instant, fc.integer({ min: 1, max: 60 }), (c, m, t, more) => {
        const p = periodOf(c);
        const longer = { ...m, [p]: m[p] === 0 ? 0 : m[p] + more };
        if (isDue(c, longer, t)) expect(isDue(c, m, t)).toBe(true);
      }),
    );
  });
});

describe('logbookKeptUntil', () => {
  it('counts ten years from the end of the trip year (Berlin)', () => {
    expect(logbookKeptUntil(new Date('2026-03-01T10:00:00Z')).toISOString()).toBe('2036-12-31T23:00:00.000Z');
    // 31.12.2025 23:30 in Berlin is still 2025
    expect(logbookKeptUntil(new Date('2025-12-31T22:30:00Z')).toISOString()).toBe('2035-12-31T23:00:00.000Z');
  });

  it('is always later than ten years after the trip', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }), (d) => {
        const kept = logbookKeptUntil(d);
        expect(kept.getTime()).toBeGreaterThan(d.getTime() + 10 * 365 * 86_400_000);
      }),
    );
  });
});

describe('retentionMonthsOf', () => {
  it('falls back to the defaults for missing values and keeps for broken ones', () => {
    expect(retentionMonthsOf({})).toEqual(RETENTION_DEFAULTS);
    expect(retentionMonthsOf({ buchungen: 0, fahrtdetails: 'x', gaeste: 3 })).toEqual({ buchungen: 0, fahrtdetails: 0, gaeste: 3 });
  });
});

describe('placeholderNamesInEnglish', () => {
  it('words every form a screen receives in English', () => {
    const json = JSON.stringify({
      a: { name: 'Gelöschte Person' },
      b: 'Person, Gelöschte',
      c: { firstName: 'Anonymisierte', lastName: 'Person' },
      d: 'Anonymisierter Gast',
      e: 'Gebucht von Gelöschte Person, Anonymisierte Person und 2 weitere',
    });
    expect(JSON.parse(placeholderNamesInEnglish(json))).toEqual({
      a: { name: 'Deleted person' },
      b: 'Deleted person',
      c: { firstName: 'Anonymised', lastName: 'person' },
      d: 'Anonymised guest',
      e: 'Gebucht von Deleted person, Anonymised person und 2 weitere',
    });
  });

  it('leaves names that only start like a placeholder alone', () => {
    const json = JSON.stringify({
      a: 'Gelöschte Personen',
      b: 'Anonymisierte Personalnummer',
      c: { firstName: 'Gelöschte', lastName: 'Personal' },
    });
    expect(placeholderNamesInEnglish(json)).toBe(json);
  });

  it('keeps text without placeholders as it is and changes nothing twice', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom('', 'Gelöschte Person', 'Anonymisierter Gast', 'Person, Anonymisierte'),
        (value, name) => {
          const json = JSON.stringify({ value, name });
          const once = placeholderNamesInEnglish(json);
          expect(placeholderNamesInEnglish(once)).toBe(once);
          if (!/Gelöschte|Anonymisierte|Anonymisierter/.test(JSON.stringify(value)))
            expect(JSON.parse(once).value).toEqual(JSON.parse(json).value);
        },
      ),
    );
  });
});

describe('logbookPurgeBefore and auditPurgeBefore', () => {
  it('open the logbook ten and the audit trail three full years after the year of a row', () => {
    expect(logbookPurgeBefore(now).toISOString()).toBe('2015-12-31T23:00:00.000Z');
    expect(auditPurgeBefore(now).toISOString()).toBe('2022-12-31T23:00:00.000Z');
    // New Year's night in Berlin is still the old year in UTC.
    expect(logbookPurgeBefore(new Date('2026-12-31T23:30:00Z')).toISOString()).toBe('2016-12-31T23:00:00.000Z');
  });

  it('never removes a logbook entry before the law lets it go', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2060-01-01'), noInvalidDate: true }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2060-01-01'), noInvalidDate: true }),
        (endedAt, at) => {
          if (endedAt.getTime() < logbookPurgeBefore(at).getTime())
            expect(logbookKeptUntil(endedAt).getTime()).toBeLessThanOrEqual(at.getTime());
        },
      ),
    );
  });
});
