import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../support/global-setup';
import { freePort, loginOver, type ServerProcess, startServerProcess, waitUntilReady } from '../support/server-process';
import { dayAt, testVehicle } from './vehicle-support';

/**
 * The committed nginx configuration (deploy/nginx/buchbar.conf) in front of two
 * real nodes on one PostgreSQL. nginx is Debian's package, run as this user in
 * the foreground with its files in a temporary folder.
 */
const url = process.env.DATABASE_URL;
const APP_SECRET = 'reverse-proxy-secret-reverse-proxy-secret-0123';
const TEMPLATE = path.resolve('deploy/nginx/buchbar.conf');

function findNginx(): string {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'nginx fehlt: Der Test des Reverse Proxy braucht Debians nginx (apt-get install -y nginx) oder NGINX_PATH auf eine nginx-Datei.',
    );
  }
}

/** The template with its example upstream lines replaced by the given nodes and its port by `port`. */
function configFromTemplate(template: string, nodes: number[], port: number): string {
  const upstream = /^(\s*)server 127\.0\.0\.1:\d+ (.*);$/gm;
  const examples = template.match(upstream) ?? [];
  if (examples.length === 0) throw new Error('deploy/nginx/buchbar.conf: keine Beispielzeile „server 127.0.0.1:PORT …;“ im upstream');
  let first = true;
  const withNodes = template.replace(upstream, (_line, indent: string, options: string) => {
    if (!first) return '';
    first = false;
    return nodes.map((p) => `${indent}server 127.0.0.1:${p} ${options};`).join('\n');
  });
  if (!/^\s*listen 80;$/m.test(withNodes)) throw new Error('deploy/nginx/buchbar.conf: keine Zeile „listen 80;“');
  return withNodes.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
}

interface Nginx {
  child: ChildProcess;
  base: string;
  port: number;
  dir: string;
  exited: Promise<number | null>;
  output(): string;
}

async function startNginx(nodes: number[]): Promise<Nginx> {
  const binary = findNginx();
  const dir = mkdtempSync(path.join(tmpdir(), 'buchbar-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
  const port = await freePort();
  writeFileSync(path.join(dir, 'buchbar.conf'), configFromTemplate(readFileSync(TEMPLATE, 'utf8'), nodes, port));
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/buchbar.conf;
}
`,
  );
  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://localhost:${port}`;
  const readLog = () => (existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx beendet (${child.exitCode}): ${output}\n${readLog()}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx antwortet nicht: ${output}\n${readLog()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, port, dir, exited, output: () => output + readLog() };
}

/** GET through the proxy with an explicit Host (fetch keeps the URL's host). */
function getWithHost(port: number, host: string, route: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: route, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.runIf(url)('two nodes behind nginx with deploy/nginx/buchbar.conf (needs DATABASE_URL and Debian’s nginx)', () => {
  const name = `buchbar_proxy_${randomBytes(5).toString('hex')}`;
  let nodeUrl: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let nginx: Nginx;
  let booker: string;

  const startNode = async () => {
    const node = await startServerProcess({
      DATABASE_URL: nodeUrl,
      APP_SECRET,
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'buchbar-node-')),
    });
    await waitUntilReady(node);
    return node;
  };
  const viaProxy = (route: string, init: RequestInit = {}) => fetch(`${nginx.base}${route}`, init);

  beforeAll(async () => {
    findNginx();
    await adminQuery(url!, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    nodeUrl = withDatabase(url!, name);
    [a, b] = await Promise.all([startNode(), startNode()]);
    nginx = await startNginx([a.port, b.port]);
    booker = await loginOver({ ...a, base: nginx.base }, 'mitarbeiter@stadtwerke.test');
  }, 240_000);

  afterAll(async () => {
    for (const node of [a, b]) if (node && node.child.exitCode === null) node.child.kill('SIGTERM');
    if (nginx && nginx.child.exitCode === null) nginx.child.kill('SIGQUIT');
    await Promise.all([a?.exited, b?.exited, nginx?.exited]);
    if (nginx) rmSync(nginx.dir, { recursive: true, force: true });
    await adminQuery(url!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it('spreads requests over both nodes, each carrying nginx’s request id into the node’s log and the answer', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await viaProxy('/api/session/me', { headers: { cookie: booker } });
      expect(res.status).toBe(200);
      const id = res.headers.get('x-request-id') ?? '';
      // nginx's $request_id: 32 hex digits, not the node's own UUID
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      ids.push(id);
      await res.arrayBuffer();
    }
    await new Promise((r) => setTimeout(r, 500));
    const onA = ids.filter((id) => a.output().includes(id)).length;
    const onB = ids.filter((id) => b.output().includes(id)).length;
    expect(onA + onB).toBe(20);
    expect(onA).toBeGreaterThanOrEqual(5);
    expect(onB).toBeGreaterThanOrEqual(5);
  });

  it('resolves the tenant from the Host header through the proxy', async () => {
    const tourism = await getWithHost(nginx.port, 'tourismus.localhost', '/api/tenant');
    expect(tourism.status).toBe(200);
    expect(JSON.parse(tourism.body).name).toBe('Tourist-Info Seestadt');
    const library = await getWithHost(nginx.port, 'bibliothek.localhost', '/api/tenant');
    expect(JSON.parse(library.body).name).toBe('Universitätsbibliothek Musterstadt');
    const unknown = await getWithHost(nginx.port, 'unbekannt.localhost', '/api/tenant');
    expect(unknown.status).toBe(404);
  });

  it('refuses /api/metrics through the proxy, while the node itself answers its own machine', async () => {
    const proxied = await viaProxy('/api/metrics');
    expect(proxied.status).toBe(403);
    expect(await proxied.text()).not.toContain('buchbar_');
    expect((await fetch(`${a.base}/api/metrics`)).status).toBe(200);
  });

  it('passes an SSE event published on node A to a client connected through nginx within a second, unbuffered', async () => {
    const fleet = await loginOver(a, 'fuhrpark@stadtwerke.test');
    const locations = (await (await fetch(`${a.base}/api/vehicle-locations`, { headers: { cookie: fleet } })).json()) as {
      locations: { id: string }[];
    };
    const made = await fetch(`${a.base}/api/admin/vehicles`, {
      method: 'POST',
      headers: { cookie: fleet, 'content-type': 'application/json' },
      body: JSON.stringify(testVehicle(locations.locations[0]!.id, 'PROXY-SSE-1')),
    });
    expect(made.status).toBe(201);
    const vehicleId = ((await made.json()) as { id: string }).id;

    const controller = new AbortController();
    const stream = await viaProxy('/api/events?topics=vehicle-bookings', { headers: { cookie: booker }, signal: controller.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const events: { at: number; data: { type: string; id: string } }[] = [];
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const reading = (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
            const data = buffer
              .slice(0, cut)
              .split('\n')
              .find((l) => l.startsWith('data: '));
            buffer = buffer.slice(cut + 2);
            if (data) events.push({ at: Date.now(), data: JSON.parse(data.slice(6)) });
          }
        }
      } catch {
        // aborted
      }
    })();
    await new Promise((r) => setTimeout(r, 300));

    const sentAt = Date.now();
    const booking = await fetch(`${a.base}/api/vehicle-bookings`, {
      method: 'POST',
      headers: { cookie: booker, 'content-type': 'application/json' },
      body: JSON.stringify({ vehicleId, von: dayAt(9, '10:00'), bis: dayAt(9, '11:00') }),
    });
    expect(booking.status).toBe(201);
    const id = ((await booking.json()) as { booking: { id: string } }).booking.id;
    while (!events.some((e) => e.data.id === id) && Date.now() - sentAt < 1000) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await reading;
    const event = events.find((e) => e.data.id === id);
    expect(event?.data.type).toBe('created');
    expect(event!.at - sentAt).toBeLessThan(1000);
  });

  it('a node stopped with SIGTERM causes no failed request through nginx: the next node answers', async () => {
    const statuses: number[] = [];
    const failures: string[] = [];
    let running = true;
    const client = async () => {
      while (running) {
        try {
          const res = await viaProxy('/api/session/me', { headers: { cookie: booker } });
          statuses.push(res.status);
          if (res.status !== 200) failures.push(`${res.status} ${await res.text()}`);
          else await res.arrayBuffer();
        } catch (err) {
          failures.push(String(err));
        }
      }
    };
    const clients = Array.from({ length: 4 }, client);
    await new Promise((r) => setTimeout(r, 500));
    const before = statuses.length;
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    await new Promise((r) => setTimeout(r, 1000));
    running = false;
    await Promise.all(clients);

    expect(failures).toEqual([]);
    expect(before).toBeGreaterThan(0);
    // Requests went on while A stopped and after it was gone.
    expect(statuses.length - before).toBeGreaterThan(4);
    // A sign-in (POST) after A is gone: a refused connection is tried on B, the request was never sent to A.
    for (let i = 0; i < 4; i++) await loginOver({ ...b, base: nginx.base }, 'freigabe@stadtwerke.test');
  }, 60_000);
});
