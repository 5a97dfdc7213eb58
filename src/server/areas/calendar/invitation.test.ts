import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarParts } from '../../kernel/mail/mailer';
import { bookingUid, type CalendarBooking, escapeText, foldLine, type Invitation, invitationIcs, invitationMethod, paramText } from './ics';
import { senderAddress } from './invitations';

/** Calendar invitations of booking mails (decision 217), read back by ical.js, an independent parser. */

const booking = (over: Partial<CalendarBooking> = {}): CalendarBooking => ({
  kind: 'fahrzeug',
  id: 'b1',
  von: new Date('2026-12-01T07:00:00Z'),
  bis: new Date('2026-12-01T11:00:00Z'),
  status: 'reserviert',
  object: 'VW ID.3',
  detail: 'MS-BB 100',
  place: 'Betriebshof Nord',
  bookedFor: null,
  createdAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: new Date('2026-11-01T10:00:05Z'),
  revision: 3,
  ...over,
});

const invite: Invitation = {
  organizer: { name: 'Stadtwerke Musterstadt', email: 'noreply@buchbar.test' },
  attendee: { name: 'Mia Müller', email: 'mia@stadtwerke.test' },
};

const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('calendar invitations', () => {
  it('a booking asks its calendar to hold it: REQUEST with organizer, attendee who has accepted and no reply asked', () => {
    const text = invitationIcs([booking()], 'de', invite, new Date('2026-11-27T02:00:00Z'));
    const cal = parse(text);
    expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
    const ev = cal.getFirstSubcomponent('vevent')!;
    expect(ev.getFirstPropertyValue('uid')).toBe('fahrzeug-b1@buchbar');
    expect(ev.getFirstPropertyValue('sequence')).toBe(3);
    expect(String(ev.getFirstPropertyValue('dtstamp'))).toBe('2026-11-27T02:00:00Z');
    const organizer = ev.getFirstProperty('organizer')!;
    expect(organizer.getFirstValue()).toBe('mailto:noreply@buchbar.test');
    expect(organizer.getParameter('cn')).toBe('Stadtwerke Musterstadt');
    const attendee = ev.getFirstProperty('attendee')!;
    expect(attendee.getFirstValue()).toBe('mailto:mia@stadtwerke.test');
    expect(attendee.getParameter('cn')).toBe('Mia Müller');
    expect(attendee.getParameter('partstat')).toBe('ACCEPTED');
    expect(attendee.getParameter('rsvp')).toBe('FALSE');
    expect(new ICAL.Event(ev).startDate.toJSDate()).toEqual(new Date('2026-12-01T07:00:00Z'));
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
  });

  it('a cancellation withdraws the event: CANCEL with the same UID, a higher SEQUENCE and STATUS:CANCELLED', () => {
    const cal = parse(invitationIcs([booking({ status: 'storniert', revision: 4 })], 'en', invite));
    expect(cal.getFirstPropertyValue('method')).toBe('CANCEL');
    const ev = cal.getFirstSubcomponent('vevent')!;
    expect(ev.getFirstPropertyValue('uid')).toBe('fahrzeug-b1@buchbar');
    expect(ev.getFirstPropertyValue('sequence')).toBe(4);
    expect(ev.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('the method: CANCEL only when every booking of the mail is cancelled', () => {
    expect(invitationMethod([{ status: 'storniert' }, { status: 'storniert' }])).toBe('CANCEL');
    expect(invitationMethod([{ status: 'storniert' }, { status: 'reserviert' }])).toBe('REQUEST');
    expect(invitationMethod([{ status: 'vorgemerkt' }])).toBe('REQUEST');
    expect(invitationMethod([])).toBe('REQUEST');
  });

  it('goes as iMIP: a text/calendar alternative with its method and the file; a plain calendar file stays an attachment', () => {
    const request = invitationIcs([booking()], 'de', invite);
    expect(calendarParts(request, [])).toEqual({
      attachments: [],
      icalEvent: { method: 'REQUEST', filename: 'buchung.ics', content: request },
    });
    const cancel = invitationIcs([booking({ status: 'storniert' })], 'de', invite);
    expect(calendarParts(cancel, []).icalEvent?.method).toBe('CANCEL');
    const plain = 'BEGIN:VCALENDAR\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n';
    expect(calendarParts(plain, [])).toEqual({
      attachments: [{ filename: 'buchung.ics', content: plain, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
    });
    expect(calendarParts(null, [])).toEqual({ attachments: [] });
  });

  it('the organizer is the address mails come from', () => {
    expect(senderAddress('Buchbar <noreply@buchbar.localhost>')).toBe('noreply@buchbar.localhost');
    expect(senderAddress(' noreply@buchbar.test ')).toBe('noreply@buchbar.test');
  });

  it('property: names with commas, semicolons, colons, quotes and line breaks stay one parameter each', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (name) => {
        const text = invitationIcs([booking()], 'de', { ...invite, attendee: { name, email: 'a@b.test' } });
        const attendee = parse(text).getFirstSubcomponent('vevent')!.getFirstProperty('attendee')!;
        expect(attendee.getFirstValue()).toBe('mailto:a@b.test');
        expect(attendee.getParameter('partstat')).toBe('ACCEPTED');
        expect(attendee.getParameter('cn')).toBe(paramText(name).slice(1, -1));
      }),
    );
  });

  it('property: every line is at most 75 octets, never split inside a UTF-8 character, and unfolds to the original', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'ä', '€', '😀', ',', ';', '\\', '\n', ' '), maxLength: 200 });
    fc.assert(
      fc.property(text, text, (object, place) => {
        const ics = invitationIcs([booking({ object, place })], 'de', invite);
        for (const line of ics.split('\r\n')) {
          expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
          expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
          expect(line).not.toContain('\uFFFD');
        }
        const ev = new ICAL.Event(parse(ics).getFirstSubcomponent('vevent')!);
        expect(ev.summary).toBe(`Fahrzeug: ${object} (MS-BB 100)`);
        expect(ev.location).toBe(place ? `${place} – MS-BB 100` : 'MS-BB 100');
        expect(unfold(foldLine(`SUMMARY:${escapeText(object)}`))).toBe(`SUMMARY:${escapeText(object)}`);
      }),
    );
  });

  it('property: escaped text has no bare comma, semicolon or line break and reads back as written', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('x', ',', ';', '\\', '\n', '\r\n', 'ü'), maxLength: 40 }), (v) => {
        const e = escapeText(v);
        expect(e).not.toMatch(/[\r\n]/);
        expect(e.replace(/\\[\\;,nN]/g, '')).not.toMatch(/[\\;,]/);
        const back = e.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
        expect(back).toBe(v.replace(/\r\n|\r/g, '\n'));
      }),
    );
  });

  it('property: the UID depends on the booking alone, not on its status, times, texts or revision', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'fahrzeug' | 'platz'>('fahrzeug', 'platz'),
        fc.uuid(),
        fc.constantFrom('reserviert', 'vorgemerkt', 'storniert', 'aktiv'),
        fc.nat(1000),
        fc.string(),
        (kind, id, status, revision, object) => {
          const b = booking({ kind, id, status, revision, object });
          const uid = parse(invitationIcs([b], 'de', invite))
            .getFirstSubcomponent('vevent')!
            .getFirstPropertyValue('uid');
          expect(uid).toBe(bookingUid({ kind, id }));
          expect(uid).toBe(`${kind}-${id}@buchbar`);
        },
      ),
    );
  });

  it('property: the SEQUENCE is the revision, so a cancellation read before its one write outranks the request', () => {
    fc.assert(
      fc.property(fc.nat(10_000), (revision) => {
        const seq = (b: CalendarBooking) =>
          Number(
            parse(invitationIcs([b], 'de', invite))
              .getFirstSubcomponent('vevent')!
              .getFirstPropertyValue('sequence'),
          );
        expect(seq(booking({ status: 'storniert', revision: revision + 1 }))).toBeGreaterThan(seq(booking({ revision })));
      }),
    );
  });
});
