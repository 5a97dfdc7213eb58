/**
 * What other areas may use of the tenant: which tenants exist (for the
 * nightly and scheduled jobs), a tenant's name, the database ping of the
 * readiness check (decision 204).
 */

export type { TenantRecord } from './tenant-repository';
export { findTenantIdBySub, listTenantIds, listTenantIdsWithFeature, pingDatabase, tenantName } from './tenant-repository';
