import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLEANLINESS_STATES, meetsCleanlinessThreshold } from './settings';
import {
  assertMayBlock,
  CARE_MESSAGES,
  crossesSoilingThreshold,
  DAMAGE_STATUSES,
  DEFECT_BLOCK_DAYS,
  defectBlockWindow,
  dueState,
  euroToCents,
  nextDamageStatus,
  parseDamageStatus,
  soilingCrossings,
  validateServiceDates,
} from './vehicle-care';

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return null;
};
const RATINGS = ['sauber', 'leicht verschmutzt', 'verschmutzt', 'stark verschmutzt'];

describe('damage status flow', () => {
  it('goes gemeldet → in Reparatur → behoben, or straight to behoben', () => {
    expect(nextDamageStatus('gemeldet', 'in Reparatur')).toBe('in Reparatur');
    expect(nextDamageStatus('in Reparatur', 'behoben')).toBe('behoben');
    expect(nextDamageStatus('gemeldet', 'behoben')).toBe('behoben');
  });
  it('refuses going back, staying and reopening with clear messages', () => {
    expect(message(() => nextDamageStatus('in Reparatur', 'gemeldet'))).toBe(
      'Statuswechsel von in Reparatur nach gemeldet ist nicht möglich.',
    );
    expect(message(() => nextDamageStatus('gemeldet', 'gemeldet'))).toBe(CARE_MESSAGES.sameStatus);
    expect(message(() => nextDamageStatus('behoben', 'gemeldet'))).toBe('Der Schaden ist bereits behoben.');
  });
  it('knows only the three statuses (the catalogue message for others)', () => {
    expect(parseDamageStatus('in Reparatur')).toBe('in Reparatur');
    expect(message(() => parseDamageStatus('repariert'))).toBe('Status repariert unbekannt');
  });
  it('property: behoben is reached from every open status and never left', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DAMAGE_STATUSES), fc.constantFrom(...DAMAGE_STATUSES), (from, to) => {
        const ok = message(() => nextDamageStatus(from, to)) === null;
        if (from === 'behoben') expect(ok).toBe(false);
        if (from !== 'behoben' && to === 'behoben') expect(ok).toBe(true);
      }),
    );
  });
  it('a block needs an open damage without a block', () => {
    expect(message(() => assertMayBlock({ status: 'gemeldet', blocked: false }))).toBeNull();
    expect(message(() => assertMayBlock({ status: 'gemeldet', blocked: true }))).toBe(CARE_MESSAGES.alreadyBlocked);
    expect(message(() => assertMayBlock({ status: 'behoben', blocked: false }))).toBe(CARE_MESSAGES.resolvedNoBlock);
  });
});

describe('soiling threshold crossings', () => {
  it("'and worse' includes verschmutzt, which check-out records", () => {
    expect(meetsCleanlinessThreshold('verschmutzt', 'leicht verschmutzt und schlechter')).toBe(true);
    expect(meetsCleanlinessThreshold('verschmutzt', 'stark verschmutzt')).toBe(false);
  });
  it('mails once per crossing, not on every dirty trip', () => {
    const th = 'leicht verschmutzt und schlechter';
    expect(crossesSoilingThreshold(null, 'verschmutzt', th)).toBe(true);
    expect(crossesSoilingThreshold('sauber', 'leicht verschmutzt', th)).toBe(true);
    expect(crossesSoilingThreshold('leicht verschmutzt', 'stark verschmutzt', th)).toBe(false);
    expect(crossesSoilingThreshold('stark verschmutzt', 'sauber', th)).toBe(false);
    expect(crossesSoilingThreshold('sauber', 'sauber', th)).toBe(false);
  });
  it('a plain threshold matches exactly that rating', () => {
    expect(crossesSoilingThreshold('sauber', 'stark verschmutzt', 'stark verschmutzt')).toBe(true);
    expect(crossesSoilingThreshold('stark verschmutzt', 'stark verschmutzt', 'stark verschmutzt')).toBe(false);
    expect(crossesSoilingThreshold('sauber', 'verschmutzt', 'stark verschmutzt')).toBe(false);
  });
  it('inside and outside are judged separately', () => {
    expect(
      soilingCrossings({
        inside: { previous: 'sauber', current: 'stark verschmutzt', threshold: 'stark verschmutzt' },
        outside: { previous: 'sauber', current: 'leicht verschmutzt', threshold: 'stark verschmutzt' },
      }),
    ).toEqual(['innen']);
  });
  it('property: along any sequence of check-outs, mails = number of entries into the threshold zone', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...RATINGS), { maxLength: 30 }), fc.constantFrom(...CLEANLINESS_STATES), (seq, th) => {
        let prev: string | null = null;
        let mails = 0;
        let entries = 0;
        let inside = false;
        for (const r of seq) {
          if (crossesSoilingThreshold(prev, r, th)) mails++;
          const now = meetsCleanlinessThreshold(r, th);
          if (now && !inside) entries++;
          inside = now;
          prev = r;
        }
        expect(mails).toBe(entries);
      }),
    );
  });
});

describe('service booklet dates and costs', () => {
  it('refuses future services and due dates not after the service', () => {
    expect(message(() => validateServiceDates('2026-11-26', null, '2026-11-25'))).toBe('Das Datum darf nicht in der Zukunft liegen.');
    expect(message(() => validateServiceDates('2026-11-25', '2026-11-25', '2026-11-25'))).toBe(
      'Die nächste Fälligkeit muss nach dem Datum der Leistung liegen.',
    );
    expect(message(() => validateServiceDates('2026-11-01', '2028-11-01', '2026-11-25'))).toBeNull();
  });
  it('marks due dates as overdue or due within the lead days, across month and year ends', () => {
    expect(dueState(null, '2026-12-20', 30)).toBeNull();
    expect(dueState('2026-12-19', '2026-12-20', 30)).toBe('ueberfaellig');
    expect(dueState('2027-01-19', '2026-12-20', 30)).toBe('faellig');
    expect(dueState('2027-01-20', '2026-12-20', 30)).toBeNull();
    expect(dueState('2028-03-01', '2028-02-28', 2)).toBe('faellig');
    expect(dueState('2028-03-01', '2028-02-28', 1)).toBeNull();
  });
  it('takes euros with cents, refuses negatives and fractions of a cent', () => {
    expect(euroToCents(189.9)).toBe(18990);
    expect(euroToCents(0)).toBe(0);
    expect(message(() => euroToCents(-1))).toBe('Die Kosten müssen ein Betrag ab 0 mit höchstens zwei Nachkommastellen sein.');
    expect(message(() => euroToCents(1.005))).not.toBeNull();
  });
  it('property: whole cents round-trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (c) => {
        expect(euroToCents(c / 100)).toBe(c);
      }),
    );
  });
});

describe('DEFEKT block window', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const at = (h: number) => new Date(now.getTime() + h * 3_600_000);
  it('runs from now for the horizon when nothing else is blocked', () => {
    expect(defectBlockWindow(now, [], 15)).toEqual({ von: now, bis: new Date(now.getTime() + DEFECT_BLOCK_DAYS * 86_400_000) });
  });
  it('ends before the next block, keeping the gap', () => {
    expect(defectBlockWindow(now, [{ von: at(48), bis: at(72) }], 30)!.bis).toEqual(new Date(at(48).getTime() - 30 * 60_000));
  });
  it('starts after a block that covers now', () => {
    expect(defectBlockWindow(now, [{ von: at(-1), bis: at(2) }], 0)!.von).toEqual(at(2));
  });
  it('is null when no minute is free', () => {
    expect(
      defectBlockWindow(
        now,
        [
          { von: at(-1), bis: at(2) },
          { von: at(2), bis: at(5) },
        ],
        0,
      )!.von,
    ).toEqual(at(5));
    expect(
      defectBlockWindow(
        now,
        [
          { von: at(0), bis: at(1) },
          { von: at(1), bis: new Date(at(1).getTime() + 30_000) },
        ],
        0,
      ),
    ).not.toBeNull();
  });
  it('property: the window never overlaps a block (with the gap) and lies in the horizon', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -48, max: 500 }), fc.integer({ min: 1, max: 72 })), { maxLength: 8 }),
        fc.integer({ min: 0, max: 60 }),
        (raw, gap) => {
          const blocks = raw.map(([s, d]) => ({ von: at(s), bis: at(s + d) }));
          const w = defectBlockWindow(now, blocks, gap);
          if (!w) return;
          expect(w.von.getTime()).toBeGreaterThanOrEqual(now.getTime());
          expect(w.bis.getTime() - w.von.getTime()).toBeGreaterThanOrEqual(60_000);
          for (const b of blocks) {
            const clear = w.bis.getTime() <= b.von.getTime() - gap * 60_000 || w.von.getTime() >= b.bis.getTime() + gap * 60_000;
            expect(clear).toBe(true);
          }
        },
      ),
    );
  });
});
