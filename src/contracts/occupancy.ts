import { z } from 'zod';

/**
 * Live occupancy for the tenant's website (decision 230): the public JSON of a
 * floor plan or a location, and what the room and tenant admins set. The
 * public answers hold counts and the names of plans and locations only: never
 * a person, a person's id or a booking.
 */

export const occupancyIdParams = z.object({ id: z.uuid() });

/** The page's language: German unless `lang=en`. */
export const occupancyPageQuery = z.object({ lang: z.enum(['de', 'en']).optional() });

const now = z.object({
  open: z.boolean().meta({ description: 'jetzt innerhalb der Öffnungszeit' }),
  free: z.number().int().meta({ description: 'jetzt freie Plätze (0 außerhalb der Öffnungszeit)' }),
  taken: z.number().int().meta({ description: 'jetzt gebuchte Plätze' }),
});

const hour = z.object({
  from: z.string().meta({ description: 'Beginn HH:mm (Berlin)' }),
  to: z.string().meta({ description: 'Ende HH:mm (Berlin)' }),
  free: z.number().int().meta({ description: 'die wenigsten freien Plätze in dieser Stunde' }),
  taken: z.number().int().meta({ description: 'die meisten gebuchten Plätze in dieser Stunde' }),
  past: z.boolean(),
});

const counts = {
  open: z.boolean().meta({ description: 'heute geöffnet' }),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  places: z.number().int().meta({ description: 'Plätze der aktiven Plätze und Räume' }),
  now,
  hours: z.array(hour),
};

const floorPlan = z.object({ id: z.string(), name: z.string(), location: z.string().nullable() });

export const planOccupancy = z.object({ floorPlan, ...counts });
export type PlanOccupancyDto = z.infer<typeof planOccupancy>;

export const floorPlanOccupancyResponse = z.object({
  day: z.string().meta({ description: 'heutiger Tag YYYY-MM-DD (Berlin)' }),
  asOf: z.string().meta({ description: 'Stand (volle Minute, ISO 8601)' }),
  ...planOccupancy.shape,
});
export type FloorPlanOccupancyResponse = z.infer<typeof floorPlanOccupancyResponse>;

export const locationOccupancyResponse = z.object({
  day: z.string(),
  asOf: z.string(),
  location: z.object({ id: z.string(), name: z.string() }),
  ...counts,
  floorPlans: z.array(planOccupancy),
});
export type LocationOccupancyResponse = z.infer<typeof locationOccupancyResponse>;

/** /admin/raeume, tab "Website": the tenant's plans and whether each shows its occupancy. */
export const occupancyPlansResponse = z.object({
  floorPlans: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      area: z.enum(['leseraum', 'arbeitswelt']),
      locationId: z.string().nullable(),
      locationName: z.string().nullable(),
      active: z.boolean(),
      enabled: z.boolean(),
      /** The page and JSON addresses, relative to the tenant's host. */
      pagePath: z.string(),
      jsonPath: z.string(),
      locationPagePath: z.string().nullable(),
    }),
  ),
});
export type OccupancyPlansResponse = z.infer<typeof occupancyPlansResponse>;

export const occupancyPlanSwitch = z.object({ enabled: z.boolean() });

/** /admin/mandanten: the websites that may embed the page and read the JSON, and the page's colour. */
export const occupancyEmbeddingDto = z.object({
  origins: z.array(z.string().max(200)).max(50),
  colour: z.string().max(30),
});
export type OccupancyEmbeddingDto = z.infer<typeof occupancyEmbeddingDto>;
