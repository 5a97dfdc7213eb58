import { z } from 'zod';
import { calendarDate, timeOfDay } from './calendar';

/**
 * Contracts of reading rooms (Leseraum) and workplaces (Arbeitswelt): one engine,
 * two kinds of bookable area (`area`). Dates in requests are ISO calendar days
 * (`YYYY-MM-DD`, Europe/Berlin), times `HH:mm`; instants are ISO strings.
 * Every endpoint is listed with method and path above its schemas.
 */

export const AREAS = ['leseraum', 'arbeitswelt'] as const;
export const area = z.enum(AREAS);
export type Area = z.infer<typeof area>;

/** platz = a seat or desk (capacity 1 usually); raum = a group room. */
export const OBJECT_KINDS = ['platz', 'raum'] as const;
export const objectKind = z.enum(OBJECT_KINDS);

export const BOOKING_STATUSES = ['vorgemerkt', 'reserviert', 'durchgeführt', 'storniert'] as const;
export const readingRoomBookingStatus = z.enum(BOOKING_STATUSES);

/** Booking modes of the dialog: ganztags (default), half days, or hours (stuendlich). */
export const BOOKING_MODES = ['ganztags', 'vormittags', 'nachmittags', 'stuendlich'] as const;
export const bookingMode = z.enum(BOOKING_MODES);
export type BookingMode = z.infer<typeof bookingMode>;

/** Colour state of an object on the map for the chosen period. */
export const MAP_STATES = ['frei', 'teilweise', 'belegt', 'meins', 'geschlossen', 'inaktiv'] as const;
export const mapState = z.enum(MAP_STATES);
export type MapState = z.infer<typeof mapState>;

const id = z.string().uuid();
export const idParams = z.object({ id });
export const areaQuery = z.object({ area: area.default('leseraum') });

export const location = z.object({ id, name: z.string() });
export const equipmentItem = z.object({ id, name: z.string() });
export const objectEquipment = z.object({ id, name: z.string(), count: z.number().int().min(1) });

export const floorPlan = z.object({
  id,
  name: z.string(),
  area,
  location: location.nullable(),
  /** Absolute path of the plan image (null until one is uploaded). */
  imageUrl: z.string().nullable(),
  imageWidth: z.number().int().nullable(),
  imageHeight: z.number().int().nullable(),
  /** false: deactivated (hidden from booking and kiosk, still listed in /admin/raeume). */
  active: z.boolean(),
  objectCount: z.number().int(),
});
export type FloorPlanDto = z.infer<typeof floorPlan>;

export const regularOpeningHour = z.object({
  /** 1 = Monday … 7 = Sunday (ISO). */
  weekday: z.number().int().min(1).max(7),
  von: timeOfDay,
  bis: timeOfDay,
  open: z.boolean(),
});
export const deviatingOpeningHour = z.object({
  id,
  floorPlanId: id,
  validFrom: calendarDate,
  validTo: calendarDate,
  von: timeOfDay,
  bis: timeOfDay,
  status: z.enum(['offen', 'geschlossen']),
});
export type DeviatingOpeningHourDto = z.infer<typeof deviatingOpeningHour>;

/** Öffnungszeitraum (decision 235): the seven weekdays' hours for a date range, e.g. the Vorlesungszeit. */
export const openingPeriod = z.object({
  id,
  floorPlanId: id,
  name: z.string(),
  validFrom: calendarDate,
  validTo: calendarDate,
  hours: z.array(regularOpeningHour).length(7),
});
export type OpeningPeriodDto = z.infer<typeof openingPeriod>;

/** A public holiday of the tenant's Bundesland; `opened`: an open deviation covers it. */
export const publicHoliday = z.object({ date: calendarDate, de: z.string(), en: z.string(), opened: z.boolean() });

export const openingHours = z.object({
  floorPlanId: id,
  regular: z.array(regularOpeningHour).length(7),
  deviating: z.array(deviatingOpeningHour),
});
export type OpeningHoursDto = z.infer<typeof openingHours>;

/** What /admin/raeume edits: the hours above plus periods and the tenant's holidays (decision 235). */
export const adminOpeningHours = openingHours.extend({
  /** Periods that have not ended yet, by start. */
  periods: z.array(openingPeriod),
  /** The tenant setting feiertageBundesland (`kein`: no holidays). */
  bundesland: z.string(),
  /** The holidays of the coming 365 days. */
  holidays: z.array(publicHoliday),
});
export type AdminOpeningHoursDto = z.infer<typeof adminOpeningHours>;

/** A booking as the booker, the confirming person or an admin sees it. */
export const readingRoomBooking = z.object({
  id,
  objectId: id,
  objectName: z.string(),
  objectKind,
  floorPlanId: id,
  floorPlanName: z.string(),
  area,
  von: z.string(),
  bis: z.string(),
  status: readingRoomBookingStatus,
  groupSize: z.number().int(),
  booker: z.object({ id, name: z.string() }),
  confirming: z.object({ id, name: z.string() }).nullable(),
  /** Why a storniert booking was cancelled (e.g. 'Storno, weil Platz deaktiviert wurde.'); null otherwise. */
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  /** The series the booking belongs to (decision 091); null for a single booking. */
  seriesId: z.string().nullable(),
  /** What the signed-in user may do now. */
  canCancel: z.boolean(),
  canConfirm: z.boolean(),
  canCheckIn: z.boolean(),
});
export type ReadingRoomBookingDto = z.infer<typeof readingRoomBooking>;

export const bookingLimits = z.object({
  maxBookingsPerWeek: z.number().int(),
  intervalMinutes: z.number().int(),
  minMinutes: z.number().int(),
  maxMinutes: z.number().int(),
  daysAhead: z.number().int(),
  weekdays: z.array(z.string()),
});
export type BookingLimitsDto = z.infer<typeof bookingLimits>;

// GET /api/reading-rooms/bootstrap?area=leseraum — start-up: floor plans, opening hours, pending reservations, favourites.
export const bootstrapResponse = z.object({
  area,
  floorPlans: z.array(floorPlan),
  openingHours: z.array(openingHours),
  favourites: z.object({ floorPlanId: z.string().nullable(), objectIds: z.array(z.string()) }),
  /** vorgemerkt bookings waiting for the signed-in user's confirmation. */
  pendingConfirmations: z.array(readingRoomBooking),
  limits: bookingLimits,
  equipment: z.array(equipmentItem),
  today: calendarDate,
});
export type BootstrapResponse = z.infer<typeof bootstrapResponse>;

// GET /api/reading-rooms/floor-plans/:id/map?date=&mode=&von=&bis=
export const mapQuery = z.object({
  date: calendarDate,
  mode: bookingMode.default('ganztags'),
  von: timeOfDay.optional(),
  bis: timeOfDay.optional(),
});
export const mapBooking = z.object({
  id,
  von: z.string(),
  bis: z.string(),
  /** Places taken (group size); never who booked, except `mine`. */
  places: z.number().int(),
  mine: z.boolean(),
  status: readingRoomBookingStatus,
});
/** What the map and the administration both show of a seat or room. */
const objectFields = z.object({
  id,
  kind: objectKind,
  designation: z.string(),
  capacity: z.number().int(),
  /** Position on the plan in percent of width/height (0–100). */
  x: z.number(),
  y: z.number(),
  equipment: z.array(objectEquipment),
  description: z.string(),
  conditions: z.string(),
  active: z.boolean(),
});
export const mapObject = objectFields.extend({
  state: mapState,
  freePlaces: z.number().int(),
  bookings: z.array(mapBooking),
});
export type MapObjectDto = z.infer<typeof mapObject>;
export const dayOpening = z.object({
  date: calendarDate,
  bookable: z.boolean(),
  von: timeOfDay.nullable(),
  bis: timeOfDay.nullable(),
  /** Which rule decided the day: deviation > public holiday > period > weekly default (decision 235). */
  source: z.enum([
    'regulaer',
    'abweichend-offen',
    'abweichend-geschlossen',
    'wochentag-geschlossen',
    'zeitraum',
    'zeitraum-geschlossen',
    'feiertag',
  ]),
  /** The opening period whose hours apply. */
  period: z.string().optional(),
  /** The public holiday on this day (also when a deviation opens the plan). */
  holiday: z.object({ de: z.string(), en: z.string() }).optional(),
});
export const mapResponse = z.object({
  floorPlan,
  day: dayOpening,
  /** The period the states refer to (null when the day is closed). */
  period: z.object({ von: z.string(), bis: z.string() }).nullable(),
  objects: z.array(mapObject),
  /** Instants when the map must refresh itself (1 ms after a start, 1 ms before an end). */
  refreshAt: z.array(z.string()),
});
export type MapResponse = z.infer<typeof mapResponse>;

// GET /api/reading-rooms/floor-plans/:id/image — the plan image (png/jpg) with nosniff.

// POST /api/reading-room-bookings
export const createBookingRequest = z.object({
  objectId: id,
  date: calendarDate,
  mode: bookingMode.default('ganztags'),
  /** Only for mode stuendlich. */
  von: timeOfDay.optional(),
  bis: timeOfDay.optional(),
  groupSize: z.number().int().min(1).max(500).default(1),
  /** Pre-booking (Vormerkung) for this member, who must confirm before the start. */
  forUserId: id.optional(),
});
export type CreateBookingRequest = z.infer<typeof createBookingRequest>;
export const bookingResponse = z.object({ booking: readingRoomBooking });

// GET /api/reading-room-bookings/mine?area= — sidebar: your bookings (as booker) and your reservations (booked for you).
export const myBookingsResponse = z.object({
  bookings: z.array(readingRoomBooking),
  reservations: z.array(readingRoomBooking),
});
export type MyBookingsResponse = z.infer<typeof myBookingsResponse>;

// POST /api/reading-room-bookings/:id/cancel | /confirm | /check-in  → bookingResponse
// POST /api/reading-rooms/objects/:id/check-in → bookingResponse (QR code of the kiosk: checks in the user's reservation of that object now)

// GET /api/reading-rooms/people?q= — members a pre-booking can be made for, searched (id and name only, decision 037).
export const peopleQuery = z.object({ q: z.string().max(100).default('') });
export const peopleResponse = z.object({ people: z.array(z.object({ id, name: z.string() })) });

// PUT /api/reading-rooms/favourites — favourite floor plan and seats (user settings favoritGrundriss / favoritPlaetze).
export const favouritesRequest = z.object({
  floorPlanId: id.nullable(),
  objectIds: z.array(id).max(500),
});
export const favouritesResponse = z.object({ floorPlanId: z.string().nullable(), objectIds: z.array(z.string()) });

// ---- Administration (/admin/raeume: ausstattungs_pflege; opening hours also oeffnungszeiten_pflege) ----

// GET /api/admin/reading-rooms/locations
export const locationsResponse = z.object({ locations: z.array(location) });
// GET /api/admin/reading-rooms/floor-plans?area= → { floorPlans }
export const floorPlansResponse = z.object({ floorPlans: z.array(floorPlan) });
// POST /api/admin/reading-rooms/floor-plans ; PATCH /api/admin/reading-rooms/floor-plans/:id → { floorPlan }
export const floorPlanRequest = z.object({
  name: z.string().trim().min(1).max(120),
  area,
  locationId: id.nullable(),
});
export const floorPlanResponse = z.object({ floorPlan });
// PUT /api/admin/reading-rooms/floor-plans/:id/image (multipart, one file: png or jpg, ≤ 10 MB) → { floorPlan }

// GET /api/admin/reading-rooms/floor-plans/:id/objects
export const adminObject = objectFields.extend({ floorPlanId: id });
export type AdminObjectDto = z.infer<typeof adminObject>;
export const adminObjectsResponse = z.object({ objects: z.array(adminObject) });
// POST /api/admin/reading-rooms/objects ; PATCH /api/admin/reading-rooms/objects/:id → { object }
export const objectRequest = z.object({
  floorPlanId: id,
  kind: objectKind,
  designation: z.string().trim().min(1).max(60),
  capacity: z.number().int().min(1).max(500),
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
  equipment: z
    .array(z.object({ id, count: z.number().int().min(1).max(999).default(1) }))
    .max(50)
    .default([]),
  description: z.string().max(2000).default(''),
  conditions: z.string().max(2000).default(''),
  active: z.boolean().default(true),
});
export const objectPatchRequest = objectRequest.omit({ floorPlanId: true }).partial();
export const objectResponse = z.object({ object: adminObject });
// PUT /api/admin/reading-rooms/floor-plans/:id/positions — saves dragged positions in one go.
export const positionsRequest = z.object({
  positions: z
    .array(z.object({ id, x: z.number().min(0).max(100), y: z.number().min(0).max(100) }))
    .min(1)
    .max(1000),
});

// ---- Removing safely (decision 025) ----
// GET /api/admin/reading-rooms/objects/:id/removal-preview ; GET /api/admin/reading-rooms/floor-plans/:id/removal-preview
export const removalPreviewResponse = z.object({
  /** vorgemerkt/reserviert bookings not yet ended: a deactivation now cancels exactly these. */
  openBookings: z.number().int(),
  /** Bookings in any state ever made: only with 0 may the object or plan be deleted. */
  bookings: z.number().int(),
  deletable: z.boolean(),
  /** Start of the first and end of the last open booking (ISO instants; null without open bookings). */
  openFrom: z.string().nullable(),
  openTo: z.string().nullable(),
});
export type RemovalPreviewDto = z.infer<typeof removalPreviewResponse>;
// PUT /api/admin/reading-rooms/objects/:id/active ; PUT /api/admin/reading-rooms/floor-plans/:id/active
export const activeRequest = z.object({ active: z.boolean() });
export const objectActiveResponse = z.object({ object: adminObject, cancelledBookings: z.number().int() });
export const floorPlanActiveResponse = z.object({ floorPlan, cancelledBookings: z.number().int() });
// DELETE /api/admin/reading-rooms/objects/:id ; DELETE /api/admin/reading-rooms/floor-plans/:id → { ok: true } (409 once anything was booked)

// GET /api/admin/equipment ; POST /api/admin/equipment ; PATCH /api/admin/equipment/:id ; DELETE /api/admin/equipment/:id
export const equipmentListResponse = z.object({ equipment: z.array(equipmentItem) });
export const equipmentRequest = z.object({ name: z.string().trim().min(1).max(80) });
export const equipmentResponse = z.object({ equipment: equipmentItem });

// GET /api/admin/reading-rooms/floor-plans/:id/opening-hours → openingHours
// PUT /api/admin/reading-rooms/floor-plans/:id/opening-hours — the seven regular days.
export const regularOpeningHoursRequest = z.object({ regular: z.array(regularOpeningHour).length(7) });
// POST /api/admin/reading-rooms/floor-plans/:id/deviating-opening-hours ; PATCH/DELETE /api/admin/reading-rooms/deviating-opening-hours/:id
export const deviatingOpeningHourRequest = z.object({
  validFrom: calendarDate,
  validTo: calendarDate,
  von: timeOfDay.default('08:00'),
  bis: timeOfDay.default('18:00'),
  status: z.enum(['offen', 'geschlossen']),
});
export const deviatingOpeningHourResponse = z.object({ deviating: deviatingOpeningHour });

// POST /api/admin/reading-rooms/floor-plans/:id/opening-periods ; PUT, DELETE /api/admin/reading-rooms/opening-periods/:id
export const openingPeriodRequest = z.object({
  name: z.string().max(200),
  validFrom: calendarDate,
  validTo: calendarDate,
  hours: z.array(regularOpeningHour).max(7),
});
export const openingPeriodResponse = z.object({ period: openingPeriod });

// GET /api/admin/kiosk-links ; POST /api/admin/kiosk-links ; DELETE /api/admin/kiosk-links/:id
export const kioskLink = z.object({ id, floorPlanId: id, floorPlanName: z.string(), name: z.string(), createdAt: z.string() });
export const kioskLinksResponse = z.object({ links: z.array(kioskLink) });
export const createKioskLinkRequest = z.object({ floorPlanId: id, name: z.string().trim().min(1).max(80) });
/** The token is shown exactly once; only its hash is stored. */
export const createKioskLinkResponse = z.object({ link: kioskLink, url: z.string(), token: z.string() });

// ---- Kiosk (no user session; the token binds tenant and floor plan) ----
export const kioskTokenParams = z.object({ token: z.string().min(20).max(100) });
// GET /api/kiosk/:token — board data. GET /api/kiosk/:token/image — plan image. GET /api/kiosk/:token/events — SSE.
export const kioskSlot = z.object({ von: z.string(), bis: z.string(), places: z.number().int() });
export const kioskObject = z.object({
  id,
  kind: objectKind,
  designation: z.string(),
  capacity: z.number().int(),
  x: z.number(),
  y: z.number(),
  /** Occupancy now: frei, teilweise or belegt (never who). */
  now: z.enum(['frei', 'teilweise', 'belegt', 'geschlossen']),
  /** Booked periods for the rest of today, without any person. */
  slots: z.array(kioskSlot),
  /** Link the QR code opens: the check-in of this object for the signed-in user. */
  checkInUrl: z.string(),
});
export const kioskBoardResponse = z.object({
  tenantName: z.string(),
  floorPlan: z.object({
    id,
    name: z.string(),
    area,
    imageUrl: z.string().nullable(),
    imageWidth: z.number().int().nullable(),
    imageHeight: z.number().int().nullable(),
  }),
  day: dayOpening,
  now: z.string(),
  objects: z.array(kioskObject),
  refreshAt: z.array(z.string()),
});
export type KioskBoardResponse = z.infer<typeof kioskBoardResponse>;

// Booking series (decision 091): POST /api/reading-room-series/preview and /api/reading-room-series.
export const seriesRule = z.object({
  startDate: calendarDate,
  /** ISO weekdays 1 (Monday) … 7 (Sunday). */
  weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
  intervalWeeks: z.number().int().min(1).max(12).default(1),
  until: calendarDate.nullish(),
  count: z.number().int().min(1).max(104).nullish(),
});
export const seriesRequest = z.object({
  objectId: id,
  mode: bookingMode.default('ganztags'),
  von: timeOfDay.optional(),
  bis: timeOfDay.optional(),
  groupSize: z.number().int().min(1).max(500).default(1),
  rule: seriesRule,
});
export type SeriesRequest = z.infer<typeof seriesRequest>;
/** buchbar / gebucht: can be or was booked; abgelehnt: refused with reason; spaeter: beyond the booking window, booked when the window reaches it. */
export const seriesDateState = z.enum(['buchbar', 'gebucht', 'abgelehnt', 'spaeter']);
export const seriesDate = z.object({
  date: z.string(),
  state: seriesDateState,
  reason: z.enum(['geschlossen', 'belegt', 'limit', 'regel']).nullable(),
  message: z.string().nullable(),
  bookingId: z.string().nullable(),
});
export type SeriesDate = z.infer<typeof seriesDate>;
export const seriesResponse = z.object({ seriesId: z.string().nullable(), dates: z.array(seriesDate) });
export type SeriesResponse = z.infer<typeof seriesResponse>;
/** Cancelling a booking of a series: this one, this and all following, or the whole series. */
export const seriesCancelRequest = z.object({ scope: z.enum(['eine', 'folgende', 'alle']) });
export const seriesCancelResponse = z.object({ cancelled: z.number().int() });
