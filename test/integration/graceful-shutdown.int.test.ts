import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginOver, startServerProcess, waitUntilReady } from '../support/server-process';
import { dayAt } from './vehicle-support';

interface Outcome {
  startedAt: number;
  status: number | 'verbindung';
}

describe('graceful shutdown of the real server process', () => {
  it('SIGTERM under load: readiness fails, every request started before finishes, SSE ends with a retry hint, exit 0', async () => {
    const server = await startServerProcess({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'buchbar-shutdown-')),
      DRAIN_DELAY_MS: '3000',
    });
    await waitUntilReady(server);
    const cookie = await loginOver(server, 'mitarbeiter@stadtwerke.test');

    // An SSE client: its stream must end with a retry hint instead of being cut off.
    const sse = await fetch(`${server.base}/api/events`, { headers: { cookie } });
    expect(sse.status).toBe(200);
    const sseText = sse.text();

    const outcomes: Outcome[] = [];
    let sigtermAt = Number.POSITIVE_INFINITY;
    const timeline = `/api/vehicles/timeline?from=${encodeURIComponent(dayAt(0, '00:00'))}&to=${encodeURIComponent(dayAt(1, '00:00'))}`;
    const urls = ['/api/vehicles', timeline, '/api/vehicle-bookings/mine', '/api/health'];
    let loadUntil = Number.POSITIVE_INFINITY;
    const worker = async (i: number) => {
      for (let n = 0; Date.now() < loadUntil; n++) {
        const startedAt = Date.now();
        try {
          const res = await fetch(`${server.base}${urls[(i + n) % urls.length]}`, { headers: { cookie } });
          await res.arrayBuffer();
          outcomes.push({ startedAt, status: res.status });
        } catch {
          outcomes.push({ startedAt, status: 'verbindung' });
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, i) => worker(i)));
    await new Promise((r) => setTimeout(r, 3000));

    sigtermAt = Date.now();
    server.child.kill('SIGTERM');
    // Readiness turns 503 as soon as the signal is handled, while requests are still served during the drain delay.
    let ready = await fetch(`${server.base}/api/ready`);
    while (ready.status === 200 && Date.now() - sigtermAt < 2000) ready = await fetch(`${server.base}/api/ready`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).reason).toBe('Der Server wird beendet.');

    loadUntil = sigtermAt + 5000;
    const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r('zu langsam'), 15_000))]);
    await load;
    expect(code).toBe(0);
    expect(Date.now() - sigtermAt).toBeLessThan(15_000);

    const before = outcomes.filter((o) => o.startedAt < sigtermAt);
    expect(before.length).toBeGreaterThanOrEqual(8);
    expect(before.filter((o) => o.status !== 200)).toEqual([]);
    // After the signal a request is served, refused as 503 or not connected — never a 5xx from a half-closed app.
    for (const o of outcomes.filter((x) => x.startedAt >= sigtermAt)) expect([200, 503, 'verbindung']).toContain(o.status);

    expect((await sseText).endsWith('retry: 2000\n\n')).toBe(true);
    const log = server.output();
    expect(log).toContain('Buchbar beendet');
    expect(log).not.toContain('"level":50');
  }, 120_000);
});
