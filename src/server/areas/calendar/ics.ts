import type { Locale } from '@server/kernel/mail/render';

/**
 * Calendar events of bookings (RFC 5545, written here: decision 116). One event
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
  /** The booking row's change counter (decision 200): the event's SEQUENCE. */
  revision: number;
}

const PROD_ID = '-//Buchbar//Buchbar//DE';

export const bookingUid = (b: Pick<CalendarBooking, 'kind' | 'id'>) => `${b.kind}-${b.id}@buchbar`;

/**
 * The row's change counter, raised by the database on every change (decision 200): two changes within
 * one second still give two numbers, which seconds since creation did not.
 */
export const sequenceOf = (b: Pick<CalendarBooking, 'revision'>) => Math.max(0, b.revision);

const STATUS: Record<string, string> = { storniert: 'CANCELLED', vorgemerkt: 'TENTATIVE' };

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export const escapeText = (v: string) => v.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

/** UTC date-time form 20261201T070000Z. */
const utc = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/**
 * Lines longer than 75 octets are folded: CRLF and a space, never inside a
 * UTF-8 character (RFC 5545 3.1). Most lines are short ASCII and pass as they are.
 */
export function foldLine(line: string): string {
  if (line.length <= 75 && Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // The first line holds 75 octets, every continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const AREA = {
  de: { leseraum: 'Leseraum', arbeitswelt: 'Arbeitsplatz' },
  en: { leseraum: 'Reading room', arbeitswelt: 'Workplace' },
} as const;

/** What a calendar shows of a booking: its title and place (also the lines of a calendar entry mail). */
export function texts(b: Pick<CalendarBooking, 'kind' | 'object' | 'detail' | 'place'>, locale: Locale) {
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

/**
 * One event's text around its DTSTAMP: `head` (BEGIN, UID, SEQUENCE) and
 * `tail` (the times, texts and status up to END), each folded and joined by
 * CRLF. DTSTAMP is the time the calendar is written, so it is the one line an
 * event's text does not decide: keeping the rest lets the feed reuse the
 * text of every booking that did not change (decision 166).
 */
export interface EventText {
  head: string;
  tail: string;
}

const folded = (lines: string[]) => lines.map(foldLine).join('\r\n');

export function eventText(b: CalendarBooking, locale: Locale): EventText {
  const { summary, location } = texts(b, locale);
  const shown = b.status === 'storniert' ? `${locale === 'de' ? 'Storniert' : 'Cancelled'}: ${summary}` : summary;
  return {
    head: folded(['BEGIN:VEVENT', `UID:${bookingUid(b)}`, `SEQUENCE:${sequenceOf(b)}`]),
    tail: folded([
      `DTSTART:${utc(b.von)}`,
      `DTEND:${utc(b.bis)}`,
      `SUMMARY:${escapeText(shown)}`,
      `LOCATION:${escapeText(location)}`,
      `DESCRIPTION:${escapeText(description(b, locale))}`,
      `STATUS:${STATUS[b.status] ?? 'CONFIRMED'}`,
      `CREATED:${utc(b.createdAt)}`,
      `LAST-MODIFIED:${utc(b.updatedAt)}`,
      'END:VEVENT',
    ]),
  };
}

/**
 * One calendar as text. Written directly rather than through a library: the
 * feed of a person with a thousand bookings is rebuilt after every change, and
 * building an object model per event cost about a second (decision 116).
 */
function calendarOf(events: readonly EventText[], now: Date, feed?: { name: string }): string {
  const head = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PROD_ID}`, 'METHOD:PUBLISH'];
  if (feed) {
    const name = escapeText(feed.name);
    head.push(`NAME:${name}`, `X-WR-CALNAME:${name}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT15M', 'X-PUBLISHED-TTL:PT15M');
  }
  const stamp = `DTSTAMP:${utc(now)}`;
  const parts = [folded(head)];
  for (const e of events) parts.push(e.head, stamp, e.tail);
  parts.push('END:VCALENDAR');
  return `${parts.join('\r\n')}\r\n`;
}

const calendarText = (bookings: readonly CalendarBooking[], locale: Locale, now: Date, feed?: { name: string }) =>
  calendarOf(
    bookings.map((b) => eventText(b, locale)),
    now,
    feed,
  );

/** The subscription feed of events already written (each by `eventText`, possibly kept from an earlier poll). */
export function feedCalendarOf(name: string, events: readonly EventText[], now = new Date()): string {
  return calendarOf(events, now, { name });
}

/** The subscription feed: all listed bookings of a person. */
export function feedCalendar(name: string, bookings: readonly CalendarBooking[], locale: Locale, now = new Date()): string {
  return calendarText(bookings, locale, now, { name });
}

/** The attachment of a booking mail: the one booking's event (cancelled mails carry the CANCELLED event). */
export function bookingIcs(b: CalendarBooking, locale: Locale, now = new Date()): string {
  return calendarText([b], locale, now);
}

/** The attachment of a mail about several bookings (a series): one event each. */
export function bookingsIcs(bookings: readonly CalendarBooking[], locale: Locale, now = new Date()): string {
  return calendarText(bookings, locale, now);
}

/**
 * A calendar invitation (iTIP, RFC 5546, sent by mail as iMIP, RFC 6047; decision 217): who sends it
 * (the tenant, under the address mails come from) and whose calendar it is for (the recipient).
 */
export interface Invitation {
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

export type InvitationMethod = 'REQUEST' | 'CANCEL';

/**
 * A mail whose bookings are all cancelled withdraws them (CANCEL); any other asks the calendar to
 * hold them (REQUEST). The SEQUENCE of either is the booking's revision after the change the mail
 * tells of (decision 200), so the cancellation always outranks the request it withdraws.
 */
export const invitationMethod = (bookings: readonly Pick<CalendarBooking, 'status'>[]): InvitationMethod =>
  bookings.length > 0 && bookings.every((b) => b.status === 'storniert') ? 'CANCEL' : 'REQUEST';

/**
 * A parameter value (CN): quoted, since a name may hold a comma, colon or semicolon; a double quote
 * cannot stand inside one (RFC 5545 3.1) and line breaks would end the line, so both become spaces.
 */
export const paramText = (v: string) => `"${v.replace(/["\r\n]+/g, ' ').trim()}"`;

/**
 * The invitation a booking mail carries: the same events as the attachment, with METHOD, ORGANIZER
 * and ATTENDEE. The attendee has accepted already (PARTSTAT=ACCEPTED) and no answer is asked
 * (RSVP=FALSE): the booking is the person's own, so a calendar files it without a reply to send.
 * Times are UTC, which every calendar shows in its own zone, so no VTIMEZONE is needed.
 */
export function invitationIcs(bookings: readonly CalendarBooking[], locale: Locale, invitation: Invitation, now = new Date()): string {
  const method = invitationMethod(bookings);
  const { organizer, attendee } = invitation;
  const people = folded([
    `ORGANIZER;CN=${paramText(organizer.name)}:mailto:${organizer.email}`,
    `ATTENDEE;CN=${paramText(attendee.name)};CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${attendee.email}`,
    'TRANSP:OPAQUE',
  ]);
  const parts = [folded(['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PROD_ID}`, 'CALSCALE:GREGORIAN', `METHOD:${method}`])];
  const stamp = `DTSTAMP:${utc(now)}`;
  for (const b of bookings) {
    const e = eventText(b, locale);
    // The people go before END:VEVENT, the last line of the event's tail.
    parts.push(e.head, stamp, e.tail.slice(0, -'\r\nEND:VEVENT'.length), people, 'END:VEVENT');
  }
  parts.push('END:VCALENDAR');
  return `${parts.join('\r\n')}\r\n`;
}
