import { DEMO_PASSWORD } from '@db/seed/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { BEHIND_LOCAL_PROXY, startTestApp, type TestApp } from '../support/test-app';

/**
 * The client's address comes from the configured proxy only (TRUST_PROXY,
 * decision 188): a made-up X-Forwarded-For lifts no limit and shows in no
 * sessions list. The per-account sign-in limit holds however many addresses
 * an attacker has.
 */
const SW = 'stadtwerke.localhost';
const TI = 'tourismus.localhost';
let n = 0;
const madeUp = () => `203.0.${Math.floor(++n / 250)}.${(n % 250) + 1}`;
const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('buchbar.'))
    .join('; ');

describe.each(DB_KINDS)('client addresses without a trusted proxy on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  const wrongPassword = (email: string) =>
    t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email, password: 'falsch-falsch' },
      headers: { 'x-forwarded-for': madeUp() },
    });

  it('counts sign-in attempts per real address, whatever X-Forwarded-For says', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await wrongPassword('mitarbeiter@stadtwerke.test')).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('keeps the limit of the public cancellation page with a new made-up address each time', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.call(TI, {
        method: 'POST',
        url: '/api/pub/guest-booking/cancel',
        payload: { token: `unbekannt-${i}-abcdefghijklmnopqrstuvwxyz0123456789` },
        headers: { 'x-forwarded-for': madeUp() },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toContain(429);
  });

  it('lists the session with the real address and a readable client name', async () => {
    const res = await t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: 'fuhrpark@stadtwerke.test', password: DEMO_PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.7', 'user-agent': 'curl/8.5.0', 'x-buchbar-client-address': '192.0.2.1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = sessionCookie(res);
    const security = await t.call(SW, { method: 'GET', url: '/api/session/security', cookie });
    expect(security.statusCode).toBe(200);
    const current = (security.json().sessions as { current: boolean; ipAddress: string; client: unknown }[]).find((s) => s.current)!;
    expect(current.ipAddress).toBe('127.0.0.1');
    expect(current.client).toEqual({ program: 'curl', system: null });
  });
});

describe.each(DB_KINDS)('client addresses behind a trusted proxy on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: BEHIND_LOCAL_PROXY });
  });
  afterAll(() => t?.close());

  const signIn = (email: string, password: string, address = madeUp()) =>
    t.call(SW, { method: 'POST', url: '/api/session/login', payload: { email, password }, headers: { 'x-forwarded-for': address } });

  it('shows the address the proxy names in the sessions list', async () => {
    const res = await t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: 'fuhrpark@stadtwerke.test', password: DEMO_PASSWORD },
      headers: {
        'x-forwarded-for': '203.0.113.9',
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const security = await t.call(SW, { method: 'GET', url: '/api/session/security', cookie: sessionCookie(res) });
    const current = (security.json().sessions as { current: boolean; ipAddress: string; client: unknown }[]).find((s) => s.current)!;
    expect(current.ipAddress).toBe('203.0.113.9');
    expect(current.client).toEqual({ program: 'Firefox', system: 'Windows' });
  });

  it('limits failed sign-ins per account however many addresses they come from; successes do not count', async () => {
    const email = 'mitarbeiter@stadtwerke.test';
    for (let i = 0; i < 3; i++) expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await signIn(` ${email.toUpperCase()}`, 'falsch-falsch')).statusCode);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(codes.slice(20)).toEqual(Array(10).fill(429));
    const locked = await signIn(email, DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({
      code: 'account_sign_in_limited',
      message: 'Zu viele fehlgeschlagene Anmeldungen mit dieser E-Mail-Adresse. Bitte warten Sie 15 Minuten und versuchen Sie es erneut.',
    });
    // the same address on another tenant is another account
    const other = await t.call('bibliothek.localhost', {
      method: 'POST',
      url: '/api/session/login',
      payload: { email, password: 'falsch-falsch' },
      headers: { 'x-forwarded-for': madeUp() },
    });
    expect(other.statusCode).toBe(401);
    expect((await signIn('fuhrpark@stadtwerke.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('limits mailed sign-in codes per account across addresses', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.call(SW, {
        method: 'POST',
        url: '/api/session/email-code/request',
        payload: { email: 'admin@stadtwerke.test' },
        headers: { 'x-forwarded-for': madeUp() },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(10)).toEqual([429, 429]);
    expect(codes.slice(0, 10)).not.toContain(429);
  });
});
