import { openPostgres } from '@db/client';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const EXTRA = 'buchung.stadtwerke.test';

/**
 * A second app instance on the same database: on PostgreSQL a node of its own
 * (own pool, own caches), on PGlite (one process by nature) the same instance.
 */
async function secondNode(t: TestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (t.database.kind !== 'postgres') return { app: t.app, close: async () => {} };
  const database = await openPostgres(t.database.pool!.options.connectionString!);
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot: '/nonexistent' });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe.each(DB_KINDS)('a domain removed on one node on %s', (kind) => {
  let t: TestApp;
  let b: Awaited<ReturnType<typeof secondNode>>;
  let admin: string;
  const tenantOnB = (host: string) => b.app.inject({ method: 'GET', url: '/api/tenant', headers: { host } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    b = await secondNode(t);
    admin = await t.login(SW, 'admin@stadtwerke.test');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('stops resolving on the other node with the next request, and a new one resolves there at once', async () => {
    // B has not seen the host yet: unknown, and that answer is cached on B
    const before = await tenantOnB(EXTRA);
    expect([before.statusCode, before.json().error.message]).toEqual([404, `Für die Adresse ${EXTRA} ist kein Mandant eingerichtet.`]);

    const added = await t.call(SW, { method: 'POST', url: '/api/admin/tenant/domains', cookie: admin, payload: { domain: EXTRA } });
    expect(added.statusCode).toBe(200);
    const served = await tenantOnB(EXTRA);
    expect([served.statusCode, served.json().name]).toEqual([200, 'Stadtwerke Musterstadt']);
    // B now holds the host in its cache; A removes the domain
    expect((await tenantOnB(EXTRA)).statusCode).toBe(200);
    const removed = await t.call(SW, { method: 'DELETE', url: `/api/admin/tenant/domains/${EXTRA}`, cookie: admin });
    expect(removed.statusCode).toBe(200);

    const after = await tenantOnB(EXTRA);
    expect([after.statusCode, after.json().error.message]).toEqual([404, `Für die Adresse ${EXTRA} ist kein Mandant eingerichtet.`]);
    const signIn = await b.app.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { host: EXTRA },
      payload: { email: 'admin@stadtwerke.test', password: 'Buchbar!2026' },
    });
    expect(signIn.statusCode).toBe(404);
    // the other hosts of the tenant keep working on both nodes
    expect((await tenantOnB(SW)).json().name).toBe('Stadtwerke Musterstadt');
  });

  it('also sees a domain removed by hand in SQL, past the application', async () => {
    await t.call(SW, { method: 'POST', url: '/api/admin/tenant/domains', cookie: admin, payload: { domain: EXTRA } });
    expect((await tenantOnB(EXTRA)).statusCode).toBe(200);
    await t.database.db.execute(sql`delete from tenant_domains where domain = ${EXTRA}`);
    expect((await tenantOnB(EXTRA)).statusCode).toBe(404);
  });
});
