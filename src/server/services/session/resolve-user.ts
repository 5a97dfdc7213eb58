import { fromNodeHeaders } from 'better-auth/node';
import type { IncomingHttpHeaders } from 'node:http';
import { withTenant } from '../../../db/client';
import { resolvePermissions } from '../../../domain/permissions';
import type { Deps } from '../../deps';
import type { TenantRecord } from '../../repositories/tenant-repository';
import { findMemberByAuthUser, loadPermissionSources } from '../../repositories/user-repository';
import type { UserContext } from '../context';
import { effectiveSetting } from '../settings/effective-settings';

/**
 * The signed-in user of a request, or null. A valid session alone is not
 * enough: its identity must be an `aktiv` member of the tenant the request's
 * host belongs to, so a session never carries over to another tenant and a
 * member set inactive loses access at once.
 */
export async function resolveUser(deps: Deps, tenant: TenantRecord, headers: IncomingHttpHeaders): Promise<UserContext | null> {
  if (!headers.cookie) return null;
  const session = await deps.auth.api.getSession({ headers: fromNodeHeaders(headers) });
  if (!session) return null;
  return withTenant(deps.database.db, tenant.id, async (tx) => {
    const member = await findMemberByAuthUser(tx, tenant.id, session.user.id);
    if (!member || member.status !== 'aktiv') return null;
    const [sources, locale] = await Promise.all([
      loadPermissionSources(tx, tenant.id, member.id),
      effectiveSetting(tx, tenant.id, member.id, 'sprache'),
    ]);
    return {
      tenant,
      member,
      permissions: resolvePermissions(sources),
      locale: locale === 'en-us' ? 'en-us' : 'de-de',
      emailVerified: session.user.emailVerified,
    };
  });
}
