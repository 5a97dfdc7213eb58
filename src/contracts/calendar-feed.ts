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

/** Whether the person's booking mails carry calendar invitations (setting kalenderEinladungen, decision 217). */
export const calendarInvitationsStatus = z.object({
  enabled: z.boolean(),
  /** Where the value comes from: the person's own choice, a group's, the tenant's or the default. */
  source: z.enum(['BENUTZER', 'GRUPPE', 'MANDANT', 'DEFAULT']),
});
export type CalendarInvitationsStatus = z.infer<typeof calendarInvitationsStatus>;
export const calendarInvitationsRequest = z.object({ enabled: z.boolean() });
