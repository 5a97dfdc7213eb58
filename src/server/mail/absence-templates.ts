import { type Locale, type RenderedMail, renderMail } from './render';

/** Mails of an absence (de/en): one to the absent person listing everything cancelled, one to each person a pre-booking was for. */

export function absenceMail(m: {
  locale: Locale;
  name: string;
  from: string;
  to: string;
  lines: string[];
  by: string | null;
}): RenderedMail {
  if (m.locale === 'en') {
    return renderMail(
      `Buchbar – absence ${m.from} – ${m.to}: ${m.lines.length === 1 ? '1 booking' : `${m.lines.length} bookings`} cancelled`,
      [
        `Hello ${m.name},`,
        `${m.by ? `${m.by} has recorded your absence` : 'you are absent'} from ${m.from} to ${m.to}. These bookings have been cancelled:`,
        ...m.lines,
      ],
    );
  }
  return renderMail(
    `Buchbar – Abwesenheit ${m.from} – ${m.to}: ${m.lines.length === 1 ? '1 Buchung' : `${m.lines.length} Buchungen`} storniert`,
    [
      `Hallo ${m.name},`,
      `${m.by ? `${m.by} hat Ihre Abwesenheit eingetragen` : 'Sie sind abwesend'} vom ${m.from} bis ${m.to}. Diese Buchungen wurden storniert:`,
      ...m.lines,
    ],
  );
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
