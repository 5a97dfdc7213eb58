import { request } from 'node:http';
import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startSmtpServer } from '../support/smtp';
import { BEHIND_LOCAL_PROXY, startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const UB = 'bibliothek.localhost';
const PEOPLE = ['admin', 'fuhrpark', 'freigabe', 'pruefer', 'mitarbeiter'].map((u) => `${u}@stadtwerke.test`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One request over real HTTP to 127.0.0.1 (no name lookup), with the tenant's Host header; resolves status and duration. */
function over(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: SW,
          ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe.each(DB_KINDS)('sign-in costs the same for every address on %s (decision 189)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let port = 0;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Behind the local proxy, so each attempt's X-Forwarded-For names its own client and the per-address limits stay out of the way.
    t = await startTestApp(kind, { smtpUrl: smtp.url, env: BEHIND_LOCAL_PROXY });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Known and unknown addresses in turn, each from its own client address; the answers must be equal, the times alike. */
  async function compare(host: string, url: string, known: string, net: number) {
    const ask = async (email: string, ip: string) => {
      const started = performance.now();
      const res = await t.call(host, { method: 'POST', url, payload: { email }, headers: { 'x-forwarded-for': ip } });
      return { ms: performance.now() - started, status: res.statusCode, body: res.body };
    };
    await ask(known, `10.${net}.0.1`);
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    // Nine more for the known account: with the first one, exactly the ten mailed codes an account may ask for in an hour.
    for (let i = 0; i < 9; i++) {
      const k = await ask(known, `10.${net}.1.${i}`);
      const u = await ask(`niemand-${i}@${known.split('@')[1]}`, `10.${net}.2.${i}`);
      expect(k.status).toBe(200);
      expect({ status: u.status, body: u.body }).toEqual({ status: k.status, body: k.body });
      knownMs.push(k.ms);
      unknownMs.push(u.ms);
    }
    expect(median(unknownMs)).toBeGreaterThanOrEqual(0.5 * median(knownMs));
  }

  it('a recovery request answers alike, and as fast, for a known and an unknown address; the link still arrives', async () => {
    await compare(SW, '/api/session/password/forgot', 'mitarbeiter@stadtwerke.test', 30);
    expect((await smtp.waitFor('mitarbeiter@stadtwerke.test', 'Passwort zurücksetzen')).subject).toBe(
      'Buchbar – Passwort zurücksetzen (Stadtwerke Musterstadt)',
    );
  });

  it('an e-mail code request answers alike, and as fast, for a known and an unknown address; the code still arrives', async () => {
    await compare(UB, '/api/session/email-code/request', 'leser@bibliothek.test', 31);
    // The code itself is in the body only (decision 190), never in the subject.
    expect((await smtp.waitFor('leser@bibliothek.test', 'Anmeldecode')).subject).toBe(
      'Ihr Anmeldecode für Buchbar (Universitätsbibliothek Musterstadt)',
    );
  });

  it('an unknown address takes about as long as a wrong password for a known one, with the same answer', async () => {
    const attempt = async (email: string, ip: string) => {
      const started = performance.now();
      const res = await t.call(SW, {
        method: 'POST',
        url: '/api/session/login',
        payload: { email, password: 'falsch-falsch' },
        headers: { 'x-forwarded-for': ip },
      });
      return { ms: performance.now() - started, status: res.statusCode, body: res.json() };
    };
    await attempt('admin@stadtwerke.test', '10.20.0.1');
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a busy moment of the machine hits both alike; one address per attempt stays below the limit.
    for (let i = 0; i < 15; i++) {
      const k = await attempt('admin@stadtwerke.test', `10.20.1.${i}`);
      const u = await attempt(`niemand-${i}@stadtwerke.test`, `10.20.2.${i}`);
      expect(k.status).toBe(401);
      expect(u.body).toEqual(k.body);
      known.push(k.ms);
      unknown.push(u.ms);
    }
    expect(median(unknown)).toBeGreaterThanOrEqual(0.5 * median(known));
  });

  it('answers /api/health quickly while twenty sign-ins run in parallel', async () => {
    // Once before, so the first sign-in's start-up work is not measured.
    expect((await over(port, 'POST', '/api/session/login', {}, { email: PEOPLE[0], password: DEMO_PASSWORD })).status).toBe(200);
    const signIns = Array.from({ length: 20 }, (_, i) =>
      over(
        port,
        'POST',
        '/api/session/login',
        { 'x-forwarded-for': `10.21.0.${i}` },
        { email: PEOPLE[i % PEOPLE.length], password: DEMO_PASSWORD },
      ),
    );
    let running = true;
    const all = Promise.all(signIns).finally(() => {
      running = false;
    });
    const health: number[] = [];
    while (running) {
      const res = await over(port, 'GET', '/api/health');
      expect(res.status).toBe(200);
      health.push(res.ms);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await all).map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(health.length).toBeGreaterThan(3);
    expect(median(health)).toBeLessThan(100);
  });
});
