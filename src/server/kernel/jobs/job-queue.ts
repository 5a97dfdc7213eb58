import type { Database } from '@db/client';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';

/**
 * A job is a name, a payload schema and an idempotent handler: every scheduled job may run twice or on two nodes.
 * `cron` makes it a schedule (Europe/Berlin); otherwise it runs when sent.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  cron?: string;
  handler(payload: z.infer<S>): Promise<void>;
}

export interface JobQueue {
  register<S extends z.ZodType>(def: JobDefinition<S>): void;
  start(): Promise<void>;
  /** The workers and schedules run (readiness waits for it). */
  isStarted(): boolean;
  /** Queues a job; `startAfter` delays it, `singletonKey` keeps one pending job per key. */
  send(name: string, payload: unknown, opts?: { startAfter?: Date; singletonKey?: string }): Promise<string | null>;
  /**
   * Queues a job, or, without a running queue (tests, a node that does not
   * run jobs), runs its handler in this process after the current request.
   * Such runs are awaited by `stop`, so closing never cuts one off half-way.
   */
  sendOrRunHere(name: string, payload: unknown): Promise<void>;
  /**
   * Runs `work` in this process after the current request, never through the
   * queue's table (what a person typed, such as an unknown address, must not
   * rest there); awaited by `stop` like the runs of `sendOrRunHere`. For work
   * the answer must not wait for, because its duration would tell something.
   */
  afterAnswer(label: string, work: () => Promise<void>): void;
  stop(): Promise<void>;
}

/**
 * pg-boss in the database we already have. On PGlite it runs through a small
 * adapter: multi-statement SQL (its schema) goes to exec, parameterised
 * statements to query; PGlite serialises them with the app's own queries.
 */
function bossDb(database: Database) {
  if (database.kind === 'pglite') {
    const client = database.pglite!;
    return {
      async executeSql(text: string, values?: unknown[]) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  const pool = database.pool!;
  return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values as unknown[]) };
}

/**
 * Several nodes starting at once on a fresh PostgreSQL would create pg-boss's
 * schema and queue partitions concurrently and deadlock; an advisory lock on a
 * connection of its own lets them set up one after another. PGlite is one process.
 */
async function setupLock(database: Database): Promise<() => Promise<void>> {
  if (database.kind === 'pglite') return async () => undefined;
  const client = await database.pool!.connect();
  await client.query(`select pg_advisory_lock(hashtext('buchbar-job-queue-setup'))`);
  return async () => {
    try {
      await client.query(`select pg_advisory_unlock(hashtext('buchbar-job-queue-setup'))`);
    } finally {
      client.release();
    }
  };
}

/**
 * A node killed mid-job leaves its job active; the supervision of any living
 * node fails it once its expiry passed and pg-boss retries it there
 * (`maintenanceIntervalSeconds` says how often that is looked for).
 */
export function createJobQueue(database: Database, log: Logger, opts: { maintenanceIntervalSeconds?: number } = {}): JobQueue {
  const boss = new PgBoss({
    db: bossDb(database),
    schema: 'pgboss',
    supervise: true,
    schedule: true,
    migrate: true,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 120,
  });
  boss.on('error', (err) => log.error({ err }, 'pg-boss'));
  const defs = new Map<string, JobDefinition>();
  let started = false;
  // Set after the workers and schedules: a ready node runs every job it is asked to.
  let working = false;
  const runningHere = new Set<Promise<void>>();
  const later = (label: string, work: () => Promise<void>) => {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err) => log.error({ err, job: label }, 'Job fehlgeschlagen'))
      .finally(() => runningHere.delete(run));
    runningHere.add(run);
  };
  const runHere = (def: JobDefinition, payload: unknown) => later(def.name, () => def.handler(def.schema.parse(payload)));
  return {
    register(def) {
      defs.set(def.name, def as unknown as JobDefinition);
    },
    async start() {
      const unlock = await setupLock(database);
      try {
        await boss.start();
        started = true;
        for (const def of defs.values()) {
          await boss.createQueue(def.name);
          await boss.work(def.name, { pollingIntervalSeconds: 1, batchSize: 5 }, async (jobs) => {
            for (const job of jobs) {
              const payload = def.schema.parse(job.data ?? {});
              await def.handler(payload);
            }
          });
          if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'Europe/Berlin' });
        }
      } finally {
        await unlock();
      }
      working = true;
    },
    isStarted: () => working,
    async send(name, payload, opts = {}) {
      if (!defs.has(name)) throw new Error(`Unbekannter Job ${name}`);
      if (!started) return null;
      return boss.send(name, payload as object, {
        ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      });
    },
    async sendOrRunHere(name, payload) {
      const def = defs.get(name);
      if (!def) throw new Error(`Unbekannter Job ${name}`);
      if (started) await boss.send(name, payload as object);
      else runHere(def, payload);
    },
    afterAnswer: later,
    async stop() {
      working = false;
      while (runningHere.size > 0) await Promise.all([...runningHere]);
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      started = false;
    },
  };
}
