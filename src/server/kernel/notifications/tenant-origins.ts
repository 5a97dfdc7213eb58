import { listTenantDomains } from '@server/areas/tenant/tenant-repository';
import type { Deps } from '@server/deps';

/**
 * For scheduled mails, which have no request to take a host from: links lead to
 * each tenant's own host (its first domain), with the scheme and port of PUBLIC_URL.
 */
export async function tenantOrigins(deps: Deps): Promise<(tenantId: string) => string> {
  const base = new URL(deps.config.publicUrl);
  const domains = await listTenantDomains(deps.database.db);
  return (tenantId) => {
    const domain = domains.find((d) => d.tenantId === tenantId)?.domain ?? base.hostname;
    return `${base.protocol}//${domain}${base.port ? `:${base.port}` : ''}`;
  };
}
