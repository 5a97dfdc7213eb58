import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HANDOVER_REFUSED, handoverChoices, otherPersonOf } from './absence-handover';

describe('otherPersonOf', () => {
  it('is the driver of a vehicle the person booked for someone else', () => {
    expect(otherPersonOf({ kind: 'fahrzeug', bookerId: 'felix', driverId: 'max' }, 'felix')).toBe('max');
  });
  it('is the person a seat was pre-booked for', () => {
    expect(otherPersonOf({ kind: 'platz', bookerId: 'anna', confirmingId: 'max' }, 'anna')).toBe('max');
  });
  it('is nobody for own bookings and for bookings others made for the person', () => {
    expect(otherPersonOf({ kind: 'fahrzeug', bookerId: 'felix', driverId: 'felix' }, 'felix')).toBeNull();
    expect(otherPersonOf({ kind: 'fahrzeug', bookerId: 'felix', driverId: 'max' }, 'max')).toBeNull();
    expect(otherPersonOf({ kind: 'platz', bookerId: 'anna', confirmingId: null }, 'anna')).toBeNull();
    expect(otherPersonOf({ kind: 'platz', bookerId: 'anna', confirmingId: 'max' }, 'max')).toBeNull();
  });
});

describe('handoverChoices', () => {
  it('hands over the chosen bookings and cancels the others', () => {
    expect(handoverChoices([{ id: 'a' }, { id: 'b' }], ['b'])).toEqual(
      new Map([
        ['a', 'stornieren'],
        ['b', 'uebergeben'],
      ]),
    );
  });
  it('refuses to hand over anything that is no booking for someone else of this absence', () => {
    expect(() => handoverChoices([{ id: 'a' }], ['x'])).toThrow(HANDOVER_REFUSED);
    expect(HANDOVER_REFUSED).toBe('Nur Buchungen, die Sie für andere gemacht haben, können übergeben werden.');
  });
  it('property: every booking gets exactly one choice, handed over exactly when chosen', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 })), fc.array(fc.nat()), (ids, picks) => {
        const chosen = ids.length ? picks.map((p) => ids[p % ids.length]!) : [];
        const out = handoverChoices(
          ids.map((id) => ({ id })),
          chosen,
        );
        expect([...out.keys()].sort()).toEqual([...ids].sort());
        for (const id of ids) expect(out.get(id)).toBe(chosen.includes(id) ? 'uebergeben' : 'stornieren');
      }),
    );
  });
});
