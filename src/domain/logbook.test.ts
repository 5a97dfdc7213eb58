import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyCorrection,
  assertInsideGap,
  assertInsideGapWindow,
  assertTripKindAllowed,
  type CorrectableValues,
  correctionRole,
  currentRevisions,
  filterPeriod,
  findGaps,
  gapWindow,
  gapWindowBetween,
  isWellFormedChain,
  lastEndedPeriod,
  periodContaining,
  periodsDue,
  totalsByKind,
  tripPeriod,
  tripStartReading,
} from './logbook';
import { meetsCleanlinessThreshold, REPORT_RHYTHMS } from './settings';

const at = (iso: string) => new Date(iso);
const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return null;
};

describe('trip kinds', () => {
  it('dienstlich always, privat and Arbeitsweg only where allowed', () => {
    expect(assertTripKindAllowed('dienstlich', [])).toBe('dienstlich');
    expect(assertTripKindAllowed('privat', ['privat'])).toBe('privat');
    expect(message(() => assertTripKindAllowed('privat', ['Arbeitsweg']))).toBe(
      'Die Fahrtart privat ist in Ihrer Organisation nicht zugelassen.',
    );
    expect(message(() => assertTripKindAllowed('Urlaub', ['Urlaub']))).toBe(
      'Die Fahrtart Urlaub ist in Ihrer Organisation nicht zugelassen.',
    );
  });
});

describe('odometer continuity and gaps', () => {
  it('start reading: check-in reading, else previous end, else end', () => {
    expect(tripStartReading(1000, 1200, 1300)).toBe(1200);
    expect(tripStartReading(1000, null, 1300)).toBe(1000);
    expect(tripStartReading(null, null, 1300)).toBe(1300);
  });

  it('a jump between two trips is a gap; an explanation that fills it closes it', () => {
    const a = { id: 'a', startedAt: at('2026-01-01T08:00:00Z'), odometerStart: 100, odometerEnd: 150 };
    const b = { id: 'b', startedAt: at('2026-01-02T08:00:00Z'), odometerStart: 180, odometerEnd: 200 };
    expect(findGaps([b, a])).toEqual([{ afterId: 'a', beforeId: 'b', fromKm: 150, toKm: 180 }]);
    const fill = { id: 'g', startedAt: at('2026-01-05T08:00:00Z'), odometerStart: 150, odometerEnd: 180 };
    expect(findGaps([a, b, fill])).toEqual([]);
    expect(assertInsideGap(findGaps([a, b]), 150, 170).fromKm).toBe(150);
    expect(message(() => assertInsideGap(findGaps([a, b]), 140, 170))).toBe(
      'Für diesen Kilometerbereich gibt es keine offene Lücke im Fahrtenbuch.',
    );
  });

  it('property: trips chained end to start have no gaps; every gap is a real jump', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(500), fc.nat(50)), { minLength: 1, maxLength: 30 }), (legs) => {
        let km = 1000;
        const chained = legs.map(([dist], i) => {
          const e = { id: String(i), startedAt: new Date(i * 3_600_000), odometerStart: km, odometerEnd: km + dist };
          km += dist;
          return e;
        });
        expect(findGaps(chained)).toEqual([]);
        km = 1000;
        const jumpy = legs.map(([dist, jump], i) => {
          const e = { id: String(i), startedAt: new Date(i * 3_600_000), odometerStart: km + jump, odometerEnd: km + jump + dist };
          km += jump + dist;
          return e;
        });
        const gaps = findGaps(jumpy);
        expect(gaps.length).toBe(legs.slice(1).filter(([, j]) => j > 0).length);
        for (const g of gaps) expect(g.toKm).toBeGreaterThan(g.fromKm);
        const total = gaps.reduce((s, g) => s + g.toKm - g.fromKm, 0);
        expect(total).toBe(legs.slice(1).reduce((s, [, j]) => s + j, 0));
      }),
    );
  });
});

describe('when a trip happened', () => {
  it('from Fahrt starten to Fahrt beenden, not the booked period: booked 08:00, started 10:00 reads 10:00', () => {
    const booked = at('2026-03-02T07:00:00Z'); // 08:00 in Berlin
    const started = at('2026-03-02T09:00:00Z'); // 10:00
    const ended = at('2026-03-02T11:40:00Z');
    expect(tripPeriod(started, ended, booked)).toEqual({ startedAt: started, endedAt: ended });
    // data without a CHECK_IN event: the booked start, and never an empty span
    expect(tripPeriod(null, ended, booked)).toEqual({ startedAt: booked, endedAt: ended });
    expect(tripPeriod(ended, ended, booked)).toEqual({ startedAt: at('2026-03-02T11:39:00Z'), endedAt: ended });
  });

  it('property: the span is the real one whenever the trip was started before it ended, and always positive', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: -1e9, max: 1e9 }), fc.boolean(), (end, offset, hasCheckIn) => {
        const checkOut = new Date(2e12 + end);
        const checkIn = new Date(checkOut.getTime() - offset);
        const p = tripPeriod(hasCheckIn ? checkIn : null, checkOut, new Date(0));
        expect(p.endedAt).toEqual(checkOut);
        expect(p.startedAt.getTime()).toBeLessThan(p.endedAt.getTime());
        if (hasCheckIn && offset > 0) expect(p.startedAt).toEqual(checkIn);
      }),
    );
  });
});

describe('the time window of a gap', () => {
  // trip a ends at km 150 on 01.01. at 09:37:25 (Berlin), trip b starts at km 180 on 02.01. at 08:00
  const a = { id: 'a', startedAt: at('2026-01-01T07:00:00Z'), endedAt: at('2026-01-01T08:37:25Z'), odometerStart: 100, odometerEnd: 150 };
  const b = { id: 'b', startedAt: at('2026-01-02T07:00:00Z'), endedAt: at('2026-01-02T09:00:00Z'), odometerStart: 180, odometerEnd: 200 };
  const window = gapWindow([a, b], findGaps([a, b])[0]!);

  it('lies between the end of the trip before the gap and the start of the trip after it, to the minute', () => {
    expect(window).toEqual({ from: at('2026-01-01T08:37:00Z'), to: at('2026-01-02T07:00:00Z') });
    expect(() => assertInsideGapWindow(window, window.from, window.to)).not.toThrow();
    expect(() => assertInsideGapWindow(window, at('2026-01-01T12:00:00Z'), at('2026-01-01T13:00:00Z'))).not.toThrow();
  });

  it("refuses a span before the earlier trip's end or into the later trip, naming both bounds", () => {
    const text =
      'Die Fahrt zur Lücke muss zwischen dem Ende der vorherigen Fahrt (01.01.2026 09:37) und dem Beginn der nächsten Fahrt (02.01.2026 08:00) liegen.';
    // 08:00–09:00 on the earlier trip's day: before that trip ended
    expect(message(() => assertInsideGapWindow(window, at('2026-01-01T07:00:00Z'), at('2026-01-01T08:00:00Z')))).toBe(text);
    // running into the later trip
    expect(message(() => assertInsideGapWindow(window, at('2026-01-02T06:30:00Z'), at('2026-01-02T07:30:00Z')))).toBe(text);
  });

  it('a partly explained gap: the rest of it lies after the explanation', () => {
    const g = { id: 'g', startedAt: at('2026-01-01T12:00:00Z'), endedAt: at('2026-01-01T13:00:00Z'), odometerStart: 150, odometerEnd: 165 };
    const rest = findGaps([a, b, g]);
    expect(rest).toEqual([{ afterId: 'g', beforeId: 'b', fromKm: 165, toKm: 180 }]);
    expect(gapWindow([a, b, g], rest[0]!)).toEqual({ from: at('2026-01-01T13:00:00Z'), to: at('2026-01-02T07:00:00Z') });
  });

  it('property: a span is accepted exactly when it lies inside the window at minute precision', () => {
    const t = fc.integer({ min: 1.7e12, max: 1.8e12 });
    fc.assert(
      fc.property(t, t, t, t, (prevEnd, nextStart, s, e) => {
        const w = gapWindowBetween(new Date(prevEnd), new Date(nextStart));
        expect(w.from.getTime() % 60_000).toBe(0);
        expect(w.from.getTime()).toBeLessThanOrEqual(prevEnd);
        expect(prevEnd - w.from.getTime()).toBeLessThan(60_000);
        const inside = s >= w.from.getTime() && e <= w.to.getTime();
        const refused = message(() => assertInsideGapWindow(w, new Date(s), new Date(e)));
        expect(refused === null).toBe(inside);
        if (refused)
          expect(refused).toMatch(/^Die Fahrt zur Lücke muss zwischen dem Ende der vorherigen Fahrt \(\d\d\.\d\d\.\d{4} \d\d:\d\d\)/);
        // the window itself (when not empty) is always accepted
        if (w.from <= w.to) expect(message(() => assertInsideGapWindow(w, w.from, w.to))).toBeNull();
      }),
    );
  });
});

describe('corrections', () => {
  const created = at('2026-03-01T10:00:00Z');
  const base: CorrectableValues = {
    startedAt: at('2026-03-01T08:00:00Z'),
    endedAt: at('2026-03-01T09:00:00Z'),
    odometerStart: 100,
    odometerEnd: 140,
    destination: 'Klärwerk',
    stopover: null,
    reason: 'Inspektion',
    partner: null,
    detour: null,
    tripKind: 'dienstlich',
  };
  const now = at('2026-03-03T10:00:00Z');

  it('the driver within the period, the report holder always, others never', () => {
    expect(correctionRole({ isDriver: true, mayReport: false }, created, now, 7)).toBe('driver');
    expect(correctionRole({ isDriver: false, mayReport: true }, created, at('2027-01-01T00:00:00Z'), 7)).toBe('report');
    expect(message(() => correctionRole({ isDriver: true, mayReport: false }, created, at('2026-03-08T10:00:01Z'), 7))).toBe(
      'Die Korrekturfrist (7 Tage) ist abgelaufen. Bitte wenden Sie sich an die Fuhrparkleitung.',
    );
    expect(message(() => correctionRole({ isDriver: false, mayReport: false }, created, now, 7))).toBe(
      'Sie dürfen diesen Fahrtenbucheintrag nicht korrigieren.',
    );
  });

  it('property: a driver may never change date, times or odometer; the fleet may', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('startedAt', 'endedAt', 'odometerStart', 'odometerEnd'),
        fc.integer({ min: 1, max: 30 }),
        (field, delta) => {
          const change =
            field === 'startedAt'
              ? { startedAt: new Date(base.startedAt.getTime() - delta * 60_000) }
              : field === 'endedAt'
                ? { endedAt: new Date(base.endedAt.getTime() + delta * 60_000) }
                : field === 'odometerStart'
                  ? { odometerStart: base.odometerStart - delta }
                  : { odometerEnd: base.odometerEnd + delta };
          expect(message(() => applyCorrection(base, change, 'driver', now))).toBe(
            'Datum, Uhrzeiten und Kilometerstände kann nur die Fuhrparkleitung korrigieren.',
          );
          expect(applyCorrection(base, change, 'report', now).changed).toEqual([field]);
        },
      ),
    );
  });

  it('a driver may fix destination and trip kind; nothing changed, wrong order and future are refused', () => {
    const r = applyCorrection(base, { destination: 'Wasserwerk Süd', tripKind: 'privat' }, 'driver', now);
    expect(r.changed).toEqual(['destination', 'tripKind']);
    expect(r.values.odometerEnd).toBe(140);
    expect(message(() => applyCorrection(base, { destination: 'Klärwerk' }, 'driver', now))).toBe(
      'Die Korrektur ändert nichts am Eintrag.',
    );
    expect(message(() => applyCorrection(base, { odometerEnd: 90 }, 'report', now))).toBe(
      'Der Kilometerstand am Ende darf nicht kleiner sein als der am Anfang.',
    );
    expect(message(() => applyCorrection(base, { endedAt: base.startedAt }, 'report', now))).toBe(
      'Das Ende der Fahrt muss nach dem Beginn liegen.',
    );
    expect(message(() => applyCorrection(base, { endedAt: at('2026-03-04T00:00:00Z') }, 'report', now))).toBe(
      'Ein Fahrtenbucheintrag darf nicht in der Zukunft liegen.',
    );
  });

  it('property: a chain of n corrections keeps every revision and exactly one current', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 20 }), (lengths) => {
        const rows = lengths.flatMap((n, e) =>
          Array.from({ length: n + 1 }, (_, r) => ({
            id: r === 0 ? `e${e}` : `e${e}r${r}`,
            entryId: `e${e}`,
            revision: r + 1,
            supersedesId: r === 0 ? null : r === 1 ? `e${e}` : `e${e}r${r - 1}`,
          })),
        );
        expect(isWellFormedChain(rows)).toBe(true);
        const current = currentRevisions(rows);
        expect(current.length).toBe(lengths.length);
        expect(current.map((c) => c.revision)).toEqual(lengths.map((n) => n + 1));
        expect(isWellFormedChain(rows.map((r) => (r.revision === 2 ? { ...r, supersedesId: null } : r)))).toBe(
          !rows.some((r) => r.revision === 2),
        );
      }),
    );
  });
});

describe('totals per trip kind', () => {
  it('sums distances per kind', () => {
    expect(
      totalsByKind([
        { tripKind: 'dienstlich', odometerStart: 0, odometerEnd: 40 },
        { tripKind: 'privat', odometerStart: 40, odometerEnd: 45 },
        { tripKind: 'dienstlich', odometerStart: 45, odometerEnd: 50 },
      ]),
    ).toEqual({ dienstlich: 45, privat: 5, Arbeitsweg: 0 });
  });
});

describe('report periods', () => {
  it('calendar months, quarters, half-years and years, across year ends and leap years', () => {
    expect(lastEndedPeriod('2026-01-01', 'monatlich')).toEqual({ from: '2025-12-01', to: '2026-01-01' });
    expect(lastEndedPeriod('2028-03-01', 'monatlich')).toEqual({ from: '2028-02-01', to: '2028-03-01' });
    expect(lastEndedPeriod('2026-02-15', 'vierteljährlich')).toEqual({ from: '2025-10-01', to: '2026-01-01' });
    expect(lastEndedPeriod('2026-07-01', 'halbjährlich')).toEqual({ from: '2026-01-01', to: '2026-07-01' });
    expect(lastEndedPeriod('2026-12-31', 'jährlich')).toEqual({ from: '2025-01-01', to: '2026-01-01' });
    expect(filterPeriod('quartal', '2024-02-29')).toEqual({ from: '2024-01-01', to: '2024-04-01' });
    expect(message(() => periodContaining('2026-01-01', 'wöchentlich'))).toBe('Berichtsrhythmus wöchentlich unbekannt');
  });

  it('missed periods are all due, oldest first; a sent period never again', () => {
    expect(periodsDue('2026-04-02', 'monatlich', '2026-01-01')).toEqual([
      { from: '2026-01-01', to: '2026-02-01' },
      { from: '2026-02-01', to: '2026-03-01' },
      { from: '2026-03-01', to: '2026-04-01' },
    ]);
    expect(periodsDue('2026-04-30', 'monatlich', '2026-04-01')).toEqual([]);
    expect(periodsDue('2026-04-30', 'monatlich', null)).toEqual([{ from: '2026-03-01', to: '2026-04-01' }]);
  });

  const day = fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  it('property: the period containing a day contains it, starts on the 1st and spans the rhythm', () => {
    fc.assert(
      fc.property(day, fc.constantFrom(...REPORT_RHYTHMS), (d, rhythm) => {
        const p = periodContaining(d, rhythm);
        expect(p.from <= d && d < p.to).toBe(true);
        expect(p.from.endsWith('-01') && p.to.endsWith('-01')).toBe(true);
        const ended = lastEndedPeriod(d, rhythm);
        expect(ended.to).toBe(p.from);
        expect(periodContaining(ended.from, rhythm)).toEqual(ended);
      }),
    );
  });

  it('property: due periods are contiguous, end at the last ended period and after sending nothing is due', () => {
    fc.assert(
      fc.property(day, fc.constantFrom(...REPORT_RHYTHMS), fc.integer({ min: 1, max: 8 }), (d, rhythm, back) => {
        let sent = lastEndedPeriod(d, rhythm).to;
        for (let i = 0; i < back; i++) sent = lastEndedPeriod(sent, rhythm).from;
        const due = periodsDue(d, rhythm, sent);
        expect(due.length).toBe(back);
        expect(due[0]!.from).toBe(sent);
        for (let i = 1; i < due.length; i++) expect(due[i]!.from).toBe(due[i - 1]!.to);
        expect(due.at(-1)).toEqual(lastEndedPeriod(d, rhythm));
        expect(periodsDue(d, rhythm, due.at(-1)!.to)).toEqual([]);
      }),
    );
  });
});

describe('soiling thresholds', () => {
  it('a plain threshold is exactly that rating; the und-schlechter form includes worse ones', () => {
    expect(meetsCleanlinessThreshold('stark verschmutzt', 'stark verschmutzt')).toBe(true);
    expect(meetsCleanlinessThreshold('leicht verschmutzt', 'stark verschmutzt')).toBe(false);
    expect(meetsCleanlinessThreshold('stark verschmutzt', 'leicht verschmutzt und schlechter')).toBe(true);
    expect(meetsCleanlinessThreshold('sauber', 'leicht verschmutzt und schlechter')).toBe(false);
  });
});
