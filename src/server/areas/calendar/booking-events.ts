import type { BookingRecord as SeatBooking } from '@server/areas/reading-rooms/public';
import type { BookingRecord as VehicleBooking } from '@server/areas/vehicles/public';
import type { Locale } from '@server/kernel/mail/render';
import { bookingsIcs, type CalendarBooking, type Invitation, invitationIcs } from './ics';

/**
 * The calendar event of a booking as a mail attaches it. `status` is the
 * status the mail announces (a cancellation mail says storniert before the
 * row is read again). The SEQUENCE is the row's revision after the change the
 * mail tells of (decision 200): `writes` counts the updates of the row made
 * after it was read, by default one when the announced status is not the one
 * read (the one statement that cancels it). It is never above the number the
 * feed shows after the change, so the calendar takes the next change as well.
 */
const revisionAfter = (b: { revision: number; status: string }, status: string, writes?: number) =>
  b.revision + (writes ?? (status === b.status ? 0 : 1));

export function vehicleEvent(b: VehicleBooking, status = b.status, now = new Date(), writes?: number): CalendarBooking {
  return {
    kind: 'fahrzeug',
    id: b.id,
    von: b.von,
    bis: b.bis,
    status,
    object: b.vehicleLabel,
    detail: b.licensePlate,
    place: b.locationName,
    bookedFor: b.bookedBy.id !== b.driver.id ? b.bookedBy.name : null,
    createdAt: b.createdAt,
    updatedAt: now,
    revision: revisionAfter(b, status, writes),
  };
}

export function seatEvent(b: SeatBooking, status = b.status, now = new Date(), writes?: number): CalendarBooking {
  return {
    kind: 'platz',
    id: b.id,
    von: b.von,
    bis: b.bis,
    status,
    object: b.objectName,
    detail: b.floorPlanName,
    place: b.area,
    bookedFor: b.confirmingId ? b.bookerName : null,
    createdAt: b.createdAt,
    updatedAt: now,
    revision: revisionAfter(b, status, writes),
  };
}

/**
 * The calendar text of a booking mail: an invitation (REQUEST or CANCEL, decision 217) when the
 * recipient has one, else the plain calendar file (PUBLISH, decision 090).
 */
export const mailIcs = (events: readonly CalendarBooking[], locale: Locale, invite?: Invitation | null, now = new Date()) =>
  invite ? invitationIcs(events, locale, invite, now) : bookingsIcs(events, locale, now);

export const vehicleIcs = (b: VehicleBooking, locale: Locale, status?: string, invite?: Invitation | null) =>
  mailIcs([vehicleEvent(b, status)], locale, invite);
export const seatIcs = (b: SeatBooking, locale: Locale, status?: string, invite?: Invitation | null) =>
  mailIcs([seatEvent(b, status)], locale, invite);
export const seatsIcs = (bs: readonly SeatBooking[], locale: Locale, invite?: Invitation | null) =>
  mailIcs(
    bs.map((b) => seatEvent(b)),
    locale,
    invite,
  );

/**
 * The event of a guest's vehicle booking (decision 090 for guest mails): vehicle,
 * plate and location, never who entered it at the reception. `revision` is the
 * row's as the mail tells of it (0 for a booking just made).
 */
export function guestVehicleIcs(
  b: { id: string; von: Date; bis: Date; vehicle: string; plate: string; location: string; revision?: number },
  locale: Locale,
  status = 'reserviert',
  now = new Date(),
  invite?: Invitation | null,
): string {
  return mailIcs(
    [
      {
        kind: 'fahrzeug',
        id: b.id,
        von: b.von,
        bis: b.bis,
        status,
        object: b.vehicle,
        detail: b.plate,
        place: b.location,
        bookedFor: null,
        createdAt: now,
        updatedAt: now,
        revision: b.revision ?? 0,
      },
    ],
    locale,
    invite,
    now,
  );
}

export const vehiclesIcs = (bs: readonly VehicleBooking[], locale: Locale, invite?: Invitation | null) =>
  mailIcs(
    bs.map((b) => vehicleEvent(b)),
    locale,
    invite,
  );

/** Whose calendar holds a seat booking: the confirming colleague of a pre-booking, else the booker. */
export const seatHolder = (b: SeatBooking) =>
  b.confirmingId && b.confirmingEmail
    ? { id: b.confirmingId, email: b.confirmingEmail, name: b.confirmingName ?? '' }
    : { id: b.bookerId, email: b.bookerEmail, name: b.bookerName };
