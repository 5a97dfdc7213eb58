import { type Locale, type RenderedMail, renderMail } from '../../kernel/mail/render';

/** Mails of an absence (de/en): one to the absent person listing everything cancelled and handed over, one to each person a booking was for. */

/** A booking the absent person handed over (decision 111): what it is and to whom it went. */
export interface HandedOverLine {
  line: string;
  to: string;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * To the absent person: what was cancelled and what was handed over to whom,
 * so the one mail tells the whole outcome of the absence.
 */
export function absenceMail(m: {
  locale: Locale;
  name: string;
  from: string;
  to: string;
  lines: string[];
  handedOver?: readonly HandedOverLine[];
  by: string | null;
}): RenderedMail {
  const handed = m.handedOver ?? [];
  if (m.locale === 'en') {
    const counts = [
      ...(m.lines.length > 0 || handed.length === 0 ? [`${counted(m.lines.length, 'booking', 'bookings')} cancelled`] : []),
      ...(handed.length > 0 ? [`${counted(handed.length, 'booking', 'bookings')} handed over`] : []),
    ].join(', ');
    return renderMail(`Buchbar – absence ${m.from} – ${m.to}: ${counts}`, [
      `Hello ${m.name},`,
      `${m.by ? `${m.by} has recorded your absence` : 'you are absent'} from ${m.from} to ${m.to}.${m.lines.length > 0 ? ' These bookings have been cancelled:' : ''}`,
      ...m.lines,
      ...(handed.length > 0 ? ['These bookings made for others have been handed over and stay valid:'] : []),
      ...handed.map((h) => `${h.line} – handed over to ${h.to}`),
    ]);
  }
  const counts = [
    ...(m.lines.length > 0 || handed.length === 0 ? [`${counted(m.lines.length, 'Buchung', 'Buchungen')} storniert`] : []),
    ...(handed.length > 0 ? [`${counted(handed.length, 'Buchung', 'Buchungen')} übergeben`] : []),
  ].join(', ');
  return renderMail(`Buchbar – Abwesenheit ${m.from} – ${m.to}: ${counts}`, [
    `Hallo ${m.name},`,
    `${m.by ? `${m.by} hat Ihre Abwesenheit eingetragen` : 'Sie sind abwesend'} vom ${m.from} bis ${m.to}.${m.lines.length > 0 ? ' Diese Buchungen wurden storniert:' : ''}`,
    ...m.lines,
    ...(handed.length > 0 ? ['Diese für andere gemachten Buchungen wurden übergeben und bleiben bestehen:'] : []),
    ...handed.map((h) => `${h.line} – übergeben an ${h.to}`),
  ]);
}

export function absencePreBookingMail(m: { locale: Locale; name: string; absent: string; line: string }): RenderedMail {
  if (m.locale === 'en') {
    return renderMail(`Buchbar – pre-booking cancelled: ${m.line}`, [
      `Hello ${m.name},`,
      `${m.absent} is absent; the pre-booking made for you has been cancelled: ${m.line}. You can book the place yourself.`,
    ]);
  }
  return renderMail(`Buchbar – Vormerkung storniert: ${m.line}`, [
    `Hallo ${m.name},`,
    `${m.absent} ist abwesend; die für Sie vorgemerkte Buchung wurde storniert: ${m.line}. Sie können den Platz selbst buchen.`,
  ]);
}

/** To the person a booking was made for, when the absent booker hands it over or cancels it (decision 111). */
export function absenceForOtherMail(m: {
  locale: Locale;
  name: string;
  absent: string;
  line: string;
  kind: 'fahrzeug' | 'platz';
  handedOver: boolean;
}): RenderedMail {
  if (m.locale === 'en') {
    const what = m.kind === 'fahrzeug' ? 'vehicle booking' : 'pre-booking';
    return m.handedOver
      ? renderMail(`Buchbar – ${what} handed over to you: ${m.line}`, [
          `Hello ${m.name},`,
          `${m.absent} is absent and has handed the ${what} made for you over to you: ${m.line}. It stays valid${
            m.kind === 'fahrzeug' ? '; you are now its booker' : '; please confirm it as usual'
          }.`,
        ])
      : renderMail(`Buchbar – ${what} cancelled: ${m.line}`, [
          `Hello ${m.name},`,
          `${m.absent} is absent; the ${what} made for you has been cancelled: ${m.line}. You can book it yourself.`,
        ]);
  }
  const what = m.kind === 'fahrzeug' ? 'Fahrzeugbuchung' : 'Vormerkung';
  return m.handedOver
    ? renderMail(`Buchbar – ${what} an Sie übergeben: ${m.line}`, [
        `Hallo ${m.name},`,
        `${m.absent} ist abwesend und hat die für Sie gemachte ${what} an Sie übergeben: ${m.line}. Sie bleibt bestehen${
          m.kind === 'fahrzeug' ? '; Sie sind jetzt die buchende Person' : '; bitte bestätigen Sie sie wie gewohnt'
        }.`,
      ])
    : renderMail(`Buchbar – ${what} storniert: ${m.line}`, [
        `Hallo ${m.name},`,
        `${m.absent} ist abwesend; die für Sie gemachte ${what} wurde storniert: ${m.line}. Sie können selbst buchen.`,
      ]);
}
