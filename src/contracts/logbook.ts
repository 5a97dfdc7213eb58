import { ENTRY_KINDS, TRIP_KINDS } from '@domain/logbook';
import { z } from 'zod';
import { calendarDate, instant } from './calendar';
import { said } from './said';

/** Fahrtenbuch: list, corrections, gap explanations and exports. */

const id = z.string().uuid();
const text = (max: number) => z.string().trim().max(max);
const nullableText = (max: number) => text(max).nullable();
const odometer = z
  .number()
  .int()
  .min(0, said('Der Kilometerstand darf nicht negativ sein.', 'The odometer reading must not be negative.'))
  .max(10_000_000);

export const tripKind = z.enum(TRIP_KINDS);
export const entryKind = z.enum(ENTRY_KINDS);

/** GET /api/logbook — current entries, newest first, paged on the server; drivers without logbook rights see their own trips only. */
export const logbookQuery = z.object({
  vehicleId: id.optional(),
  driverId: id.optional(),
  /** Calendar days in Europe/Berlin; `to` is inclusive. */
  from: calendarDate,
  to: calendarDate,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type LogbookQuery = z.infer<typeof logbookQuery>;

const revisionFields = {
  id,
  revision: z.number().int(),
  startedAt: instant,
  endedAt: instant,
  odometerStart: z.number().int(),
  odometerEnd: z.number().int(),
  destination: z.string().nullable(),
  stopover: z.string().nullable(),
  reason: z.string().nullable(),
  partner: z.string().nullable(),
  detour: z.string().nullable(),
  tripKind,
  note: z.string().nullable(),
  createdAt: instant,
  createdBy: z.string().nullable(),
};
export const logbookRevision = z.object(revisionFields);

export const logbookEntry = z.object({
  ...revisionFields,
  entryId: id,
  kind: entryKind,
  vehicle: z.object({ id, label: z.string(), licensePlate: z.string() }),
  bookingId: id.nullable(),
  distance: z.number().int(),
  driver: z.object({ id: id.nullable(), name: z.string() }),
  /**
   * Unexplained odometer jump right before this entry, and the time its
   * explanation must lie in: from the end of the entry before the jump to this
   * entry's start (to the minute).
   */
  gapBefore: z.object({ fromKm: z.number().int(), toKm: z.number().int(), from: instant, to: instant }).nullable(),
  /** Earlier revisions, oldest first (empty for an uncorrected entry). */
  previous: z.array(logbookRevision),
  /** Whether the signed-in person may correct it now. */
  correctable: z.boolean(),
});
export type LogbookEntry = z.infer<typeof logbookEntry>;

export const logbookList = z.object({
  entries: z.array(logbookEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: z.object({ dienstlich: z.number().int(), privat: z.number().int(), Arbeitsweg: z.number().int() }),
  allowedTripKinds: z.array(tripKind),
  /** Whether the viewer sees every driver's trips (logbook rights) or only their own. */
  scope: z.enum(['alle', 'eigene']),
});

/** POST /api/logbook/:id/corrections — a new revision of the current entry :id; `note` says why. */
export const correctionRequest = z.object({
  startedAt: instant.optional(),
  endedAt: instant.optional(),
  odometerStart: odometer.optional(),
  odometerEnd: odometer.optional(),
  destination: nullableText(200).optional(),
  stopover: nullableText(200).optional(),
  reason: nullableText(500).optional(),
  partner: nullableText(200).optional(),
  detour: nullableText(500).optional(),
  tripKind: z.string().max(40).optional(),
  note: text(500).min(1, said('Bitte geben Sie einen Grund für die Korrektur an.', 'Please give a reason for the correction.')),
});
export type CorrectionRequest = z.infer<typeof correctionRequest>;
export const correctionResponse = z.object({ entry: logbookEntry });

/** POST /api/vehicles/:id/logbook/gaps — a fleet manager explains (part of) a gap with an entry of its own. */
export const gapRequest = z.object({
  startedAt: instant,
  endedAt: instant,
  odometerStart: odometer,
  odometerEnd: odometer,
  tripKind: z.string().max(40).default('dienstlich'),
  driverName: text(200).min(1, said('Bitte geben Sie an, wer gefahren ist.', 'Please say who drove.')),
  destination: nullableText(200).default(null),
  reason: nullableText(500).default(null),
  note: text(500).min(1, said('Bitte erklären Sie die Lücke.', 'Please explain the gap.')),
});
export type GapRequest = z.infer<typeof gapRequest>;

/** GET /api/logbook/export.xlsx|pdf — one vehicle or all, for a period (logbook rights). */
export const exportQuery = z.object({ vehicleId: id.optional(), from: calendarDate, to: calendarDate });
export type ExportQuery = z.infer<typeof exportQuery>;

/** POST /api/logbook/reports — send the logbook report of a period by hand (logbook rights). */
export const reportRequest = z.object({ from: calendarDate, to: calendarDate });
export type ReportRequest = z.infer<typeof reportRequest>;
export const reportResponse = z.object({ recipients: z.array(z.string()) });

/** POST /api/logbook/exports — a large export as a background job. */
export const backgroundExportRequest = exportQuery.extend({ format: z.enum(['xlsx', 'pdf']) });
export type BackgroundExportRequest = z.infer<typeof backgroundExportRequest>;

/** A background export and its progress (GET /api/logbook/exports/:id). */
export const backgroundExport = z.object({
  id,
  format: z.enum(['xlsx', 'pdf']),
  vehicleId: id.nullable(),
  from: calendarDate,
  to: calendarDate,
  status: z.enum(['wartend', 'laeuft', 'fertig', 'fehler']),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  /** 0–100. */
  percent: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type BackgroundExport = z.infer<typeof backgroundExport>;
export const backgroundExportList = z.object({ exports: z.array(backgroundExport) });

/** GET /api/logbook/trip-kinds — what the end-trip dialog offers. */
export const tripKindList = z.object({ allowedTripKinds: z.array(tripKind) });

/** GET /api/logbook/report-settings — the vehicle report settings (rhythm and addresses) for the logbook tab. */
export const reportSettings = z.object({ rhythm: z.string(), addresses: z.array(z.string()), rhythms: z.array(z.string()) });
