import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tripFields } from './trip-fields';

describe('trip fields', () => {
  it('asks cars for mileage and fuel, e-bikes for the charge only, bikes for neither', () => {
    expect(tripFields({ category: 'Kleinwagen', fuel: 'Benzin' })).toEqual({ mileage: true, fuel: true });
    expect(tripFields({ category: 'Kompaktwagen', fuel: 'Elektro' })).toEqual({ mileage: true, fuel: true });
    expect(tripFields({ category: 'Transporter', fuel: 'Diesel' })).toEqual({ mileage: true, fuel: true });
    expect(tripFields({ category: 'E-Bike', fuel: 'Akku' })).toEqual({ mileage: false, fuel: true });
    expect(tripFields({ category: 'Trekkingrad', fuel: 'Muskelkraft' })).toEqual({ mileage: false, fuel: false });
    expect(tripFields({ category: 'Lastenrad', fuel: 'Akku' })).toEqual({ mileage: false, fuel: true });
    expect(tripFields({ category: 'Motorrad', fuel: 'Benzin' })).toEqual({ mileage: true, fuel: true });
    expect(tripFields({ category: 'Sonstiges', fuel: 'Muskelkraft' })).toEqual({ mileage: false, fuel: false });
  });

  it('never asks for mileage without asking a motor vehicle for fuel (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (category, fuel) => {
        const f = tripFields({ category, fuel });
        if (f.mileage) expect(f.fuel).toBe(true);
      }),
    );
  });
});
