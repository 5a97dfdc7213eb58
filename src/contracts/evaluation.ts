import { z } from 'zod';
import { calendarDate } from './calendar';

/** Query of both evaluation screens: the period (inclusive days, Berlin) and an optional location. */
export const evaluationQuery = z.object({
  from: calendarDate,
  to: calendarDate,
  locationId: z.uuid().optional(),
});
export type EvaluationQuery = z.infer<typeof evaluationQuery>;

const location = z.object({ id: z.string(), name: z.string() });

const floorPlanRow = z.object({
  floorPlanId: z.string(),
  floorPlan: z.string(),
  area: z.enum(['leseraum', 'arbeitswelt']),
  location: z.string().nullable(),
  places: z.number(),
  bookings: z.number(),
  bookedHours: z.number(),
  capacityHours: z.number(),
  utilisation: z.number(),
  cancellationRate: z.number(),
  noShowRate: z.number(),
});

const heatmapRow = z.object({
  floorPlanId: z.string(),
  floorPlan: z.string(),
  /** Utilisation in percent per weekday, Monday first. */
  weekdays: z.array(z.number()).length(7),
});

const objectRow = z.object({
  floorPlan: z.string(),
  designation: z.string(),
  kind: z.enum(['platz', 'raum']),
  bookings: z.number(),
  bookedHours: z.number(),
  utilisation: z.number(),
  cancellationRate: z.number(),
  noShowRate: z.number(),
});

const officeDepartmentRow = z.object({
  department: z.string().nullable(),
  bookings: z.number(),
  bookedHours: z.number(),
  cancellationRate: z.number(),
  noShowRate: z.number(),
});

export const officeEvaluationResponse = z.object({
  from: z.string(),
  to: z.string(),
  locations: z.array(location),
  floorPlans: z.array(floorPlanRow),
  heatmap: z.array(heatmapRow),
  objects: z.array(objectRow),
  departments: z.array(officeDepartmentRow),
});
export type OfficeEvaluation = z.infer<typeof officeEvaluationResponse>;

const vehicleRow = z.object({
  vehicleId: z.string(),
  licensePlate: z.string(),
  vehicle: z.string(),
  location: z.string(),
  bookings: z.number(),
  trips: z.number(),
  cancelled: z.number(),
  bookedHours: z.number(),
  utilisation: z.number(),
  kilometres: z.number(),
});

/** The figures of one month: of the whole fleet in the filter, or of one vehicle. */
const monthRow = vehicleRow
  .pick({ bookings: true, trips: true, cancelled: true, bookedHours: true, utilisation: true, kilometres: true })
  .extend({
    month: z.string(),
  });
export type EvaluationMonth = z.infer<typeof monthRow>;

const vehicleDepartmentRow = z.object({
  department: z.string().nullable(),
  bookings: z.number(),
  trips: z.number(),
  kilometres: z.number(),
});

export const vehicleEvaluationResponse = z.object({
  from: z.string(),
  to: z.string(),
  locations: z.array(location),
  vehicles: z.array(vehicleRow),
  /** The fleet per month, every month of the period; one vehicle's months come from vehicleMonthsResponse. */
  months: z.array(monthRow),
  departments: z.array(vehicleDepartmentRow),
});
export type VehicleEvaluation = z.infer<typeof vehicleEvaluationResponse>;

/** The months of one vehicle, asked for when the person picks it: a year of a whole fleet is thousands of rows. */
export const vehicleMonthsQuery = evaluationQuery.omit({ locationId: true }).extend({ vehicleId: z.uuid() });
export type VehicleMonthsQuery = z.infer<typeof vehicleMonthsQuery>;

export const vehicleMonthsResponse = z.object({
  vehicleId: z.string(),
  months: z.array(monthRow),
});
export type VehicleMonths = z.infer<typeof vehicleMonthsResponse>;

export const OFFICE_TABLES = ['grundrisse', 'wochentage', 'plaetze', 'abteilungen'] as const;
export const VEHICLE_TABLES = ['fahrzeuge', 'flotte', 'monate', 'abteilungen'] as const;
export type OfficeTable = (typeof OFFICE_TABLES)[number];
export type VehicleTable = (typeof VEHICLE_TABLES)[number];

export const exportFormat = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof exportFormat>;
