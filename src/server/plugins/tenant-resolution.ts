import type { Db } from '@db/client';
import type { FastifyInstance } from 'fastify';
import { findTenantByDomain, type TenantRecord } from '../repositories/tenant-repository';

const TTL_MS = 30_000;

/**
 * The tenant of every request comes from its Host header through the
 * tenant-domain table. Lookups are cached briefly: every request needs one,
 * and domains change rarely.
 */
/** Probes of load balancers and Prometheus belong to no tenant and must answer before the tenant tables exist. */
const SYSTEM_PATHS = new Set(['/api/health', '/api/ready', '/api/metrics']);

export function registerTenantResolution(app: FastifyInstance, db: Db) {
  const cache = new Map<string, { tenant: TenantRecord | null; until: number }>();
  app.decorateRequest('tenant', null);
  app.decorateRequest('locale', undefined);
  app.decorateRequest('userContext', undefined);
  app.addHook('onRequest', async (req) => {
    if (SYSTEM_PATHS.has(req.url.split('?', 1)[0]!)) return;
    const host = req.hostname.toLowerCase();
    const hit = cache.get(host);
    if (hit && hit.until > Date.now()) {
      req.tenant = hit.tenant;
      return;
    }
    const tenant = await findTenantByDomain(db, host);
    cache.set(host, { tenant, until: Date.now() + TTL_MS });
    req.tenant = tenant;
  });
}
