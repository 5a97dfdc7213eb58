import { formatDate, formatTime } from '@domain/time';
import { type Locale, minutesFromNow, type RenderedMail, renderMail, secretLink } from '../../kernel/mail/render';

/**
 * Guest mails (de/en): the booking with its cancellation link, the rental's double opt-in, and the notices to the reception.
 * The links carry the guest's token: secrets the outbox keeps sealed until delivery or expiry (decision 190).
 */

export interface GuestMailInfo {
  guestName: string;
  vehicle: string;
  plate: string;
  von: Date;
  bis: Date;
  tenantName: string;
  locale: Locale;
}

const period = (b: GuestMailInfo) => `${formatDate(b.von)} ${formatTime(b.von)} – ${formatDate(b.bis)} ${formatTime(b.bis)}`;
const contactLine = (contact: string, locale: Locale) =>
  contact ? [locale === 'en' ? `Questions? Please contact: ${contact}` : `Fragen? Bitte wenden Sie sich an: ${contact}`] : [];

/** To the guest: the booking, and either the confirmation request or the cancellation link (same page, one token). */
export function guestBookingMail(b: GuestMailInfo & { url: string; needsConfirmation: boolean; contact: string }): RenderedMail {
  // The page behind the link shows the booking until it is over.
  const url = secretLink(b.url, b.locale, b.bis);
  if (b.locale === 'en') {
    return renderMail(
      b.needsConfirmation
        ? `${b.tenantName} – please confirm your booking: ${b.vehicle} (${b.plate})`
        : `${b.tenantName} – your booking: ${b.vehicle} (${b.plate})`,
      [
        `Hello ${b.guestName},`,
        `${b.vehicle} (${b.plate}) is booked for you on ${period(b)}.`,
        b.needsConfirmation
          ? 'Please confirm the booking with the link below; unconfirmed bookings are released shortly before the start.'
          : 'You can cancel free of charge with the link below up to 24 hours before the start.',
        ...contactLine(b.contact, 'en'),
      ],
      { url, label: b.needsConfirmation ? 'Confirm or cancel booking' : 'View or cancel booking' },
    );
  }
  return renderMail(
    b.needsConfirmation
      ? `${b.tenantName} – bitte bestätigen Sie Ihre Buchung: ${b.vehicle} (${b.plate})`
      : `${b.tenantName} – Ihre Buchung: ${b.vehicle} (${b.plate})`,
    [
      `Hallo ${b.guestName},`,
      `für Sie ist ${b.vehicle} (${b.plate}) gebucht: ${period(b)}.`,
      b.needsConfirmation
        ? 'Bitte bestätigen Sie die Buchung über den Link unten; unbestätigte Buchungen werden kurz vor Beginn freigegeben.'
        : 'Über den Link unten können Sie bis 24 Stunden vor Beginn kostenlos stornieren.',
      ...contactLine(b.contact, 'de'),
    ],
    { url, label: b.needsConfirmation ? 'Buchung bestätigen oder stornieren' : 'Buchung ansehen oder stornieren' },
  );
}

/** To the guest: an unconfirmed booking was released. */
export function guestReleasedMail(b: GuestMailInfo & { contact: string }): RenderedMail {
  return b.locale === 'en'
    ? renderMail(`${b.tenantName} – booking released: ${b.vehicle} (${b.plate})`, [
        `Hello ${b.guestName},`,
        `your booking of ${b.vehicle} (${b.plate}) on ${period(b)} was not confirmed in time and has been cancelled.`,
        ...contactLine(b.contact, 'en'),
      ])
    : renderMail(`${b.tenantName} – Buchung freigegeben: ${b.vehicle} (${b.plate})`, [
        `Hallo ${b.guestName},`,
        `Ihre Buchung von ${b.vehicle} (${b.plate}) am ${period(b)} wurde nicht rechtzeitig bestätigt und ist storniert.`,
        ...contactLine(b.contact, 'de'),
      ]);
}

/** To the guest: the public rental's double opt-in. */
export function rentalRequestMail(b: GuestMailInfo & { url: string; validMinutes: number }): RenderedMail {
  const url = secretLink(b.url, b.locale, minutesFromNow(b.validMinutes));
  return b.locale === 'en'
    ? renderMail(
        `${b.tenantName} – please confirm your bike request`,
        [
          `Hello ${b.guestName},`,
          `you requested ${b.vehicle} (${b.plate}) for ${period(b)}.`,
          `The bike is reserved for you only after you confirm within ${b.validMinutes} minutes. If you did not make this request, ignore this mail.`,
        ],
        { url, label: 'Confirm request' },
      )
    : renderMail(
        `${b.tenantName} – bitte bestätigen Sie Ihre Radanfrage`,
        [
          `Hallo ${b.guestName},`,
          `Sie haben ${b.vehicle} (${b.plate}) angefragt: ${period(b)}.`,
          `Das Rad ist erst für Sie reserviert, wenn Sie innerhalb von ${b.validMinutes} Minuten bestätigen. Haben Sie nichts angefragt, ignorieren Sie diese Mail.`,
        ],
        { url, label: 'Anfrage bestätigen' },
      );
}

/** To the reception (the booking's booker): a guest cancelled, or an unconfirmed booking was released. */
export function receptionNoticeMail(
  b: Omit<GuestMailInfo, 'tenantName'> & { name: string; what: 'cancelled' | 'released' | 'confirmed' },
): RenderedMail {
  if (b.locale === 'en') {
    const what = { cancelled: 'cancelled', released: 'was released (not confirmed)', confirmed: 'was confirmed' }[b.what];
    return renderMail(`Buchbar – guest booking ${what}: ${b.vehicle} (${b.plate})`, [
      `Hello ${b.name},`,
      `the guest booking of ${b.guestName} for ${b.vehicle} (${b.plate}) on ${period({ ...b, tenantName: '' })} ${b.what === 'cancelled' ? 'was cancelled by the guest' : what}.`,
    ]);
  }
  const what = { cancelled: 'vom Gast storniert', released: 'freigegeben (nicht bestätigt)', confirmed: 'bestätigt' }[b.what];
  return renderMail(`Buchbar – Gastbuchung ${what}: ${b.vehicle} (${b.plate})`, [
    `Hallo ${b.name},`,
    `die Gastbuchung von ${b.guestName} für ${b.vehicle} (${b.plate}) am ${period({ ...b, tenantName: '' })} wurde ${what}.`,
  ]);
}
