import { withTenant } from '@db/client';
import { hashToken } from '@domain/integration-crypto';
import { lastUseDue } from '@domain/integrations';
import { isScimTokenShape, SCIM_REQUESTS_PER_MINUTE, scimErrors } from '@domain/scim';
import type { Deps } from '@server/deps';
import { countRateLimitHit } from '@server/kernel/operations-repository';
import { findScimTokenByHash, touchScimToken } from './scim-repository';

/** Who calls /scim/v2: the tenant's identity provider, known by the token it was given. */
export interface ScimCaller {
  tenantId: string;
  tokenId: string;
  tokenName: string;
  /** `https://host/scim/v2`, for `meta.location`. */
  baseUrl: string;
}

/**
 * The provisioning token of a request (decision 229): of this tenant, neither
 * revoked nor past its end, hashed as the API tokens are (decision 213).
 * Counted per token over all nodes; the last use is written once a minute.
 */
export async function resolveScimToken(
  deps: Deps,
  tenantId: string,
  bearer: string | null,
  baseUrl: string,
  now = new Date(),
): Promise<ScimCaller> {
  if (!bearer || !isScimTokenShape(bearer)) throw scimErrors.unauthorized();
  const token = await withTenant(deps.database.db, tenantId, async (tx) => {
    const found = await findScimTokenByHash(tx, tenantId, hashToken(bearer));
    if (!found || found.revokedAt !== null || found.expiresAt.getTime() <= now.getTime()) return null;
    if (lastUseDue(found.lastUsedAt, now)) await touchScimToken(tx, tenantId, found.id, now);
    return found;
  });
  if (!token) throw scimErrors.unauthorized();
  const { hits } = await countRateLimitHit(deps.database.db, `scim-token|${token.id}`, 60_000);
  if (hits > SCIM_REQUESTS_PER_MINUTE) throw scimErrors.rateLimited();
  return { tenantId, tokenId: token.id, tokenName: token.name, baseUrl };
}
