import { migrateDatabase, openPglite } from '@db/client';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const config = loadConfig({ NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-0123456789' });

describe('readiness before migrations', () => {
  it('answers 503 naming the missing migrations on an empty database, 200 once they ran', async () => {
    const database = await openPglite(undefined);
    const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot: '/nonexistent' });
    try {
      const before = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(before.statusCode).toBe(503);
      const body = before.json();
      expect(body.status).toBe('nicht bereit');
      expect(body.reason).toBe(`Datenbank-Migrationen fehlen (0 von ${body.migrations.expected}).`);
      // Liveness is independent of readiness: the process and database answer.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      await migrateDatabase(database);
      const after = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({
        status: 'bereit',
        migrations: { applied: body.migrations.expected, expected: body.migrations.expected },
        jobs: 'aus',
        draining: false,
      });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.each(DB_KINDS)('readiness (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is ready on a migrated database; a node that runs jobs waits for the job queue', async () => {
    expect((await t.call('localhost', { method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const { app, deps } = await buildApp({
      config,
      database: t.database,
      log: pino({ level: 'silent' }),
      webRoot: '/nonexistent',
      startJobs: true,
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).json().jobs).toBe('laufen');
      await deps.jobs.stop();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().reason).toBe('Die Job-Warteschlange startet noch.');
    } finally {
      await app.close();
    }
  });

  it('is in the OpenAPI document with the metrics endpoint', async () => {
    const doc = (await t.call('localhost', { method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready', '/api/metrics']));
    expect(Object.keys(doc.paths['/api/ready'].get.responses)).toEqual(['200', '503']);
  });

  it('turns 503 while shutting down, and liveness still answers', async () => {
    t.deps.lifecycle.draining = true;
    try {
      const res = await t.call('localhost', { method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'nicht bereit', reason: 'Der Server wird beendet.', draining: true });
      expect((await t.call('localhost', { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.deps.lifecycle.draining = false;
    }
  });
});
