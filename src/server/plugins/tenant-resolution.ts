import type { Db } from '@db/client';
import type { FastifyInstance } from 'fastify';
import { findTenantByDomain, type TenantRecord } from '../areas/tenant/tenant-repository';
import { globalChangeVersion } from '../kernel/change-version-repository';

/** Host names seen by one node; a flood of made-up Host headers must not grow the map without end. */
const MAX_HOSTS = 1_000;

/** Probes of load balancers and Prometheus belong to no tenant and must answer before the tenant tables exist. */
const SYSTEM_PATHS = new Set(['/api/health', '/api/ready', '/api/metrics']);

/**
 * The tenant of every request comes from its Host header through the
 * tenant-domain table. Every request needs one, so lookups are cached per
 * node, and the cache is checked against the database's global `tenants`
 * change version (migration 0026) on every request: one primary-key read
 * instead of the join. A domain removed, added or moved on any node (or by
 * hand in SQL) is seen by the next request on every node. The version is read
 * before the lookup, so a change during it leads to a new lookup next time.
 */
export function registerTenantResolution(app: FastifyInstance, db: Db) {
  const cache = new Map<string, TenantRecord | null>();
  let cachedVersion: string | null = null;
  app.decorateRequest('tenant', null);
  app.decorateRequest('locale', undefined);
  app.decorateRequest('userContext', undefined);
  app.addHook('onRequest', async (req) => {
    if (SYSTEM_PATHS.has(req.url.split('?', 1)[0]!)) return;
    const host = req.hostname.toLowerCase();
    const version = await globalChangeVersion(db, 'tenants');
    if (version !== cachedVersion) {
      cache.clear();
      cachedVersion = version;
    }
    if (cache.has(host)) {
      req.tenant = cache.get(host) ?? null;
      return;
    }
    const tenant = await findTenantByDomain(db, host);
    if (cache.size >= MAX_HOSTS) cache.clear();
    // Only a lookup made under the version still current may be kept.
    if (cachedVersion === version) cache.set(host, tenant);
    req.tenant = tenant;
  });
}
