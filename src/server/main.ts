import { migrateDatabase, openDatabase } from '@db/client';
import { prepareDatabase } from '@server/prepare-database';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startTracing } from './tracing';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });

/** A shutdown that hangs (a stuck connection, a job that ignores its timeout) must not keep the old process alive. */
const SHUTDOWN_LIMIT_MS = 20_000;

/**
 * `--prepare-database`: creates and fills the database (migrations, demo data when empty), then ends. The
 * launcher runs it as a process of its own before the first start on an empty embedded data directory: initdb
 * and the first load of the demo data leave about 100 MB of freed native memory in the process that ran them,
 * which the allocator keeps for good (decision 195).
 */
async function prepareOnly() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrateDatabase(database);
  const seeded = await prepareDatabase(database.db, { appSecret: config.appSecret });
  await database.close();
  log.info({ database: database.kind, seeded }, 'Datenbank vorbereitet');
}

async function main() {
  if (process.argv.includes('--prepare-database')) {
    await prepareOnly();
    process.exit(0);
  }
  const config = loadConfig();
  const started = Date.now();
  const tracing = await startTracing();
  const database = await openDatabase(config);
  await migrateDatabase(database);
  const seeded = await prepareDatabase(database.db, { appSecret: config.appSecret });
  const { app, deps } = await buildApp({ config, database, log, startJobs: true, tracing });
  await app.listen({ port: config.port, host: config.host });
  log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined, seeded, ms: Date.now() - started },
    `Buchbar läuft auf ${config.publicUrl}`,
  );
  let stopping = false;
  // Graceful: readiness fails first, then the server stops accepting, ends SSE streams with a
  // retry hint, finishes requests in flight, stops pg-boss (running jobs finish) and closes the database.
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const since = Date.now();
    log.info({ signal }, 'Buchbar wird beendet …');
    setTimeout(() => {
      log.error('Beenden dauert zu lange; Prozess wird abgebrochen');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    deps.lifecycle.draining = true;
    if (config.drainDelayMs > 0) await new Promise((r) => setTimeout(r, config.drainDelayMs));
    await app.close();
    await database.close();
    await tracing?.shutdown();
    log.info({ ms: Date.now() - since }, 'Buchbar beendet');
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(`Buchbar kann nicht starten: ${err.message}`);
  } else {
    console.error('Buchbar kann nicht starten:', err);
  }
  process.exit(1);
});
