import type { FastifyRequest } from 'fastify';
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
    req.userContext = await resolveUser(deps, requireTenant(req), req.headers);
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
