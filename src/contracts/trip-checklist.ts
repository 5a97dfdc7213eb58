import { MAX_NOTE } from '@domain/trip-checklist';
import { z } from 'zod';
import { instant } from './calendar';

/**
 * The check before the trip (docs/product.md#check-before-the-trip): the
 * fleet's checklists per vehicle category, the checklist a vehicle is checked
 * with, the answers a trip start carries, and the checks of a vehicle. Counts
 * and lengths beyond what a form sends are refused here; the rules' own limits
 * (points, categories, labels) answer with their sentences from the domain.
 */

const id = z.string().uuid();

export const checklistParams = z.object({ id });
export const vehicleParams = z.object({ id });

export const TRIP_CHECK_OUTCOMES = ['angetreten', 'abgelehnt'] as const;

/** A point as the fleet saves it: `key` continues a point of the current version (null: a new point). */
export const checklistItemDraft = z.object({
  key: id.nullable().default(null),
  label: z.string().max(200),
  critical: z.boolean().default(false),
});

/** POST /api/trip-checklists and PUT …/:id (fahrzeug_pflege): the points in their order; a change of the points publishes a new version. */
export const checklistRequest = z.object({
  name: z.string().max(200),
  categories: z.array(z.string().max(100)).max(100),
  items: z.array(checklistItemDraft).max(100),
});
export type ChecklistRequest = z.input<typeof checklistRequest>;

export const checklistItem = z.object({
  id,
  key: id,
  label: z.string(),
  critical: z.boolean(),
  position: z.number().int(),
});
export type ChecklistItemDto = z.infer<typeof checklistItem>;

export const checklist = z.object({
  id,
  name: z.string(),
  categories: z.array(z.string()),
  version: z.number().int(),
  versionId: id,
  publishedAt: instant,
  items: z.array(checklistItem),
});
export type ChecklistDto = z.infer<typeof checklist>;

/** GET /api/trip-checklists: the tenant's checklists, and the categories of its vehicles with the checklist each is checked with. */
export const checklistList = z.object({
  checklists: z.array(checklist),
  vehicleCategories: z.array(z.object({ category: z.string(), vehicles: z.number().int(), checklistId: id.nullable() })),
});
export const checklistResponse = z.object({ checklist });

/** GET /api/vehicles/:id/trip-checklist: the version a trip start of this vehicle is answered against, null when its category has none. */
export const vehicleChecklistResponse = z.object({
  checklist: z.object({ name: z.string(), version: z.number().int(), versionId: id, items: z.array(checklistItem) }).nullable(),
});
export type VehicleChecklist = NonNullable<z.infer<typeof vehicleChecklistResponse>['checklist']>;

/** Part of POST /api/vehicle-bookings/:id/check-in: one answer per point of the version shown; a point not in order needs a note. */
export const tripCheckSubmission = z.object({
  versionId: id,
  answers: z
    .array(
      z.object({
        itemId: id,
        ok: z.boolean(),
        note: z.string().max(MAX_NOTE).nullable().optional(),
      }),
    )
    .max(200),
});
export type TripCheckSubmission = z.infer<typeof tripCheckSubmission>;

/** GET /api/vehicles/:id/trip-checks (fleet and logbook reports): the newest checks of a vehicle with the wording they were answered with. */
export const tripCheck = z.object({
  id,
  bookingId: id,
  answeredAt: instant,
  outcome: z.enum(TRIP_CHECK_OUTCOMES),
  checklist: z.string(),
  version: z.number().int(),
  driver: z.string().nullable(),
  answers: z.array(
    z.object({ label: z.string(), critical: z.boolean(), ok: z.boolean(), note: z.string().nullable(), damageId: id.nullable() }),
  ),
});
export type TripCheckDto = z.infer<typeof tripCheck>;
export const tripCheckList = z.object({ checks: z.array(tripCheck) });
