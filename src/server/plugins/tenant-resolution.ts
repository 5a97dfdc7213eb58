import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { findTenantByDomain, type TenantRecord } from '../repositories/tenant-repository';

const TTL_MS = 30_000;

/**
 * The tenant of every request comes from its Host header through the
 * tenant-domain table. Lookups are cached briefly: every request needs one,
 * and domains change rarely.
 */
export function registerTenantResolution(app: FastifyInstance, db: Db) {
  const cache = new Map<string, { tenant: TenantRecord | null; until: number }>();
  app.decorateRequest('tenant', null);
  app.decorateRequest('locale', undefined);
  app.decorateRequest('userContext', undefined);
  app.addHook('onRequest', async (req) => {
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
