import { bearerOf, TOKEN_PREFIX } from '@domain/integrations';
import type { FastifyRequest } from 'fastify';
import { resolveToken } from '../areas/integrations/public';
import { resolveUser } from '../areas/session/resolve-user';
import type { TenantRecord } from '../areas/tenant/tenant-repository';
import type { Deps } from '../deps';
import type { UserContext } from '../kernel/context';
import { kernelErrors } from '../kernel/errors';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TenantRecord | null;
    locale: string | undefined;
    /** undefined until resolved once per request; null when nobody is signed in. */
    userContext: UserContext | null | undefined;
    /**
     * Set when the request carries an API token (`Authorization: Bearer bbr_…`, decision 213):
     * its id and scopes, or why it does not count. The route guard checks the scope.
     */
    apiToken?: { id: string; scopes: readonly string[] } | { refused: 'invalid' | 'rate_limited' };
  }
}

export function requireTenant(req: FastifyRequest): TenantRecord {
  if (!req.tenant) {
    throw kernelErrors.fail('tenant_unknown', { host: req.hostname });
  }
  return req.tenant;
}

export async function currentUser(deps: Deps, req: FastifyRequest): Promise<UserContext | null> {
  if (req.userContext === undefined) {
    // An API token replaces the session cookie; other bearer values (the metrics token) are not ours.
    const bearer = bearerOf(req.headers.authorization);
    if (bearer?.startsWith(TOKEN_PREFIX)) {
      const resolved = await resolveToken(deps, requireTenant(req), bearer);
      req.apiToken = resolved.ok ? resolved.token : { refused: resolved.reason };
      req.userContext = resolved.ok ? resolved.user : null;
    } else req.userContext = await resolveUser(deps, requireTenant(req), req.headers);
    if (req.userContext) req.locale = req.userContext.locale;
  }
  return req.userContext;
}

export async function requireUser(deps: Deps, req: FastifyRequest): Promise<UserContext> {
  const user = await currentUser(deps, req);
  if (!user) throw kernelErrors.fail('unauthenticated');
  return user;
}

/** Origin for links in mails: the host the user is using, so a link leads back to the same tenant. */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}
