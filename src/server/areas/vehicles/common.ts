import type { Db } from '@db/client';
import { type BookingTimes, type ExistingBooking, isApproved, parseBookingStatus, vehicleBookingErrors } from '@domain/vehicle-booking';
import type { WeekdayName } from '@domain/vehicle-time';
import type { BookingRecord, SlimBooking } from '@server/areas/vehicles/vehicle-booking-repository';
import type { VehicleRecord } from '@server/areas/vehicles/vehicle-repository';
import type { UserContext } from '../../kernel/context';
import { sqlState } from '../../kernel/sql-state';
import { effectiveValues } from '../settings/public';
import { notFound as thingNotFound } from './errors';

export const VEHICLE_TOPIC = 'vehicle-bookings';

export interface VehicleSettings {
  minGapMinutes: number;
  daysAhead: number;
  windowWeekday: WeekdayName;
  windowHour: number;
  minDurationMinutes: number;
  individualTimes: boolean;
  outsideTimes: boolean;
  departmentCheck: boolean;
  checkInActive: boolean;
  checkInBeforeMinutes: number;
  autoCancelActive: boolean;
  autoCancelMinutes: number;
  stepMinutes: number;
  checkOutReminderTimes: string[];
  /** Decision 032: booking times bound pick-up and return only. */
  timesAsPickUpReturn: boolean;
  /** Decision 033: every booker may see for whom a vehicle is booked. */
  bookerNamesVisible: boolean;
}

const NAMES = [
  'fahrzeugMindestabstandMinuten',
  'fahrzeugBuchbareTageVoraus',
  'fahrzeugBuchungsfensterWochentag',
  'fahrzeugBuchungsfensterStunde',
  'fahrzeugMindestbuchungsdauerMinuten',
  'fahrzeugIndividuelleBuchungszeiten',
  'fahrzeugBuchungAusserhalbZeiten',
  'fahrzeugAbteilungspruefung',
  'fahrzeugCheckInAktiv',
  'fahrzeugCheckInVorBeginnMinuten',
  'fahrzeugFreigabeNachBuchungsbeginn',
  'fahrzeugAutoStornoOhneCheckInMinuten',
  'zeitRasterMinuten',
  'fahrzeugCheckOutErinnerungszeiten',
  'fahrzeugBuchungszeitenAlsAbholRueckgabe',
  'fahrzeugBuchendeSichtbar',
] as const;

/** The vehicle settings that apply to a user (user → group → tenant → default), in one query. */
export async function vehicleSettings(tx: Db, tenantId: string, userId: string | null): Promise<VehicleSettings> {
  const v = await effectiveValues(tx, tenantId, userId, NAMES);
  return {
    minGapMinutes: v.fahrzeugMindestabstandMinuten,
    daysAhead: v.fahrzeugBuchbareTageVoraus,
    windowWeekday: v.fahrzeugBuchungsfensterWochentag,
    windowHour: v.fahrzeugBuchungsfensterStunde,
    minDurationMinutes: v.fahrzeugMindestbuchungsdauerMinuten,
    individualTimes: v.fahrzeugIndividuelleBuchungszeiten,
    outsideTimes: v.fahrzeugBuchungAusserhalbZeiten,
    departmentCheck: v.fahrzeugAbteilungspruefung,
    checkInActive: v.fahrzeugCheckInAktiv,
    checkInBeforeMinutes: v.fahrzeugCheckInVorBeginnMinuten,
    autoCancelActive: v.fahrzeugFreigabeNachBuchungsbeginn,
    autoCancelMinutes: v.fahrzeugAutoStornoOhneCheckInMinuten,
    stepMinutes: v.zeitRasterMinuten,
    checkOutReminderTimes: v.fahrzeugCheckOutErinnerungszeiten,
    timesAsPickUpReturn: v.fahrzeugBuchungszeitenAlsAbholRueckgabe,
    bookerNamesVisible: v.fahrzeugBuchendeSichtbar,
  };
}

/** The availability view of a vehicle: booking outside times needs both the vehicle flag and the tenant setting. */
export function availabilityVehicle(v: VehicleRecord, s: VehicleSettings) {
  return {
    validFrom: v.validFrom,
    validTo: v.validTo,
    bookingTimes: v.bookingTimes as BookingTimes,
    bookingOutsidePossible: v.bookingOutsidePossible && s.outsideTimes,
  };
}

export const toExisting = (b: SlimBooking): ExistingBooking => ({
  id: b.id,
  von: b.von,
  bis: b.bis,
  status: parseBookingStatus(b.status),
  type: b.type,
});

/** `Fahrzeug nicht gefunden.` unless another thing is named. */
export const notFound = (what: Parameters<typeof thingNotFound>[0] = 'Fahrzeug') => thingNotFound(what);

// The SQLSTATE of a driver error is read in the kernel; the area's files keep importing it from here.
export { sqlState };

/** Maps the exclusion-constraint violation (23P01) to the catalogue's message with 409 (docs/product.md#vehicle-availability). */
export function mapOverlap(err: unknown): never {
  if (sqlState(err) === '23P01') throw vehicleBookingErrors.fail('already_booked');
  throw err;
}

export const isFleetManager = (u: UserContext) => u.permissions.has('fahrzeug_pflege');

/** Decision 033: whether a person may see for whom colleagues booked a vehicle (timeline, day-bar tooltips). */
export const maySeeBookerNames = (u: UserContext, s: Pick<VehicleSettings, 'bookerNamesVisible'>): boolean =>
  s.bookerNamesVisible || u.permissions.has('fahrzeug_pflege') || u.permissions.has('fahrzeug_fremdbuchung');

/** Who may see and change a booking: the driver, whoever made it, fleet managers; approvers may see theirs. */
export function canManageBooking(u: UserContext, b: BookingRecord): boolean {
  return b.driver.id === u.member.id || b.bookedBy.id === u.member.id || isFleetManager(u);
}
export function canSeeBooking(u: UserContext, b: BookingRecord): boolean {
  return canManageBooking(u, b) || b.approvers.some((a) => a.userId === u.member.id);
}

export function toBookingDto(b: BookingRecord, now = new Date()) {
  return {
    id: b.id,
    vehicleId: b.vehicleId,
    vehicleLabel: b.vehicleLabel,
    licensePlate: b.licensePlate,
    locationName: b.locationName,
    von: b.von.toISOString(),
    bis: b.bis.toISOString(),
    status: parseBookingStatus(b.status),
    type: b.type as 'BUCHUNG' | 'WARTUNG' | 'SERVICE' | 'DEFEKT',
    bookedBy: { id: b.bookedBy.id, name: b.bookedBy.name },
    bookedFor: { id: b.driver.id, name: b.driver.name },
    reason: b.reason,
    passengers: b.passengers,
    destination: b.destination,
    stopover: b.stopover,
    contact: b.contact,
    detour: b.detour,
    infoText: b.infoText,
    cancelReason: b.cancelReason,
    needsApproval: b.needsApproval,
    approved: isApproved({ von: b.von, approvers: b.approvers }, now),
    approvers: b.approvers.map((a) => ({ userId: a.userId, name: a.name, approved: a.approved })),
    createdAt: b.createdAt.toISOString(),
    seriesId: b.seriesId,
  };
}
