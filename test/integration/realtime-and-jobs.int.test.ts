import http from 'node:http';
import { withTenant } from '@db/client';
import type { BusEvent } from '@server/realtime/event-bus';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(DB_KINDS)('event bus and job queue on %s', (kind) => {
  let t: TestApp;
  let tenants: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const r = (await t.database.db.execute(sql`select sub_identifier as sub, id::text from tenants`)) as unknown as {
      rows: { sub: string; id: string }[];
    };
    tenants = Object.fromEntries(r.rows.map((x) => [x.sub, x.id]));
  });
  afterAll(() => t?.close());

  it('delivers an event only after its transaction commits, and only to its own tenant', async () => {
    const mine: BusEvent[] = [];
    const others: BusEvent[] = [];
    const un1 = t.deps.events.subscribe(tenants.stadtwerke!, (e) => mine.push(e));
    const un2 = t.deps.events.subscribe(tenants.bibliothek!, (e) => others.push(e));
    await withTenant(t.database.db, tenants.stadtwerke!, async (tx) => {
      await t.deps.events.publish(tx, { tenantId: tenants.stadtwerke!, topic: 'test', type: 'created', id: 'a' });
    });
    await withTenant(t.database.db, tenants.stadtwerke!, async (tx) => {
      await t.deps.events.publish(tx, { tenantId: tenants.stadtwerke!, topic: 'test', type: 'created', id: 'rolled-back' });
      throw new Error('abgebrochen');
    }).catch(() => undefined);
    await expect.poll(() => mine.map((e) => e.id), { timeout: 5000 }).toEqual(['a']);
    await new Promise((r) => setTimeout(r, 200));
    expect(mine.map((e) => e.id)).toEqual(['a']);
    expect(others).toEqual([]);
    un1();
    un2();
  });

  it("streams the tenant's events to a signed-in browser over SSE, ids only", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const cookie = await t.login('stadtwerke.localhost', 'mitarbeiter@stadtwerke.test');
    // node:http, because fetch may not set the Host header that selects the tenant.
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: '/api/events?topics=vehicle-booking', headers: { host: 'stadtwerke.localhost', cookie } },
        resolve,
      );
      req.on('error', reject);
    });
    expect(res.headers['content-type']).toContain('text/event-stream');
    let received = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      received += chunk;
    });
    const readUntil = (needle: string) => expect.poll(() => received.includes(needle), { timeout: 5000 }).toBe(true);
    await readUntil('retry:');
    for (const [tenant, topic, id] of [
      ['bibliothek', 'vehicle-booking', 'fremd'],
      ['stadtwerke', 'other-topic', 'andere'],
      ['stadtwerke', 'vehicle-booking', 'b-42'],
    ] as const) {
      await withTenant(t.database.db, tenants[tenant]!, (tx) =>
        t.deps.events.publish(tx, { tenantId: tenants[tenant]!, topic, type: 'created', id }),
      );
    }
    await readUntil('b-42');
    res.destroy();
    expect(received).toContain('event: vehicle-booking\ndata: {"topic":"vehicle-booking","type":"created","id":"b-42"}');
    expect(received).not.toContain('fremd');
    expect(received).not.toContain('andere');
    expect(received).not.toContain(tenants.stadtwerke!);
  });

  it('refuses the event stream without a session', async () => {
    const res = await t.call('stadtwerke.localhost', { method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });

  it('runs a queued job through pg-boss', async () => {
    const seen: string[] = [];
    t.deps.jobs.register({ name: 'test-echo', schema: z.object({ word: z.string() }), handler: async ({ word }) => void seen.push(word) });
    await t.deps.jobs.start();
    await t.deps.jobs.send('test-echo', { word: 'Hallo' });
    await expect.poll(() => seen, { timeout: 20_000, interval: 250 }).toEqual(['Hallo']);
  });
});

// Only a server can drop a connection; PGlite runs in the process.
describe.each(DB_KINDS.filter((k) => k === 'postgres'))('event bus on %s after a lost connection', (kind) => {
  let t: TestApp;
  let tenants: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const r = (await t.database.db.execute(sql`select sub_identifier as sub, id::text from tenants`)) as unknown as {
      rows: { sub: string; id: string }[];
    };
    tenants = Object.fromEntries(r.rows.map((x) => [x.sub, x.id]));
  });
  afterAll(() => t?.close());

  it('listens again when the server drops the LISTEN connection', async () => {
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    );
    const seen: string[] = [];
    const unsubscribe = t.deps.events.subscribe(tenants.tourismus!, (e) => seen.push(e.id));
    await expect
      .poll(
        async () => {
          await withTenant(t.database.db, tenants.tourismus!, (tx) =>
            t.deps.events.publish(tx, { tenantId: tenants.tourismus!, topic: 'test', type: 'created', id: 'nach-abbruch' }),
          );
          return seen.includes('nach-abbruch');
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(true);
    unsubscribe();
  });
});
