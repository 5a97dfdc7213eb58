import type { Db } from '@db/client';
import { legacyMappings, tenantDomains, tenantFeatures, tenants } from '@db/schema/index';
import { and, asc, eq } from 'drizzle-orm';

/**
 * The tenant's own row and its domains. `tenants` has no tenant_id column and
 * `tenant_domains` sits outside row-level security (it is read before a tenant
 * is known), so every statement here names the tenant's id itself.
 */

export async function findTenantAdmin(db: Db, tenantId: string) {
  const [row] = await db
    .select({
      id: tenants.id,
      name: tenants.name,
      subIdentifier: tenants.subIdentifier,
      privacyText: tenants.privacyText,
      imprintText: tenants.imprintText,
      logoPath: tenants.logoPath,
      customerName: legacyMappings.customerName,
    })
    .from(tenants)
    .leftJoin(legacyMappings, eq(legacyMappings.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));
  if (!row) return null;
  const [domains, features] = await Promise.all([
    db
      .select({ domain: tenantDomains.domain })
      .from(tenantDomains)
      .where(eq(tenantDomains.tenantId, tenantId))
      .orderBy(asc(tenantDomains.domain)),
    db
      .select({ feature: tenantFeatures.feature })
      .from(tenantFeatures)
      .where(and(eq(tenantFeatures.tenantId, tenantId), eq(tenantFeatures.enabled, true)))
      .orderBy(asc(tenantFeatures.feature)),
  ]);
  return { ...row, domains: domains.map((d) => d.domain), features: features.map((f) => f.feature) };
}

export async function updateTenantFields(
  db: Db,
  tenantId: string,
  patch: { name?: string; privacyText?: string; imprintText?: string; logoPath?: string | null },
) {
  if (Object.keys(patch).length === 0) return;
  await db.update(tenants).set(patch).where(eq(tenants.id, tenantId));
}

export async function setCustomerName(db: Db, tenantId: string, customerName: string | null) {
  if (!customerName) {
    await db.delete(legacyMappings).where(eq(legacyMappings.tenantId, tenantId));
    return;
  }
  await db
    .insert(legacyMappings)
    .values({ tenantId, customerName })
    .onConflictDoUpdate({ target: legacyMappings.tenantId, set: { customerName } });
}

/** The owner of a domain, whichever tenant it is: a domain is unique across all tenants. */
export async function domainOwner(db: Db, domain: string): Promise<string | null> {
  const [row] = await db.select({ tenantId: tenantDomains.tenantId }).from(tenantDomains).where(eq(tenantDomains.domain, domain));
  return row?.tenantId ?? null;
}

export async function insertDomain(db: Db, tenantId: string, domain: string) {
  await db.insert(tenantDomains).values({ tenantId, domain });
}

export async function deleteDomain(db: Db, tenantId: string, domain: string) {
  await db.delete(tenantDomains).where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.domain, domain)));
}
