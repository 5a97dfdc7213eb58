import { UVV_RESULTS } from '@domain/uvv-inspection';
import { DAMAGE_STATUSES, SERVICE_KINDS } from '@domain/vehicle-care';
import { z } from 'zod';
import { calendarDate, instant } from './calendar';
import { said } from './said';

/** Vehicle care after the trip: service booklet (Serviceheft) and damages (Schäden). */

export { DAMAGE_STATUSES, SERVICE_KINDS, UVV_RESULTS };

const id = z.string().uuid();
const text = (max: number) => z.string().trim().max(max);
/** A file uploaded before (POST /api/vehicles/:id/care-files or a trip's receipts): `{owner id}/{uuid}.{png|jpg|pdf}`. */
export const careFileId = z.string().regex(/^[0-9a-f-]{36}\/[0-9a-f-]{36}\.(png|jpg|pdf)$/, said('Unbekannte Datei.', 'Unknown file.'));

export const vehicleIdParams = z.object({ id });
export const serviceEntryParams = z.object({ id, entryId: id });
export const damageParams = z.object({ id, damageId: id });
export const fileParams = z.object({ id, entryId: id, n: z.coerce.number().int().min(0).max(20) });
export const damageFileParams = z.object({ id, damageId: id, n: z.coerce.number().int().min(0).max(20) });

/** POST /api/vehicles/:id/service-entries and PUT …/:entryId (fahrzeug_pflege). Cost in euros with cents. */
export const serviceEntryRequest = z.object({
  kind: z.enum(SERVICE_KINDS),
  description: text(2000).min(1),
  performedOn: calendarDate,
  odometer: z.number().int().min(0).max(10_000_000).nullable().default(null),
  cost: z.number().min(0).max(10_000_000).nullable().default(null),
  workshop: text(200).nullable().default(null),
  /** For a UVV inspection without a date: the day of the inspection plus the tenant's interval (fahrzeugUvvIntervallMonate). */
  nextDueOn: calendarDate.nullable().default(null),
  /** UVV inspection only: the competent person who inspected, and the result; the report goes into the receipts. */
  inspector: text(200).nullable().default(null),
  uvvResult: z
    .enum(UVV_RESULTS, {
      message: said('Bitte wählen Sie das Ergebnis der UVV-Prüfung.', 'Please choose the result of the UVV inspection.'),
    })
    .nullable()
    .default(null),
  receipts: z.array(careFileId).max(10).default([]),
  /** Workshop period: on creation it blocks the vehicle (SERVICE booking), cancelling overlapping bookings. Ignored when editing. */
  period: z.object({ von: instant, bis: instant }).nullable().default(null),
});
export type ServiceEntryRequest = z.input<typeof serviceEntryRequest>;

const fileRef = z.object({ url: z.string(), kind: z.enum(['png', 'jpg', 'pdf']) });

export const serviceEntry = z.object({
  id,
  kind: z.enum(SERVICE_KINDS),
  description: z.string(),
  performedOn: z.string(),
  odometer: z.number().nullable(),
  cost: z.number().nullable(),
  workshop: z.string().nullable(),
  nextDueOn: z.string().nullable(),
  inspector: z.string().nullable(),
  uvvResult: z.enum(UVV_RESULTS).nullable(),
  receipts: z.array(fileRef),
  /** Ids as stored, for editing. */
  receiptIds: z.array(z.string()),
  period: z.object({ von: instant, bis: instant }).nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type ServiceEntry = z.infer<typeof serviceEntry>;
export const serviceEntryList = z.object({
  entries: z.array(serviceEntry),
  /** Next Hauptuntersuchung / inspection / UVV inspection and whether it is due (ueberfaellig, faellig) within the tenant's lead days. */
  due: z.array(z.object({ kind: z.string(), nextDueOn: z.string(), state: z.enum(['ueberfaellig', 'faellig']).nullable() })),
  totalCost: z.number(),
  /** The tenant's UVV interval (fahrzeugUvvIntervallMonate), for the hint of the entry form. */
  uvvIntervalMonths: z.number(),
});
export const serviceEntryResponse = z.object({ entry: serviceEntry, cancelledBookings: z.number().optional() });

/** POST /api/vehicles/:id/damages — any person who may book the vehicle, and fleet managers. */
export const damageRequest = z.object({
  description: text(2000).min(1),
  photos: z.array(careFileId).max(10).default([]),
});
export type DamageRequest = z.input<typeof damageRequest>;
/** POST /api/vehicles/:id/damages/:damageId/status (fahrzeug_pflege). */
export const damageStatusRequest = z.object({ status: z.string().max(40), note: text(2000).nullable().default(null) });

export const damage = z.object({
  id,
  description: z.string(),
  status: z.enum(DAMAGE_STATUSES),
  photos: z.array(fileRef),
  reportedAt: instant,
  reportedBy: z.string().nullable(),
  fromTrip: z.boolean(),
  /** An open DEFEKT block of the vehicle stems from this damage. */
  blocking: z.boolean(),
  resolvedAt: instant.nullable(),
  events: z.array(z.object({ at: instant, status: z.string(), note: z.string().nullable(), by: z.string().nullable() })),
});
export type Damage = z.infer<typeof damage>;
export const damageList = z.object({ damages: z.array(damage) });
export const damageResponse = z.object({ damage, cancelledBookings: z.number().optional() });
export const careFileResponse = z.object({ fileId: z.string() });

/** What the vehicle list marks: blocked by a damage (DEFEKT), and due dates within the lead days. */
export const vehicleCare = z.object({
  defect: z.boolean(),
  due: z.array(z.object({ kind: z.string(), nextDueOn: z.string(), state: z.enum(['ueberfaellig', 'faellig']) })),
});
export type VehicleCare = z.infer<typeof vehicleCare>;
export const vehicleCareList = z.object({ vehicles: z.record(z.string(), vehicleCare) });
