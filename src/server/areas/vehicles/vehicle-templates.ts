import { formatDate, formatTime } from '@domain/time';
import { type Locale, type RenderedMail, renderMail } from '../../kernel/mail/render';

/** Vehicle mails (de/en): cancellations, special-trip approvals, check-out reminders. */

export interface BookingMailInfo {
  name: string;
  vehicle: string;
  plate: string;
  von: Date;
  bis: Date;
  locale: Locale;
}

const period = (b: BookingMailInfo) => `${formatDate(b.von)} ${formatTime(b.von)} – ${formatDate(b.bis)} ${formatTime(b.bis)}`;

export function bookingCancelledMail(b: BookingMailInfo & { reason: string }): RenderedMail {
  return b.locale === 'en'
    ? renderMail(`Buchbar – booking cancelled: ${b.vehicle} (${b.plate})`, [
        `Hello ${b.name},`,
        `your booking of ${b.vehicle} (${b.plate}) on ${period(b)} has been cancelled.`,
        `Reason: ${b.reason}`,
      ])
    : renderMail(`Buchbar – Buchung storniert: ${b.vehicle} (${b.plate})`, [
        `Hallo ${b.name},`,
        `Ihre Buchung von ${b.vehicle} (${b.plate}) am ${period(b)} wurde storniert.`,
        `Grund: ${b.reason}`,
      ]);
}

export function approvalRequestMail(b: BookingMailInfo & { booker: string; url: string }): RenderedMail {
  return b.locale === 'en'
    ? renderMail(
        `Buchbar – special trip to approve: ${b.vehicle} (${b.plate})`,
        [
          `Hello ${b.name},`,
          `${b.booker} booked ${b.vehicle} (${b.plate}) outside its booking times on ${period(b)}. Please approve or reject the special trip.`,
        ],
        { url: b.url, label: 'Approve special trips' },
      )
    : renderMail(
        `Buchbar – Sonderfahrt freigeben: ${b.vehicle} (${b.plate})`,
        [
          `Hallo ${b.name},`,
          `${b.booker} hat ${b.vehicle} (${b.plate}) außerhalb der Buchungszeiten gebucht: ${period(b)}. Bitte geben Sie die Sonderfahrt frei oder lehnen Sie sie ab.`,
        ],
        { url: b.url, label: 'Sonderfahrten freigeben' },
      );
}

export function approvalDecisionMail(b: BookingMailInfo & { approver: string; approved: boolean }): RenderedMail {
  if (b.locale === 'en') {
    return renderMail(`Buchbar – special trip ${b.approved ? 'approved' : 'rejected'}: ${b.vehicle} (${b.plate})`, [
      `Hello ${b.name},`,
      `${b.approver} has ${b.approved ? 'approved' : 'rejected'} your special trip with ${b.vehicle} (${b.plate}) on ${period(b)}.`,
      ...(b.approved ? [] : ['The booking has been cancelled.']),
    ]);
  }
  return renderMail(`Buchbar – Sonderfahrt ${b.approved ? 'freigegeben' : 'abgelehnt'}: ${b.vehicle} (${b.plate})`, [
    `Hallo ${b.name},`,
    `${b.approver} hat Ihre Sonderfahrt mit ${b.vehicle} (${b.plate}) am ${period(b)} ${b.approved ? 'freigegeben' : 'abgelehnt'}.`,
    ...(b.approved ? [] : ['Die Buchung wurde storniert.']),
  ]);
}

export function checkOutReminderMail(b: BookingMailInfo & { url: string }): RenderedMail {
  return b.locale === 'en'
    ? renderMail(
        `Buchbar – please end your trip: ${b.vehicle} (${b.plate})`,
        [
          `Hello ${b.name},`,
          `your booking of ${b.vehicle} (${b.plate}) on ${period(b)} has not been ended yet. Please end the trip and record mileage and fuel level.`,
        ],
        { url: b.url, label: 'End trip' },
      )
    : renderMail(
        `Buchbar – bitte Fahrt beenden: ${b.vehicle} (${b.plate})`,
        [
          `Hallo ${b.name},`,
          `Ihre Fahrt mit ${b.vehicle} (${b.plate}) am ${period(b)} ist noch nicht beendet. Bitte beenden Sie die Fahrt und erfassen Sie Kilometerstand und Tankfüllung.`,
        ],
        { url: b.url, label: 'Fahrt beenden' },
      );
}
