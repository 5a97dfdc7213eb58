import { z } from 'zod';
import { calendarDate, instant, timeOfDay } from './calendar';
import { seriesCancelRequest, seriesCancelResponse, seriesDate, seriesRule } from './reading-rooms';
import { tripCheckSubmission } from './trip-checklist';

/**
 * Pool vehicles: request and response schemas of every vehicle API
 * endpoint. Server routes (src/server/areas/vehicles/routes.ts and src/server/areas/vehicle-care/routes.ts) and web screens
 * (src/web/features/vehicles) use these. Times are ISO 8601 strings with
 * offset (timestamptz); ranges are half-open [von, bis). Names follow the
 * stored vocabulary where the API exposes it (statuses, types; docs/product.md#booking-statuses).
 */

// ───────────────────────── vocabulary ─────────────────────────

export const BOOKING_STATUSES = ['vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen'] as const;
export const bookingStatus = z.enum(BOOKING_STATUSES);
export const VEHICLE_BOOKING_TYPES = ['BUCHUNG', 'WARTUNG', 'SERVICE', 'DEFEKT'] as const;
export const vehicleBookingType = z.enum(VEHICLE_BOOKING_TYPES);
export const HISTORY_TYPES = [
  'ERSTELLUNG',
  'STATUSAENDERUNG',
  'STAMMDATENAENDERUNG',
  'WARTUNG',
  'CHECK_IN',
  'CHECK_OUT',
  'SERVICE',
  'DEAKTIVIERUNG',
] as const;
export const historyType = z.enum(HISTORY_TYPES);
export const ATTRIBUTE_TYPES = ['TEXT', 'RADIOS', 'DROPDOWN', 'NUMBER', 'CHECKBOX'] as const;
export const attributeType = z.enum(ATTRIBUTE_TYPES);
export const CONDITION_TYPES = ['MANDATORY', 'SHOW_IF', 'SHOW_FILTER', 'SHOW_CARD'] as const;
export const conditionType = z.enum(CONDITION_TYPES);
export const ATTRIBUTE_TARGETS = ['FAHRZEUG', 'FAHRZEUG_VERLAUF'] as const;
export const attributeTarget = z.enum(ATTRIBUTE_TARGETS);
export const WEEKDAYS = ['montags', 'dienstags', 'mittwochs', 'donnerstags', 'freitags', 'samstags', 'sonntags'] as const;
export const weekday = z.enum(WEEKDAYS);
export const CLEANLINESS = ['sauber', 'leicht verschmutzt', 'verschmutzt', 'stark verschmutzt'] as const;
export const cleanliness = z.enum(CLEANLINESS);

const id = z.string().uuid();
const text = (max: number) => z.string().trim().max(max);

export const idParams = z.object({ id });
export const okResult = z.object({ ok: z.literal(true), message: z.string().optional() });

// ───────────────────────── reference data ─────────────────────────

export const parkingSpace = z.object({ id, name: z.string() });
export const vehicleLocation = z.object({ id, name: z.string(), parkingSpaces: z.array(parkingSpace) });
/** GET /api/vehicle-locations — locations with their parking spaces (standort + abstellplatz), ordered by name. */
export const vehicleLocationList = z.object({ locations: z.array(vehicleLocation) });

export const attributeChoice = z.object({ key: text(100).min(1), text: text(200).min(1) });
export const attributeCondition = z.object({
  /** Unknown types are refused with 'Bedingung type {x} is not valid'; the enum is checked in the domain so the message is the catalogue's (docs/product.md#message-catalogue). */
  type: z.string().min(1).max(40),
  value: z.string().max(200).nullable().default(null),
  dependentAttributeId: id.nullable().default(null),
});
export const objectAttribute = z.object({
  id,
  target: attributeTarget,
  type: attributeType,
  label: z.string(),
  choices: z.array(attributeChoice),
  conditions: z.array(z.object({ type: conditionType, value: z.string().nullable(), dependentAttributeId: id.nullable() })),
  sortOrder: z.number().int(),
});
export type ObjectAttribute = z.infer<typeof objectAttribute>;
/** GET /api/vehicle-attributes?target=FAHRZEUG|FAHRZEUG_VERLAUF — object attributes (permission fahrzeug_buchen or fahrzeug_pflege). */
export const attributeListQuery = z.object({ target: attributeTarget.optional() });
export const attributeList = z.object({ attributes: z.array(objectAttribute) });
/** POST /api/admin/vehicle-attributes (create) · PUT /api/admin/vehicle-attributes/:id (update) — fahrzeug_pflege. */
export const saveAttributeRequest = z.object({
  target: attributeTarget,
  type: attributeType,
  label: text(200).min(1),
  choices: z.array(attributeChoice).max(50).default([]),
  conditions: z.array(attributeCondition).max(20).default([]),
  sortOrder: z.number().int().min(0).max(10000).default(0),
});
/** Attribute values on a vehicle or history entry: attribute id → value (text; checkbox 'true'/'false'). */
export const attributeValues = z.record(z.string().uuid(), z.string().max(2000));

// ───────────────────────── vehicles ─────────────────────────

export const bookingTimes = z.object({
  weekdays: z.array(weekday).max(7),
  from: timeOfDay,
  to: timeOfDay,
});
export type BookingTimes = z.infer<typeof bookingTimes>;

const vehicleFields = {
  validFrom: calendarDate.nullable(),
  validTo: calendarDate.nullable(),
  locationId: id,
  category: text(100).min(1),
  brand: text(100).min(1),
  model: text(100).min(1),
  licensePlate: text(20).min(1),
  fuel: text(40).min(1),
  powerKw: z.number().int().min(0).max(2000).nullable(),
  gearbox: text(40).nullable(),
  trunkBags: z.number().int().min(0).max(50).nullable(),
  seats: z.number().int().min(1).max(60).nullable(),
  doors: z.number().int().min(0).max(10).nullable(),
  colour: text(40).nullable(),
  requiredLicenseClass: text(10).nullable(),
  airConditioning: z.boolean(),
  navigation: z.boolean(),
  cruiseControl: z.boolean(),
  seatHeating: z.boolean(),
  guestBookingPossible: z.boolean(),
  bookingOutsidePossible: z.boolean(),
  departmentIds: z.array(id).max(100),
  bookingTimes,
  attributes: attributeValues,
};

export const vehicle = z.object({
  id,
  ...vehicleFields,
  locationName: z.string(),
  /** URL of the image (GET /api/vehicles/:id/image) or null. */
  imageUrl: z.string().nullable(),
  deactivated: z.boolean(),
});
export type Vehicle = z.infer<typeof vehicle>;

/** GET /api/vehicles — bookable vehicles (not deactivated) with filters; permission fahrzeug_buchen or fahrzeug_pflege.
 * `freeFrom`/`freeTo`: only vehicles available in that period. `attr.<attributeId>=value` filters by SHOW_FILTER attributes. */
export const vehicleListQuery = z.object({
  locationId: id.optional(),
  category: z.string().max(100).optional(),
  freeFrom: instant.optional(),
  freeTo: instant.optional(),
  attributes: z.string().max(2000).optional(), // JSON object {attributeId: value}
});
/**
 * The tenant's rules for booking times as they apply to the asking person:
 * whether vehicles' own booking times apply at all, whether booking outside
 * them is possible (with the vehicle's flag), and whether they bound only
 * pick-up and return (decision 032). The screens paint and explain with them.
 */
export const bookingTimeRules = z.object({
  individualTimes: z.boolean(),
  outsideTimes: z.boolean(),
  timesAsPickUpReturn: z.boolean(),
});
export type BookingTimeRules = z.infer<typeof bookingTimeRules>;
export const vehicleList = z.object({ vehicles: z.array(vehicle), categories: z.array(z.string()), rules: bookingTimeRules });
/** GET /api/vehicles/:id — one vehicle. */
export const vehicleDetail = vehicle;

/** GET /api/admin/vehicle-departments — departments for the vehicle form (fahrzeug_pflege). */
export const departmentList = z.object({ departments: z.array(z.object({ id, name: z.string() })) });

/** POST /api/admin/vehicles — create (fahrzeug_pflege). Writes an ERSTELLUNG history entry. */
export const createVehicleRequest = z.object(vehicleFields);
export type CreateVehicleRequest = z.infer<typeof createVehicleRequest>;
/** PUT /api/admin/vehicles/:id — update; `old` is the vehicle as the editor loaded it (docs/product.md#vehicles: an update needs the old data).
 * Cancels bookings (location change / outside validity) and writes STAMMDATENAENDERUNG. */
export const updateVehicleRequest = z.object({ old: vehicle.nullable().optional(), vehicle: createVehicleRequest });
export const updateVehicleResponse = z.object({ vehicle, cancelledBookings: z.number().int() });
/** DELETE /api/admin/vehicles/:id — deactivate (soft delete); cancels open bookings, DEAKTIVIERUNG entry. */
export const deactivateVehicleResponse = z.object({ ok: z.literal(true), cancelledBookings: z.number().int() });
/** PUT /api/admin/vehicles/:id/booking-times — booking weekdays and from/to. A missing id: 'Fahrzeug ID nicht vorhanden, Buchungszeiten können nicht gespeichert werden!' */
export const saveBookingTimesRequest = bookingTimes;
/** PUT /api/admin/vehicles/:id/attributes — attribute values of a vehicle. */
export const saveVehicleAttributesRequest = z.object({ attributes: attributeValues });
/** POST /api/admin/vehicles/:id/image — multipart file (png/jpg, ≤ 5 MB); GET /api/vehicles/:id/image serves it. */
export const imageUploadResponse = z.object({ imageUrl: z.string() });

// ───────────────────────── bookings ─────────────────────────

export const personRef = z.object({ id, name: z.string() });
export const approverState = z.object({ userId: id, name: z.string(), approved: z.boolean().nullable() });

export const vehicleBooking = z.object({
  id,
  vehicleId: id,
  vehicleLabel: z.string(),
  licensePlate: z.string(),
  locationName: z.string(),
  von: instant,
  bis: instant,
  status: bookingStatus,
  type: vehicleBookingType,
  bookedBy: personRef,
  /** The driver: the person the booking is for (== bookedBy when booked for oneself). */
  bookedFor: personRef,
  reason: z.string().nullable(),
  passengers: z.string().nullable(),
  destination: z.string().nullable(),
  stopover: z.string().nullable(),
  contact: z.string().nullable(),
  detour: z.string().nullable(),
  infoText: z.string().nullable(),
  cancelReason: z.string().nullable(),
  needsApproval: z.boolean(),
  approved: z.boolean(),
  approvers: z.array(approverState),
  createdAt: instant,
  /** The vehicle series this booking belongs to (decision 115); null for a single booking. */
  seriesId: id.nullable().optional(),
});
export type VehicleBooking = z.infer<typeof vehicleBooking>;

/**
 * A booking in a timeline, as a tuple because a month over a fleet is
 * thousands of them: `[von, bis, status, type, person]`, with von and bis in
 * whole minutes from the period's start (`from`; negative when it began
 * earlier) and person the position in `people` of whom a BUCHUNG is for (null
 * for blocks). No booking ids and no other personal details of colleagues.
 */
export const timelineBooking = z.tuple([
  z.number().int(),
  z.number().int(),
  bookingStatus,
  vehicleBookingType,
  z.number().int().nullable(),
]);
/** GET /api/vehicles/timeline?from&to[&vehicleIds=a,b] — every vehicle's bookings (not cancelled) in a period (max 62 days);
 * the day/week timeline and the month availability. Answers with an ETag; `If-None-Match` gives 304 when nothing changed. */
export const timelineQuery = z.object({ from: instant, to: instant, vehicleIds: z.string().max(4000).optional() });
export const timelineResponse = z.object({
  from: instant,
  to: instant,
  minGapMinutes: z.number().int(),
  /** The people the bookings are for; a booking names one by its position here. */
  people: z.array(z.object({ id, name: z.string() })),
  vehicles: z.array(z.object({ vehicleId: id, bookings: z.array(timelineBooking) })),
});

/** GET /api/vehicles/:id/availability?von&bis[&excludeBookingId] — the availability check (docs/product.md#vehicle-availability); `message` is one of the four messages. */
export const availabilityQuery = z.object({ von: instant, bis: instant, excludeBookingId: id.optional() });
export const availabilityResponse = z.object({
  available: z.boolean(),
  /** Outside the booking times but allowed (buchungAusserhalbMoeglich): the booking becomes a special trip needing approval. */
  needsApproval: z.boolean(),
  message: z.string().nullable(),
});

/** GET /api/vehicles/:id/booking-limits?date=YYYY-MM-DD[&excludeBookingId] — min/max selectable times on that day (docs/product.md#booking-window-and-narrowing). */
export const bookingLimitsQuery = z.object({ date: calendarDate, excludeBookingId: id.optional() });
export const bookingLimitsResponse = z.object({
  /** Free intervals on that day after narrowing (booking window, neighbours + gap, minimum time on the same day). */
  intervals: z.array(z.object({ min: instant, max: instant })),
  windowEnd: instant,
  stepMinutes: z.number().int(),
  minDurationMinutes: z.number().int(),
  /** The vehicle's booking times when they restrict this booking (individual times on, no booking outside them); else null. */
  bookingTimes: bookingTimes.nullable(),
  timesAsPickUpReturn: z.boolean(),
});

const bookingDetails = {
  reason: text(500).nullable().default(null),
  passengers: text(500).nullable().default(null),
  destination: text(500).nullable().default(null),
  stopover: text(500).nullable().default(null),
  contact: text(500).nullable().default(null),
  detour: text(500).nullable().default(null),
  infoText: text(2000).nullable().default(null),
};
/** POST /api/vehicle-bookings — book (fahrzeug_buchen; for someone else fahrzeug_fremdbuchung). 201 with the booking;
 * 409 'Fahrzeug ist bereits zum Zeitraum bereits gebucht!'; 400 for the other availability messages. */
export const createBookingRequest = z.object({
  vehicleId: id,
  von: instant,
  bis: instant,
  /** The driver; omitted = oneself. */
  forUserId: id.optional(),
  ...bookingDetails,
});
export type CreateBookingRequest = z.infer<typeof createBookingRequest>;
/** PATCH /api/vehicle-bookings/:id — change period/details of an own (or own-made) open booking. */
export const updateBookingRequest = z.object({ von: instant, bis: instant, ...bookingDetails });
/** POST /api/vehicle-bookings/:id/cancel — sets storniert (never a durchgeführt one). */
export const cancelBookingRequest = z.object({ reason: text(500).optional() });
export const bookingResponse = z.object({ booking: vehicleBooking });
/** GET /api/vehicle-bookings/:id — one booking (own, made by me, approvers, fleet managers). */

/** GET /api/vehicle-bookings/possible-bookers — persons the current user may book for (self only without fahrzeug_fremdbuchung). */
export const possibleBookers = z.object({
  bookers: z.array(z.object({ id, name: z.string(), email: z.string(), departmentName: z.string().nullable() })),
});

/** GET /api/vehicle-bookings/mine?includePast=false — the overview: bookings for me and bookings I made for others. */
/** `status` narrows to one booking status; an unknown one is refused with `Status {x} unbekannt` (docs/product.md#message-catalogue). */
export const myBookingsQuery = z.object({ includePast: z.enum(['true', 'false']).optional(), status: z.string().max(40).optional() });
export const myBookings = z.object({ forMe: z.array(vehicleBooking), forOthers: z.array(vehicleBooking) });

// ───────────────────────── approvals (Sonderfahrten) ─────────────────────────

/** GET /api/vehicle-approvals — special trips awaiting the current approver (fahrzeug_freigabe_von_sonderfahrten). */
export const approvalList = z.object({ pending: z.array(vehicleBooking), decided: z.array(vehicleBooking) });
/** POST /api/vehicle-approvals/:id/approve · POST /api/vehicle-approvals/:id/reject (id = booking id). Rejection cancels and mails the booker. */
export const rejectRequest = z.object({ reason: text(500).optional() });

// ───────────────────────── trips (check-in / check-out) ─────────────────────────

/**
 * POST /api/vehicle-bookings/:id/check-in — Fahrt starten: CHECK_IN entry, booking aktiv. Inside the check-in window, approved only.
 * `checklist` answers the check before the trip where the vehicle's category has one (docs/product.md#check-before-the-trip).
 */
export const checkInRequest = z.object({
  mileage: z.number().int().min(0).max(10_000_000).optional(),
  checklist: tripCheckSubmission.optional(),
});
export type CheckInRequest = z.infer<typeof checkInRequest>;
export const damage = z.object({ description: text(2000).min(1), receiptId: z.string().max(200).nullable().default(null) });
/** POST /api/vehicle-bookings/:id/check-out — Fahrt beenden: CHECK_OUT entry, booking durchgeführt.
 * 'Fuel level must be between 0 and 100!', mileage greater than the last, 'Please fill in all mandatory fields.' */
export const checkOutRequest = z.object({
  /** Required unless the vehicle is a bike (domain/trip-fields.ts). */
  mileage: z.number().int().min(0).max(10_000_000).optional(),
  /** Fuel or state of charge in percent; range checked in the domain so the message is the catalogue's (docs/product.md#trips). Not asked for bikes without motor. */
  fuelPercent: z.number().optional(),
  cleanlinessInside: cleanliness,
  cleanlinessOutside: cleanliness,
  parkingSpaceId: id.nullable(),
  damages: z.array(damage).max(20).default([]),
  attributes: attributeValues.default({}),
  confirmed: z.boolean().optional(),
  /** Fahrtart for the logbook entry: dienstlich (default), privat or Arbeitsweg where the tenant allows them. */
  tripKind: z.string().max(40).optional(),
});
export type CheckOutRequest = z.infer<typeof checkOutRequest>;
/** POST /api/vehicle-bookings/:id/receipts — multipart damage photo or receipt (png/jpg/pdf); returns an id for `damages[].receiptId`. */
export const receiptUploadResponse = z.object({ receiptId: z.string() });

// ───────────────────────── maintenance and history ─────────────────────────

/** POST /api/admin/vehicles/:id/blocks — block for WARTUNG, SERVICE or DEFEKT (fahrzeug_pflege); overlapping user bookings
 * are cancelled by the system and their bookers told. */
export const maintenanceBlockRequest = z.object({
  /** WARTUNG, SERVICE or DEFEKT; any other value is refused with `Typ {x} unbekannt` (docs/product.md#message-catalogue). */
  type: z.string().max(40),
  von: instant,
  bis: instant,
  description: text(2000).min(1),
});
export const maintenanceBlockResponse = z.object({ booking: vehicleBooking, cancelledBookings: z.number().int() });

export const historyEntry = z.object({
  id,
  time: instant,
  type: historyType,
  status: z.string().nullable(),
  description: z.string().nullable(),
  bookingId: id.nullable(),
  mileage: z.number().int().nullable(),
  fuelPercent: z.number().nullable(),
  cleanlinessInside: z.string().nullable(),
  cleanlinessOutside: z.string().nullable(),
  parkingSpaceName: z.string().nullable(),
  damages: z.array(z.object({ description: z.string(), receiptId: z.string().nullable() })),
  attributes: attributeValues,
  user: personRef.nullable(),
});
/** GET /api/vehicles/:id/history — history entries, newest first (fahrzeug_pflege, or the vehicle's bookers for their own trips). */
export const historyList = z.object({ entries: z.array(historyEntry), lastMileage: z.number().int().nullable() });

// ───────────────────────── realtime ─────────────────────────

/** SSE topic for vehicle bookings: GET /api/events?topics=vehicle-bookings; events `created`, `updated`, `cancelled` with the booking id. */
export const VEHICLE_BOOKING_TOPIC = 'vehicle-bookings';

// ───────────────────────── vehicle series (decision 115) ─────────────────────────

/** POST /api/vehicle-series/preview and /api/vehicle-series — a vehicle booked on a rule of days, from–to on every date. */
export const vehicleSeriesRequest = z.object({
  vehicleId: id,
  /** The driver; omitted = oneself (fahrzeug_fremdbuchung for someone else, as a single booking). */
  forUserId: id.optional(),
  fromTime: timeOfDay,
  toTime: timeOfDay,
  rule: seriesRule,
  ...bookingDetails,
});
export type VehicleSeriesRequest = z.infer<typeof vehicleSeriesRequest>;
/** One date: as a seat series, plus whether it becomes a special trip that needs approval. */
export const vehicleSeriesDate = seriesDate.extend({ von: instant, bis: instant, needsApproval: z.boolean() });
export type VehicleSeriesDate = z.infer<typeof vehicleSeriesDate>;
export const vehicleSeriesResponse = z.object({ seriesId: z.string().nullable(), dates: z.array(vehicleSeriesDate) });
export type VehicleSeriesResponse = z.infer<typeof vehicleSeriesResponse>;
/** POST /api/vehicle-bookings/:id/cancel-series — this date, this and all following, or the whole series. */
export const vehicleSeriesCancelRequest = seriesCancelRequest;
export const vehicleSeriesCancelResponse = seriesCancelResponse;
