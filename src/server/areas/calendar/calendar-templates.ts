import { formatDate, formatTime } from '@domain/time';
import { type Locale, type RenderedMail, renderMail, withIcs } from '@server/kernel/mail/render';
import type { PendingMail } from '../../kernel/notifications/pending-mail';
import { type CalendarBooking, invitationIcs, invitationMethod, texts } from './ics';

/**
 * The mail that carries only a calendar invitation (decision 217): a person made, changed or
 * cancelled their own booking, or one was made for them, and no other mail tells them of it. It is
 * sent only to someone who receives invitations; who switched them off gets no mail, as before.
 */

const line = (b: CalendarBooking, locale: Locale) =>
  `${texts(b, locale).summary}, ${formatDate(b.von)} ${formatTime(b.von)}–${formatTime(b.bis)}`;

export function calendarEntryText(p: { name: string; locale: Locale; bookings: readonly CalendarBooking[] }): RenderedMail {
  const cancelled = invitationMethod(p.bookings) === 'CANCEL';
  const lines = p.bookings.map((b) => line(b, p.locale));
  const one = p.bookings.length === 1 ? texts(p.bookings[0]!, p.locale).summary : null;
  if (p.locale === 'en') {
    return renderMail(
      cancelled
        ? `Buchbar – cancelled in your calendar: ${one ?? `${lines.length} bookings`}`
        : `Buchbar – in your calendar: ${one ?? `${lines.length} bookings`}`,
      [
        `Hello ${p.name},`,
        cancelled
          ? 'these bookings are cancelled; the calendar invitation of this mail removes them from your calendar:'
          : 'the calendar invitation of this mail puts these bookings into your calendar, or updates them there:',
        lines.join('\n'),
        'You can switch calendar invitations off in Buchbar under Settings › Calendar.',
      ],
    );
  }
  return renderMail(
    cancelled
      ? `Buchbar – aus Ihrem Kalender entfernt: ${one ?? `${lines.length} Buchungen`}`
      : `Buchbar – in Ihrem Kalender: ${one ?? `${lines.length} Buchungen`}`,
    [
      `Hallo ${p.name},`,
      cancelled
        ? 'diese Buchungen sind storniert; die Kalendereinladung dieser E-Mail entfernt sie aus Ihrem Kalender:'
        : 'die Kalendereinladung dieser E-Mail trägt diese Buchungen in Ihren Kalender ein oder ändert sie dort:',
      lines.join('\n'),
      'Kalendereinladungen schalten Sie in Buchbar unter Einstellungen › Kalender aus.',
    ],
  );
}

/** The pending calendar entry mail to `to` about `bookings` (their events as the mail tells of them). */
export function calendarEntryMail(to: { id: string; email: string; name: string }, bookings: readonly CalendarBooking[]): PendingMail {
  return {
    to: to.email,
    recipientId: to.id,
    invitee: to.name,
    invitationOnly: true,
    render: (locale, invite) => {
      const mail = calendarEntryText({ name: to.name, locale, bookings });
      // invitationOnly: sendAll renders it only with an invitation.
      return invite ? withIcs(mail, invitationIcs(bookings, locale, invite)) : mail;
    },
  };
}
