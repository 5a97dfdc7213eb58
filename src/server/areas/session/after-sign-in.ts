import type { IncomingHttpHeaders } from 'node:http';
import type { TenantRecord } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { startPathOf } from './me';
import { resolveUser } from './resolve-user';

/** A stored redirect is followed only when it is a local path, never to another site. */
export const safeRedirect = (p: string | undefined | null) =>
  p?.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\') && !p.startsWith('/login') ? p : null;

/** Where a fresh session goes: the stored local path, else the person's start page (resolved as the next request will). */
export async function signInTarget(
  deps: Deps,
  tenant: TenantRecord,
  headers: IncomingHttpHeaders,
  cookies: readonly string[],
  stored: string | undefined | null,
): Promise<string> {
  const token = cookies.map((c) => c.split(';')[0]).join('; ');
  const user = await resolveUser(deps, tenant, { ...headers, cookie: token });
  return safeRedirect(stored) ?? (user ? await startPathOf(deps, user) : '/');
}
