import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillsAlong } from './fleet-costs';

const DAY = 86_400_000;
const tripsOf = (distances: number[]) => {
  let km = 10_000;
  return distances.map((d, i) => {
    const trip = { endedAt: new Date(Date.UTC(2026, 8, 1) + i * DAY), odometerStart: km, odometerEnd: km + d };
    km += d;
    return trip;
  });
};

describe('demo fills along the logbook', () => {
  it('fills up after the trip that used half the tank, at its odometer reading', () => {
    const fills = fillsAlong(tripsOf([200, 200, 100, 300]), 5.9, 50);
    // 500 km at 5.9 l use 29.5 l, more than half of 50 l: after the third trip
    expect(fills[0]?.odometer).toBe(10_500);
    expect(fills[0]?.quantity).toBeGreaterThan(28.5);
    expect(fills[0]?.quantity).toBeLessThan(30.5);
  });
  it('what was filled over the distance reads as the car’s consumption, within a few per cent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 5, max: 120 }), { minLength: 30, maxLength: 80 }),
        fc.constantFrom(5.9, 6.3, 16.8),
        (d, per100) => {
          const trips = tripsOf(d);
          const fills = fillsAlong(trips, per100, 50);
          if (fills.length < 2) return;
          const litres = fills.slice(1).reduce((s, f) => s + f.quantity, 0);
          const km = fills.at(-1)!.odometer - fills[0]!.odometer;
          expect(Math.abs((litres / km) * 100 - per100) / per100).toBeLessThan(0.03);
          for (const f of fills) expect(f.quantity).toBeLessThanOrEqual(50);
        },
      ),
    );
  });
});
