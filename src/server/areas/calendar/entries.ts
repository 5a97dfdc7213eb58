import type { PendingMail } from '../../kernel/notifications/pending-mail';
import { calendarEntryMail } from './calendar-templates';
import type { CalendarBooking } from './ics';

/**
 * One calendar entry mail per person for the events in their calendar (decision 217): a series
 * cancelled at once withdraws all its dates from each holder's calendar in one mail.
 */
export function calendarEntryMails(
  items: readonly { to: { id: string; email: string; name: string }; event: CalendarBooking }[],
): PendingMail[] {
  const byPerson = new Map<string, { to: (typeof items)[number]['to']; events: CalendarBooking[] }>();
  for (const { to, event } of items) {
    const entry = byPerson.get(to.id) ?? { to, events: [] };
    entry.events.push(event);
    byPerson.set(to.id, entry);
  }
  return [...byPerson.values()].map((p) => calendarEntryMail(p.to, p.events));
}
