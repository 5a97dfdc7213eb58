import { formatDate, formatTime } from '../../domain/time';
import type { Locale, RenderedMail } from './templates';

/** Vehicle mails (de/en): cancellations, special-trip approvals, check-out reminders. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function render(subject: string, paragraphs: string[], link?: { url: string; label: string }): RenderedMail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '',
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

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
    ? render(`Buchbar – booking cancelled: ${b.vehicle} (${b.plate})`, [
        `Hello ${b.name},`,
        `your booking of ${b.vehicle} (${b.plate}) on ${period(b)} has been cancelled.`,
        `Reason: ${b.reason}`,
      ])
    : render(`Buchbar – Buchung storniert: ${b.vehicle} (${b.plate})`, [
        `Hallo ${b.name},`,
        `Ihre Buchung von ${b.vehicle} (${b.plate}) am ${period(b)} wurde storniert.`,
        `Grund: ${b.reason}`,
      ]);
}

export function approvalRequestMail(b: BookingMailInfo & { booker: string; url: string }): RenderedMail {
  return b.locale === 'en'
    ? render(
        `Buchbar – special trip to approve: ${b.vehicle} (${b.plate})`,
        [`Hello ${b.name},`, `${b.booker} booked ${b.vehicle} (${b.plate}) outside its booking times on ${period(b)}. Please approve or reject the special trip.`],
        { url: b.url, label: 'Approve special trips' },
      )
    : render(
        `Buchbar – Sonderfahrt freigeben: ${b.vehicle} (${b.plate})`,
        [`Hallo ${b.name},`, `${b.booker} hat ${b.vehicle} (${b.plate}) außerhalb der Buchungszeiten gebucht: ${period(b)}. Bitte geben Sie die Sonderfahrt frei oder lehnen Sie sie ab.`],
        { url: b.url, label: 'Sonderfahrten freigeben' },
      );
}

export function approvalDecisionMail(b: BookingMailInfo & { approver: string; approved: boolean }): RenderedMail {
  if (b.locale === 'en') {
    return render(`Buchbar – special trip ${b.approved ? 'approved' : 'rejected'}: ${b.vehicle} (${b.plate})`, [
      `Hello ${b.name},`,
      `${b.approver} has ${b.approved ? 'approved' : 'rejected'} your special trip with ${b.vehicle} (${b.plate}) on ${period(b)}.`,
      ...(b.approved ? [] : ['The booking has been cancelled.']),
    ]);
  }
  return render(`Buchbar – Sonderfahrt ${b.approved ? 'freigegeben' : 'abgelehnt'}: ${b.vehicle} (${b.plate})`, [
    `Hallo ${b.name},`,
    `${b.approver} hat Ihre Sonderfahrt mit ${b.vehicle} (${b.plate}) am ${period(b)} ${b.approved ? 'freigegeben' : 'abgelehnt'}.`,
    ...(b.approved ? [] : ['Die Buchung wurde storniert.']),
  ]);
}

export function checkOutReminderMail(b: BookingMailInfo & { url: string }): RenderedMail {
  return b.locale === 'en'
    ? render(
        `Buchbar – please end your trip: ${b.vehicle} (${b.plate})`,
        [`Hello ${b.name},`, `your booking of ${b.vehicle} (${b.plate}) on ${period(b)} has not been ended yet. Please end the trip and record mileage and fuel level.`],
        { url: b.url, label: 'End trip' },
      )
    : render(
        `Buchbar – bitte Fahrt beenden: ${b.vehicle} (${b.plate})`,
        [`Hallo ${b.name},`, `Ihre Fahrt mit ${b.vehicle} (${b.plate}) am ${period(b)} ist noch nicht beendet. Bitte beenden Sie die Fahrt und erfassen Sie Kilometerstand und Tankfüllung.`],
        { url: b.url, label: 'Fahrt beenden' },
      );
}
