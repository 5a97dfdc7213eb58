import { type ChildProcess, spawn } from 'node:child_process';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { freePort } from './ports';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** `http://localhost:PORT`: the host name of the Stadtwerke demo tenant. */
  base: string;
  exited: Promise<number | null>;
  output(): string;
}

/** Starts the real server (`node --import tsx src/server/main.ts`) as a child process. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, base: `http://localhost:${port}`, exited, output: () => output };
}

/** Waits until `/api/ready` answers 200 (migrations ran, job queue started). */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`Server beendet: ${server.output()}`);
    try {
      const res = await fetch(`${server.base}/api/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Server nicht bereit: ${server.output()}`);
}

/** Signs in over HTTP and returns the session's Cookie header value. */
export async function loginOver(server: ServerProcess, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${server.base}/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`Anmeldung von ${email} fehlgeschlagen: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('buchbar.'))
    .join('; ');
}
