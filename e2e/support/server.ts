import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startTestApp, type TestApp } from '@test/support/test-app';

export interface RunningApp extends TestApp {
  /** Base URL on a demo domain, e.g. url('stadtwerke') → http://stadtwerke.localhost:PORT */
  url(sub: 'stadtwerke' | 'tourismus' | 'bibliothek' | 'unbekannt', p?: string): string;
}

/** The real app with the built web UI on a free port, on its own seeded PGlite. */
export async function startServer(opts: { smtpUrl?: string } = {}): Promise<RunningApp> {
  const t = await startTestApp('pglite', { webRoot: path.resolve('dist/web'), smtpUrl: opts.smtpUrl });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  return { ...t, url: (sub, p = '/') => `http://${sub}.localhost:${port}${p}` };
}
