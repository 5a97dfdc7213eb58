import { type Locale, type RenderedMail, renderMail } from '../../kernel/mail/render';

/** To a person whose account was deactivated: which of their future bookings were cancelled with it. */
export function deactivationCancelledMail(p: { locale: Locale; name: string; bookings: string[] }): RenderedMail {
  if (p.locale === 'en') {
    return renderMail('Buchbar – your bookings have been cancelled', [
      `Hello ${p.name},`,
      'your Buchbar account has been deactivated. These future bookings have therefore been cancelled:',
      ...p.bookings.map((b) => `• ${b}`),
      'Please contact your administration if this is a mistake.',
    ]);
  }
  return renderMail('Buchbar – Ihre Buchungen wurden storniert', [
    `Hallo ${p.name},`,
    'Ihr Zugang zu Buchbar wurde deaktiviert. Deshalb wurden diese künftigen Buchungen storniert:',
    ...p.bookings.map((b) => `• ${b}`),
    'Bitte wenden Sie sich an Ihre Administration, falls das ein Irrtum ist.',
  ]);
}
