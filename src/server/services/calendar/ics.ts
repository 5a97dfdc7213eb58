import type { Locale } from '@server/mail/render';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * Calendar events of bookings (RFC 5545, written by ical-generator). One event
 * per booking with a UID that never changes and a SEQUENCE that grows with
 * every change of the booking, so a subscribed calendar or a mail client
 * updates the event it already has; a cancelled booking stays in the feed
 * as STATUS:CANCELLED instead of silently disappearing.
 */

export interface CalendarBooking {
  kind: 'fahrzeug' | 'platz';
  id: string;
  von: Date;
  bis: Date;
  status: string;
  /** Vehicle label or seat/room designation. */
  object: string;
  /** Plate (vehicle) or floor plan (seat). */
  detail: string;
  /** Location of the vehicle, or the area of the seat (leseraum/arbeitswelt). */
  place: string;
  /** Who booked it when it was made for the person by someone else. */
  bookedFor?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const PROD_ID = { company: 'Buchbar', product: 'Buchbar', language: 'DE' };

export const bookingUid = (b: Pick<CalendarBooking, 'kind' | 'id'>) => `${b.kind}-${b.id}@buchbar`;

/** Seconds between creation and the last change: grows with every change, 0 for a new booking. */
export const sequenceOf = (b: Pick<CalendarBooking, 'createdAt' | 'updatedAt'>) =>
  Math.max(0, Math.floor((b.updatedAt.getTime() - b.createdAt.getTime()) / 1000));

const STATUS: Record<string, ICalEventStatus> = {
  storniert: ICalEventStatus.CANCELLED,
  vorgemerkt: ICalEventStatus.TENTATIVE,
};

const AREA = {
  de: { leseraum: 'Leseraum', arbeitswelt: 'Arbeitsplatz' },
  en: { leseraum: 'Reading room', arbeitswelt: 'Workplace' },
} as const;

function texts(b: CalendarBooking, locale: Locale) {
  const de = locale === 'de';
  if (b.kind === 'fahrzeug') {
    return {
      summary: `${de ? 'Fahrzeug' : 'Vehicle'}: ${b.object} (${b.detail})`,
      location: b.place ? `${b.place} – ${b.detail}` : b.detail,
    };
  }
  const area = AREA[locale][b.place as 'leseraum' | 'arbeitswelt'] ?? b.place;
  return { summary: `${area}: ${b.object} (${b.detail})`, location: `${b.detail} – ${b.object}` };
}

function description(b: CalendarBooking, locale: Locale): string {
  const lines = [`Status: ${b.status}`];
  if (b.bookedFor) lines.push(`${locale === 'de' ? 'Gebucht von' : 'Booked by'}: ${b.bookedFor}`);
  return lines.join('\n');
}

function addEvent(cal: ReturnType<typeof ical>, b: CalendarBooking, locale: Locale, stamp: Date) {
  const { summary, location } = texts(b, locale);
  cal.createEvent({
    id: bookingUid(b),
    start: b.von,
    end: b.bis,
    stamp,
    created: b.createdAt,
    lastModified: b.updatedAt,
    sequence: sequenceOf(b),
    status: STATUS[b.status] ?? ICalEventStatus.CONFIRMED,
    summary: b.status === 'storniert' ? `${locale === 'de' ? 'Storniert' : 'Cancelled'}: ${summary}` : summary,
    location,
    description: description(b, locale),
  });
}

/** The subscription feed: all listed bookings of a person. */
export function feedCalendar(name: string, bookings: readonly CalendarBooking[], locale: Locale, now = new Date()): string {
  const cal = ical({ name, prodId: PROD_ID, method: ICalCalendarMethod.PUBLISH, ttl: 15 * 60 });
  for (const b of bookings) addEvent(cal, b, locale, now);
  return cal.toString();
}

/** The attachment of a booking mail: the one booking's event (cancelled mails carry the CANCELLED event). */
export function bookingIcs(b: CalendarBooking, locale: Locale, now = new Date()): string {
  const cal = ical({ prodId: PROD_ID, method: ICalCalendarMethod.PUBLISH });
  addEvent(cal, b, locale, now);
  return cal.toString();
}

/** The attachment of a mail about several bookings (a series): one event each. */
export function bookingsIcs(bookings: readonly CalendarBooking[], locale: Locale, now = new Date()): string {
  const cal = ical({ prodId: PROD_ID, method: ICalCalendarMethod.PUBLISH });
  for (const b of bookings) addEvent(cal, b, locale, now);
  return cal.toString();
}
