import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertGuestCanCancel,
  assertOpenRequestsBelow,
  assertWithinLimit,
  canCancelFree,
  dayListEntries,
  FREE_CANCELLATION_ENDED_MESSAGE,
  freeCancellationDeadline,
  INVALID_LINK_MESSAGE,
  isReleaseDue,
  isRequestOpen,
  normalizeEmail,
  normalizeGuestName,
  normalizePhone,
  PUBLIC_ACTION_LIMIT,
  rateWindowStart,
  requestExpiresAt,
  tokenOpensBooking,
} from './guest-booking';
import { combineDateAndTime } from './time';

const MIN = 60_000;

describe('free cancellation (24 hours before start)', () => {
  const von = combineDateAndTime('15.12.2026', '10:00');
  it('allows cancelling 24:01 before start and exactly at 24:00, not at 23:59', () => {
    expect(canCancelFree(von, new Date(von.getTime() - (24 * 60 + 1) * MIN))).toBe(true);
    expect(canCancelFree(von, new Date(von.getTime() - 24 * 60 * MIN))).toBe(true);
    expect(canCancelFree(von, new Date(von.getTime() - (23 * 60 + 59) * MIN))).toBe(false);
  });

  it('counts real hours across the switch to winter time (Sunday 25.10.2026)', () => {
    const start = combineDateAndTime('25.10.2026', '12:00'); // CET, after the switch
    const deadline = freeCancellationDeadline(start);
    expect(deadline.toISOString()).toBe('2026-10-24T11:00:00.000Z'); // Saturday 13:00 CEST on the wall clock
    expect(canCancelFree(start, combineDateAndTime('24.10.2026', '12:59'))).toBe(true);
    expect(canCancelFree(start, combineDateAndTime('24.10.2026', '13:01'))).toBe(false);
  });

  it('counts real hours across the switch to summer time (Sunday 29.03.2026)', () => {
    const start = combineDateAndTime('29.03.2026', '12:00'); // CEST
    expect(freeCancellationDeadline(start).toISOString()).toBe('2026-03-28T10:00:00.000Z'); // Saturday 11:00 CET
    expect(canCancelFree(start, combineDateAndTime('28.03.2026', '10:59'))).toBe(true);
    expect(canCancelFree(start, combineDateAndTime('28.03.2026', '11:01'))).toBe(false);
  });

  it('is free exactly while at least 24 hours remain (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: -1e10, max: 1e10 }), (start, offset) => {
        const v = new Date(start);
        const now = new Date(start - offset);
        expect(canCancelFree(v, now)).toBe(offset >= 24 * 3600_000);
      }),
    );
  });

  it('refuses ended, cancelled and completed bookings with the neutral message, late ones with the deadline message', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const later = new Date(now.getTime() + 48 * 3600_000);
    const soon = new Date(now.getTime() + 3600_000);
    expect(() => assertGuestCanCancel({ status: 'storniert', von: later, bis: later }, now)).toThrow(INVALID_LINK_MESSAGE);
    expect(() => assertGuestCanCancel({ status: 'durchgeführt', von: later, bis: later }, now)).toThrow(INVALID_LINK_MESSAGE);
    expect(() => assertGuestCanCancel({ status: 'reserviert', von: now, bis: now }, now)).toThrow(INVALID_LINK_MESSAGE);
    expect(() => assertGuestCanCancel({ status: 'reserviert', von: soon, bis: later }, now)).toThrow(FREE_CANCELLATION_ENDED_MESSAGE);
    expect(() => assertGuestCanCancel({ status: 'vorgemerkt', von: later, bis: later }, now)).not.toThrow();
    expect(tokenOpensBooking({ status: 'aktiv', bis: later }, now)).toBe(true);
  });
});

describe('unconfirmed guest bookings and public requests', () => {
  const von = new Date('2026-12-01T10:00:00Z');
  it('releases an unconfirmed booking from the set time before start on, never a confirmed one', () => {
    expect(isReleaseDue({ status: 'vorgemerkt', confirmed: false, von }, new Date(von.getTime() - 121 * MIN), 120)).toBe(false);
    expect(isReleaseDue({ status: 'vorgemerkt', confirmed: false, von }, new Date(von.getTime() - 120 * MIN), 120)).toBe(true);
    expect(isReleaseDue({ status: 'reserviert', confirmed: true, von }, von, 120)).toBe(false);
    expect(isReleaseDue({ status: 'storniert', confirmed: false, von }, von, 120)).toBe(false);
  });

  it('a request is open until it expires (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 1e9 }), (c, m, d) => {
        const created = new Date(c);
        const expiresAt = requestExpiresAt(created, m);
        const now = new Date(c + d);
        expect(isRequestOpen({ status: 'offen', expiresAt }, now)).toBe(d < m * MIN);
        expect(isRequestOpen({ status: 'bestätigt', expiresAt }, now)).toBe(false);
      }),
    );
  });
});

describe('what visitors type', () => {
  it('normalises names, e-mails and phone numbers and refuses garbage', () => {
    expect(normalizeGuestName('  Anna   Gast ')).toBe('Anna Gast');
    expect(normalizeGuestName('x')).toBeNull();
    expect(normalizeGuestName('12345')).toBeNull();
    expect(normalizeGuestName('<script>')).toBeNull();
    expect(normalizeGuestName('a'.repeat(101))).toBeNull();
    expect(normalizeEmail(' Anna.Gast@Example.ORG ')).toBe('anna.gast@example.org');
    expect(normalizeEmail('anna@')).toBeNull();
    expect(normalizeEmail('anna gast@example.org')).toBeNull();
    expect(normalizePhone('+49 (0)171 / 123-456')).toBe('+49 (0)171 / 123-456');
    expect(normalizePhone('12')).toBeNull();
    expect(normalizePhone('0171 abc')).toBeNull();
  });

  it('a normalised e-mail is a fixed point (property)', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (e) => {
        const n = normalizeEmail(e);
        if (n !== null) expect(normalizeEmail(n)).toBe(n);
      }),
    );
  });

  it('a normalised name is a fixed point and never longer than allowed (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 150 }), (s) => {
        const n = normalizeGuestName(s);
        if (n !== null) {
          expect(normalizeGuestName(n)).toBe(n);
          expect(n.length).toBeLessThanOrEqual(100);
        }
      }),
    );
  });
});

describe('limits', () => {
  it('windows are aligned and contain their instant (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 1, max: 86_400 }), (t, w) => {
        const start = rateWindowStart(new Date(t), w);
        expect(start.getTime() % (w * 1000)).toBe(0);
        expect(start.getTime()).toBeLessThanOrEqual(t);
        expect(t - start.getTime()).toBeLessThan(w * 1000);
      }),
    );
  });

  it('refuses the hit after the maximum and the request that reaches the open maximum', () => {
    expect(() => assertWithinLimit(PUBLIC_ACTION_LIMIT.max, PUBLIC_ACTION_LIMIT)).not.toThrow();
    expect(() => assertWithinLimit(PUBLIC_ACTION_LIMIT.max + 1, PUBLIC_ACTION_LIMIT)).toThrow(
      'Zu viele Anfragen. Bitte versuchen Sie es später noch einmal.',
    );
    expect(() => assertOpenRequestsBelow(1, 2)).not.toThrow();
    expect(() => assertOpenRequestsBelow(1, 1)).toThrow(
      'Sie haben bereits eine offene Anfrage. Bitte bestätigen Sie diese zuerst oder warten Sie, bis sie abläuft.',
    );
    expect(() => assertOpenRequestsBelow(2, 2)).toThrow(
      'Sie haben bereits 2 offene Anfragen. Bitte bestätigen Sie diese zuerst oder warten Sie, bis sie ablaufen.',
    );
  });
});

describe('the reception day list', () => {
  const dayStart = new Date('2026-12-01T23:00:00Z');
  const dayEnd = new Date('2026-12-02T23:00:00Z');
  const at = (h: number) => new Date(dayStart.getTime() + h * 3600_000);
  it('lists hand-overs and returns of the day and what is overdue', () => {
    const now = at(12);
    const list = dayListEntries(
      [
        { id: 'later', von: at(14), bis: at(17), status: 'reserviert' },
        { id: 'out', von: at(9), bis: at(16), status: 'aktiv' },
        { id: 'late-return', von: at(8), bis: at(11), status: 'aktiv' },
        { id: 'not-collected', von: at(10), bis: at(18), status: 'reserviert' },
        { id: 'gone', von: at(8), bis: at(9), status: 'durchgeführt' },
        { id: 'cancelled', von: at(14), bis: at(15), status: 'storniert' },
        { id: 'tomorrow', von: at(33), bis: at(36), status: 'reserviert' },
      ],
      dayStart,
      dayEnd,
      now,
    );
    expect(list.map((e) => `${e.kind}:${e.booking.id}`)).toEqual([
      'ueberfaellig:not-collected',
      'ueberfaellig:late-return',
      'ausgabe:later',
      'rueckgabe:out',
      'rueckgabe:later',
    ]);
  });

  it('never lists cancelled or completed bookings and is sorted by time (property)', () => {
    const status = fc.constantFrom('vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert');
    const booking = fc
      .record({ id: fc.uuid(), a: fc.integer({ min: -48, max: 72 }), len: fc.integer({ min: 1, max: 30 }), status })
      .map((r) => ({ id: r.id, von: at(r.a), bis: at(r.a + r.len), status: r.status }));
    fc.assert(
      fc.property(fc.array(booking, { maxLength: 20 }), fc.integer({ min: -10, max: 34 }), (bs, h) => {
        const list = dayListEntries(bs, dayStart, dayEnd, at(h));
        for (const e of list) expect(['storniert', 'durchgeführt']).not.toContain(e.booking.status);
        for (let i = 1; i < list.length; i++) expect(list[i]!.at.getTime()).toBeGreaterThanOrEqual(list[i - 1]!.at.getTime());
      }),
    );
  });
});
