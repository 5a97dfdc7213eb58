/**
 * `npm run operator -- create-tenant --name … --sub … --domain … --features fahrzeug,leseraum
 *    --admin-email … --admin-first … --admin-last … [--customer …]`
 * `npm run operator -- delete-tenant --sub …`
 *
 * The operator's command (decision 080): tenants are created and deleted outside
 * every tenant. With the embedded database stop the server first (one process
 * owns the data folder); with PostgreSQL (DATABASE_URL) it may run alongside.
 */
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@db/client';
import { prepareDatabase } from '@db/seed/prepare';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createTenant, deleteTenant } from '@server/services/operator/tenants';
import pino from 'pino';

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    name: { type: 'string' },
    sub: { type: 'string' },
    domain: { type: 'string' },
    features: { type: 'string', default: '' },
    customer: { type: 'string' },
    'admin-email': { type: 'string' },
    'admin-first': { type: 'string' },
    'admin-last': { type: 'string' },
  },
});

function need(key: keyof typeof values): string {
  const v = values[key];
  if (typeof v !== 'string' || !v.trim()) {
    console.error(`Fehlende Angabe: --${key}`);
    process.exit(2);
  }
  return v.trim();
}

if (command !== 'create-tenant' && command !== 'delete-tenant') {
  console.error('Aufruf: npm run operator -- create-tenant … | delete-tenant --sub …');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
await migrateDatabase(database);
await prepareDatabase(database.db, { appSecret: config.appSecret });
const { app, deps } = await buildApp({ config, database, log: pino({ level: 'warn' }), startJobs: false });
let code = 0;
try {
  if (command === 'create-tenant') {
    const domain = need('domain').toLowerCase();
    const port = new URL(config.publicUrl).port;
    const origin = `${new URL(config.publicUrl).protocol}//${domain}${port ? `:${port}` : ''}`;
    const r = await createTenant(
      deps,
      {
        name: need('name'),
        subIdentifier: need('sub'),
        domain,
        features: (values.features ?? '')
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
        ...(values.customer ? { customerName: values.customer } : {}),
        admin: { email: need('admin-email'), firstName: need('admin-first'), lastName: need('admin-last') },
      },
      origin,
    );
    console.log(`Mandant angelegt (${r.tenantId}); die Einladung an ${values['admin-email']} ist versendet.`);
  } else {
    const sub = need('sub');
    console.log((await deleteTenant(deps, sub)) ? `Mandant „${sub}“ gelöscht.` : `Keinen Mandanten „${sub}“ gefunden.`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await app.close();
  await database.close();
}
process.exit(code);
