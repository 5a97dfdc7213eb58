import { z } from 'zod';
import { calendarDate } from './calendar';

/**
 * SCIM 2.0 provisioning (decision 229): the provisioning tokens under the
 * tenant administration, and the query of the SCIM list endpoints. SCIM bodies
 * are read by the rules in src/domain/scim.ts, which answer in SCIM's own error
 * schema; the resources they answer with are the shapes of RFC 7643.
 */

export const scimTokenIdParams = z.object({ id: z.uuid() });

export const scimTokenRequest = z.object({
  name: z.string().max(100),
  /** The last day the token counts (until 23:59 Berlin time). */
  expiresOn: calendarDate,
});

export const scimTokenDto = z.object({
  id: z.string(),
  name: z.string(),
  hint: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  expired: z.boolean(),
});
export type ScimTokenDto = z.infer<typeof scimTokenDto>;

/** The tokens and the address the identity provider is given (the tenant URL of Entra ID). */
export const scimTokenList = z.object({ endpoint: z.string(), tokens: z.array(scimTokenDto) });
/** The answer to creating a token: the only time its text is shown. */
export const scimTokenCreated = z.object({ endpoint: z.string(), token: scimTokenDto, secret: z.string() });

/** `GET /scim/v2/Users` and `/Groups` (RFC 7644 §3.4.2): texts, read by the rules; unknown parameters are ignored. */
export const scimListQuery = z.object({
  filter: z.string().max(2000).optional(),
  startIndex: z.string().max(20).optional(),
  count: z.string().max(20).optional(),
  attributes: z.string().max(2000).optional(),
  excludedAttributes: z.string().max(2000).optional(),
  sortBy: z.string().max(200).optional(),
  sortOrder: z.string().max(20).optional(),
});

export const scimResourceQuery = scimListQuery.pick({ attributes: true, excludedAttributes: true });
