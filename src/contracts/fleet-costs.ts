import { CARD_KINDS, RECEIPT_KINDS } from '@domain/fleet-costs';
import { z } from 'zod';
import { calendarDate } from './calendar';
import { said } from './said';
import { careFileId } from './vehicle-care';

/** Fuel and charging cards, receipts and the cost report (docs/product.md#fleet-costs). */

export { CARD_KINDS, RECEIPT_KINDS };

const id = z.string().uuid();
const text = (max: number) => z.string().trim().max(max);

export const cardParams = z.object({ id });
export const vehicleParams = z.object({ id });
export const receiptParams = z.object({ id, receiptId: id });

/**
 * POST /api/fleet-costs/cards and PUT …/:id (fahrzeug_pflege). The number is
 * read once to keep its last four digits; a PIN has no field at all.
 */
export const cardRequest = z.object({
  kind: z.enum(CARD_KINDS),
  provider: text(80).min(1, said('Bitte den Anbieter der Karte angeben.', 'Please enter the card provider.')),
  /** On creation the full number (spaces allowed); when editing null keeps the stored digits. */
  number: z.string().max(40).nullable().default(null),
  validUntil: calendarDate.nullable().default(null),
  vehicleId: id.nullable().default(null),
  note: text(500).nullable().default(null),
  retired: z.boolean().default(false),
});
export type CardRequest = z.input<typeof cardRequest>;

export const card = z.object({
  id,
  kind: z.enum(CARD_KINDS),
  provider: z.string(),
  /** Always masked: `•••• 1234`. */
  masked: z.string(),
  lastFour: z.string(),
  validUntil: z.string().nullable(),
  vehicleId: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  note: z.string().nullable(),
  retired: z.boolean(),
});
export type Card = z.infer<typeof card>;
export const cardList = z.object({ cards: z.array(card) });
export const cardResponse = z.object({ card });

/** PUT /api/vehicles/:id/capacity (fahrzeug_pflege): what a receipt is checked against. */
export const capacityRequest = z.object({
  tankLitres: z.number().positive().max(2000).nullable(),
  batteryKwh: z.number().positive().max(2000).nullable(),
});
export const capacityResponse = capacityRequest;

/**
 * POST /api/vehicles/:id/fuel-receipts: anyone who may drive the vehicle, at
 * trip end or later. Quantities and the amount are not bounded below here: the
 * plausibility rule answers a negative value with its own sentence.
 */
export const receiptRequest = z.object({
  kind: z.enum(RECEIPT_KINDS),
  day: calendarDate,
  litres: z.number().max(100_000).nullable().default(null),
  kwh: z.number().max(100_000).nullable().default(null),
  /** Euros with cents. */
  amount: z.number().max(1_000_000),
  odometer: z.number().int().min(0).max(10_000_000).nullable().default(null),
  cardId: id.nullable().default(null),
  bookingId: id.nullable().default(null),
  photo: careFileId.nullable().default(null),
  note: text(500).nullable().default(null),
});
export type ReceiptRequest = z.input<typeof receiptRequest>;

export const receipt = z.object({
  id,
  kind: z.enum(RECEIPT_KINDS),
  day: z.string(),
  litres: z.number().nullable(),
  kwh: z.number().nullable(),
  amount: z.number(),
  odometer: z.number().nullable(),
  card: z.string().nullable(),
  fromTrip: z.boolean(),
  photo: z.object({ url: z.string(), kind: z.enum(['png', 'jpg', 'pdf']) }).nullable(),
  note: z.string().nullable(),
  recordedBy: z.string().nullable(),
});
export type Receipt = z.infer<typeof receipt>;
export const receiptList = z.object({
  receipts: z.array(receipt),
  capacity: capacityRequest,
});
export const receiptResponse = z.object({ receipt });

/** GET /api/admin/evaluation/costs: the period as in the other evaluations. */
export const costQuery = z.object({ from: calendarDate, to: calendarDate, locationId: z.uuid().optional() });
export type CostQuery = z.infer<typeof costQuery>;
export const costExportFormat = z.enum(['xlsx', 'pdf']);

const figures = {
  fuel: z.number(),
  charging: z.number(),
  service: z.number(),
  repair: z.number(),
  other: z.number(),
  total: z.number(),
  kilometres: z.number(),
  bookedHours: z.number(),
  perKilometre: z.number().nullable(),
  perBookedHour: z.number().nullable(),
  litresPer100: z.number().nullable(),
  kwhPer100: z.number().nullable(),
};
export const costRow = z.object({ vehicleId: z.string(), licensePlate: z.string(), vehicle: z.string(), location: z.string(), ...figures });
export type CostRow = z.infer<typeof costRow>;
export const costReport = z.object({
  from: z.string(),
  to: z.string(),
  vehicles: z.array(costRow),
  fleet: z.object(figures),
});
export type CostReport = z.infer<typeof costReport>;
