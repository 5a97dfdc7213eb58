import type { Database } from '@db/client';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import type { Deps } from '@server/deps';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino, { type Logger } from 'pino';
import { type DbKind, openDatabaseSeededAt, openTestDatabase } from './databases';
import { TEST_APP_SECRET } from './test-secret';

/**
 * The app behind a reverse proxy on its own machine (TRUST_PROXY=127.0.0.1, as
 * the README tells operators of the shipped nginx configuration): app.inject
 * comes from 127.0.0.1, so a test's X-Forwarded-For then names the client.
 * For tests that play many clients; without it the header is ignored.
 */
export const BEHIND_LOCAL_PROXY = { TRUST_PROXY: '127.0.0.1' };

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  database: Database;
  /** app.inject with the Host header of a demo domain. */
  call(host: string, opts: InjectOptions & { cookie?: string }): Promise<Awaited<ReturnType<FastifyInstance['inject']>>>;
  /** Signs in and returns the Cookie header value of the session. */
  login(host: string, email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestApp(
  kind: DbKind,
  opts: { smtpUrl?: string; webRoot?: string; env?: Record<string, string>; log?: Logger; demoSeededAt?: Date } = {},
): Promise<TestApp> {
  const database = opts.demoSeededAt ? await openDatabaseSeededAt(kind, opts.demoSeededAt) : await openTestDatabase(kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: TEST_APP_SECRET,
    PUBLIC_URL: 'http://localhost:3000',
    ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}),
    ...opts.env,
  });
  const { app, deps } = await buildApp({
    config,
    database,
    log: opts.log ?? pino({ level: 'silent' }),
    webRoot: opts.webRoot ?? '/nonexistent',
  });
  await app.ready();
  const call: TestApp['call'] = (host, { cookie, headers, ...rest }) =>
    app.inject({ ...rest, headers: { host, ...(cookie ? { cookie } : {}), ...headers } });
  return {
    app,
    deps,
    database,
    call,
    async login(host, email, password = DEMO_PASSWORD) {
      const res = await call(host, { method: 'POST', url: '/api/session/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`Anmeldung von ${email} auf ${host} fehlgeschlagen: ${res.statusCode} ${res.body}`);
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      return cookies
        .map((c) => c.split(';')[0]!)
        .filter((c) => c.startsWith('buchbar.'))
        .join('; ');
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
