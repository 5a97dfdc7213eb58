import { TOKEN_SCOPES, WEBHOOK_EVENTS, WEBHOOK_SCOPES } from '@domain/integrations';
import { z } from 'zod';
import { calendarDate } from './calendar';

/** The integration API: API tokens (personal and tenant) and webhooks with their delivery log (decision 213). */

export const tokenScope = z.enum(TOKEN_SCOPES);
export const webhookEvent = z.enum(WEBHOOK_EVENTS);
export const webhookScope = z.enum(WEBHOOK_SCOPES);

export const tokenIdParams = z.object({ id: z.uuid() });

export const tokenRequest = z.object({
  name: z.string().max(100),
  scopes: z.array(tokenScope).max(3),
  /** The last day the token counts (until 23:59 Berlin time). */
  expiresOn: calendarDate,
});

export const tokenDto = z.object({
  id: z.string(),
  kind: z.enum(['person', 'tenant']),
  name: z.string(),
  hint: z.string(),
  scopes: z.array(z.string()),
  owner: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  expired: z.boolean(),
});
export type TokenDto = z.infer<typeof tokenDto>;

export const tokenList = z.object({ tokens: z.array(tokenDto) });
/** The answer to creating a token: the only time its text is shown. */
export const tokenCreated = z.object({ token: tokenDto, secret: z.string() });

export const webhookRequest = z.object({
  name: z.string().max(100),
  url: z.string().max(2000),
  events: z.array(webhookEvent).max(WEBHOOK_EVENTS.length),
  scopes: z.array(webhookScope).max(WEBHOOK_SCOPES.length),
});

export const webhookPatch = webhookRequest.partial().extend({
  active: z.boolean().optional(),
  /** A new signing secret replaces the old one at once; the answer shows it once. */
  newSecret: z.boolean().optional(),
});

export const webhookDto = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  scopes: z.array(z.string()),
  active: z.boolean(),
  consecutiveFailures: z.number(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDto = z.infer<typeof webhookDto>;

export const webhookList = z.object({ webhooks: z.array(webhookDto) });
/** `secret` only when it was just made (creation or a new secret); never again. */
export const webhookSaved = z.object({ webhook: webhookDto, secret: z.string().nullable() });

export const deliveryDto = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(['offen', 'zugestellt', 'aufgegeben']),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  responseStatus: z.number().nullable(),
  durationMs: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type DeliveryDto = z.infer<typeof deliveryDto>;
export const deliveryList = z.object({ deliveries: z.array(deliveryDto) });
