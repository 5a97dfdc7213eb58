import pino from 'pino';
import { migrateDatabase, openDatabase } from '../db/client';
import { prepareDatabase } from '../db/seed/prepare';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase(config);
  await migrateDatabase(database);
  const seeded = await prepareDatabase(database.db);
  const { app } = await buildApp({ config, database, log, startJobs: true });
  await app.listen({ port: config.port, host: config.host });
  log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined, seeded, ms: Date.now() - started },
    `Buchbar läuft auf ${config.publicUrl}`,
  );
  const stop = async () => {
    await app.close();
    await database.close();
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
