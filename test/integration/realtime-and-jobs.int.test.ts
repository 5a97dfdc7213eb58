import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/client';
import type { BusEvent } from '../../src/server/realtime/event-bus';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(DB_KINDS)('event bus and job queue on %s', (kind) => {
  let t: TestApp;
  let tenants: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const r = (await t.database.db.execute(sql`select sub_identifier as sub, id::text from tenants`)) as unknown as { rows: { sub: string; id: string }[] };
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

  it('runs a queued job through pg-boss', async () => {
    const seen: string[] = [];
    t.deps.jobs.register({ name: 'test-echo', schema: z.object({ word: z.string() }), handler: async ({ word }) => void seen.push(word) });
    await t.deps.jobs.start();
    await t.deps.jobs.send('test-echo', { word: 'Hallo' });
    await expect.poll(() => seen, { timeout: 20_000, interval: 250 }).toEqual(['Hallo']);
  });
});
