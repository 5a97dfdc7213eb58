import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { SW } from './vehicle-support';

describe.each(DB_KINDS)('Prometheus metrics (%s)', (kind) => {
  let t: TestApp;
  let withToken: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    withToken = await startTestApp(kind, { env: { METRICS_TOKEN: 'kennzahlen-geheim-0123456789' } });
  });
  afterAll(async () => {
    await t.close();
    await withToken.close();
  });

  it('without a token, a caller on this machine gets request times by route, SSE clients, jobs, outbox and process figures', async () => {
    const cookie = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    await t.call(SW, { method: 'GET', url: '/api/vehicles', cookie });
    await t.call(SW, { method: 'GET', url: '/api/vehicles/00000000-0000-4000-8000-000000000000', cookie });
    const res = await t.call(SW, { method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/buchbar_http_request_duration_seconds_count\{method="GET",route="\/api\/vehicles",status="200"\} 1/);
    expect(text).toMatch(/buchbar_http_request_duration_seconds_count\{method="GET",route="\/api\/vehicles\/:id",status="404"\} 1/);
    expect(text).toContain('buchbar_sse_clients 0');
    expect(text).toMatch(/buchbar_mail_outbox_unsent \d+/);
    expect(text).toContain('# TYPE buchbar_jobs gauge');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (kind === 'postgres') expect(text).toMatch(/buchbar_db_pool_connections\{state="total"\} \d+/);
  });

  it('a request that came through a reverse proxy is refused without a token', async () => {
    const res = await t.call(SW, { method: 'GET', url: '/api/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Kennzahlen gibt es nur mit gültigem METRICS_TOKEN oder vom eigenen Rechner.');
  });

  it('with METRICS_TOKEN set, only the bearer token opens them, even from this machine', async () => {
    expect((await withToken.call(SW, { method: 'GET', url: '/api/metrics' })).statusCode).toBe(403);
    const wrong = await withToken.call(SW, { method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer falsch' } });
    expect(wrong.statusCode).toBe(403);
    const ok = await withToken.call(SW, {
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer kennzahlen-geheim-0123456789', 'x-forwarded-for': '203.0.113.7' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('buchbar_http_request_duration_seconds');
  });
});
