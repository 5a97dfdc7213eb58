import { type AccountLimit, accountOf, assertAccountAttemptAllowed } from '@domain/account-limits';
import type { Deps } from '@server/deps';
import { countRateLimitHit, releaseRateLimitHit } from '@server/kernel/operations-repository';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashKey } from '../../kernel/rate-limit-store';

/**
 * Route hooks for a limit keyed by the account in the body's `email` alone
 * (@domain/account-limits), counted in the shared database store like every
 * other limit. The preHandler counts the attempt and refuses it past the
 * limit; for a limit that counts only failures, onSend gives a successful
 * attempt back before the answer leaves, so the next request already sees it.
 */
export function accountLimitHooks(deps: Deps, limit: AccountLimit) {
  const counted = new WeakMap<FastifyRequest, string>();
  return {
    preHandler: async (req: FastifyRequest) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      if (typeof email !== 'string') return;
      const key = `account|${limit.bucket}|${hashKey(accountOf(req.tenant?.id ?? req.hostname, email))}`;
      const { hits } = await countRateLimitHit(deps.database.db, key, limit.windowSeconds * 1000);
      assertAccountAttemptAllowed(hits, limit);
      counted.set(req, key);
    },
    onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const key = counted.get(req);
      if (key && !limit.countsSuccess && reply.statusCode < 400) {
        // A hit not given back only counts one success as a failure; the sign-in itself stands.
        await releaseRateLimitHit(deps.database.db, key).catch((err: unknown) => req.log.warn({ err }, 'account limit: hit not released'));
      }
      return payload;
    },
  };
}
