import type { Deps } from '@server/deps';
import { jobCountsByState, unsentMailCount } from '@server/kernel/operations-repository';
import { openStreamCount } from '@server/realtime/sse';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  /** Observes one finished request; `route` is the route pattern (never the raw URL, which would explode the label set). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/**
 * One registry per app (tests run several apps in one process). Gauges that
 * describe the database (jobs, outbox) are read when Prometheus scrapes, so a
 * scrape costs two small queries and nothing is counted between scrapes.
 */
export function createMetrics(deps: Deps): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'buchbar_http_request_duration_seconds',
    help: 'Dauer der HTTP-Anfragen nach Methode, Route und Status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'buchbar_sse_clients',
    help: 'Offene Server-Sent-Events-Verbindungen dieses Knotens',
    registers: [registry],
    collect() {
      this.set(openStreamCount(deps.events));
    },
  });
  new Gauge({
    name: 'buchbar_jobs',
    help: 'Jobs der Warteschlange (alle Knoten) nach Name und Zustand',
    labelNames: ['name', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobCountsByState(deps.database.db)) this.set({ name: row.name, state: row.state }, row.n);
    },
  });
  new Gauge({
    name: 'buchbar_mail_outbox_unsent',
    help: 'Mails im Postausgang, die noch nicht versandt sind',
    registers: [registry],
    async collect() {
      this.set(await unsentMailCount(deps.database.db));
    },
  });
  new Gauge({
    name: 'buchbar_db_pool_connections',
    help: 'Verbindungen des PostgreSQL-Pools nach Zustand (PGlite: keine)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = deps.database.pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read the metrics: with METRICS_TOKEN set, whoever sends it as a
 * bearer token; without, only a caller on this machine that did not come
 * through a reverse proxy (a proxied request also arrives from loopback).
 */
export function mayReadMetrics(
  token: string | null,
  request: { authorization?: string; remoteAddress?: string; forwarded: boolean },
): boolean {
  if (token) return request.authorization === `Bearer ${token}`;
  return !request.forwarded && LOOPBACK.has(request.remoteAddress ?? '');
}
