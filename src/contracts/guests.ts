import { z } from 'zod';
import { calendarDate, instant, timeOfDay } from './calendar';

/** Guest bookings by staff, the public cancellation page and the public guest bike rental. */

const locale = z.enum(['de', 'en']);
const bookingStatus = z.enum(['vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen']);

export const createGuestBookingRequest = z.object({
  vehicleId: z.uuid(),
  von: instant,
  bis: instant,
  guestName: z.string().max(200),
  guestEmail: z.string().max(300),
  guestPhone: z.string().max(40).optional(),
  notes: z.string().max(1000).optional(),
  locale: locale.default('de'),
});
export type CreateGuestBookingRequest = z.infer<typeof createGuestBookingRequest>;

export const guestBookingDto = z.object({
  id: z.uuid(),
  vehicleId: z.uuid(),
  vehicleLabel: z.string(),
  licensePlate: z.string(),
  von: z.string(),
  bis: z.string(),
  status: bookingStatus,
  guestName: z.string(),
  guestEmail: z.string(),
  guestPhone: z.string().nullable(),
  notes: z.string().nullable(),
  confirmed: z.boolean(),
  source: z.enum(['empfang', 'gaesteverleih']),
  bookedByName: z.string(),
  /** Set when the vehicle requires a licence class: the reception records the guest's licence before the hand-over. */
  requiredLicenseClass: z.string().nullable(),
  licence: z.object({ classes: z.array(z.string()), checkedOn: z.string(), examinerName: z.string() }).nullable(),
});
export type GuestBookingDto = z.infer<typeof guestBookingDto>;

export const guestBookingListResponse = z.object({ bookings: z.array(guestBookingDto) });

export const dayListQuery = z.object({ day: calendarDate.optional() });
export const dayListResponse = z.object({
  day: z.string(),
  entries: z.array(z.object({ kind: z.enum(['ausgabe', 'rueckgabe', 'ueberfaellig']), at: z.string(), booking: guestBookingDto })),
});
export type DayListResponse = z.infer<typeof dayListResponse>;

export const guestVehiclesResponse = z.object({
  vehicles: z.array(z.object({ id: z.uuid(), label: z.string(), licensePlate: z.string(), category: z.string() })),
});

// ───────────── public: the cancellation page (token in the body, never in a URL the server logs) ─────────────

export const tokenBody = z.object({ token: z.string().max(200) });

export const publicGuestBookingResponse = z.object({
  vehicle: z.string(),
  licensePlate: z.string(),
  von: z.string(),
  bis: z.string(),
  guestName: z.string(),
  status: bookingStatus,
  confirmed: z.boolean(),
  freeCancellation: z.boolean(),
  cancelUntil: z.string(),
  contact: z.string(),
  tenantName: z.string(),
});
export type PublicGuestBooking = z.infer<typeof publicGuestBookingResponse>;

// ───────────── public: the guest bike rental ─────────────

export const rentalInfoResponse = z.object({
  active: z.boolean(),
  tenantName: z.string(),
  phoneRequired: z.boolean(),
  contact: z.string(),
});
export type RentalInfo = z.infer<typeof rentalInfoResponse>;

export const freeBikesQuery = z.object({ day: calendarDate, from: timeOfDay, to: timeOfDay });

export const publicBike = z.object({
  key: z.string(),
  label: z.string(),
  licensePlate: z.string(),
  category: z.string(),
  colour: z.string().nullable(),
  gearbox: z.string().nullable(),
  drive: z.string(),
  location: z.string(),
  hasImage: z.boolean(),
});
export type PublicBike = z.infer<typeof publicBike>;
export const freeBikesResponse = z.object({ bikes: z.array(publicBike) });

export const bikeKeyParams = z.object({ key: z.string().max(64) });

export const rentalRequestBody = z.object({
  bike: z.string().max(64),
  day: calendarDate,
  from: timeOfDay,
  to: timeOfDay,
  name: z.string().max(200),
  email: z.string().max(300),
  phone: z.string().max(40).optional(),
  locale: locale.default('de'),
  /** Honeypot: hidden from people; a filled one is answered like success and stores nothing. */
  website: z.string().max(500).optional(),
});
export type RentalRequestBody = z.infer<typeof rentalRequestBody>;

export const rentalRequestResponse = z.object({ message: z.string() });
export const rentalConfirmResponse = z.object({
  message: z.string(),
  vehicle: z.string(),
  licensePlate: z.string(),
  von: z.string(),
  bis: z.string(),
});
