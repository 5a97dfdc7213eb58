/**
 * English variants of the server's user-facing messages, keyed by AppError
 * code. The German text is the AppError's own message (verbatim from the
 * specification where it names one); this catalogue only adds en-us.
 */
const EN: Record<string, string | ((p: Record<string, string | number>) => string)> = {
  login_failed: 'E-mail or password is incorrect.',
  rate_limited: 'Too many attempts. Please wait a minute and try again.',
  unauthenticated: 'Please sign in.',
  forbidden: (p) => String(p.denial ?? 'Access denied.'),
  not_found: 'Not found.',
  tenant_unknown: (p) => `No client is set up for the address ${p.host}.`,
  validation: (p) => `Invalid input: ${p.detail}`,
  invalid_json: 'The request does not contain valid JSON.',
  unsupported_media_type: 'This content type is not supported.',
  payload_too_large: 'The request is too large.',
  token_invalid: 'The link is invalid or has expired. Please request a new one.',
  password_wrong: 'The current password is incorrect.',
  password_too_short: 'The password must have at least 8 characters.',
  internal: 'An internal error occurred. Please try again later.',
  feature_disabled: 'This feature is not switched on for your organisation.',
};

export function translate(code: string, german: string, locale: string, params: Record<string, string | number> = {}) {
  if (locale !== 'en-us') return german;
  const en = EN[code];
  if (!en) return german;
  return typeof en === 'function' ? en(params) : en;
}

/** Field-level wording for schema violations, so a user learns which input is wrong and why. */
export function describeIssue(
  issue: { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> },
  context: string | undefined,
  locale: string,
): string {
  const en = locale === 'en-us';
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (en ? context ?? 'request' : contextDe(context));
  const p = issue.params ?? {};
  switch (issue.keyword) {
    case 'invalid_type':
      return en ? `${field} is missing or has the wrong type` : `${field} fehlt oder hat den falschen Typ`;
    case 'too_small':
      return en ? `${field} is too short or too small (minimum ${p.minimum})` : `${field} ist zu kurz oder zu klein (mindestens ${p.minimum})`;
    case 'too_big':
      return en ? `${field} is too long or too large (maximum ${p.maximum})` : `${field} ist zu lang oder zu groß (höchstens ${p.maximum})`;
    case 'invalid_format':
      return en ? `${field} has an invalid format (${p.format})` : `${field} hat ein ungültiges Format (${p.format})`;
    case 'invalid_value':
      return en ? `${field} has an invalid value` : `${field} hat einen ungültigen Wert`;
    case 'unrecognized_keys':
      return en ? `unknown fields: ${(p.keys as string[] | undefined)?.join(', ')}` : `unbekannte Felder: ${(p.keys as string[] | undefined)?.join(', ')}`;
    default:
      return `${field}: ${issue.message ?? issue.keyword}`;
  }
}

function contextDe(context: string | undefined) {
  return context === 'body' ? 'Anfrage' : context === 'querystring' ? 'Abfrage' : context === 'params' ? 'Pfad' : 'Anfrage';
}
