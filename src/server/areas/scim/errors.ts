import { defineErrors } from '@domain/errors';
import { SCIM_TOKEN_MAX_DAYS, SCIM_TOKEN_MESSAGES } from '@domain/scim';

/**
 * The refusals of the provisioning tokens' administration (decisions 198, 229).
 * The SCIM endpoint itself answers in SCIM's error schema, from src/domain/scim.ts.
 */
export const scimAdminErrors = defineErrors({
  scim_token_name_missing: {
    status: 400,
    de: SCIM_TOKEN_MESSAGES.nameMissing,
    en: 'Please give the token a name you will recognise it by.',
  },
  scim_token_expiry_past: { status: 400, de: SCIM_TOKEN_MESSAGES.expiryPast, en: 'The expiry date must lie in the future.' },
  scim_token_expiry_too_far: {
    status: 400,
    de: SCIM_TOKEN_MESSAGES.expiryTooFar,
    en: `A token is valid for at most ${SCIM_TOKEN_MAX_DAYS} days; please choose an earlier expiry date.`,
  },
  scim_token_not_found: { status: 404, de: SCIM_TOKEN_MESSAGES.notFound, en: 'This token does not exist (any more).' },
});
