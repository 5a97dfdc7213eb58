import { randomUUID } from 'node:crypto';
import { withTenant } from '@db/client';
import { legacyMappings, tenantDomains, tenantFeatures, tenants } from '@db/schema/index';
import { PERMISSIONS } from '@domain/permissions';
import { insertRole, replaceRolePermissions } from '@server/areas/access-admin/public';
import { findIdentityByEmail, findMemberById, insertIdentity, insertPerson, replaceLinksOfPerson } from '@server/areas/people/public';
import { findTenantByDomain } from '@server/areas/tenant/tenant-repository';
import type { Deps } from '@server/deps';
import { eq } from 'drizzle-orm';
import { sendInvitation } from '../session/public';
import { tenantErrors } from './errors';

/**
 * The operator's work (decision 080): whole tenants are created and deleted
 * outside every tenant, by a command on the installation, never from a
 * tenant's screens.
 */

export interface NewTenant {
  name: string;
  subIdentifier: string;
  domain: string;
  features: string[];
  customerName?: string;
  admin: { email: string; firstName: string; lastName: string };
}

/** Creates tenant, domain, features, an "Administration" role with all permissions and the first admin, then mails the invitation. */
export async function createTenant(deps: Deps, t: NewTenant, origin: string): Promise<{ tenantId: string; adminId: string }> {
  const domain = t.domain.trim().toLowerCase();
  if (await findTenantByDomain(deps.database.db, domain)) {
    throw tenantErrors.fail('domain_taken', { domain });
  }
  const tenantId = randomUUID();
  const adminId = await withTenant(deps.database.db, tenantId, async (tx) => {
    await tx.insert(tenants).values({ id: tenantId, name: t.name, subIdentifier: t.subIdentifier });
    await tx.insert(tenantDomains).values({ tenantId, domain });
    if (t.features.length > 0) await tx.insert(tenantFeatures).values(t.features.map((feature) => ({ tenantId, feature, enabled: true })));
    if (t.customerName) await tx.insert(legacyMappings).values({ tenantId, customerName: t.customerName });
    const roleId = await insertRole(tx, tenantId, 'Administration');
    await replaceRolePermissions(
      tx,
      tenantId,
      roleId,
      PERMISSIONS.map((name) => ({ name, value: 'true' as const })),
    );
    let identity = await findIdentityByEmail(tx, t.admin.email);
    if (!identity) {
      identity = randomUUID();
      await insertIdentity(tx, identity, `${t.admin.firstName} ${t.admin.lastName}`, t.admin.email);
    }
    const id = await insertPerson(tx, tenantId, {
      authUserId: identity,
      firstName: t.admin.firstName,
      lastName: t.admin.lastName,
      email: t.admin.email,
      employeeId: null,
      departmentId: null,
    });
    await replaceLinksOfPerson(tx, tenantId, id, { roleIds: [roleId], groupIds: [], permissions: [] });
    return id;
  });
  const tenant = (await findTenantByDomain(deps.database.db, domain))!;
  const member = (await withTenant(deps.database.db, tenantId, (tx) => findMemberById(tx, tenantId, adminId)))!;
  await sendInvitation(deps, tenant, origin, member);
  return { tenantId, adminId };
}

/** Deletes a tenant: its domains first (docs/product.md#tenants-and-features), then the tenant, whose rows cascade. The audit trail stays. */
export async function deleteTenant(deps: Deps, subIdentifier: string): Promise<boolean> {
  const [row] = await deps.database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subIdentifier, subIdentifier));
  if (!row) return false;
  await deps.database.db.transaction(async (tx) => {
    await tx.delete(tenantDomains).where(eq(tenantDomains.tenantId, row.id));
    await tx.delete(tenants).where(eq(tenants.id, row.id));
  });
  return true;
}
