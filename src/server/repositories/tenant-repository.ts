import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenantDomains, tenantFeatures, tenants } from '../../db/schema/index';

export interface TenantRecord {
  id: string;
  name: string;
  subIdentifier: string;
  features: string[];
}

/** Tenant of a host name, with its switched-on features; one query. */
export async function findTenantByDomain(db: Db, domain: string): Promise<TenantRecord | null> {
  const rows = await db
    .select({
      id: tenants.id,
      name: tenants.name,
      subIdentifier: tenants.subIdentifier,
      feature: tenantFeatures.feature,
      enabled: tenantFeatures.enabled,
    })
    .from(tenantDomains)
    .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
    .leftJoin(tenantFeatures, eq(tenantFeatures.tenantId, tenants.id))
    .where(eq(tenantDomains.domain, domain));
  const first = rows[0];
  if (!first) return null;
  return {
    id: first.id,
    name: first.name,
    subIdentifier: first.subIdentifier,
    features: rows.filter((r) => r.feature && r.enabled).map((r) => r.feature!),
  };
}

export async function findTenantTexts(db: Db, tenantId: string) {
  const [row] = await db
    .select({ privacyText: tenants.privacyText, imprintText: tenants.imprintText })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row ?? null;
}

export async function isFeatureEnabled(db: Db, tenantId: string, feature: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: tenantFeatures.enabled })
    .from(tenantFeatures)
    .where(and(eq(tenantFeatures.tenantId, tenantId), eq(tenantFeatures.feature, feature)));
  return row?.enabled ?? false;
}
