import type { AppError } from '@domain/errors';
import { tokenMayCall } from '@domain/integrations';
import { type AccessRefusal, type Caller, checkAccess, type RouteAccess } from '@domain/route-access';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { integrationErrors } from '../areas/integrations/public';
import type { Deps } from '../deps';
import { kernelErrors } from '../kernel/errors';
import { currentUser } from './request-context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs before its handler runs (decision 055). */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every API route with its declared access, for the authorization matrix. */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

/** Only the JSON API is guarded by declarations; the SPA and the API documentation are public pages. */
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** The error a refusal becomes; the feature texts and statuses are the ones the vehicle and reading-room services use. */
export function refusalError(refusal: AccessRefusal): AppError {
  if (refusal.code === 'unauthenticated') return kernelErrors.fail('unauthenticated');
  if (refusal.code === 'feature_disabled') {
    return kernelErrors.fail(refusal.feature === 'fahrzeug' ? 'feature_disabled_vehicles' : 'feature_disabled');
  }
  return kernelErrors.fail('forbidden', { denial: refusal.denial });
}

/**
 * Lists each API route with the access declared in its own options (`config.access`)
 * and enforces it before body parsing, so a
 * refused caller learns nothing from validation messages. Register before the
 * routes and after tenant resolution.
 */
export function registerRouteAccess(app: FastifyInstance, deps: Deps): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method as HTTPMethods | HTTPMethods[]);
    if (!isApi(route.url)) return;
    for (const method of methods) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access: route.config?.access });
    }
  });
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    const user = access.kind === 'operator' ? null : await currentUser(deps, req);
    if (req.apiToken) assertTokenScope(req.apiToken, req.method, req.routeOptions.url ?? req.url, access);
    const caller: Caller = {
      signedIn: user !== null,
      operator: false,
      permissions: user?.permissions ?? new Set(),
      features: new Set(user?.tenant.features ?? []),
    };
    const result = checkAccess(access, caller);
    if (!result.allowed) throw refusalError(result.refusal);
  });
}

/** A request with an API token: the token must count and hold the route's scope (decision 213); the person's rights follow. */
function assertTokenScope(token: NonNullable<FastifyRequest['apiToken']>, method: string, url: string, access: RouteAccess): void {
  if ('refused' in token) {
    throw integrationErrors.fail(token.refused === 'rate_limited' ? 'api_token_rate_limited' : 'api_token_invalid');
  }
  const result = tokenMayCall(token.scopes, method, url, access);
  if (result.allowed) return;
  if (result.refusal.code === 'token_not_allowed') throw integrationErrors.fail('api_token_not_allowed');
  throw integrationErrors.fail('api_token_scope', { scope: result.refusal.scope });
}
