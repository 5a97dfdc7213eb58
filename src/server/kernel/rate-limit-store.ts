import { createHash } from 'node:crypto';
import type { Db } from '@db/client';
import { countRateLimitHit, purgeRateLimits, readRateLimit } from '@server/kernel/operations-repository';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;
interface RouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Hashes an address or e-mail for the rate-limit store, so the counters keep no personal data in clear. */
export const hashKey = (key: string): string => createHash('sha256').update(`rate:${key}`, 'utf8').digest('hex');

/** Roughly every this many hits one node removes old counters (no job needed). */
const PURGE_EVERY = 500;

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL / PGlite instead
 * of the process: behind a load balancer every node sees the same count, so
 * ten sign-in attempts a minute stay ten however many nodes run. Each route
 * counts under its own prefix.
 */
export function databaseRateLimitStore(db: Db) {
  let hitsSincePurge = 0;
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      if (++hitsSincePurge >= PURGE_EVERY) {
        hitsSincePurge = 0;
        void purgeRateLimits(db).catch(() => undefined);
      }
      countRateLimitHit(db, this.prefix + key, timeWindow).then(
        (r) => cb(null, { current: r.hits, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback) {
      readRateLimit(db, this.prefix + key).then(
        (r) => cb(null, { current: r.hits, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    child(options: object) {
      const { routeInfo } = options as RouteOptions;
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(undefined, `${method} ${routeInfo?.url ?? ''}|`);
    }
  };
}
