import { defineErrors } from '@domain/errors';
import { scopeOfEvent, TOKEN_MAX_DAYS, TOKEN_MESSAGES, type TokenScope, WEBHOOK_MESSAGES, type WebhookEvent } from '@domain/integrations';

/**
 * The refusals of API tokens and webhooks (decisions 198, 213); the German
 * sentences are the rules' own in src/domain/integrations.ts, so the web and
 * the tests read the same text the server sends.
 */
export const integrationErrors = defineErrors({
  api_token_invalid: { status: 401, de: TOKEN_MESSAGES.invalid, en: 'The API token is invalid, expired or revoked.' },
  api_token_scope: {
    status: 403,
    texts: (p: { scope: TokenScope }) => ({
      de: TOKEN_MESSAGES.scope(p.scope),
      en: `The API token lacks the scope "${p.scope}" this request needs.`,
    }),
  },
  api_token_not_allowed: {
    status: 403,
    de: TOKEN_MESSAGES.notAllowed,
    en: 'This request is not possible with an API token; please sign in.',
  },
  api_token_rate_limited: {
    status: 429,
    de: TOKEN_MESSAGES.rateLimited,
    en: 'Too many requests with this API token in the last minute. Please wait a moment.',
  },
  token_name_missing: { status: 400, de: TOKEN_MESSAGES.nameMissing, en: 'Please give the token a name you will recognise it by.' },
  token_scopes_missing: { status: 400, de: TOKEN_MESSAGES.scopesMissing, en: 'Please choose at least one scope.' },
  token_expiry_past: { status: 400, de: TOKEN_MESSAGES.expiryPast, en: 'The expiry date must lie in the future.' },
  token_expiry_too_far: {
    status: 400,
    de: TOKEN_MESSAGES.expiryTooFar,
    en: `A token is valid for at most ${TOKEN_MAX_DAYS} days; please choose an earlier expiry date.`,
  },
  token_admin_scope: {
    status: 403,
    de: TOKEN_MESSAGES.adminScopeNeedsAdmin,
    en: 'Only people with access to the administration can grant the scope "admin".',
  },
  token_not_found: { status: 404, de: TOKEN_MESSAGES.notFound, en: 'This token does not exist (any more).' },
  webhook_url_invalid: {
    status: 400,
    de: WEBHOOK_MESSAGES.invalid,
    en: 'Please enter the receiver’s complete address, e.g. https://receiver.example.com/buchbar.',
  },
  webhook_url_https: { status: 400, de: WEBHOOK_MESSAGES.https, en: 'Webhooks are sent to https addresses only.' },
  webhook_url_private: { status: 400, de: WEBHOOK_MESSAGES.private, en: 'Webhooks are not sent to addresses in the internal network.' },
  webhook_url_credentials: {
    status: 400,
    de: WEBHOOK_MESSAGES.credentials,
    en: 'The address must not contain a user name or password; the receiver checks the signature.',
  },
  webhook_name_missing: { status: 400, de: WEBHOOK_MESSAGES.nameMissing, en: 'Please give the webhook a name.' },
  webhook_events_missing: { status: 400, de: WEBHOOK_MESSAGES.eventsMissing, en: 'Please choose at least one event.' },
  webhook_event_scope: {
    status: 400,
    texts: (p: { event: WebhookEvent }) => ({
      de: WEBHOOK_MESSAGES.eventBeyondScope(p.event),
      en: `The event "${p.event}" needs the scope "${scopeOfEvent(p.event)}".`,
    }),
  },
  webhook_not_found: { status: 404, de: WEBHOOK_MESSAGES.notFound, en: 'This webhook does not exist in your client.' },
});
