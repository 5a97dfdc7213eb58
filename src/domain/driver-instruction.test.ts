import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertInstructionGate,
  instructionGate,
  instructionGateError,
  instructionState,
  nextInstructionDate,
  validateInstructionDate,
} from './driver-instruction';
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

const period = (from: string, to: string) => ({ von: berlinInstant(from, '10:00'), bis: berlinInstant(to, '12:00') });
const general = (lastOn: string | null) => ({ category: '', title: 'Fahrerunterweisung 2026', lastOn });
const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('instructionState', () => {
  it('names the states of the list on a given day', () => {
    expect(instructionState(null, '2026-12-03', 12, 14)).toBe('keine');
    expect(instructionState('2025-12-03', '2026-12-03', 12, 14)).toBe('ueberfaellig');
    expect(instructionState('2025-12-04', '2026-12-03', 12, 14)).toBe('bald_faellig');
    expect(instructionState('2025-12-17', '2026-12-03', 12, 14)).toBe('bald_faellig');
    expect(instructionState('2025-12-18', '2026-12-03', 12, 14)).toBe('gueltig');
    expect(instructionState('2026-06-30', '2026-12-03', 6, 0)).toBe('gueltig');
    expect(instructionState('2026-06-03', '2026-12-03', 6, 0)).toBe('ueberfaellig');
  });

  it('keeps month ends inside the target month, as the database does', () => {
    expect(nextInstructionDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(nextInstructionDate('2027-02-29'.replace('2027', '2028'), 12)).toBe('2029-02-28');
  });

  it('property: the state follows the next due day alone, and a later instruction is never worse', () => {
    const rank = { gueltig: 0, bald_faellig: 1, ueberfaellig: 2, keine: 3 } as const;
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 900 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 365 }),
        (last, ago, months, reminder) => {
          const today = addDays(last, ago);
          const state = instructionState(last, today, months, reminder);
          const next = nextInstructionDate(last, months);
          expect(state === 'ueberfaellig').toBe(next <= today);
          if (state === 'gueltig') expect(addDays(next, -reminder) > today).toBe(true);
          // A driver instructed one day later (and before today) is never in a worse state.
          if (ago >= 1) expect(rank[instructionState(addDays(last, 1), today, months, reminder)]).toBeLessThanOrEqual(rank[state]);
        },
      ),
    );
  });
});

describe('instructionGate', () => {
  it('passes when no topic is needed (nothing published, or the gate is off)', () => {
    expect(instructionGate({ topics: [], months: 12, ...period('2026-12-10', '2026-12-10') })).toBeNull();
  });

  it('refuses a driver without an instruction, and one whose next instruction falls due inside the period', () => {
    const name = 'Max Mustermann';
    const missing = caught(() =>
      assertInstructionGate({ topics: [general(null)], months: 12, ...period('2026-12-10', '2026-12-10') }, name),
    );
    expect(missing.status).toBe(409);
    expect(missing.code).toBe('instruction_missing');
    expect(missing.message).toBe(
      'Für Max Mustermann liegt keine Fahrerunterweisung vor; vor der Fahrt ist die Unterweisung „Fahrerunterweisung 2026“ zu bestätigen.',
    );
    expect(missing.en).toBe(
      'No driver instruction is on record for Max Mustermann; the instruction "Fahrerunterweisung 2026" must be confirmed before driving.',
    );
    const due = caught(() =>
      assertInstructionGate({ topics: [general('2025-12-12')], months: 12, ...period('2026-12-10', '2026-12-12') }, name),
    );
    expect(due.code).toBe('instruction_due');
    expect(due.message).toBe(
      'Die nächste Fahrerunterweisung „Fahrerunterweisung 2026“ von Max Mustermann ist am 12.12.2026 fällig, nicht nach dem Ende des Zeitraums.',
    );
    expect(due.en).toBe(
      'The next driver instruction "Fahrerunterweisung 2026" of Max Mustermann is due on 12.12.2026, not after the end of the period.',
    );
    // A period that ends the day before the due day passes; one that ends at midnight into it too.
    expect(instructionGate({ topics: [general('2025-12-12')], months: 12, ...period('2026-12-10', '2026-12-11') })).toBeNull();
    expect(
      instructionGate({
        topics: [general('2025-12-12')],
        months: 12,
        von: berlinInstant('2026-12-11', '20:00'),
        bis: berlinInstant('2026-12-12', '00:00'),
      }),
    ).toBeNull();
  });

  it('checks the general topic before the vehicle category', () => {
    const topics = [
      { category: 'Transporter', title: 'Ladungssicherung', lastOn: null },
      { category: '', title: 'Allgemein', lastOn: null },
    ];
    expect(instructionGate({ topics, months: 12, ...period('2026-12-10', '2026-12-10') })).toEqual({
      reason: 'missing',
      category: '',
      title: 'Allgemein',
    });
    const onlyCategory = [{ ...topics[0]! }, { ...topics[1]!, lastOn: '2026-11-01' }];
    expect(
      instructionGateError(instructionGate({ topics: onlyCategory, months: 12, ...period('2026-12-10', '2026-12-10') })!, 'Felix').message,
    ).toBe('Für Felix liegt keine Fahrerunterweisung vor; vor der Fahrt ist die Unterweisung „Ladungssicherung“ zu bestätigen.');
  });

  it('property: the gate passes exactly when every topic is instructed and due after the last day', () => {
    const topic = fc.record({
      category: fc.constantFrom('', 'Transporter', 'Kleinwagen'),
      title: fc.constant('T'),
      lastOn: fc.option(day, { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(topic, { maxLength: 3 }),
        day,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 24 }),
        (topics, first, len, months) => {
          const p = period(first, addDays(first, len));
          const last = addDays(first, len);
          const ok = topics.every((t) => t.lastOn !== null && nextInstructionDate(t.lastOn, months) > last);
          expect(instructionGate({ topics, months, ...p }) === null).toBe(ok);
        },
      ),
    );
  });
});

describe('validateInstructionDate', () => {
  it('refuses a day in the future and one before the version was published', () => {
    expect(() => validateInstructionDate('2026-12-03', '2026-12-03', '2026-01-01')).not.toThrow();
    expect(caught(() => validateInstructionDate('2026-12-04', '2026-12-03', '2026-01-01')).message).toBe(
      'Das Datum der Unterweisung darf nicht in der Zukunft liegen.',
    );
    const early = caught(() => validateInstructionDate('2025-12-31', '2026-12-03', '2026-01-01'));
    expect(early.message).toBe('Das Datum der Unterweisung darf nicht vor der Veröffentlichung dieser Fassung (01.01.2026) liegen.');
    expect(early.en).toBe('The date of the instruction must not lie before this version was published (01.01.2026).');
  });
});
