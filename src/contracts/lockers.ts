import { z } from 'zod';
import { calendarDate } from './calendar';
import { said } from './said';

const position = z.number().min(0).max(100);

export const lockerDto = z.object({
  id: z.string(),
  floorPlanId: z.string(),
  number: z.string(),
  posX: z.number(),
  posY: z.number(),
  active: z.boolean(),
});
export type LockerDto = z.infer<typeof lockerDto>;

export const lockerDayQuery = z.object({ date: calendarDate });

/** What /officelocker shows for a day: the person's desks, their locker, and the lockers of those plans. */
export const lockerDayResponse = z.object({
  day: z.string(),
  desks: z.array(
    z.object({
      floorPlanId: z.string(),
      floorPlan: z.string(),
      designation: z.string(),
      imageUrl: z.string().nullable(),
    }),
  ),
  mine: z
    .object({
      assignmentId: z.string(),
      lockerId: z.string(),
      number: z.string(),
      floorPlanId: z.string(),
      floorPlan: z.string(),
      posX: z.number(),
      posY: z.number(),
    })
    .nullable(),
  lockers: z.array(lockerDto.extend({ free: z.boolean() })),
});
export type LockerDay = z.infer<typeof lockerDayResponse>;

export const takeLockerRequest = z
  .object({
    date: calendarDate,
    /** A chosen locker; without it the free locker with the lowest number on floorPlanId is given. */
    lockerId: z.uuid().optional(),
    floorPlanId: z.uuid().optional(),
  })
  .refine((b) => b.lockerId !== undefined || b.floorPlanId !== undefined, {
    message: said('Bitte einen Spind oder einen Grundriss angeben.', 'Please name a locker or a floor plan.'),
  });

export const lockerAdminQuery = z.object({ floorPlanId: z.uuid() });
export const lockerCreateRequest = z.object({
  floorPlanId: z.uuid(),
  number: z.string(),
  posX: position,
  posY: position,
});
export const lockerPatchRequest = z.object({
  number: z.string().optional(),
  posX: position.optional(),
  posY: position.optional(),
  active: z.boolean().optional(),
});
export const lockerListResponse = z.object({ lockers: z.array(lockerDto) });
export const lockerResponse = z.object({ locker: lockerDto });
