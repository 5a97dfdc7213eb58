import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../support/global-setup';
import { findNginx, type Nginx, startNginx } from '../support/nginx';
import { loginOver, type ServerProcess, startServerProcess, waitUntilReady } from '../support/server-process';
import { dayAt, testVehicle } from './vehicle-support';

/**
 * The committed nginx configuration (deploy/nginx/buchbar.conf) in front of two
 * real nodes on one PostgreSQL. nginx is Debian's package, run as this user in
 * the foreground with its files in a temporary folder.
 */
const url = process.env.DATABASE_URL;
const APP_SECRET = 'reverse-proxy-secret-reverse-proxy-secret-0123';
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
      // nginx runs on this machine: as the README tells operators, the nodes trust its address only.
      TRUST_PROXY: '127.0.0.1',
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
    await Promise.all([a?.exited, b?.exited, nginx?.stop()]);
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

  it('serves the app over TLS and HTTP/2 with the listen lines the file recommends', async () => {
    const secure = await startNginx([a.port, b.port], { tls: true });
    try {
      const session = connect(secure.base, { rejectUnauthorized: false, servername: 'localhost' });
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': '/api/tenant', ':authority': `bibliothek.localhost:${secure.port}` });
        let status = 0;
        let body = '';
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.on('data', (d) => (body += d));
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
        stream.end();
      });
      // the session negotiated HTTP/2 by ALPN, or the request above would have failed
      expect(session.alpnProtocol).toBe('h2');
      session.close();
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).name).toBe('Universitätsbibliothek Musterstadt');
    } finally {
      await secure.stop();
    }
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

  it('counts sign-in attempts per address nginx saw: a made-up X-Forwarded-For lifts no limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await viaProxy('/api/session/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: 'admin@stadtwerke.test', password: 'falsch-falsch' }),
      });
      codes.push(res.status);
      await res.arrayBuffer();
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('lists a session opened through nginx with the address nginx saw and the client’s name', async () => {
    const res = await viaProxy('/api/session/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7', 'user-agent': 'curl/8.5.0' },
      body: JSON.stringify({ email: 'pruefer@stadtwerke.test', password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => c.startsWith('buchbar.'))
      .join('; ');
    const security = (await (await viaProxy('/api/session/security', { headers: { cookie } })).json()) as {
      sessions: { current: boolean; ipAddress: string | null; client: unknown }[];
    };
    const current = security.sessions.find((s) => s.current)!;
    expect(current.ipAddress).toBe('127.0.0.1');
    expect(current.client).toEqual({ program: 'curl', system: null });
  });

  it('refuses a state-changing request from another origin through nginx and accepts the own one', async () => {
    const foreign = await viaProxy('/api/session/locale', {
      method: 'PUT',
      headers: { cookie: booker, 'content-type': 'application/json', origin: 'http://evil.localhost' },
      body: JSON.stringify({ locale: 'de-de' }),
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('foreign_origin');
    // nginx passes the host without its port ($host); the browser's Origin has it
    const own = await viaProxy('/api/session/locale', {
      method: 'PUT',
      headers: { cookie: booker, 'content-type': 'application/json', origin: nginx.base },
      body: JSON.stringify({ locale: 'de-de' }),
    });
    expect(own.status).toBe(200);
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
