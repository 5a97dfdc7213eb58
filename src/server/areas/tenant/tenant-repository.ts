import type { Db } from '@db/client';
import { tenantDomains, tenantFeatures, tenants } from '@db/schema/index';
import { and, desc, eq, sql } from 'drizzle-orm';

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
    .select({ privacyText: tenants.privacyText, imprintText: tenants.imprintText, logoPath: tenants.logoPath })
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

/** Every tenant; scheduled jobs walk them one by one, each in its own tenant transaction. */
export async function listTenantIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: tenants.id }).from(tenants);
  return rows.map((r) => r.id);
}

/** Tenants with a feature switched on (jobs of that feature visit only these). */
export async function listTenantIdsWithFeature(db: Db, feature: string): Promise<string[]> {
  const rows = await db
    .select({ id: tenantFeatures.tenantId })
    .from(tenantFeatures)
    .where(and(eq(tenantFeatures.feature, feature), eq(tenantFeatures.enabled, true)));
  return rows.map((r) => r.id);
}

/** Host names per tenant, for links in mails sent by jobs (no request host to follow there). */
export async function listTenantDomains(db: Db): Promise<{ tenantId: string; domain: string }[]> {
  return db
    .select({ tenantId: tenantDomains.tenantId, domain: tenantDomains.domain })
    .from(tenantDomains)
    .orderBy(desc(tenantDomains.domain));
}

/** Health check: the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The id of the tenant with this sub identifier (the operator names tenants by it). */
export async function findTenantIdBySub(db: Db, subIdentifier: string): Promise<string | null> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subIdentifier, subIdentifier));
  return row?.id ?? null;
}

/** The tenant's name (the heading of reports and exports). */
export async function tenantName(tx: Db, tenantId: string): Promise<string> {
  const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name ?? '';
}
