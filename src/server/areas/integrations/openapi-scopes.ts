import { scopeForRoute } from '@domain/integrations';
import type { RouteAccess } from '@domain/route-access';

/**
 * The OpenAPI document names how each operation may be called (decision 213):
 * with the session cookie, and, where a token may call it, with an API token
 * of the named scope. Public operations need neither.
 */
export const API_SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'buchbar.session_token', description: 'Sitzung der Web-Anwendung' },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'bbr_…',
    description:
      'API-Token (persönlich im Profil, für den Mandanten unter Verwaltung → Mandanten). Geltungsbereiche: bookings:read (lesen), bookings:write (buchen, stornieren), admin (Verwaltungsbereiche). Ein Token kann nie mehr als seine Person.',
  },
} as const;

export function securityOf(method: string, url: string, access: RouteAccess | undefined): Record<string, string[]>[] | undefined {
  if (!access || !url.startsWith('/api/')) return undefined;
  const scope = scopeForRoute(method, url, access);
  if (scope === 'none') return [];
  if (scope === 'never') return [{ session: [] }];
  return [{ session: [] }, { apiToken: [scope] }];
}
