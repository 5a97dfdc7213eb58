import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { type AttributeDefinition, isVisible, parseCondition, validateAttributeValues } from './vehicle-attributes';
import {
  assertBookingTimesTarget,
  blockReason,
  describeChanges,
  planDeactivation,
  planVehicleChange,
  validateTripEnd,
} from './vehicle-changes';
import { berlinInstant } from './vehicle-time';

function caught(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}
const at = (day: string, time: string) => berlinInstant(day, time);
const old = { validFrom: '2026-01-01', validTo: '2026-12-31', locationId: 'L1', locationName: 'Betriebshof Nord', brand: 'VW', seats: 5 };
const bookings = [
  { id: 'in', von: at('2026-06-01', '10:00'), bis: at('2026-06-01', '12:00'), status: 'reserviert' as const },
  { id: 'late', von: at('2026-12-31', '10:00'), bis: at('2026-12-31', '12:00'), status: 'reserviert' as const },
  { id: 'done', von: at('2026-12-31', '13:00'), bis: at('2026-12-31', '14:00'), status: 'durchgeführt' as const },
  { id: 'gone', von: at('2026-12-31', '15:00'), bis: at('2026-12-31', '16:00'), status: 'storniert' as const },
];

describe('vehicle data change (docs/product.md#vehicle-changes-and-deactivation)', () => {
  it('a location change cancels every open booking with the fixed reason', () => {
    const r = planVehicleChange(old, { ...old, locationId: 'L2', locationName: 'Verwaltung Innenstadt' }, bookings);
    expect(r.cancellations).toEqual([
      { bookingId: 'in', reason: 'Storno wegen Standortänderung am Fahrzeug' },
      { bookingId: 'late', reason: 'Storno wegen Standortänderung am Fahrzeug' },
    ]);
    expect(r.changes).toEqual(['Standort: Betriebshof Nord → Verwaltung Innenstadt']);
  });
  it('otherwise only bookings outside the new validity (00:00–23:59) are cancelled', () => {
    const r = planVehicleChange(old, { ...old, validTo: '2026-12-30', brand: 'Škoda' }, bookings);
    expect(r.cancellations).toEqual([{ bookingId: 'late', reason: 'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.' }]);
    expect(r.changes).toEqual(['Gültig bis: 2026-12-31 → 2026-12-30', 'Marke: VW → Škoda']);
    expect(planVehicleChange(old, { ...old, validTo: '2026-12-31' }, bookings).cancellations).toEqual([]);
  });
  it('refuses an update without the old data and booking times without a vehicle id', () => {
    expect(caught(() => planVehicleChange(null, old, [])).code).toBe('old_vehicle_missing');
    expect(caught(() => assertBookingTimesTarget(undefined)).message).toBe(
      'Fahrzeug ID nicht vorhanden, Buchungszeiten können nicht gespeichert werden!',
    );
  });
  it('deactivation cancels open bookings with the fixed reason; maintenance reasons name the type', () => {
    expect(planDeactivation(bookings)).toEqual([
      { bookingId: 'in', reason: 'Storno, weil Fahrzeug deaktiviert wurde.' },
      { bookingId: 'late', reason: 'Storno, weil Fahrzeug deaktiviert wurde.' },
    ]);
    expect(blockReason('DEFEKT')).toBe('Storno wegen Defekt des Fahrzeugs.');
    expect(describeChanges({ airConditioning: false }, { airConditioning: true })).toEqual(['Klimaanlage: nein → ja']);
  });
});

describe('trip end (docs/product.md#trips)', () => {
  it('fuel 0–100 and mileage greater than the last', () => {
    expect(caught(() => validateTripEnd({ fuelPercent: 101, mileage: 10, lastMileage: 5 })).message).toBe(
      'Fuel level must be between 0 and 100!',
    );
    expect(caught(() => validateTripEnd({ fuelPercent: -1, mileage: 10, lastMileage: 5 })).message).toBe(
      'Fuel level must be between 0 and 100!',
    );
    expect(caught(() => validateTripEnd({ fuelPercent: 50, mileage: 5, lastMileage: 5 })).message).toBe(
      'Der Kilometerstand muss größer als 5 sein.',
    );
    expect(() => validateTripEnd({ fuelPercent: 0, mileage: 6, lastMileage: 5 })).not.toThrow();
    expect(() => validateTripEnd({ fuelPercent: 100, mileage: 1, lastMileage: null })).not.toThrow();
  });
});

describe('object attributes', () => {
  const defs: AttributeDefinition[] = [
    {
      id: 'a',
      type: 'RADIOS',
      label: 'Tankkarte',
      choices: [
        { key: 'ja', text: 'Ja' },
        { key: 'nein', text: 'Nein' },
      ],
      conditions: [{ type: 'MANDATORY', value: null, dependentAttributeId: null }],
    },
    {
      id: 'b',
      type: 'TEXT',
      label: 'Tankkartennummer',
      choices: [],
      conditions: [
        { type: 'SHOW_IF', value: 'ja', dependentAttributeId: 'a' },
        { type: 'MANDATORY', value: null, dependentAttributeId: null },
      ],
    },
  ];
  it('rejects unknown condition types with the catalogue message', () => {
    expect(caught(() => parseCondition({ type: 'HIDE' })).message).toBe('Bedingung type HIDE is not valid');
    expect(parseCondition({ type: 'SHOW_CARD' }).type).toBe('SHOW_CARD');
  });
  it('mandatory fields only count when visible', () => {
    expect(caught(() => validateAttributeValues(defs, {})).message).toBe('Please fill in all mandatory fields.');
    expect(validateAttributeValues(defs, { a: 'nein', b: 'ignored' })).toEqual({ a: 'nein' });
    expect(caught(() => validateAttributeValues(defs, { a: 'ja' })).message).toBe('Please fill in all mandatory fields.');
    expect(validateAttributeValues(defs, { a: 'ja', b: '1234' })).toEqual({ a: 'ja', b: '1234' });
    expect(isVisible(defs[1]!, { a: 'nein' })).toBe(false);
    expect(caught(() => validateAttributeValues(defs, { a: 'vielleicht' })).code).toBe('attribute_choice_invalid');
  });
});
