import type { TenantInfo } from '@contracts/session';
import { withTenant } from '@db/client';
import type { Deps } from '../../deps';
import { singleSignOnButton } from '../session/public';
import { effectiveSetting } from '../settings/public';
import type { TenantRecord } from './tenant-repository';
import { tenantTexts } from './tenant-texts';

/** What anyone at the tenant's address may know of it: GET /api/tenant, and every app page of the address (decision 177). */
export async function tenantInfoOf(deps: Deps, tenant: TenantRecord): Promise<TenantInfo> {
  return {
    id: tenant.id,
    name: tenant.name,
    features: tenant.features,
    ...(await tenantTexts(deps, tenant.id)),
    emailCodeSignIn: await withTenant(deps.database.db, tenant.id, (tx) => effectiveSetting(tx, tenant.id, null, 'anmeldungPerEmailCode')),
    singleSignOn: await singleSignOnButton(deps, tenant.id),
  };
}
