import { defineErrors } from './errors';
import { type BookingStatus, blocks, isInsideValidity, MESSAGES } from './vehicle-booking';

/** The refusals of this rule in both languages (decision 198). */
const vehicleChangesErrors = defineErrors({
  old_vehicle_missing: {
    status: 400,
    de: 'Für die Änderung fehlen die bisherigen Fahrzeugdaten.',
    en: 'The previous vehicle data is missing for this change.',
  },
  vehicle_id_missing: { status: 400, de: MESSAGES.noVehicleId, en: 'Vehicle ID missing, booking times cannot be saved!' },
  fuel_out_of_range: { status: 400, de: MESSAGES.fuel, en: 'Fuel level must be between 0 and 100!' },
  mileage_too_low: {
    status: 400,
    texts: (p: { last: number }) => ({
      de: `Der Kilometerstand muss größer als ${p.last} sein.`,
      en: `The mileage must be greater than ${p.last}.`,
    }),
  },
});

/**
 * Vehicle data change, deactivation, maintenance blocks and trip end (docs/product.md#vehicle-changes-and-deactivation, docs/product.md#trips).
 */

export interface VehicleData {
  validFrom: string | null;
  validTo: string | null;
  locationId: string;
  locationName: string;
  [field: string]: unknown;
}

export interface OpenBooking {
  id: string;
  von: Date;
  bis: Date;
  status: BookingStatus;
}

export interface Cancellation {
  bookingId: string;
  reason: string;
}

/** German labels of vehicle fields in the STAMMDATENAENDERUNG description. */
export const FIELD_LABELS: Record<string, string> = {
  validFrom: 'Gültig von',
  validTo: 'Gültig bis',
  locationName: 'Standort',
  category: 'Kategorie',
  brand: 'Marke',
  model: 'Modell',
  licensePlate: 'Kennzeichen',
  fuel: 'Kraftstoff',
  powerKw: 'Leistung (kW)',
  gearbox: 'Getriebe',
  trunkBags: 'Kofferraum (Taschen)',
  seats: 'Sitze',
  doors: 'Türen',
  colour: 'Farbe',
  requiredLicenseClass: 'Führerscheinklasse',
  airConditioning: 'Klimaanlage',
  navigation: 'Navigation',
  cruiseControl: 'Tempomat',
  seatHeating: 'Sitzheizung',
  guestBookingPossible: 'Gastbuchung möglich',
  bookingOutsidePossible: 'Buchung außerhalb möglich',
  departmentIds: 'Abteilungen',
  bookingTimes: 'Buchungszeiten',
  attributes: 'Attribute',
};

const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'boolean') return v ? 'ja' : 'nein';
  if (Array.isArray(v)) return v.length ? v.join(', ') : '–';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Each changed field as 'Label: old → new'. */
export function describeChanges(oldV: Record<string, unknown>, newV: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const [field, label] of Object.entries(FIELD_LABELS)) {
    if (!(field in newV) || same(oldV[field], newV[field])) continue;
    lines.push(`${label}: ${show(oldV[field])} → ${show(newV[field])}`);
  }
  return lines;
}

/**
 * Data change (docs/product.md#vehicle-changes-and-deactivation): a location change cancels every open booking with
 * 'Storno wegen Standortänderung am Fahrzeug'; otherwise bookings outside the
 * new validity (valid-from 00:00 to valid-to 23:59) are cancelled with
 * 'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.'.
 * The update needs the old data (docs/product.md#vehicles).
 */
export function planVehicleChange(
  oldV: VehicleData | null | undefined,
  newV: VehicleData,
  bookings: readonly OpenBooking[],
): { cancellations: Cancellation[]; changes: string[] } {
  if (!oldV) throw vehicleChangesErrors.fail('old_vehicle_missing');
  const open = bookings.filter((b) => blocks(b.status));
  let cancellations: Cancellation[];
  if (oldV.locationName !== newV.locationName || oldV.locationId !== newV.locationId) {
    cancellations = open.map((b) => ({ bookingId: b.id, reason: MESSAGES.locationChanged }));
  } else {
    cancellations = open
      .filter((b) => !isInsideValidity(newV, b.von, b.bis))
      .map((b) => ({ bookingId: b.id, reason: MESSAGES.outsideValidity }));
  }
  return { cancellations, changes: describeChanges(oldV, newV) };
}

/** Deactivation cancels every open booking with its fixed reason (docs/product.md#vehicle-changes-and-deactivation). */
export function planDeactivation(bookings: readonly OpenBooking[]): Cancellation[] {
  return bookings.filter((b) => blocks(b.status)).map((b) => ({ bookingId: b.id, reason: MESSAGES.deactivated }));
}

const BLOCK_NAMES = { WARTUNG: 'Wartung', SERVICE: 'Service', DEFEKT: 'Defekt' } as const;
/** Reason for user bookings cancelled by a maintenance block. */
export const blockReason = (type: keyof typeof BLOCK_NAMES): string => `Storno wegen ${BLOCK_NAMES[type]} des Fahrzeugs.`;

export function assertBookingTimesTarget(vehicleId: string | null | undefined): string {
  if (!vehicleId) throw vehicleChangesErrors.fail('vehicle_id_missing');
  return vehicleId;
}

/** Check-out checks (docs/product.md#trips): fuel 0–100, mileage greater than the last recorded. */
export function validateTripEnd(input: { fuelPercent: number; mileage: number; lastMileage: number | null }): void {
  if (!Number.isFinite(input.fuelPercent) || input.fuelPercent < 0 || input.fuelPercent > 100) {
    throw vehicleChangesErrors.fail('fuel_out_of_range');
  }
  if (input.lastMileage !== null && !(input.mileage > input.lastMileage)) {
    throw vehicleChangesErrors.fail('mileage_too_low', { last: input.lastMileage });
  }
}
