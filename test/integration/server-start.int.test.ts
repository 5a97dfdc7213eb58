import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';

/** Starts the real server process (`tsx src/server/main.ts`) and waits until it answers /api/health. */
async function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, exited, output: () => output };
}

// A first start migrates and seeds a fresh embedded database: on a loaded machine that takes over a minute.
async function waitForHealth(port: number, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res.json();
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('Server nicht erreichbar');
}

describe('starting the server on the embedded database', () => {
  it('creates the database and demo data on first start only; a second start reuses them', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'buchbar-start-'));
    const port = await freePort();
    const first = await startProcess({ DATA_DIR: dataDir, PORT: String(port) });
    expect(await waitForHealth(port)).toEqual({ status: 'ok', database: 'pglite' });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"seeded":true');

    const second = await startProcess({ DATA_DIR: dataDir, PORT: String(port) });
    await waitForHealth(port);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('"seeded":false');
  }, 300_000);

  it('refuses to start in production without APP_SECRET and says why', async () => {
    const p = await startProcess({
      NODE_ENV: 'production',
      APP_SECRET: '',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'buchbar-prod-')),
      PORT: String(await freePort()),
    });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('Buchbar kann nicht starten: APP_SECRET fehlt.');
  });
});
