import { withTenant } from '@db/client';
import { assertWithinLimit, type RateLimit, rateWindowStart } from '@domain/guest-booking';
import { hitRateLimit, purgeRateLimits } from '@server/areas/guests/guest-repository';
import type { Deps } from '@server/deps';
import { hashKey } from '../../kernel/rate-limit-store';

/**
 * Counts a hit in the database – the store all app nodes share – in its own
 * transaction, so a refused or failing request still counts; throws 429 past
 * the limit. Old windows of the bucket are purged now and then.
 */
export async function countHit(deps: Deps, tenantId: string, limit: RateLimit, key: string, now = new Date()): Promise<void> {
  const hits = await withTenant(deps.database.db, tenantId, async (tx) => {
    const n = await hitRateLimit(tx, tenantId, limit.bucket, hashKey(key), rateWindowStart(now, limit.windowSeconds));
    if (n === 1) await purgeRateLimits(tx, tenantId, new Date(now.getTime() - 2 * 86_400_000));
    return n;
  });
  assertWithinLimit(hits, limit);
}
