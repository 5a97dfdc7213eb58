/**
 * `npm run operator -- create-tenant --name … --sub … --domain … --features fahrzeug,leseraum
 *    --admin-email … --admin-first … --admin-last … [--customer …]`
 * `npm run operator -- delete-tenant --sub …`
 * `npm run operator -- mails --sub … [--limit 20]`
 *
 * `mails` prints the tenant's newest undelivered mails (no SMTP_URL, or a failed
 * send) with their links and codes while these still work (decision 190): the
 * database and the log keep only placeholders.
 *
 * The operator's command (decision 080): tenants are created and deleted outside
 * every tenant. With the embedded database stop the server first (one process
 * owns the data folder); with PostgreSQL (DATABASE_URL) it may run alongside.
 */
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@db/client';
import { buildApp } from '@server/app';
import { undeliveredMails } from '@server/areas/operations/operator-outbox';
import { createTenant, deleteTenant } from '@server/areas/tenant/operator-tenants';
import { loadConfig } from '@server/config';
import { prepareDatabase } from '@server/prepare-database';
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
    limit: { type: 'string', default: '20' },
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

if (command !== 'create-tenant' && command !== 'delete-tenant' && command !== 'mails') {
  console.error('Aufruf: npm run operator -- create-tenant … | delete-tenant --sub … | mails --sub … [--limit 20]');
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
  } else if (command === 'mails') {
    const sub = need('sub');
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
      console.error('--limit muss eine ganze Zahl von 1 bis 500 sein.');
      process.exit(2);
    }
    const mails = await undeliveredMails(deps, sub, limit);
    if (mails === null) {
      console.error(`Keinen Mandanten „${sub}“ gefunden.`);
      code = 1;
    } else if (mails.length === 0) {
      console.log(`Keine unzugestellten Mails für „${sub}“.`);
    } else {
      for (const m of mails) {
        const when = m.createdAt.toLocaleString('de-DE', { timeZone: 'Europe/Berlin' });
        console.log(`── ${when} · an ${m.to} · ${m.status}${m.error ? ` (${m.error})` : ''}`);
        console.log(`Betreff: ${m.subject}\n\n${m.text}\n`);
      }
    }
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
