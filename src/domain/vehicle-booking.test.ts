import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import {
  type AvailabilityInput,
  assertCheckInAllowed,
  type BookingStatus,
  blockedUntil,
  bookingLimits,
  bookingWindowEnd,
  checkAvailability,
  conflicts,
  type ExistingBooking,
  isApproved,
  isAutoCancelDue,
  nextStatus,
  parseBlockType,
  parseBookingStatus,
  parseHistoryType,
  parseVehicleBookingType,
} from './vehicle-booking';
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
// 2026-11-23 is a Monday.
const MON = '2026-11-23';
const SAT = '2026-11-28';
const vehicle = {
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  bookingTimes: { weekdays: ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags'] as const, from: '09:00', to: '18:00' },
  bookingOutsidePossible: false,
};
const base = (over: Partial<AvailabilityInput>): AvailabilityInput => ({
  von: at(MON, '10:00'),
  bis: at(MON, '12:00'),
  vehicle: { ...vehicle, bookingTimes: { ...vehicle.bookingTimes, weekdays: [...vehicle.bookingTimes.weekdays] } },
  individualTimes: true,
  bookings: [],
  minGapMinutes: 15,
  ...over,
});

describe('statuses and types', () => {
  it('accepts exactly the stored values and names anything else', () => {
    expect(parseBookingStatus('durchgeführt')).toBe('durchgeführt');
    expect(caught(() => parseBookingStatus('gebucht')).message).toBe('Status gebucht unbekannt');
    expect(parseVehicleBookingType('WARTUNG')).toBe('WARTUNG');
    expect(caught(() => parseVehicleBookingType('REPARATUR')).message).toBe('Typ REPARATUR unbekannt');
    expect(parseHistoryType('CHECK_OUT')).toBe('CHECK_OUT');
    expect(caught(() => parseHistoryType('TANKEN')).message).toBe('Typ TANKEN unbekannt');
    expect(parseBlockType('DEFEKT')).toBe('DEFEKT');
    expect(caught(() => parseBlockType('REPARATUR')).message).toBe('Typ REPARATUR unbekannt');
    expect(caught(() => parseBlockType('BUCHUNG')).message).toBe('Eine Sperre hat den Typ WARTUNG, SERVICE oder DEFEKT.');
  });

  it('check-in makes aktiv, check-out durchgeführt, cancelling storniert but never a durchgeführt booking', () => {
    expect(nextStatus('reserviert', 'CHECK_IN')).toBe('aktiv');
    expect(nextStatus('aktiv', 'CHECK_OUT')).toBe('durchgeführt');
    expect(nextStatus('aktiv', 'CANCEL')).toBe('storniert');
    expect(nextStatus('reserviert', 'CANCEL')).toBe('storniert');
    expect(caught(() => nextStatus('durchgeführt', 'CANCEL')).status).toBe(409);
    expect(caught(() => nextStatus('reserviert', 'CHECK_OUT')).code).toBe('check_out_status');
    expect(caught(() => nextStatus('xyz', 'CANCEL')).message).toBe('Status xyz unbekannt');
  });
});

describe('availability (docs/product.md#vehicle-availability)', () => {
  it('gives the four messages in their order', () => {
    expect(checkAvailability(base({ bis: at(MON, '10:00') }))).toMatchObject({
      available: false,
      message: 'Bis nicht nach von im Zeitraum!',
    });
    expect(checkAvailability(base({ von: at('2027-01-04', '10:00'), bis: at('2027-01-04', '11:00') }))).toMatchObject({
      message: 'Fahrzeug im Zeitraum nicht gültig!',
    });
    expect(checkAvailability(base({ von: at(MON, '17:00'), bis: at(MON, '19:00') }))).toMatchObject({
      message: 'Zeitraum nicht im Individuellen Buchungszeitraum und buchungAusserhalbMoeglich ist nicht aktiviert!',
    });
    const other: ExistingBooking = { id: 'b1', von: at(MON, '12:10'), bis: at(MON, '13:00'), status: 'reserviert' };
    expect(checkAvailability(base({ bookings: [other] }))).toMatchObject({
      available: false,
      status: 409,
      message: 'Fahrzeug ist bereits zum Zeitraum bereits gebucht!',
    });
  });

  it('validity runs from valid-from 00:00 to valid-to 23:59', () => {
    const v = {
      ...base({}).vehicle,
      validFrom: MON,
      validTo: MON,
      bookingTimes: { weekdays: ['montags' as const], from: '00:00', to: '23:59' },
    };
    expect(checkAvailability(base({ vehicle: v, von: at(MON, '00:00'), bis: at(MON, '23:59') })).available).toBe(true);
    expect(checkAvailability(base({ vehicle: v, von: at(MON, '00:00'), bis: at('2026-11-24', '00:00') })).available).toBe(false);
  });

  it('booking outside the times is a special trip when the vehicle allows it; without individual times anything goes', () => {
    const v = { ...base({}).vehicle, bookingOutsidePossible: true };
    expect(checkAvailability(base({ vehicle: v, von: at(SAT, '10:00'), bis: at(SAT, '11:00') }))).toEqual({
      available: true,
      needsApproval: true,
    });
    expect(checkAvailability(base({ von: at(MON, '09:00'), bis: at(MON, '18:00') }))).toEqual({ available: true, needsApproval: false });
    expect(checkAvailability(base({ individualTimes: false, von: at(SAT, '06:00'), bis: at(SAT, '23:00') }))).toEqual({
      available: true,
      needsApproval: false,
    });
  });

  it('a cancelled or completed booking never blocks; the gap applies on both sides', () => {
    const mk = (status: BookingStatus): ExistingBooking => ({ id: 'x', von: at(MON, '10:00'), bis: at(MON, '12:00'), status });
    expect(checkAvailability(base({ bookings: [mk('storniert')] })).available).toBe(true);
    expect(checkAvailability(base({ bookings: [mk('durchgeführt')] })).available).toBe(true);
    expect(checkAvailability(base({ bookings: [mk('aktiv')] })).available).toBe(false);
    // exactly the gap apart is fine, one minute less is not
    expect(checkAvailability(base({ von: at(MON, '12:15'), bis: at(MON, '13:00'), bookings: [mk('reserviert')] })).available).toBe(true);
    expect(checkAvailability(base({ von: at(MON, '12:14'), bis: at(MON, '13:00'), bookings: [mk('reserviert')] })).available).toBe(false);
    expect(checkAvailability(base({ von: at(MON, '09:00'), bis: at(MON, '09:46'), bookings: [mk('reserviert')] })).available).toBe(false);
    // editing a booking does not clash with itself
    expect(checkAvailability(base({ bookings: [mk('reserviert')], excludeBookingId: 'x' })).available).toBe(true);
  });

  const minute = 60_000;
  const T0 = at(MON, '00:00').getTime();
  const arbPeriod = fc.tuple(fc.integer({ min: 0, max: 7 * 24 * 4 }), fc.integer({ min: 1, max: 48 })).map(([s, len]) => ({
    von: new Date(T0 + s * 15 * minute),
    bis: new Date(T0 + (s + len) * 15 * minute),
  }));
  const arbStatus = fc.constantFrom<BookingStatus>(
    ...(['vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen'] as const),
  );

  it('property: no two accepted bookings ever overlap including the gap', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(arbPeriod, arbStatus), { maxLength: 40 }), fc.integer({ min: 0, max: 120 }), (reqs, gap) => {
        const accepted: ExistingBooking[] = [];
        reqs.forEach(([p, status], i) => {
          const r = checkAvailability(
            base({
              ...p,
              individualTimes: false,
              vehicle: { ...vehicle, validFrom: null, validTo: null, bookingTimes: { ...vehicle.bookingTimes, weekdays: [] } },
              bookings: accepted,
              minGapMinutes: gap,
            }),
          );
          if (r.available) accepted.push({ id: String(i), ...p, status });
        });
        const live = accepted.filter((b) => b.status !== 'storniert' && b.status !== 'durchgeführt');
        for (let i = 0; i < live.length; i++)
          for (let j = i + 1; j < live.length; j++) expect(conflicts(live[i]!, live[j]!, gap)).toBe(false);
      }),
    );
  });

  it('property: cancelled or completed bookings never block; the [von, bis+gap) ranges overlap exactly when bookings conflict', () => {
    fc.assert(
      fc.property(
        arbPeriod,
        arbPeriod,
        fc.constantFrom<BookingStatus>('storniert', 'durchgeführt'),
        fc.integer({ min: 0, max: 120 }),
        (a, b, status, gap) => {
          const r = checkAvailability(
            base({
              ...a,
              individualTimes: false,
              vehicle: { ...vehicle, validFrom: null, validTo: null },
              bookings: [{ id: 'o', ...b, status }],
              minGapMinutes: gap,
            }),
          );
          expect(r.available).toBe(true);
          const rangesOverlap = a.von < blockedUntil(b.bis, gap) && b.von < blockedUntil(a.bis, gap);
          expect(rangesOverlap).toBe(conflicts(a, b, gap));
        },
      ),
    );
  });
});

describe('approval and check-in', () => {
  const now = at(MON, '10:00');
  it('approved if it started more than an hour ago, has no approvers, or any approver approved', () => {
    expect(isApproved({ von: at(MON, '08:59'), approvers: [{ userId: 'a', approved: null }] }, now)).toBe(true);
    expect(isApproved({ von: at(MON, '09:00'), approvers: [{ userId: 'a', approved: null }] }, now)).toBe(false);
    expect(isApproved({ von: at(MON, '11:00'), approvers: [] }, now)).toBe(true);
    expect(
      isApproved(
        {
          von: at(MON, '11:00'),
          approvers: [
            { userId: 'a', approved: false },
            { userId: 'b', approved: true },
          ],
        },
        now,
      ),
    ).toBe(true);
  });
  it('check-in only inside the window and never while unapproved', () => {
    const b = { von: at(MON, '10:30'), bis: at(MON, '12:00'), approved: true };
    expect(() => assertCheckInAllowed(b, now, 30)).not.toThrow();
    expect(caught(() => assertCheckInAllowed(b, now, 15)).message).toBe('Fahrt starten ist erst ab 23.11.2026 10:15 möglich.');
    expect(caught(() => assertCheckInAllowed({ ...b, approved: false }, now, 30)).code).toBe('not_approved');
    expect(caught(() => assertCheckInAllowed(b, at(MON, '12:00'), 30)).code).toBe('check_in_too_late');
  });
  it('auto-cancel is due the set minutes after start without check-in', () => {
    const b = { von: at(MON, '09:30'), status: 'reserviert' as const, type: 'BUCHUNG' as const };
    expect(isAutoCancelDue(b, now, 30)).toBe(true);
    expect(isAutoCancelDue(b, now, 31)).toBe(false);
    expect(isAutoCancelDue({ ...b, status: 'aktiv' }, now, 30)).toBe(false);
    expect(isAutoCancelDue({ ...b, type: 'WARTUNG' }, now, 30)).toBe(false);
  });
});

describe('booking window and narrowing of min/max times', () => {
  it('extends daily at 00:00 and weekly at the set hour', () => {
    // Wednesday 25.11.2026 10:00, 3 days ahead → end of Saturday (daily); weekly extension on Monday 00:00 → reached Thursday → Sunday's end.
    const now = at('2026-11-25', '10:00');
    expect(bookingWindowEnd(now, 3, 'montags', 0).toISOString()).toBe(at('2026-11-30', '00:00').toISOString());
    // Sunday evening, extension on Sunday 18:00 → from then the next week counts
    const sun = at('2026-11-29', '19:00');
    expect(bookingWindowEnd(sun, 0, 'sonntags', 18).toISOString()).toBe(at('2026-11-30', '00:00').toISOString());
    expect(bookingWindowEnd(at('2026-11-25', '10:00'), 14, 'montags', 0) >= at('2026-12-10', '00:00')).toBe(true);
  });

  it('narrows by now, the window, booking times, neighbours plus gap and minimum duration', () => {
    const iv = bookingLimits({
      day: MON,
      now: at(MON, '09:07'),
      windowEnd: at(MON, '17:00'),
      bookings: [
        { id: 'a', von: at(MON, '11:00'), bis: at(MON, '12:00'), status: 'reserviert' },
        { id: 'c', von: at(MON, '13:00'), bis: at(MON, '14:00'), status: 'storniert' },
        { id: 'd', von: at(MON, '12:30'), bis: at(MON, '12:40'), status: 'aktiv' },
      ],
      minGapMinutes: 15,
      minDurationMinutes: 30,
      stepMinutes: 15,
      bookingTimes: { weekdays: ['montags'], from: '08:00', to: '18:00' },
    });
    expect(iv.map((i) => [i.min.toISOString(), i.max.toISOString()])).toEqual([
      [at(MON, '09:15').toISOString(), at(MON, '10:45').toISOString()],
      [at(MON, '12:55').toISOString(), at(MON, '17:00').toISOString()],
    ]);
    expect(
      bookingLimits({
        day: SAT,
        now: at(MON, '00:00'),
        windowEnd: at('2027-01-01', '00:00'),
        bookings: [],
        minGapMinutes: 0,
        minDurationMinutes: 0,
        stepMinutes: 15,
        bookingTimes: { weekdays: ['montags'], from: '08:00', to: '18:00' },
      }),
    ).toEqual([]);
  });
});
