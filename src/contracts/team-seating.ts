import { z } from 'zod';
import { calendarDate } from './calendar';

// „Mein Team heute“ (decision 110): /api/team/*.
const relation = z.enum(['abteilung', 'favorit']);
export const teamPerson = z.object({ id: z.uuid(), name: z.string(), department: z.string().nullable() });
export type TeamPerson = z.infer<typeof teamPerson>;

export const teamSettingsResponse = z.object({
  /** The tenant switched the feature on (customizing teamSitzplaetze). */
  enabled: z.boolean(),
  consent: z.boolean(),
  favourites: z.array(teamPerson),
});
export type TeamSettingsResponse = z.infer<typeof teamSettingsResponse>;

export const saveTeamSettingsRequest = z.object({
  consent: z.boolean(),
  favouriteIds: z.array(z.uuid()).max(200),
});

export const teamPeopleQuery = z.object({ q: z.string().max(100).default('') });
export const teamPeopleResponse = z.object({ people: z.array(teamPerson) });

export const teamDayQuery = z.object({ date: calendarDate });
export const teamDesk = z.object({
  bookingId: z.uuid(),
  objectId: z.uuid(),
  objectName: z.string(),
  floorPlanId: z.uuid(),
  floorPlanName: z.string(),
  von: z.string(),
  bis: z.string(),
});
export const teamColleague = z.object({
  id: z.uuid(),
  name: z.string(),
  initials: z.string(),
  relation,
  desks: z.array(teamDesk),
});
export type TeamColleague = z.infer<typeof teamColleague>;
export const teamDayResponse = z.object({
  enabled: z.boolean(),
  consent: z.boolean(),
  colleagues: z.array(teamColleague),
});
export type TeamDayResponse = z.infer<typeof teamDayResponse>;
