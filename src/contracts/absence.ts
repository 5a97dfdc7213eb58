import { z } from 'zod';
import { calendarDate } from './calendar';

// Absence in one step (decision 092): POST /api/absence/preview and POST /api/absence.
export const absenceRequest = z.object({
  from: calendarDate,
  to: calendarDate,
  /** Someone else's absence: fleet managers and administrators only (audited). */
  personId: z.uuid().optional(),
});
export const absenceBooking = z.object({
  kind: z.enum(['fahrzeug', 'platz']),
  id: z.string(),
  label: z.string(),
  von: z.string(),
  bis: z.string(),
  /** A pre-booking the absent person made for someone else: that person is told. */
  forOther: z.string().nullable(),
});
export const absenceResponse = z.object({ bookings: z.array(absenceBooking), cancelled: z.number().int() });
export type AbsenceResponse = z.infer<typeof absenceResponse>;
