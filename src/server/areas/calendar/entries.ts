import type { Db } from '@db/client';
import { findBookingsByIds as findSeatBookings } from '@server/areas/reading-rooms/reading-room-booking-repository';
import { findBookingsByIds as findVehicleBookings } from '@server/areas/vehicles/vehicle-booking-repository';
import type { PendingMail } from '../../kernel/notifications/pending-mail';
import { seatEvent, seatHolder, vehicleEvent } from './booking-events';
import { calendarEntryMail } from './calendar-templates';
import type { CalendarBooking } from './ics';

/** One calendar entry mail per person for the events in their calendar (decision 217). */
function perPerson(items: { to: { id: string; email: string; name: string }; event: CalendarBooking }[]): PendingMail[] {
  const byPerson = new Map<string, { to: (typeof items)[number]['to']; events: CalendarBooking[] }>();
  for (const { to, event } of items) {
    const entry = byPerson.get(to.id) ?? { to, events: [] };
    entry.events.push(event);
    byPerson.set(to.id, entry);
  }
  return [...byPerson.values()].map((p) => calendarEntryMail(p.to, p.events));
}

/** Seat bookings cancelled by one statement (a series), read again after it: their withdrawal from the holders' calendars. */
export async function cancelledSeatEntries(tx: Db, tenantId: string, ids: readonly string[]): Promise<PendingMail[]> {
  if (ids.length === 0) return [];
  return perPerson((await findSeatBookings(tx, tenantId, ids)).map((b) => ({ to: seatHolder(b), event: seatEvent(b) })));
}

/** Vehicle bookings cancelled by one statement (a series), read again after it: their withdrawal from the drivers' calendars. */
export async function cancelledVehicleEntries(tx: Db, tenantId: string, ids: readonly string[]): Promise<PendingMail[]> {
  if (ids.length === 0) return [];
  return perPerson((await findVehicleBookings(tx, tenantId, ids)).map((b) => ({ to: b.driver, event: vehicleEvent(b) })));
}
