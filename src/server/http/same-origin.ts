import type { FastifyInstance, FastifyRequest } from 'fastify';
import { kernelErrors } from '../kernel/errors';

/** Methods a browser sends from any page without asking (links, images, preflights); they change nothing here. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes that another site may legitimately post to. OpenID Connect returns
 * with a GET redirect (/api/auth/callback/:id, no `form_post` response mode)
 * and every form of Buchbar posts from Buchbar's own pages; the one exemption
 * is SAML's assertion consumer service, which the IdP's page posts to by
 * design (HTTP-POST binding). It accepts nothing but a response signed by the
 * tenant's IdP in answer to this browser's own request (decision 232).
 */
const CROSS_ORIGIN_POSTS = new Set<string>(['/api/auth/saml/acs']);

export const FOREIGN_ORIGIN = kernelErrors.entries.foreign_origin.de;

/**
 * The host name a browser says the request came from: `Origin`, or without
 * it `Referer`. `undefined` when it sent neither (a non-browser client);
 * `null` when what it sent names no host (`Origin: null` from a sandboxed
 * frame or after a cross-site redirect, or garbage).
 */
export function senderHost(headers: FastifyRequest['headers']): string | null | undefined {
  const origin = headers.origin;
  const referer = headers.referer;
  const given = typeof origin === 'string' ? origin : typeof referer === 'string' ? referer : undefined;
  if (given === undefined) return undefined;
  try {
    return new URL(given).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * Refuses a state-changing request that a browser sent from a page of another
 * host (decision 188). SameSite=Lax cookies do not do this: tenants on
 * sibling subdomains of one parent domain are the same "site", so a page of
 * one tenant could otherwise post with the signed-in cookies of another.
 * The own host is the one the tenant was resolved from (`req.hostname`, with
 * the trusted proxy's X-Forwarded-Host); ports are not compared, because a
 * proxy passes the host without the port it listens on. Runs on onRequest,
 * before the body is read and before any limit counts, so a refused request
 * has no effect at all.
 */
export function registerSameOriginCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    if (CROSS_ORIGIN_POSTS.has(req.url.split('?', 1)[0]!)) return;
    const sender = senderHost(req.headers);
    if (sender === undefined || sender === req.hostname.toLowerCase()) return;
    throw kernelErrors.fail('foreign_origin');
  });
}
