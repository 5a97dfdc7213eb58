/**
 * Validators for the routes' typed search params (TanStack Router
 * validateSearch). Hand-written instead of zod on purpose: the route tree is
 * part of the first screen, and zod (even zod/mini) would add ~6 KB gzipped
 * to it for four optional parameters. A broken value never fails the route,
 * it is dropped. The router parses search values as JSON, so `?token=123`
 * arrives as a number: text params turn it back into text.
 */
type Search = Record<string, unknown>;

export function optionalText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function optionalEnum<const T extends readonly string[]>(values: T, value: unknown): T[number] | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T[number]) : undefined;
}

/** ?token= of the e-mail links (recovery, invitation, confirmation). */
export function tokenSearch(search: Search): { token?: string } {
  const token = optionalText(search.token);
  return token === undefined ? {} : { token };
}

/** ?sso= on /login: why a sign-in through the tenant's provider ended there (decision 100). */
export function ssoSearch(search: Search): { sso?: 'abgelehnt' | 'nicht-erreichbar' } {
  const sso = optionalEnum(['abgelehnt', 'nicht-erreichbar'] as const, search.sso);
  return sso === undefined ? {} : { sso };
}
