import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  assertUvvGate,
  UNSAFE_RESULT,
  UVV_ERRORS,
  UVV_KIND,
  UVV_RESULTS,
  uvvNextDue,
  validateUvvFields,
} from './uvv-inspection';
import { berlinInstant } from './vehicle-time';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return { code: (e as { code: string }).code, de: (e as Error).message, en: (e as { en: string }).en };
  }
  return null;
};

const day = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('next UVV due date', () => {
  it('adds the interval in months and keeps the end of a month', () => {
    expect(addMonths('2026-03-15', 12)).toBe('2027-03-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(uvvNextDue('2026-05-04', null, 12)).toBe('2027-05-04');
    expect(uvvNextDue('2026-05-04', '2026-12-01', 12)).toBe('2026-12-01');
  });

  it('always lies after the inspection, within the interval in days, on a real day', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 24 }), (performed, months) => {
        const next = addMonths(performed, months);
        expect(next > performed).toBe(true);
        expect(new Date(`${next}T00:00:00Z`).toISOString().slice(0, 10)).toBe(next);
        const days = (Date.parse(next) - Date.parse(performed)) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(months * 28);
        expect(days).toBeLessThanOrEqual(months * 31);
      }),
    );
  });
});

describe('UVV entry fields', () => {
  it('needs an inspector and one of the three results', () => {
    expect(refusal(() => validateUvvFields(UVV_KIND, null, 'ohne Mängel'))?.de).toBe(UVV_ERRORS.uvv_inspector_missing.de);
    expect(refusal(() => validateUvvFields(UVV_KIND, '  ', 'ohne Mängel'))?.code).toBe('uvv_inspector_missing');
    expect(refusal(() => validateUvvFields(UVV_KIND, 'Jens Hoppe', null))?.de).toBe('Bitte wählen Sie das Ergebnis der UVV-Prüfung.');
    expect(refusal(() => validateUvvFields(UVV_KIND, 'Jens Hoppe', 'gut'))?.code).toBe('uvv_result_missing');
    for (const r of UVV_RESULTS) expect(refusal(() => validateUvvFields(UVV_KIND, 'Jens Hoppe', r))).toBeNull();
  });

  it('refuses inspector and result on other kinds', () => {
    expect(refusal(() => validateUvvFields('Inspektion', 'Jens Hoppe', null))?.code).toBe('uvv_fields_other_kind');
    expect(refusal(() => validateUvvFields('Inspektion', null, 'ohne Mängel'))?.code).toBe('uvv_fields_other_kind');
    expect(refusal(() => validateUvvFields('Inspektion', null, null))).toBeNull();
  });
});

describe('UVV gate', () => {
  const now = berlinInstant('2026-06-10', '09:00');
  const at = (d: string, t = '08:00') => berlinInstant(d, t);

  it('lets a vehicle without any UVV entry through', () => {
    expect(refusal(() => assertUvvGate(null, at('2026-06-10'), at('2026-06-10', '12:00'), now))).toBeNull();
  });

  it('refuses an overdue inspection with its date in both languages', () => {
    const r = refusal(() =>
      assertUvvGate(
        { performedOn: '2025-05-01', result: 'ohne Mängel', nextDueOn: '2026-06-09' },
        at('2026-06-10'),
        at('2026-06-10', '12:00'),
        now,
      ),
    );
    expect(r).toEqual({
      code: 'uvv_overdue',
      de: 'Die UVV-Prüfung des Fahrzeugs war am 09.06.2026 fällig; bis zur nächsten Prüfung kann es nicht gebucht oder gefahren werden.',
      en: "The vehicle's UVV inspection was due on 09.06.2026; it cannot be booked or driven until it is inspected again.",
    });
  });

  it('lets the vehicle drive on its due day, refuses a period reaching past it', () => {
    const latest = { performedOn: '2025-06-12', result: 'ohne Mängel', nextDueOn: '2026-06-12' };
    expect(refusal(() => assertUvvGate(latest, at('2026-06-12'), at('2026-06-12', '18:00'), now))).toBeNull();
    // Until midnight is still the due day.
    expect(refusal(() => assertUvvGate(latest, at('2026-06-12'), at('2026-06-13', '00:00'), now))).toBeNull();
    const r = refusal(() => assertUvvGate(latest, at('2026-06-12'), at('2026-06-13', '09:00'), now));
    expect(r?.code).toBe('uvv_due_in_period');
    expect(r?.de).toContain('am 12.06.2026 fällig');
  });

  it('refuses a vehicle found not safe to operate until a newer inspection, naming its date', () => {
    const r = refusal(() =>
      assertUvvGate(
        { performedOn: '2026-06-01', result: UNSAFE_RESULT, nextDueOn: '2027-06-01' },
        at('2026-06-10'),
        at('2026-06-10', '12:00'),
        now,
      ),
    );
    expect(r?.code).toBe('uvv_unsafe');
    expect(r?.de).toBe(
      'Das Fahrzeug ist laut UVV-Prüfung vom 01.06.2026 nicht betriebssicher; es kann bis zur nächsten Prüfung nicht gebucht oder gefahren werden.',
    );
  });

  it('passes exactly the periods whose last day is on or before the due date, when the result is safe', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -30, max: 30 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 72 }),
        fc.constantFrom(...UVV_RESULTS),
        (dueOffset, startOffset, hours, result) => {
          const due = new Date(Date.UTC(2026, 5, 10 + dueOffset)).toISOString().slice(0, 10);
          const startDay = new Date(Date.UTC(2026, 5, 10 + startOffset)).toISOString().slice(0, 10);
          const von = at(startDay, '08:00');
          const bis = new Date(von.getTime() + hours * 3_600_000);
          const lastDay = new Date(bis.getTime() - 1).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
          const r = refusal(() => assertUvvGate({ performedOn: '2025-01-01', result, nextDueOn: due }, von, bis, now));
          if (result === UNSAFE_RESULT) expect(r?.code).toBe('uvv_unsafe');
          else if (due < '2026-06-10') expect(r?.code).toBe('uvv_overdue');
          else expect(r === null).toBe(due >= lastDay);
        },
      ),
    );
  });
});
