import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { startTracing, type Tracing, tracingEndpoint } from '@server/tracing';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, type DbKind, openTestDatabase } from '../support/databases';

/** A tiny OTLP/HTTP receiver (JSON encoding, as the OTLP/HTTP exporter sends it) that keeps every span. */
interface Span {
  name: string;
  traceId: string;
  attributes: Record<string, unknown>;
  service: string;
}
async function startReceiver() {
  const spans: Span[] = [];
  const posts: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      posts.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      if (req.url === '/v1/traces') {
        const data = JSON.parse(body) as {
          resourceSpans: {
            resource: { attributes: { key: string; value: Record<string, unknown> }[] };
            scopeSpans: { spans: { name: string; traceId: string; attributes: { key: string; value: Record<string, unknown> }[] }[] }[];
          }[];
        };
        const flat = (attrs: { key: string; value: Record<string, unknown> }[]) =>
          Object.fromEntries(attrs.map((a) => [a.key, Object.values(a.value)[0]]));
        for (const rs of data.resourceSpans) {
          const service = String(flat(rs.resource.attributes)['service.name']);
          for (const ss of rs.scopeSpans)
            for (const s of ss.spans) spans.push({ name: s.name, traceId: s.traceId, attributes: flat(s.attributes), service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, spans, posts, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function startApp(kind: DbKind, tracing: Tracing | null) {
  const database = await openTestDatabase(kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }), webRoot: '/nonexistent', tracing });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, base, close };
}

const waitFor = async (ok: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
};

describe('OpenTelemetry traces (switched on by OTEL_EXPORTER_OTLP_ENDPOINT only)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tracing: Tracing | null = null;
  const apps: { app: FastifyInstance; close(): Promise<unknown> }[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await tracing?.shutdown();
    await receiver?.close();
    for (const key of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_SERVICE_NAME', 'OTEL_BSP_SCHEDULE_DELAY']) delete process.env[key];
  });

  it('is off without the variable: nothing is loaded, nothing is sent', async () => {
    expect(tracingEndpoint({})).toBeNull();
    expect(tracingEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SDK_DISABLED: 'true' })).toBeNull();
    expect(await startTracing({ OTEL_SERVICE_NAME: 'buchbar' })).toBeNull();
    const plain = await startApp('pglite', null);
    apps.push(plain);
    for (const route of ['/api/tenant', '/api/tenant', '/api/session/me']) await (await fetch(`${plain.base}${route}`)).text();
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.posts).toEqual([]);
    // Opening a database clone takes a minute when the machine is loaded.
  }, 180_000);

  describe.each(DB_KINDS)('with the variable set, on %s', (kind) => {
    let base: string;
    beforeAll(async () => {
      // The SDK reads its settings from the process environment, as in production; the batch delay is
      // shortened so that the spans arrive in a fraction of a second.
      Object.assign(process.env, {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'buchbar-test',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      });
      tracing ??= await startTracing();
      const traced = await startApp(kind, tracing);
      apps.push(traced);
      base = traced.base;
    }, 240_000);

    it('a request becomes a span with its route, method and status, sent over OTLP/HTTP', async () => {
      expect(tracing).not.toBeNull();
      const res = await fetch(`${base}/api/tenant`);
      expect(res.status).toBe(200);
      await res.text();
      const health = await fetch(`${base}/api/health`);
      await health.text();
      await waitFor(() => receiver.spans.some((s) => s.attributes['http.route'] === '/api/tenant'), 10_000);
      const span = receiver.spans.find((s) => s.name === 'request' && s.attributes['http.route'] === '/api/tenant');
      expect(span, JSON.stringify(receiver.spans.slice(0, 5))).toBeDefined();
      expect(span!.service).toBe('buchbar-test');
      expect(span!.attributes['http.request.method']).toBe('GET');
      expect(span!.attributes['http.response.status_code']).toBe(200);
      expect(span!.traceId).toMatch(/^[0-9a-f]{32}$/);
      // Probes of the load balancer are left out.
      expect(receiver.spans.some((s) => s.attributes['http.route'] === '/api/health')).toBe(false);
      expect(receiver.posts.some((p) => p.startsWith('POST /v1/traces application/json'))).toBe(true);
    });
  });
});
