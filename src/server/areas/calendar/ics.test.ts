import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingIcs, type CalendarBooking, eventText, feedCalendar, feedCalendarOf, foldLine } from './ics';

/** The hand-written RFC 5545 writer (decision 116), read back by ical.js, an independent parser. */

function parseIcs(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const events = cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      location: e.location,
      description: e.description,
      start: e.startDate.toJSDate(),
      sequence: e.sequence,
      status: String(v.getFirstPropertyValue('status') ?? ''),
    };
  });
  const name = cal.getFirstPropertyValue('x-wr-calname');
  return { name: name ? String(name) : null, events };
}

const booking = (over: Partial<CalendarBooking> = {}): CalendarBooking => ({
  kind: 'platz',
  id: 'b1',
  von: new Date('2026-12-01T07:00:00Z'),
  bis: new Date('2026-12-01T11:00:00Z'),
  status: 'reserviert',
  object: 'EG-24',
  detail: 'Lesesaal Erdgeschoss',
  place: 'leseraum',
  bookedFor: null,
  createdAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: new Date('2026-11-01T10:00:05Z'),
  revision: 5,
  ...over,
});

describe('calendar text', () => {
  it('writes the feed with name, refresh hint and one event per booking', () => {
    const text = feedCalendar(
      'Buchbar – Stadtwerke',
      [booking(), booking({ id: 'b2', status: 'storniert' })],
      'de',
      new Date('2026-11-27T02:00:00Z'),
    );
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Buchbar//Buchbar//DE\r\nMETHOD:PUBLISH\r\n')).toBe(true);
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT15M\r\n');
    const parsed = parseIcs(text);
    expect(parsed.name).toBe('Buchbar – Stadtwerke');
    expect(parsed.events.map((e) => [e.uid, e.status, e.sequence, e.summary])).toEqual([
      ['platz-b1@buchbar', 'CONFIRMED', 5, 'Leseraum: EG-24 (Lesesaal Erdgeschoss)'],
      ['platz-b2@buchbar', 'CANCELLED', 5, 'Storniert: Leseraum: EG-24 (Lesesaal Erdgeschoss)'],
    ]);
    expect(parsed.events[0]!.start.toISOString()).toBe('2026-12-01T07:00:00.000Z');
  });

  it('takes the SEQUENCE from the row’s change counter, not from the change time (decision 200)', () => {
    // Two changes within one second of the creation: the seconds were 0 both times, the counter says 1 and 2.
    const at = new Date('2026-11-01T10:00:00.400Z');
    const sequences = [1, 2].map((revision) => parseIcs(bookingIcs(booking({ updatedAt: at, revision }), 'de')).events[0]!.sequence);
    expect(sequences).toEqual([1, 2]);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'ä'.repeat(60)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('property: any names and places come back unchanged through an independent parser', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'Z', ' ', 'ä', 'ß', 'é', '–', '€', '😀', ';', ',', '\\', ':', '\n', '"', '/'),
      maxLength: 120,
    });
    fc.assert(
      fc.property(text, text, text, text, (object, detail, place, bookedFor) => {
        const b = booking({ kind: 'fahrzeug', object, detail, place, bookedFor: bookedFor || null });
        const [e] = parseIcs(feedCalendar(`Buchbar – ${object}`, [b], 'en')).events;
        expect(e!.summary).toBe(`Vehicle: ${object} (${detail})`);
        expect(e!.location).toBe(place ? `${place} – ${detail}` : detail);
        expect(e!.description).toBe(bookedFor ? `Status: reserviert\nBooked by: ${bookedFor}` : 'Status: reserviert');
      }),
      { numRuns: 150 },
    );
  });

  it('property: a feed of kept event texts is byte for byte the feed written at once (decision 166)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'ä', '😀', ';', ',', '\n', ' '), maxLength: 90 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ object: word, status: fc.constantFrom('reserviert', 'storniert', 'vorgemerkt') }), { maxLength: 5 }),
        fc.constantFrom('de' as const, 'en' as const),
        (items, locale) => {
          const bookings = items.map((x, i) => booking({ id: `b${i}`, ...x }));
          const now = new Date('2026-11-27T02:00:00Z');
          const kept = bookings.map((b) => eventText(b, locale));
          expect(feedCalendarOf('Buchbar', kept, now)).toBe(feedCalendar('Buchbar', bookings, locale, now));
        },
      ),
      { numRuns: 100 },
    );
  });
});
