import ICAL from 'ical.js';
import { decodeQuotedPrintable } from './smtp';

/** What a calendar program reads of an event, parsed back with ical.js (an independent parser). */
export interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  description: string;
  start: Date;
  end: Date;
  sequence: number;
  status: string;
}

export function parseIcs(text: string): { name: string | null; events: ParsedEvent[] } {
  const cal = new ICAL.Component(ICAL.parse(text));
  const events = cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      location: e.location,
      description: e.description,
      start: e.startDate.toJSDate(),
      end: e.endDate.toJSDate(),
      sequence: e.sequence,
      status: String(v.getFirstPropertyValue('status') ?? ''),
    };
  });
  const name = cal.getFirstPropertyValue('x-wr-calname');
  return { name: name ? String(name) : null, events };
}

/** The text/calendar attachment of a raw MIME mail, decoded; null when there is none. */
export function icsAttachmentOf(raw: string): string | null {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    if (!/content-type:\s*text\/calendar/i.test(unfolded)) continue;
    const body = rest.join('\n\n').split(/\r?\n--/)[0]!;
    if (/content-transfer-encoding:\s*base64/i.test(unfolded)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(unfolded)) return decodeQuotedPrintable(body);
    return body;
  }
  return null;
}
