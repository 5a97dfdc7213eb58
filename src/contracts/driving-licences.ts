import { CHECK_METHODS, LICENCE_CLASSES, LICENCE_STATES, MAX_LICENCE_NUMBER, MAX_REMARK } from '@domain/driving-licence';
import { z } from 'zod';
import { calendarDate, pastCalendarDate } from './calendar';
import { instructionMark } from './driver-instruction';
import { said } from './said';

/** Driving licences: the examiner's list, checks and history, the driver's own record. */

export const licenceClass = z.enum(LICENCE_CLASSES, { message: said('Unbekannte Führerscheinklasse', 'Unknown driving licence class') });
export const licenceState = z.enum(LICENCE_STATES);
export const checkMethod = z.enum(CHECK_METHODS, {
  message: said('Unbekannte Prüfart (persoenlich, video oder dokument)', 'Unknown check method (persoenlich, video or dokument)'),
});

export const licenceRecord = z.object({
  classes: z.array(licenceClass),
  licenceNumber: z.string(),
  issueDate: pastCalendarDate,
  lastCheck: calendarDate,
  nextCheck: calendarDate,
  banFrom: calendarDate.nullable(),
  banTo: calendarDate.nullable(),
  extraInfo: z.string().nullable(),
  examinerName: z.string().nullable(),
  method: checkMethod,
});
export type LicenceRecordDto = z.infer<typeof licenceRecord>;

export const driverListQuery = z.object({
  q: z
    .string()
    .max(100, said('Der Suchbegriff darf höchstens 100 Zeichen haben.', 'The search term may have at most 100 characters.'))
    .optional(),
  state: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '').split(',').filter((s) => s !== '');
      for (const s of list) {
        if (!(LICENCE_STATES as readonly string[]).includes(s)) {
          ctx.addIssue({ code: 'custom', message: `Unbekannter Status: ${s}` });
          return z.NEVER;
        }
      }
      return list as (typeof LICENCE_STATES)[number][];
    }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const driverRow = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  employeeId: z.string().nullable(),
  departmentName: z.string().nullable(),
  state: licenceState,
  licence: licenceRecord.nullable(),
  /** The general driver instruction beside the licence (decision 227); null when the tenant published none. */
  instruction: instructionMark,
});
export type DriverRowDto = z.infer<typeof driverRow>;

export const driverList = z.object({
  items: z.array(driverRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.record(licenceState, z.number().int()),
  dueCount: z.number().int(),
});
export type DriverListDto = z.infer<typeof driverList>;

export const dueCountResponse = z.object({ dueCount: z.number().int() });

export const userIdParams = z.object({ userId: z.uuid({ message: said('Ungültige Personen-ID', 'Invalid person ID') }) });

const optionalText = (max: number, label: string, labelEn: string) =>
  z
    .string()
    .trim()
    .max(max, said(`${label} darf höchstens ${max} Zeichen haben.`, `${labelEn} may have at most ${max} characters.`))
    .nullish()
    .transform((v) => (v ? v : null));

export const recordCheckRequest = z.object({
  checkedOn: calendarDate,
  method: checkMethod,
  classes: z.array(licenceClass).max(LICENCE_CLASSES.length),
  licenceNumber: z
    .string()
    .trim()
    .min(1, said('Bitte die Führerscheinnummer angeben.', 'Please enter the driving licence number.'))
    .max(MAX_LICENCE_NUMBER, `Die Führerscheinnummer darf höchstens ${MAX_LICENCE_NUMBER} Zeichen haben.`),
  issueDate: pastCalendarDate,
  banFrom: calendarDate.nullish().transform((v) => v ?? null),
  banTo: calendarDate.nullish().transform((v) => v ?? null),
  extraInfo: optionalText(MAX_REMARK, 'Die Zusatzinformation', 'The additional information'),
  remark: optionalText(MAX_REMARK, 'Die Bemerkung', 'The remark'),
});
export type RecordCheckRequest = z.input<typeof recordCheckRequest>;
export type RecordCheck = z.output<typeof recordCheckRequest>;

export const checkEntry = z.object({
  id: z.uuid(),
  checkedOn: calendarDate,
  method: checkMethod,
  classes: z.array(licenceClass),
  licenceNumber: z.string(),
  issueDate: pastCalendarDate,
  banFrom: calendarDate.nullable(),
  banTo: calendarDate.nullable(),
  extraInfo: z.string().nullable(),
  remark: z.string().nullable(),
  examinerName: z.string(),
  hasScan: z.boolean(),
  createdAt: z.string(),
});
export type CheckEntryDto = z.infer<typeof checkEntry>;

export const checkHistory = z.object({
  person: z.object({ userId: z.uuid(), name: z.string(), email: z.string() }),
  state: licenceState,
  licence: licenceRecord.nullable(),
  checks: z.array(checkEntry),
  scansEnabled: z.boolean(),
});
export type CheckHistoryDto = z.infer<typeof checkHistory>;

export const ownLicence = z.object({
  state: licenceState,
  licence: licenceRecord.nullable(),
  reminderDays: z.number().int(),
});
export type OwnLicenceDto = z.infer<typeof ownLicence>;

export const checkIdParams = z.object({ checkId: z.uuid({ message: said('Ungültige Prüfungs-ID', 'Invalid check ID') }) });
export const scanResponse = z.object({ hasScan: z.boolean() });

// ───────────── guests' licences (decision 140) ─────────────

export const guestBookingIdParams = z.object({ bookingId: z.uuid({ message: said('Ungültige Buchungs-ID', 'Invalid booking ID') }) });

/** What the reception records at a guest's hand-over: the licence as seen, without the employees' extra info. */
export const recordGuestCheckRequest = recordCheckRequest.omit({ extraInfo: true });
export type RecordGuestCheckRequest = z.input<typeof recordGuestCheckRequest>;

export const guestCheckResponse = z.object({
  bookingId: z.uuid(),
  licence: z.object({ classes: z.array(licenceClass), checkedOn: calendarDate, examinerName: z.string() }),
});

export const guestDriverListQuery = driverListQuery.pick({ q: true, page: true, pageSize: true });

export const guestDriverRow = z.object({
  guestName: z.string(),
  guestEmail: z.string(),
  vehicleLabel: z.string(),
  lastBookingFrom: z.string(),
  state: licenceState,
  licence: licenceRecord,
});
export type GuestDriverRowDto = z.infer<typeof guestDriverRow>;

export const guestDriverList = z.object({
  items: z.array(guestDriverRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GuestDriverListDto = z.infer<typeof guestDriverList>;
