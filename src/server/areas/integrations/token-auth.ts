import { withTenant } from '@db/client';
import { hashToken } from '@domain/integration-crypto';
import { isTokenShape, lastUseDue, TOKEN_REQUESTS_PER_MINUTE, tokenUsable } from '@domain/integrations';
import { resolvePermissions } from '@domain/permissions';
import { findOption, resolveSetting } from '@domain/settings';
import { findMemberContext } from '@server/areas/people/public';
import type { TenantRecord } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import type { UserContext } from '@server/kernel/context';
import { countRateLimitHit } from '@server/kernel/operations-repository';
import { findTokenByHash, touchToken } from './integrations-repository';

const LANGUAGE = findOption('sprache');

export type TokenResolution =
  | { ok: true; user: UserContext; token: { id: string; scopes: readonly string[] } }
  | { ok: false; reason: 'invalid' | 'rate_limited' };

/**
 * The person behind an API token of the request's tenant (decision 213): the
 * token must be of this tenant, neither revoked nor expired, and its person an
 * active member; the person's rights are read afresh on every request, so a
 * person who loses a right or leaves takes it from their tokens at once.
 * Counted per token over all nodes; the last use is written once a minute.
 */
export async function resolveToken(deps: Deps, tenant: TenantRecord, bearer: string, now = new Date()): Promise<TokenResolution> {
  if (!isTokenShape(bearer)) return { ok: false, reason: 'invalid' };
  const found = await withTenant(deps.database.db, tenant.id, async (tx) => {
    const token = await findTokenByHash(tx, tenant.id, hashToken(bearer));
    if (!token || !tokenUsable(token, now) || !token.authUserId) return null;
    const context = await findMemberContext(tx, tenant.id, token.authUserId, LANGUAGE.name);
    if (context?.member.status !== 'aktiv') return null;
    if (lastUseDue(token.lastUsedAt, now)) await touchToken(tx, tenant.id, token.id, now);
    return { token, context };
  });
  if (!found) return { ok: false, reason: 'invalid' };
  const { hits } = await countRateLimitHit(deps.database.db, `api-token|${found.token.id}`, 60_000);
  if (hits > TOKEN_REQUESTS_PER_MINUTE) return { ok: false, reason: 'rate_limited' };
  const { context, token } = found;
  return {
    ok: true,
    token: { id: token.id, scopes: token.scopes },
    user: {
      tenant,
      member: context.member,
      permissions: resolvePermissions(context.sources),
      locale: resolveSetting(LANGUAGE, { user: context.userSetting }).value,
      emailVerified: true,
      twoFactorEnabled: false,
      secondFactorMissing: false,
    },
  };
}
