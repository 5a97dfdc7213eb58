import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from './errors';
import { amountToCents, cardLastFour, checkReceipt, costFigures, maskedCard, type ReceiptCheck, sumCosts } from './fleet-costs';

const base: ReceiptCheck = {
  kind: 'kraftstoff',
  day: '2026-11-20',
  today: '2026-11-30',
  litres: 40,
  kwh: null,
  amount: 70,
  odometer: 12_500,
  previousOdometer: 12_000,
  tankLitres: 50,
  batteryKwh: null,
  cardKind: 'kraftstoff',
};
const messageOf = (r: ReceiptCheck) => {
  try {
    checkReceipt(r);
    return null;
  } catch (e) {
    if (!isAppError(e)) throw e;
    return e.message;
  }
};

describe('card numbers', () => {
  it('keeps the last four digits of a number with blanks or hyphens', () => {
    expect(cardLastFour('7034 5600-1234 5678')).toBe('5678');
    expect(maskedCard('5678')).toBe('•••• 5678');
  });
  it('refuses what is not a card number', () => {
    for (const bad of ['', '12345', '1234abcd', '1'.repeat(25)]) {
      expect(() => cardLastFour(bad)).toThrow('Die Kartennummer muss aus 6 bis 24 Ziffern bestehen.');
    }
  });
  it('property: the stored digits are always the number’s last four, never more', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6,24}$/), (n) => {
        const four = cardLastFour(n);
        expect(four).toHaveLength(4);
        expect(n.endsWith(four)).toBe(true);
      }),
    );
  });
});

describe('receipt plausibility', () => {
  it('accepts a plausible fuel receipt and charging session', () => {
    expect(messageOf(base)).toBeNull();
    expect(messageOf({ ...base, kind: 'laden', litres: null, kwh: 40, batteryKwh: 58, cardKind: 'laden' })).toBeNull();
    expect(messageOf({ ...base, kind: 'sonstiges', litres: null, cardKind: null, odometer: null })).toBeNull();
  });
  it('answers each implausible receipt with its sentence', () => {
    expect(messageOf({ ...base, amount: -1 })).toBe('Der Betrag darf nicht negativ sein.');
    expect(messageOf({ ...base, litres: -1 })).toBe('Die Menge darf nicht negativ sein.');
    expect(messageOf({ ...base, day: '2026-12-01' })).toBe('Ein Beleg kann nicht in der Zukunft liegen.');
    expect(messageOf({ ...base, litres: 55.5 })).toBe('55,5 Liter passen nicht in den Tank dieses Fahrzeugs (50 Liter).');
    expect(messageOf({ ...base, kind: 'laden', litres: null, kwh: 70, batteryKwh: 58, cardKind: 'laden' })).toBe(
      '70 kWh passen nicht in die Batterie dieses Fahrzeugs (58 kWh).',
    );
    expect(messageOf({ ...base, odometer: 11_999 })).toBe('Der Kilometerstand liegt unter dem zuletzt bekannten (12.000 km).');
    expect(messageOf({ ...base, cardKind: 'laden' })).toBe(
      'Eine Tankkarte passt nur zu einem Tankbeleg, eine Ladekarte nur zu einem Ladevorgang.',
    );
    expect(messageOf({ ...base, litres: null })).toBe('Ein Tankbeleg braucht die getankten Liter.');
    expect(messageOf({ ...base, kind: 'laden', litres: null, kwh: 0, cardKind: null })).toBe('Ein Ladevorgang braucht die geladenen kWh.');
  });
  it('property: a receipt that passes never has a negative amount, a future day, more than the tank or a lower odometer', () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-11-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.record({
          day,
          today: day,
          litres: fc.option(fc.double({ min: -10, max: 120, noNaN: true })),
          amount: fc.double({ min: -50, max: 500, noNaN: true }),
          odometer: fc.option(fc.integer({ min: 0, max: 50_000 })),
          previousOdometer: fc.option(fc.integer({ min: 0, max: 50_000 })),
          tankLitres: fc.option(fc.integer({ min: 20, max: 90 })),
        }),
        (r) => {
          const check: ReceiptCheck = { ...base, ...r };
          if (messageOf(check) !== null) return;
          expect(check.amount).toBeGreaterThanOrEqual(0);
          expect(check.day <= check.today).toBe(true);
          expect(check.litres).toBeGreaterThan(0);
          if (check.tankLitres !== null) expect(check.litres!).toBeLessThanOrEqual(check.tankLitres);
          if (check.odometer !== null && check.previousOdometer !== null)
            expect(check.odometer).toBeGreaterThanOrEqual(check.previousOdometer);
        },
      ),
    );
  });
  it('takes amounts in euros with at most two decimals', () => {
    expect(amountToCents(76.08)).toBe(7608);
    expect(() => amountToCents(1.005)).toThrow('Der Betrag darf höchstens zwei Nachkommastellen haben.');
    expect(() => amountToCents(-0.01)).toThrow('Der Betrag darf nicht negativ sein.');
  });
});

describe('cost figures', () => {
  const zero = {
    fuelCents: 0,
    chargingCents: 0,
    serviceCents: 0,
    repairCents: 0,
    otherCents: 0,
    litres: 0,
    kwh: 0,
    kilometres: 0,
    bookedMinutes: 0,
  };
  it('derives cost per kilometre, per booked hour and consumption', () => {
    const f = costFigures({ ...zero, fuelCents: 9318, otherCents: 1490, litres: 52, kilometres: 120, bookedMinutes: 90 });
    expect(f).toMatchObject({
      fuel: 93.18,
      other: 14.9,
      total: 108.08,
      perKilometre: 0.9,
      perBookedHour: 72.05,
      litresPer100: 43.3,
      kwhPer100: null,
    });
  });
  it('has no ratio without kilometres or hours instead of dividing by zero', () => {
    expect(costFigures({ ...zero, fuelCents: 5000, litres: 30 })).toMatchObject({
      perKilometre: null,
      perBookedHour: null,
      litresPer100: null,
    });
  });
  it('property: the fleet total is the sum of the vehicles’ totals, and the total the sum of its parts', () => {
    const cents = fc.integer({ min: 0, max: 1_000_000 });
    const row = fc.record({
      fuelCents: cents,
      chargingCents: cents,
      serviceCents: cents,
      repairCents: cents,
      otherCents: cents,
      litres: fc.integer({ min: 0, max: 5000 }),
      kwh: fc.integer({ min: 0, max: 5000 }),
      kilometres: fc.integer({ min: 0, max: 100_000 }),
      bookedMinutes: fc.integer({ min: 0, max: 500_000 }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rows) => {
        const fleet = costFigures(sumCosts(rows));
        const each = rows.reduce((s, r) => s + Math.round(costFigures(r).total * 100), 0);
        expect(Math.round(fleet.total * 100)).toBe(each);
        expect(Math.round((fleet.fuel + fleet.charging + fleet.service + fleet.repair + fleet.other) * 100)).toBe(
          Math.round(fleet.total * 100),
        );
        // A price per km exactly when there were costs and kilometres; a cent over 100,000 km rounds to 0.00, never below.
        expect(fleet.perKilometre !== null).toBe(fleet.total > 0 && fleet.kilometres > 0);
        if (fleet.perKilometre !== null) expect(fleet.perKilometre).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
