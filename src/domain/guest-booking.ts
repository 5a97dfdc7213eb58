import { defineErrors } from './errors';

/**
 * Guests (docs/product.md#guests): free cancellation up to 24 hours before start,
 * release of unconfirmed guest bookings, expiry of public rental requests,
 * the reception's day list and the public limits. Pure rules, no I/O.
 */

export const GUEST_FREE_CANCEL_HOURS = 24;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** One neutral answer for every token that does not open a booking (wrong, foreign, used, expired). */
export const INVALID_LINK_MESSAGE = 'Dieser Link ist ungültig oder nicht mehr gültig.';
export const FREE_CANCELLATION_ENDED_MESSAGE = 'Die kostenlose Stornierung ist nicht mehr möglich (bis 24 Stunden vor Beginn).';
export const RATE_LIMITED_MESSAGE = 'Zu viele Anfragen. Bitte versuchen Sie es später noch einmal.';

/** The refusals of the guests' rules in both languages (decision 198). */
export const guestBookingErrors = defineErrors({
  guest_link_invalid: { status: 404, de: INVALID_LINK_MESSAGE, en: 'This link is invalid or no longer valid.' },
  guest_free_cancellation_ended: {
    status: 409,
    de: FREE_CANCELLATION_ENDED_MESSAGE,
    en: 'Free cancellation is no longer possible (until 24 hours before the start).',
  },
  rate_limited: { status: 429, de: RATE_LIMITED_MESSAGE, en: 'Too many requests. Please try again later.' },
  too_many_open_requests: {
    status: 409,
    texts: (p: { count: number }) =>
      p.count === 1
        ? {
            de: 'Sie haben bereits eine offene Anfrage. Bitte bestätigen Sie diese zuerst oder warten Sie, bis sie abläuft.',
            en: 'You already have one open request. Please confirm it first or wait until it expires.',
          }
        : {
            de: `Sie haben bereits ${p.count} offene Anfragen. Bitte bestätigen Sie diese zuerst oder warten Sie, bis sie ablaufen.`,
            en: `You already have ${p.count} open requests. Please confirm them first or wait until they expire.`,
          },
  },
});

/**
 * The last instant a guest may cancel free: 24 real hours before start. Counted
 * in elapsed time, not wall-clock time, so a daylight-saving change between now
 * and the start neither shortens nor lengthens the period (decision 051).
 */
export const freeCancellationDeadline = (von: Date): Date => new Date(von.getTime() - GUEST_FREE_CANCEL_HOURS * HOUR_MS);

export const canCancelFree = (von: Date, now: Date): boolean => now.getTime() <= freeCancellationDeadline(von).getTime();

/** A guest token opens its booking only while the booking can still change: not cancelled, not completed, not ended. */
export function tokenOpensBooking(b: { status: string; bis: Date }, now: Date): boolean {
  return b.status !== 'storniert' && b.status !== 'durchgeführt' && b.bis.getTime() > now.getTime();
}

export function assertGuestCanCancel(b: { status: string; bis: Date; von: Date }, now: Date): void {
  if (!tokenOpensBooking(b, now)) throw guestBookingErrors.fail('guest_link_invalid');
  if (!canCancelFree(b.von, now)) throw guestBookingErrors.fail('guest_free_cancellation_ended');
}

/** When an unconfirmed guest booking gives its vehicle back: `minutesBefore` before start. */
export const unconfirmedReleaseAt = (von: Date, minutesBefore: number): Date => new Date(von.getTime() - minutesBefore * MINUTE_MS);

export function isReleaseDue(b: { status: string; confirmed: boolean; von: Date }, now: Date, minutesBefore: number): boolean {
  return b.status === 'vorgemerkt' && !b.confirmed && now.getTime() >= unconfirmedReleaseAt(b.von, minutesBefore).getTime();
}

export const RELEASE_REASON = 'Storno, weil die Gastbuchung nicht rechtzeitig bestätigt wurde.';

/** A public rental request is open until confirmed or `validMinutes` after it was made. */
export const requestExpiresAt = (createdAt: Date, validMinutes: number): Date => new Date(createdAt.getTime() + validMinutes * MINUTE_MS);

export function isRequestOpen(r: { status: string; expiresAt: Date }, now: Date): boolean {
  return r.status === 'offen' && now.getTime() < r.expiresAt.getTime();
}

// ───────────────────────── what visitors type ─────────────────────────

export const GUEST_NAME_MAX = 100;
export const GUEST_NOTES_MAX = 1000;

/** Trims and collapses spaces; a name needs a letter and no control characters or markup brackets. */
export function normalizeGuestName(raw: string): string | null {
  const name = raw.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (name.length < 2 || name.length > GUEST_NAME_MAX) return null;
  if (!/\p{L}/u.test(name) || /[\p{Cc}<>]/u.test(name)) return null;
  return name;
}

/** Lower-cased and trimmed: the form every per-address count and limit uses. */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !/^[^\s@<>()",;]+@[^\s@<>()",;]+\.[a-z]{2,}$/.test(email)) return null;
  return email;
}

/** Digits with an optional leading +, spaces, slashes, dashes and brackets; 6 to 20 digits. */
export function normalizePhone(raw: string): string | null {
  const phone = raw.trim().replace(/\s+/g, ' ');
  if (!/^\+?[\d /()-]+$/.test(phone)) return null;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 20 ? phone : null;
}

// ───────────────────────── rate limits ─────────────────────────

export interface RateLimit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

/** Per address: reading the public pages, and the actions that write or send mail. */
export const PUBLIC_READ_LIMIT: RateLimit = { bucket: 'public-read', max: 120, windowSeconds: 60 };
export const PUBLIC_ACTION_LIMIT: RateLimit = { bucket: 'public-action', max: 10, windowSeconds: 3600 };
/** Per e-mail address: rental requests (each sends a mail to that address). */
export const REQUEST_EMAIL_LIMIT: RateLimit = { bucket: 'request-email', max: 5, windowSeconds: 3600 };

/** The fixed window an instant falls into (shared by all nodes through the database). */
export const rateWindowStart = (now: Date, windowSeconds: number): Date =>
  new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);

export function assertWithinLimit(hits: number, limit: RateLimit): void {
  if (hits > limit.max) throw guestBookingErrors.fail('rate_limited');
}

export function assertOpenRequestsBelow(open: number, max: number): void {
  if (open >= max) {
    throw guestBookingErrors.fail('too_many_open_requests', { count: open });
  }
}

// ───────────────────────── the reception's day list ─────────────────────────

export interface DayBooking {
  id: string;
  von: Date;
  bis: Date;
  status: string;
}

export type DayListKind = 'ausgabe' | 'rueckgabe' | 'ueberfaellig';

/**
 * Today's hand-overs (start today, not yet started), returns (end today, on
 * the road or still to come) and overdue ones (a trip past its end, or a
 * hand-over past its start that nobody collected), for the day's [start, end).
 * A booking may appear as hand-over and return on the same day.
 */
export function dayListEntries<B extends DayBooking>(
  bookings: readonly B[],
  dayStart: Date,
  dayEnd: Date,
  now: Date,
): { kind: DayListKind; at: Date; booking: B }[] {
  const inDay = (d: Date) => d.getTime() >= dayStart.getTime() && d.getTime() < dayEnd.getTime();
  const out: { kind: DayListKind; at: Date; booking: B }[] = [];
  for (const b of bookings) {
    if (b.status === 'storniert' || b.status === 'durchgeführt') continue;
    const waiting = b.status === 'reserviert' || b.status === 'vorgemerkt';
    const overdue = (b.status === 'aktiv' && b.bis < now) || (waiting && b.von < now && b.bis > dayStart);
    if (overdue) out.push({ kind: 'ueberfaellig', at: b.status === 'aktiv' ? b.bis : b.von, booking: b });
    else if (waiting && inDay(b.von)) out.push({ kind: 'ausgabe', at: b.von, booking: b });
    if (!overdue && inDay(b.bis)) out.push({ kind: 'rueckgabe', at: b.bis, booking: b });
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime() || a.kind.localeCompare(b.kind));
}
