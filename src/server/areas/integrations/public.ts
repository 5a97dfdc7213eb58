/**
 * What the rest of the server may use of the integrations (decision 213): the
 * person behind an API token, for the request context, and the token refusals
 * the route guard answers with; nothing else of this folder is imported from outside it.
 */

export { integrationErrors } from './errors';
export { API_SECURITY_SCHEMES, securityOf } from './openapi-scopes';
export { resolveToken, type TokenResolution } from './token-auth';
