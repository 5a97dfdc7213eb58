import { fromNodeHeaders } from 'better-auth/node';
import type { IncomingHttpHeaders } from 'node:http';
import { withTenant } from '../../../db/client';
import { resolvePermissions } from '../../../domain/permissions';
import { findOption, resolveSetting } from '../../../domain/settings';
import type { Deps } from '../../deps';
import type { TenantRecord } from '../../repositories/tenant-repository';
import { findMemberContext } from '../../repositories/user-repository';
import type { UserContext } from '../context';

/** The language is a user-level preference only (settings catalogue), so the member's own value or the default decides. */
const LANGUAGE = findOption('sprache');

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
  const context = await withTenant(deps.database.db, tenant.id, (tx) => findMemberContext(tx, tenant.id, session.user.id, LANGUAGE.name));
  if (!context || context.member.status !== 'aktiv') return null;
  const locale = resolveSetting(LANGUAGE, { user: context.userSetting }).value;
  return {
    tenant,
    member: context.member,
    permissions: resolvePermissions(context.sources),
    locale: locale === 'en-us' ? 'en-us' : 'de-de',
    emailVerified: session.user.emailVerified,
  };
}
