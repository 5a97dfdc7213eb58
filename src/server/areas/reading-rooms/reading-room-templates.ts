import { type Locale, type RenderedMail, renderMail } from '../../kernel/mail/render';

/** Reading-room mails (de/en): the pre-booking request to the confirming person and its outcome for the booker. */

export interface PreBookingMailData {
  locale: Locale;
  tenantName: string;
  recipientName: string;
  bookerName: string;
  objectName: string;
  floorPlanName: string;
  date: string;
  von: string;
  bis: string;
  url: string;
}

/** To the confirming person: someone pre-booked a place for you; confirm before the start. */
export function preBookingRequestMail(p: PreBookingMailData): RenderedMail {
  return p.locale === 'en'
    ? renderMail(
        `Buchbar – please confirm: ${p.objectName} on ${p.date} (${p.tenantName})`,
        [
          `Hello ${p.recipientName},`,
          `${p.bookerName} has pre-booked ${p.objectName} (${p.floorPlanName}) for you on ${p.date} from ${p.von} to ${p.bis}.`,
          `Please confirm the pre-booking by ${p.date} ${p.von} (its start). Without confirmation it is cancelled automatically.`,
        ],
        { url: p.url, label: 'Confirm pre-booking' },
      )
    : renderMail(
        `Buchbar – bitte bestätigen: ${p.objectName} am ${p.date} (${p.tenantName})`,
        [
          `Hallo ${p.recipientName},`,
          `${p.bookerName} hat für Sie ${p.objectName} (${p.floorPlanName}) am ${p.date} von ${p.von} bis ${p.bis} Uhr vorgemerkt.`,
          `Bitte bestätigen Sie die Vormerkung bis ${p.date} ${p.von} Uhr (Beginn der Buchung). Ohne Bestätigung wird sie automatisch storniert.`,
        ],
        { url: p.url, label: 'Vormerkung bestätigen' },
      );
}

/** To the booker: the confirming person confirmed (reserviert) or the pre-booking was cancelled. */
export function preBookingOutcomeMail(p: PreBookingMailData & { confirmed: boolean }): RenderedMail {
  if (p.locale === 'en') {
    return renderMail(`Buchbar – pre-booking ${p.confirmed ? 'confirmed' : 'cancelled'}: ${p.objectName} on ${p.date}`, [
      `Hello ${p.recipientName},`,
      `the pre-booking of ${p.objectName} (${p.floorPlanName}) on ${p.date} from ${p.von} to ${p.bis} has been ${p.confirmed ? 'confirmed' : 'cancelled'}.`,
    ]);
  }
  return renderMail(`Buchbar – Vormerkung ${p.confirmed ? 'bestätigt' : 'storniert'}: ${p.objectName} am ${p.date}`, [
    `Hallo ${p.recipientName},`,
    `die Vormerkung von ${p.objectName} (${p.floorPlanName}) am ${p.date} von ${p.von} bis ${p.bis} Uhr wurde ${p.confirmed ? 'bestätigt' : 'storniert'}.`,
  ]);
}

/** To the person using the place: the booking starts soon; check in from 15 minutes before to 15 minutes after the start. */
export function reminderMail(p: Omit<PreBookingMailData, 'bookerName'> & { checkInFrom: string; checkInTo: string }): RenderedMail {
  return p.locale === 'en'
    ? renderMail(
        `Buchbar – reminder: ${p.objectName} on ${p.date} at ${p.von}`,
        [
          `Hello ${p.recipientName},`,
          `your booking of ${p.objectName} (${p.floorPlanName}) starts on ${p.date} at ${p.von} and ends at ${p.bis}.`,
          `Please check in between ${p.checkInFrom} and ${p.checkInTo}; otherwise the booking is cancelled automatically.`,
        ],
        { url: p.url, label: 'Open my bookings' },
      )
    : renderMail(
        `Buchbar – Erinnerung: ${p.objectName} am ${p.date} um ${p.von} Uhr`,
        [
          `Hallo ${p.recipientName},`,
          `Ihre Buchung von ${p.objectName} (${p.floorPlanName}) beginnt am ${p.date} um ${p.von} Uhr und endet um ${p.bis} Uhr.`,
          `Bitte checken Sie zwischen ${p.checkInFrom} und ${p.checkInTo} Uhr ein; sonst wird die Buchung automatisch storniert.`,
        ],
        { url: p.url, label: 'Meine Buchungen öffnen' },
      );
}

/** What was deactivated, in the mail's words. */
const REMOVED: Record<'platz' | 'raum' | 'grundriss', { de: string; en: string }> = {
  platz: { de: 'der Platz deaktiviert wurde', en: 'the seat has been deactivated' },
  raum: { de: 'der Raum deaktiviert wurde', en: 'the room has been deactivated' },
  grundriss: { de: 'der Grundriss deaktiviert wurde', en: 'the floor plan has been deactivated' },
};

/**
 * To the booker and to the confirming person of a pre-booking: the booking was
 * cancelled because the administration deactivated its seat, room or floor plan.
 */
export function removalCancelledMail(
  p: Omit<PreBookingMailData, 'bookerName'> & { target: 'platz' | 'raum' | 'grundriss'; bookedBy: string | null },
): RenderedMail {
  const what = REMOVED[p.target];
  if (p.locale === 'en') {
    return renderMail(
      `Buchbar – booking cancelled: ${p.objectName} on ${p.date}`,
      [
        `Hello ${p.recipientName},`,
        p.bookedBy
          ? `the booking of ${p.objectName} (${p.floorPlanName}) on ${p.date} from ${p.von} to ${p.bis} that ${p.bookedBy} made for you has been cancelled because ${what.en}.`
          : `your booking of ${p.objectName} (${p.floorPlanName}) on ${p.date} from ${p.von} to ${p.bis} has been cancelled because ${what.en}.`,
        'Please choose another place if you still need one.',
      ],
      { url: p.url, label: 'Book another place' },
    );
  }
  return renderMail(
    `Buchbar – Buchung storniert: ${p.objectName} am ${p.date}`,
    [
      `Hallo ${p.recipientName},`,
      p.bookedBy
        ? `die Buchung von ${p.objectName} (${p.floorPlanName}) am ${p.date} von ${p.von} bis ${p.bis} Uhr, die ${p.bookedBy} für Sie vorgenommen hat, wurde storniert, weil ${what.de}.`
        : `Ihre Buchung von ${p.objectName} (${p.floorPlanName}) am ${p.date} von ${p.von} bis ${p.bis} Uhr wurde storniert, weil ${what.de}.`,
      'Bitte wählen Sie einen anderen Platz, falls Sie noch einen benötigen.',
    ],
    { url: p.url, label: 'Anderen Platz buchen' },
  );
}
