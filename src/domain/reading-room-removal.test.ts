import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOLDING_STATUSES, READING_ROOM_STATUSES } from './reading-room-booking';
import { assertDeletable, cancelledByDeactivation, OPEN_STATUSES, REMOVAL_REASONS, removalTargetOf } from './reading-room-removal';

const now = new Date('2026-11-23T10:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('deactivation cancels what still holds the object (decision 025)', () => {
  it('cancels vorgemerkt and reserviert bookings that have not ended, a running reservation included', () => {
    expect(cancelledByDeactivation({ status: 'reserviert', bis: at(60) }, now)).toBe(true);
    expect(cancelledByDeactivation({ status: 'vorgemerkt', bis: at(1) }, now)).toBe(true);
    expect(cancelledByDeactivation({ status: 'reserviert', bis: at(0) }, now)).toBe(false);
    expect(cancelledByDeactivation({ status: 'reserviert', bis: at(-30) }, now)).toBe(false);
  });

  it('never touches checked-in or cancelled bookings, whatever their time', () => {
    fc.assert(
      fc.property(fc.constantFrom(...READING_ROOM_STATUSES), fc.integer({ min: -10_000, max: 10_000 }), (status, m) => {
        const cancels = cancelledByDeactivation({ status, bis: at(m) }, now);
        expect(cancels).toBe((status === 'vorgemerkt' || status === 'reserviert') && m > 0);
      }),
    );
  });

  it('cancels exactly the states that hold a place (the exclusion constraint’s list)', () => {
    expect([...OPEN_STATUSES]).toEqual([...HOLDING_STATUSES]);
  });

  it('stores a reason the sidebar can recognise again', () => {
    expect(REMOVAL_REASONS.platz).toBe('Storno, weil Platz deaktiviert wurde.');
    expect(REMOVAL_REASONS.raum).toBe('Storno, weil Raum deaktiviert wurde.');
    expect(REMOVAL_REASONS.grundriss).toBe('Storno, weil Grundriss deaktiviert wurde.');
    for (const [target, reason] of Object.entries(REMOVAL_REASONS)) expect(removalTargetOf(reason)).toBe(target);
    expect(removalTargetOf('Nicht eingecheckt')).toBeNull();
    expect(removalTargetOf(null)).toBeNull();
  });
});

describe('deleting for good', () => {
  it('is allowed only when nothing was ever booked, with the exact message otherwise', () => {
    expect(() => assertDeletable('platz', 'EG-10', 0)).not.toThrow();
    expect(() => assertDeletable('platz', 'EG-10', 1)).toThrow(
      'Der Platz „EG-10“ wurde schon gebucht und kann deshalb nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    );
    expect(() => assertDeletable('raum', 'Gruppenraum 1', 3)).toThrow(
      'Der Raum „Gruppenraum 1“ wurde schon gebucht und kann deshalb nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    );
    expect(() => assertDeletable('grundriss', 'Lesesaal Erdgeschoss', 2)).toThrow(
      'Auf dem Grundriss „Lesesaal Erdgeschoss“ wurde schon gebucht; er kann deshalb nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    );
  });

  it('answers 409 with a code the English variant is keyed on', () => {
    try {
      assertDeletable('grundriss', 'X', 1);
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({
        code: 'reading_plan_has_bookings',
        status: 409,
        en: 'Places on the floor plan X have already been booked; it therefore cannot be deleted. Please deactivate it instead.',
      });
    }
  });
});
