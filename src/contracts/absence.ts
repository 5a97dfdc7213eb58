import { z } from 'zod';
import { calendarDate } from './calendar';

// Absence in one step (decision 092): POST /api/absence/preview and POST /api/absence.
export const absenceRequest = z.object({
  from: calendarDate,
  to: calendarDate,
  /** Someone else's absence: fleet managers and administrators only (audited). */
  personId: z.uuid().optional(),
  /** Bookings made for someone else to hand over instead of cancelling (decision 111); only for the confirmation. */
  handOver: z.array(z.uuid()).max(500).optional(),
});
export const absenceBooking = z.object({
  kind: z.enum(['fahrzeug', 'platz']),
  id: z.string(),
  label: z.string(),
  von: z.string(),
  bis: z.string(),
  /** A pre-booking the absent person made for someone else: that person is told. */
  forOther: z.string().nullable(),
  /** Handed over to the other person instead of cancelled (decision 111). */
  handedOver: z.boolean(),
});
export const absenceResponse = z.object({
  bookings: z.array(absenceBooking),
  cancelled: z.number().int(),
  handedOver: z.number().int(),
});
export type AbsenceResponse = z.infer<typeof absenceResponse>;
