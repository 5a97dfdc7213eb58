import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase, openPostgres } from '@db/client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../support/global-setup';
import { loginOver, type ServerProcess, startServerProcess, waitUntilReady } from '../support/server-process';
import { dayAt, testVehicle } from './vehicle-support';

const url = process.env.DATABASE_URL;
const APP_SECRET = 'many-nodes-secret-many-nodes-secret-0123456789';

/** JSON over HTTP to one node, with the session cookie. */
async function call(node: ServerProcess, method: string, route: string, cookie: string, body?: unknown) {
  const res = await fetch(`${node.base}${route}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text), text };
}

/** Collects the events of an SSE stream until `stop()`. */
async function listen(node: ServerProcess, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${node.base}/api/events?topics=vehicle-bookings`, { headers: { cookie }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`SSE: ${res.status}`);
  const events: { at: number; data: { type: string; id: string } }[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push({ at: Date.now(), data: JSON.parse(data.slice(6)) });
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return { events, stop: () => controller.abort() };
}

describe.runIf(url)('many app nodes on one PostgreSQL (needs DATABASE_URL; PGlite is one process by nature)', () => {
  const name = `buchbar_nodes_${randomBytes(5).toString('hex')}`;
  let nodeUrl: string;
  let nodes: ServerProcess[] = [];
  let sql: pg.Pool;
  let fleet: string;
  let locationId: string;

  const startNode = async () => {
    const node = await startServerProcess({
      DATABASE_URL: nodeUrl,
      APP_SECRET,
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'buchbar-node-')),
      // the living nodes look for a dead node's jobs every 3 s instead of every 2 minutes
      JOB_MAINTENANCE_SECONDS: '3',
    });
    await waitUntilReady(node);
    return node;
  };
  const newVehicle = async (plate: string) => {
    const res = await call(nodes[0]!, 'POST', '/api/admin/vehicles', fleet, testVehicle(locationId, plate));
    if (res.status !== 201) throw new Error(`Fahrzeug: ${res.status} ${res.text}`);
    return res.json().id as string;
  };

  beforeAll(async () => {
    await adminQuery(url!, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    nodeUrl = withDatabase(url!, name);
    sql = new pg.Pool({ connectionString: nodeUrl, max: 2 });
    nodes = await Promise.all([startNode(), startNode(), startNode()]);
    fleet = await loginOver(nodes[0]!, 'fuhrpark@stadtwerke.test');
    const locations = (await call(nodes[0]!, 'GET', '/api/vehicle-locations', fleet)).json().locations as { id: string }[];
    locationId = locations[0]!.id;
  }, 240_000);

  afterAll(async () => {
    for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGTERM');
    await Promise.all(nodes.map((n) => n.exited));
    await sql?.end();
    await adminQuery(url!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it('nodes starting at the same moment take turns at migrations and grants instead of failing', async () => {
    const handles = await Promise.all(Array.from({ length: 4 }, () => openPostgres(nodeUrl)));
    try {
      for (let round = 0; round < 3; round++) {
        const results = await Promise.allSettled(handles.map((h) => migrateDatabase(h)));
        expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      }
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });

  it('a session made on node A works on node B and C, and ends on all of them at sign-out', async () => {
    const [a, b, c] = nodes as [ServerProcess, ServerProcess, ServerProcess];
    const cookie = await loginOver(a, 'mitarbeiter@stadtwerke.test');
    for (const node of [a, b, c]) {
      const me = await call(node, 'GET', '/api/session/me', cookie);
      expect(me.status).toBe(200);
      expect(me.json().user.email).toBe('mitarbeiter@stadtwerke.test');
    }
    expect((await call(b, 'POST', '/api/session/logout', cookie)).status).toBe(200);
    for (const node of [a, b, c]) expect((await call(node, 'GET', '/api/session/me', cookie)).status).toBe(401);
  });

  it('a booking made on node A reaches an SSE client on node B within a second, and B’s next read shows it', async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const booker = await loginOver(a, 'mitarbeiter@stadtwerke.test');
    const vehicleId = await newVehicle('NODE-SSE-1');
    const von = dayAt(9, '10:00');
    const bis = dayAt(9, '11:00');
    const timeline = `/api/vehicles/timeline?from=${encodeURIComponent(dayAt(9, '00:00'))}&to=${encodeURIComponent(dayAt(10, '00:00'))}`;
    // Fill B's caches first, so the test fails if B answers from a stale cache.
    const beforeMine = (await call(b, 'GET', '/api/vehicle-bookings/mine', booker)).json();
    await call(b, 'GET', timeline, booker);
    const stream = await listen(b, booker);
    await new Promise((r) => setTimeout(r, 300));

    const sentAt = Date.now();
    const made = await call(a, 'POST', '/api/vehicle-bookings', booker, { vehicleId, von, bis });
    expect(made.status).toBe(201);
    const id = made.json().booking.id as string;
    while (!stream.events.some((e) => e.data.id === id) && Date.now() - sentAt < 1000) await new Promise((r) => setTimeout(r, 20));
    stream.stop();
    const event = stream.events.find((e) => e.data.id === id);
    expect(event?.data.type).toBe('created');
    expect(event!.at - sentAt).toBeLessThan(1000);

    const afterMine = (await call(b, 'GET', '/api/vehicle-bookings/mine', booker)).json();
    expect(JSON.stringify(afterMine)).toContain(id);
    expect(JSON.stringify(beforeMine)).not.toContain(id);
    expect((await call(b, 'GET', timeline, booker)).text).toContain(vehicleId);
  });

  it('50 parallel bookings of one vehicle and period spread over three nodes: exactly one', async () => {
    const booker = await loginOver(nodes[1]!, 'mitarbeiter@stadtwerke.test');
    const vehicleId = await newVehicle('NODE-RACE-1');
    const payload = { vehicleId, von: dayAt(11, '10:00'), bis: dayAt(11, '11:00') };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(nodes[i % nodes.length]!, 'POST', '/api/vehicle-bookings', booker, payload)),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.json().error.message).toBe('Fahrzeug ist bereits zum Zeitraum bereits gebucht!');
    const { rows } = await sql.query('select count(*)::int as n from vehicle_bookings where vehicle_id = $1', [vehicleId]);
    expect(rows[0].n).toBe(1);
  });

  it('sign-in attempts are counted across the nodes: the eleventh wrong attempt within a minute is refused on any node', async () => {
    const attempt = (node: ServerProcess) =>
      fetch(`${node.base}/api/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'freigabe@stadtwerke.test', password: 'falsch-geraten' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(nodes[i % nodes.length]!)).status);
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 401));
    for (const node of nodes) {
      const limited = await attempt(node);
      expect(limited.status).toBe(429);
      expect((await limited.json()).error.message).toBe('Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.');
    }
  });

  it('a job scheduled every minute runs once per minute across the three nodes, never twice', async () => {
    type Run = { created: Date; state: string; retries: number };
    const runs = async () =>
      (
        await sql.query(
          `select created_on as created, state::text as state, retry_count as retries
             from pgboss.job where name = 'reading-room-expire' order by created_on`,
        )
      ).rows as Run[];
    const deadline = Date.now() + 150_000;
    while ((await runs()).filter((r) => r.state === 'completed').length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 2000));
    const all = await runs();
    expect(all.filter((r) => r.state === 'completed').length).toBeGreaterThanOrEqual(2);
    // Three schedulers, one job per minute: never two runs created in the same minute.
    const minutes = all.map((r) => Math.floor(r.created.getTime() / 60_000));
    expect(new Set(minutes).size).toBe(minutes.length);
    expect(all.filter((r) => r.state === 'failed')).toEqual([]);
    expect(all.every((r) => r.retries === 0)).toBe(true);
  }, 180_000);

  it('a node killed with SIGKILL in a booking storm loses no committed booking and leaves no half-written one', async () => {
    const [a, b, c] = nodes as [ServerProcess, ServerProcess, ServerProcess];
    const booker = await loginOver(b, 'mitarbeiter@stadtwerke.test');
    const vehicleId = await newVehicle('NODE-KILL-1');
    const confirmed: string[] = [];
    const attempted: { node: ServerProcess; von: string }[] = [];
    // Each slot is a distinct hour, so every booking that reaches the database may commit.
    const storm = Array.from({ length: 60 }, async (_, i) => {
      const node = [a, b, c][i % 3]!;
      const day = 12 + Math.floor(i / 20);
      const hour = String(i % 20).padStart(2, '0');
      const body = { vehicleId, von: dayAt(day, `${hour}:00`), bis: dayAt(day, `${hour}:30`) };
      attempted.push({ node, von: body.von });
      try {
        const res = await call(node, 'POST', '/api/vehicle-bookings', booker, body);
        if (res.status === 201) confirmed.push(res.json().booking.id);
      } catch {
        // the killed node's connections break; what it had committed must still be there
      }
    });
    setTimeout(() => a.child.kill('SIGKILL'), 150);
    await Promise.all(storm);
    expect(await a.exited).toBeNull();

    const { rows } = await sql.query('select id::text as id from vehicle_bookings where vehicle_id = $1', [vehicleId]);
    const stored = rows.map((r: { id: string }) => r.id);
    // No committed booking lost.
    for (const id of confirmed) expect(stored).toContain(id);
    // Every stored booking is whole: the surviving nodes read it completely.
    for (const id of stored) {
      const res = await call(b, 'GET', `/api/vehicle-bookings/${id}`, booker);
      expect(res.status).toBe(200);
      expect(res.json().booking.vehicleId).toBe(vehicleId);
    }
    // The surviving nodes kept serving: each booking through B and C confirmed.
    expect(confirmed.length).toBeGreaterThanOrEqual(attempted.filter((x) => x.node !== a).length);
    nodes = nodes.filter((n) => n !== a);
  });

  it('a job the killed node had taken is failed by its expiry and run by a living node', async () => {
    expect(nodes.length).toBe(2);
    // What the killed node left behind: a job it had fetched (state active) and never finished, its expiry passed.
    // The queue is a real one; its handler is idempotent and needs no payload.
    const { rows } = await sql.query(
      `insert into pgboss.job (name, data, state, started_on, expire_in, retry_limit)
       values ('reading-room-expire', '{}', 'active', now() - interval '1 minute', interval '2 seconds', 2) returning id::text`,
    );
    const id = (rows[0] as { id: string }).id;
    // Maintenance runs once per interval across all nodes; make the next tick due now.
    await sql.query('update pgboss.version set maintained_on = null');
    const state = async () =>
      (await sql.query('select state::text as state, retry_count from pgboss.job where id = $1', [id])).rows[0] as
        | { state: string; retry_count: number }
        | undefined;
    const deadline = Date.now() + 60_000;
    while ((await state())?.state !== 'completed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    const done = await state();
    expect(done?.state).toBe('completed');
    // Run again as a retry, exactly once more.
    expect(done?.retry_count).toBe(1);
    const { rows: copies } = await sql.query('select count(*)::int as n from pgboss.job where id = $1', [id]);
    expect((copies[0] as { n: number }).n).toBe(1);
  }, 90_000);
});
