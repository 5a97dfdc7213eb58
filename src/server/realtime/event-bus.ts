import { EventEmitter } from 'node:events';
import type { Database, Db } from '@db/client';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Logger } from 'pino';

const CHANNEL = 'buchbar_events';
const ALL = Symbol('all tenants');

/** What travels: only ids and a kind, never personal data (a kiosk listens too). */
export interface BusEvent {
  tenantId: string;
  /** e.g. 'vehicle-booking', 'seat-booking' */
  topic: string;
  /** e.g. 'created', 'cancelled', 'changed' */
  type: string;
  id: string;
  /** Scope for subscribers that only care about part of a tenant (a floor plan, a vehicle). */
  scope?: string;
  /** Why a booking changed, where one kind of change is worth telling apart ('trip-started', 'trip-ended'). */
  cause?: string;
}

/** Work done with every published event inside the publishing transaction (the webhooks' outbox, decision 213). */
export type EventTap = (tx: Db, event: BusEvent) => Promise<void>;

export interface EventBus {
  /** Publishes inside the caller's transaction: delivered only if and when it commits. */
  publish(tx: Db, event: BusEvent): Promise<void>;
  subscribe(tenantId: string, listener: (event: BusEvent) => void): () => void;
  /** Every tenant's events on this node, after their commit. */
  subscribeAll(listener: (event: BusEvent) => void): () => void;
  /** Adds work to every publish, in the publishing transaction: it commits or rolls back with the change. */
  tap(tap: EventTap): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Realtime fan-out through PostgreSQL LISTEN/NOTIFY (PGlite has it too): a
 * NOTIFY carries ids only; every node listens and pushes to its own SSE
 * clients, so several app nodes behind a load balancer all see every change.
 */
export function createEventBus(database: Database, log: Logger): EventBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let stopListening: (() => Promise<void>) | null = null;
  const taps: EventTap[] = [];
  const deliver = (payload: string) => {
    try {
      const event = JSON.parse(payload) as BusEvent;
      local.emit(event.tenantId, event);
      local.emit(ALL, event);
    } catch (err) {
      log.warn({ err }, 'unlesbares Ereignis verworfen');
    }
  };
  return {
    async publish(tx, event) {
      await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
      for (const tap of taps) await tap(tx, event);
    },
    subscribe(tenantId, listener) {
      local.on(tenantId, listener);
      return () => local.off(tenantId, listener);
    },
    subscribeAll(listener) {
      local.on(ALL, listener);
      return () => local.off(ALL, listener);
    },
    tap(tap) {
      taps.push(tap);
    },
    async start() {
      if (database.kind === 'pglite') {
        const unsub = await database.pglite!.listen(CHANNEL, deliver);
        stopListening = unsub;
        return;
      }
      const pool = database.pool!;
      let stopped = false;
      let current: pg.PoolClient | null = null;
      // A dedicated connection LISTENs; if the server drops it (restart, failover), listen again on a new one.
      const listen = async (): Promise<void> => {
        const client = await pool.connect();
        current = client;
        const onNotification = (msg: pg.Notification) => msg.payload && deliver(msg.payload);
        const onError = (err: Error) => {
          if (current !== client) return;
          log.warn({ err: err.message }, 'LISTEN-Verbindung verloren');
          current = null;
          detach();
          client.release(err);
          if (!stopped) setTimeout(() => void listen().catch((e) => log.error({ err: e }, 'LISTEN erneut fehlgeschlagen')), 1000).unref();
        };
        // Our listeners leave with the connection, so a client back in the pool is the pool's alone.
        const detach = () => {
          client.off('notification', onNotification);
          client.off('error', onError);
        };
        client.on('notification', onNotification);
        client.on('error', onError);
        releaseCurrent = async () => {
          await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
          detach();
          client.release();
        };
        await client.query(`LISTEN ${CHANNEL}`);
      };
      let releaseCurrent: (() => Promise<void>) | null = null;
      await listen();
      stopListening = async () => {
        stopped = true;
        if (!current) return;
        current = null;
        await releaseCurrent?.();
      };
    },
    async stop() {
      await stopListening?.();
      stopListening = null;
    },
  };
}
