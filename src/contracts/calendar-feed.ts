import { z } from 'zod';

/** The person's calendar subscription as the settings dialog shows it; the URL only right after it was made. */
export const calendarFeedStatus = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  /** Present only in the answer that created the token: the token itself is never stored. */
  url: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

/** 43 characters of base64url (32 random bytes); anything else is not a token. */
export const calendarFeedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
