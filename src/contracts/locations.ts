import { z } from 'zod';

/** /admin/lokationen: locations (Standorte) with their parking spaces (Abstellplätze). */

const name = z.string().trim().min(1).max(100);

export const locationIdParams = z.object({ id: z.uuid() });
export const locationNameRequest = z.object({ name });
export const parkingSpacePatch = z.object({ name: name.optional(), active: z.boolean().optional() });

export const adminParkingSpace = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Named by a vehicle history entry: deleting deactivates it instead. */
  used: z.boolean(),
});
export const adminLocation = z.object({
  id: z.string(),
  name: z.string(),
  vehicles: z.number().int(),
  floorPlans: z.number().int(),
  parkingSpaces: z.array(adminParkingSpace),
});
export const adminLocationList = z.object({ locations: z.array(adminLocation) });
export const parkingSpaceRemoval = z.object({ ok: z.literal(true), message: z.string(), deactivated: z.boolean() });
