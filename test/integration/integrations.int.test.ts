import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '@domain/integration-crypto';
import { DISABLE_AFTER_FAILURES, MAX_ATTEMPTS, TOKEN_MESSAGES, WEBHOOK_MESSAGES } from '@domain/integrations';
import { deliverDue } from '@server/areas/integrations/deliver';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';
import { createVehicle, dayAt, locationId, SW, testVehicle, UB } from './vehicle-support';

/** A real receiver on this machine: records each delivery and whether its signature holds for `secret`. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
}
async function receiver(opts: { delayMs?: number; status?: number } = {}) {
  const received: Received[] = [];
  let secret = '';
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const header = String(req.headers['buchbar-signature'] ?? '');
      received.push({ headers: req.headers, body, verified: verifySignature(secret, body, header, Math.floor(Date.now() / 1000)) });
      setTimeout(() => {
        res.statusCode = opts.status ?? 204;
        res.end();
      }, opts.delayMs ?? 0).unref();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    useSecret: (s: string) => {
      secret = s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An address where nothing listens: a server opened and closed again. */
async function downUrl(): Promise<string> {
  const r = await receiver();
  const url = r.url;
  await r.close();
  return url;
}

const TIMEOUT_MS = 400;

describe.each(DB_KINDS)('API tokens and webhooks on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let fleet: string;
  let tenantId: string;
  let vehicleId: string;
  let good: Awaited<ReturnType<typeof receiver>>;
  let full: Awaited<ReturnType<typeof receiver>>;
  let slow: Awaited<ReturnType<typeof receiver>>;
  let day = 1;

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const newToken = async (cookie: string, scopes: string[], url = '/api/integrations/tokens', host = SW) => {
    const res = await t.call(host, {
      method: 'POST',
      url,
      cookie,
      payload: { name: `Test ${scopes.join('+')}`, scopes, expiresOn: '2027-06-30' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { token: { id: string; hint: string }; secret: string };
  };
  const newWebhook = async (payload: object) => {
    const res = await t.call(SW, { method: 'POST', url: '/api/integrations/webhooks', cookie: admin, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { webhook: { id: string }; secret: string };
  };
  const nextBooking = (token: string) => {
    day += 1;
    return t.call(SW, {
      method: 'POST',
      url: '/api/vehicle-bookings',
      headers: bearer(token),
      payload: { vehicleId, von: dayAt(day, '10:00'), bis: dayAt(day, '11:00') },
    });
  };
  const deliveriesOf = (id: string) =>
    rows<{ status: string; attempts: number; response_status: number | null; last_error: string | null; duration_ms: number | null }>(
      sql`select status, attempts, response_status, last_error, duration_ms from webhook_deliveries where subscription_id = ${id}::uuid order by created_at`,
    );

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
    admin = await t.login(SW, 'admin@stadtwerke.test');
    staff = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    fleet = await t.login(SW, 'fuhrpark@stadtwerke.test');
    tenantId = (await rows<{ id: string }>(sql`select id::text from tenants where sub_identifier = 'stadtwerke'`))[0]!.id;
    vehicleId = (await createVehicle(t, admin, testVehicle(await locationId(t, SW, admin, 'Betriebshof Nord'), 'MS-WH 213'))).id;
    good = await receiver();
    full = await receiver();
    slow = await receiver({ delayMs: TIMEOUT_MS * 5 });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([good?.close(), full?.close(), slow?.close()]);
  });

  it('shows a token once, keeps only its hash, and books and reads with it within its scopes', async () => {
    const { token, secret } = await newToken(staff, ['bookings:read', 'bookings:write']);
    expect(secret).toMatch(/^bbr_[A-Za-z0-9_-]{43}$/);
    expect(token.hint).toBe(`${secret.slice(0, 10)}…`);
    const list = await t.call(SW, { method: 'GET', url: '/api/integrations/tokens', cookie: staff });
    expect(list.body).not.toContain(secret);
    expect(list.json().tokens.map((x: { id: string }) => x.id)).toContain(token.id);
    const stored = await rows<{ token_hash: string }>(sql`select token_hash from api_tokens where id = ${token.id}::uuid`);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await rows(sql`select * from api_tokens`))).not.toContain(secret.slice(4));
    expect(JSON.stringify(await rows(sql`select * from audit_log where subject_type = 'api_token'`))).not.toContain(secret.slice(4));

    const me = await t.call(SW, { method: 'GET', url: '/api/session/me', headers: bearer(secret) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.body).toContain('mitarbeiter@stadtwerke.test');
    const booked = await nextBooking(secret);
    expect(booked.statusCode, booked.body).toBe(201);
    const mine = await t.call(SW, { method: 'GET', url: '/api/vehicle-bookings/mine', headers: bearer(secret) });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(booked.json().booking.id);
    const used = await rows<{ last_used_at: string | null }>(sql`select last_used_at from api_tokens where id = ${token.id}::uuid`);
    expect(used[0]!.last_used_at).not.toBeNull();
  });

  it('refuses what the scope does not cover, and what the person may not do whatever the scope', async () => {
    const read = (await newToken(staff, ['bookings:read'])).secret;
    const refused = await nextBooking(read);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'api_token_scope', message: TOKEN_MESSAGES.scope('bookings:write') });
    const users = await t.call(SW, { method: 'GET', url: '/api/users', headers: bearer(read) });
    expect(users.json().error.message).toBe(TOKEN_MESSAGES.scope('admin'));
    // The fleet manager reaches the administration, so may hold `admin`, but still not the people list.
    const fleetAdmin = (await newToken(fleet, ['admin'])).secret;
    const people = await t.call(SW, { method: 'GET', url: '/api/users', headers: bearer(fleetAdmin) });
    expect(people.statusCode).toBe(403);
    expect(people.json().error.code).toBe('forbidden');
    // Someone without administration cannot grant `admin` at all.
    const noAdmin = await t.call(SW, {
      method: 'POST',
      url: '/api/integrations/tokens',
      cookie: staff,
      payload: { name: 'zu viel', scopes: ['admin'], expiresOn: '2027-01-31' },
    });
    expect(noAdmin.statusCode).toBe(403);
    expect(noAdmin.json().error.message).toBe(TOKEN_MESSAGES.adminScopeNeedsAdmin);
    // A token never manages tokens, whatever it holds.
    const adminToken = (await newToken(admin, ['bookings:read', 'bookings:write', 'admin'])).secret;
    const mint = await t.call(SW, {
      method: 'POST',
      url: '/api/integrations/tokens',
      headers: bearer(adminToken),
      payload: { name: 'x', scopes: ['admin'], expiresOn: '2027-01-31' },
    });
    expect(mint.statusCode).toBe(403);
    expect(mint.json().error.message).toBe(TOKEN_MESSAGES.notAllowed);
    expect((await t.call(SW, { method: 'GET', url: '/api/users', headers: bearer(adminToken) })).statusCode).toBe(200);
  });

  it('ends a token at revocation, at expiry, and on another tenant; explains bad input in German and English', async () => {
    const { token, secret } = await newToken(staff, ['bookings:read']);
    expect((await t.call(SW, { method: 'GET', url: '/api/vehicle-bookings/mine', headers: bearer(secret) })).statusCode).toBe(200);
    const foreign = await t.call(UB, { method: 'GET', url: '/api/session/me', headers: bearer(secret) });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().error.message).toBe(TOKEN_MESSAGES.invalid);
    const revoked = await t.call(SW, { method: 'DELETE', url: `/api/integrations/tokens/${token.id}`, cookie: staff });
    expect(revoked.json().revokedAt).not.toBeNull();
    const after = await t.call(SW, { method: 'GET', url: '/api/vehicle-bookings/mine', headers: bearer(secret) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toEqual({ code: 'api_token_invalid', message: TOKEN_MESSAGES.invalid });
    // Another person's token is not theirs to revoke, and the admin's tenant list does not hold personal tokens.
    const other = await newToken(staff, ['bookings:read']);
    expect((await t.call(SW, { method: 'DELETE', url: `/api/integrations/tokens/${other.token.id}`, cookie: admin })).statusCode).toBe(404);
    expect(
      (await t.call(SW, { method: 'DELETE', url: `/api/integrations/tenant-tokens/${other.token.id}`, cookie: admin })).statusCode,
    ).toBe(404);
    await t.database.db.execute(sql`update api_tokens set expires_at = now() - interval '1 minute' where id = ${other.token.id}::uuid`);
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', headers: bearer(other.secret) })).statusCode).toBe(401);

    const past = await t.call(SW, {
      method: 'POST',
      url: '/api/integrations/tokens',
      cookie: staff,
      payload: { name: 'alt', scopes: ['bookings:read'], expiresOn: '2020-01-01' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(TOKEN_MESSAGES.expiryPast);
    await t.call(SW, { method: 'PUT', url: '/api/session/locale', cookie: staff, payload: { locale: 'en-us' } });
    const unnamed = await t.call(SW, {
      method: 'POST',
      url: '/api/integrations/tokens',
      cookie: staff,
      payload: { name: ' ', scopes: ['bookings:read'], expiresOn: '2027-01-01' },
    });
    expect(unnamed.json().error.message).toBe('Please give the token a name you will recognise it by.');
    await t.call(SW, { method: 'PUT', url: '/api/session/locale', cookie: staff, payload: { locale: 'de-de' } });
  });

  it('keeps tenant tokens under the tenant administration, audited', async () => {
    const { token, secret } = await newToken(admin, ['bookings:read'], '/api/integrations/tenant-tokens');
    const list = await t.call(SW, { method: 'GET', url: '/api/integrations/tenant-tokens', cookie: admin });
    expect(list.json().tokens.map((x: { id: string }) => x.id)).toEqual([token.id]);
    expect(list.body).not.toContain(secret);
    expect((await t.call(SW, { method: 'GET', url: '/api/integrations/tenant-tokens', cookie: staff })).statusCode).toBe(403);
    const bib = await t.login(UB, 'admin@bibliothek.test');
    expect((await t.call(UB, { method: 'DELETE', url: `/api/integrations/tenant-tokens/${token.id}`, cookie: bib })).statusCode).toBe(404);
    expect((await t.call(UB, { method: 'GET', url: '/api/integrations/tenant-tokens', cookie: bib })).json().tokens).toEqual([]);
    await t.call(SW, { method: 'DELETE', url: `/api/integrations/tenant-tokens/${token.id}`, cookie: admin });
    const trail = await rows<{ action: string }>(
      sql`select action from audit_log where subject_type = 'api_token' and subject_id = ${token.id} order by id`,
    );
    expect(trail.map((r) => r.action)).toEqual(['anlegen', 'ändern']);
  });

  it('names the token scopes in the OpenAPI document, per operation', async () => {
    const doc = (await t.call(SW, { method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/vehicle-bookings/mine'].get.security).toEqual([{ session: [] }, { apiToken: ['bookings:read'] }]);
    expect(doc.paths['/api/vehicle-bookings'].post.security).toEqual([{ session: [] }, { apiToken: ['bookings:write'] }]);
    expect(doc.paths['/api/users'].get.security).toEqual([{ session: [] }, { apiToken: ['admin'] }]);
    expect(doc.paths['/api/integrations/tokens'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
  });

  it('limits the requests of one token per minute', async () => {
    const { secret } = await newToken(staff, ['bookings:read']);
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await t.call(SW, { method: 'GET', url: '/api/session/me', headers: bearer(secret) })).statusCode;
    expect(last).toBe(429);
    const res = await t.call(SW, { method: 'GET', url: '/api/session/me', headers: bearer(secret) });
    expect(res.json().error.message).toBe(TOKEN_MESSAGES.rateLimited);
  });

  it('refuses receivers that are not https, point into the network, or events beyond the scope', async () => {
    const bad = async (payload: object) =>
      (await t.call(SW, { method: 'POST', url: '/api/integrations/webhooks', cookie: admin, payload })).json().error.message;
    const base = { name: 'x', events: ['booking.created'], scopes: ['bookings:read'] };
    expect(await bad({ ...base, url: 'http://empfang.beispiel.de/hook' })).toBe(WEBHOOK_MESSAGES.https);
    expect(await bad({ ...base, url: 'https://10.0.0.5/hook' })).toBe(WEBHOOK_MESSAGES.private);
    expect(await bad({ ...base, url: 'https://empfang.beispiel.de', events: ['person.provisioned'] })).toBe(
      WEBHOOK_MESSAGES.eventBeyondScope('person.provisioned'),
    );
    expect((await t.call(SW, { method: 'GET', url: '/api/integrations/webhooks', cookie: staff })).statusCode).toBe(403);
  });

  it('signs each delivery, carries personal data only with the admin scope, and logs the answer', async () => {
    const reader = await newWebhook({
      name: 'Lesend',
      url: good.url,
      events: ['booking.created', 'booking.cancelled'],
      scopes: ['bookings:read'],
    });
    const admins = await newWebhook({ name: 'Verwaltung', url: full.url, events: ['booking.created'], scopes: ['admin'] });
    good.useSecret(reader.secret);
    full.useSecret(admins.secret);
    expect(reader.secret).toMatch(/^whsec_/);
    const listed = await t.call(SW, { method: 'GET', url: '/api/integrations/webhooks', cookie: admin });
    expect(listed.body).not.toContain(reader.secret);
    const stored = JSON.stringify(await rows(sql`select * from webhook_subscriptions`));
    expect(stored).not.toContain(reader.secret.slice(6));
    expect(JSON.stringify(await rows(sql`select * from audit_log where subject_type = 'webhook'`))).not.toContain(reader.secret.slice(6));

    const { secret } = await newToken(staff, ['bookings:read', 'bookings:write']);
    const made = await nextBooking(secret);
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json().booking;
    await expect.poll(() => good.received.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => full.received.length, { timeout: 10_000 }).toBe(1);
    const plain = good.received[0]!;
    expect(plain.verified).toBe(true);
    expect(plain.headers['buchbar-event']).toBe('booking.created');
    const payload = JSON.parse(plain.body);
    expect(payload.event).toBe('booking.created');
    expect(payload.data.booking).toMatchObject({ id: booking.id, kind: 'fahrzeug', objectId: vehicleId });
    expect(Object.keys(payload.data.person)).toEqual(['id']);
    expect(plain.body).not.toContain('mitarbeiter@stadtwerke.test');
    expect(full.received[0]!.verified).toBe(true);
    expect(full.received[0]!.body).toContain('mitarbeiter@stadtwerke.test');
    // Signed with another subscription's secret, the signature does not hold.
    expect(verifySignature(admins.secret, plain.body, String(plain.headers['buchbar-signature']), Math.floor(Date.now() / 1000))).toBe(
      false,
    );

    await expect.poll(async () => (await deliveriesOf(reader.webhook.id))[0], { timeout: 10_000 }).toMatchObject({ status: 'zugestellt' });
    const log = await t.call(SW, { method: 'GET', url: `/api/integrations/webhooks/${reader.webhook.id}/deliveries`, cookie: admin });
    expect(log.json().deliveries[0]).toMatchObject({ event: 'booking.created', status: 'zugestellt', attempts: 1, responseStatus: 204 });
    expect(log.json().deliveries[0].durationMs).toBeGreaterThanOrEqual(0);

    await t.call(SW, { method: 'POST', url: `/api/vehicle-bookings/${booking.id}/cancel`, headers: bearer(secret), payload: {} });
    await expect.poll(() => good.received.length, { timeout: 10_000 }).toBe(2);
    expect(JSON.parse(good.received[1]!.body).event).toBe('booking.cancelled');
    expect(full.received).toHaveLength(1);

    // A foreign tenant's admin learns nothing of these subscriptions.
    const bib = await t.login(UB, 'admin@bibliothek.test');
    for (const [method, url] of [
      ['GET', `/api/integrations/webhooks/${reader.webhook.id}/deliveries`],
      ['PATCH', `/api/integrations/webhooks/${reader.webhook.id}`],
      ['DELETE', `/api/integrations/webhooks/${reader.webhook.id}`],
    ] as const) {
      const res = await t.call(UB, { method, url, cookie: bib, ...(method === 'PATCH' ? { payload: { active: false } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.message).toBe(WEBHOOK_MESSAGES.notFound);
    }
    await t.call(SW, { method: 'DELETE', url: `/api/integrations/webhooks/${reader.webhook.id}`, cookie: admin });
    await t.call(SW, { method: 'DELETE', url: `/api/integrations/webhooks/${admins.webhook.id}`, cookie: admin });
  });

  it('cuts a slow receiver off after the timeout and tries again later', async () => {
    const hook = await newWebhook({ name: 'Langsam', url: slow.url, events: ['booking.created'], scopes: ['bookings:read'] });
    slow.useSecret(hook.secret);
    const { secret } = await newToken(staff, ['bookings:write']);
    await nextBooking(secret);
    await expect.poll(async () => (await deliveriesOf(hook.webhook.id))[0]?.attempts, { timeout: 10_000 }).toBe(1);
    const [d] = await deliveriesOf(hook.webhook.id);
    expect(d).toMatchObject({ status: 'offen', response_status: null, last_error: `Keine Antwort nach ${TIMEOUT_MS} ms` });
    expect(d!.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(slow.received[0]!.verified).toBe(true);
    // Not before its backoff…
    expect(await deliverDue(t.deps, tenantId)).toBe(0);
    // …but after it.
    expect(await deliverDue(t.deps, tenantId, () => new Date(Date.now() + 40_000))).toBe(1);
    expect((await deliveriesOf(hook.webhook.id))[0]!.attempts).toBe(2);
    await t.call(SW, { method: 'DELETE', url: `/api/integrations/webhooks/${hook.webhook.id}`, cookie: admin });
  });

  it('gives a delivery to a receiver that is down up after its tries, then switches the subscription off and tells the admins', async () => {
    const hook = await newWebhook({ name: 'Ausgefallen', url: await downUrl(), events: ['booking.created'], scopes: ['bookings:read'] });
    const { secret } = await newToken(staff, ['bookings:write']);
    await nextBooking(secret);
    await nextBooking(secret);
    await expect
      .poll(async () => (await deliveriesOf(hook.webhook.id)).filter((d) => d.attempts === 1).length, { timeout: 10_000 })
      .toBe(2);
    expect((await deliveriesOf(hook.webhook.id))[0]!.last_error).toMatch(/^Nicht erreichbar/);
    let clock = Date.now();
    for (let i = 0; i < 2 * MAX_ATTEMPTS; i++) {
      clock += 7 * 3_600_000;
      await deliverDue(t.deps, tenantId, () => new Date(clock));
    }
    const deliveries = await deliveriesOf(hook.webhook.id);
    // Both were tried side by side until the subscription went off; a try under way then still ends.
    const total = deliveries.reduce((n, d) => n + d.attempts, 0);
    expect(total).toBeGreaterThanOrEqual(DISABLE_AFTER_FAILURES);
    expect(total).toBeLessThanOrEqual(2 * MAX_ATTEMPTS);
    expect(deliveries.map((d) => d.status)).toContain('aufgegeben');
    const [sub] = await rows<{ active: boolean; disabled_at: string | null }>(
      sql`select active, disabled_at from webhook_subscriptions where id = ${hook.webhook.id}::uuid`,
    );
    expect(sub).toMatchObject({ active: false });
    expect(sub!.disabled_at).not.toBeNull();
    const mails = await rows<{ to: string; subject: string }>(
      sql`select "to", subject from mail_outbox where subject like '%Ausgefallen%'`,
    );
    expect(mails.map((m) => m.to)).toContain('admin@stadtwerke.test');
    expect(mails[0]!.subject).toBe('Buchbar – Webhook „Ausgefallen“ abgeschaltet');
    // Switched on again, its count starts afresh.
    const on = await t.call(SW, {
      method: 'PATCH',
      url: `/api/integrations/webhooks/${hook.webhook.id}`,
      cookie: admin,
      payload: { active: true },
    });
    expect(on.json().webhook).toMatchObject({ active: true, consecutiveFailures: 0, disabledAt: null });
    expect(on.json().secret).toBeNull();
    const renewed = await t.call(SW, {
      method: 'PATCH',
      url: `/api/integrations/webhooks/${hook.webhook.id}`,
      cookie: admin,
      payload: { active: false, newSecret: true },
    });
    expect(renewed.json().secret).toMatch(/^whsec_/);
    expect(renewed.json().secret).not.toBe(hook.secret);
  });
});

// The way a node runs in production: the queue is started, so a commit's webhook deliveries go through pg-boss.
describe.each(DB_KINDS)('webhook deliveries through the running job queue on %s', (kind) => {
  let t: TestApp;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
    await t.deps.jobs.start();
    hooks = await receiver();
  });
  afterAll(async () => {
    await t?.close();
    await hooks?.close();
  });

  it('sends each booking made after the commit, one after another', async () => {
    const admin = await t.login(SW, 'admin@stadtwerke.test');
    const staff = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const vehicleId = (await createVehicle(t, admin, testVehicle(await locationId(t, SW, admin, 'Betriebshof Nord'), 'MS-WQ 213'))).id;
    const made = await t.call(SW, {
      method: 'POST',
      url: '/api/integrations/webhooks',
      cookie: admin,
      payload: { name: 'Warteschlange', url: hooks.url, events: ['booking.created'], scopes: ['bookings:read'] },
    });
    expect(made.statusCode, made.body).toBe(200);
    hooks.useSecret(made.json().secret);
    for (const day of [3, 4, 5]) {
      const booked = await t.call(SW, {
        method: 'POST',
        url: '/api/vehicle-bookings',
        cookie: staff,
        payload: { vehicleId, von: dayAt(day, '10:00'), bis: dayAt(day, '11:00') },
      });
      expect(booked.statusCode, booked.body).toBe(201);
    }
    await expect.poll(() => hooks.received.length, { timeout: 20_000, interval: 200 }).toBe(3);
    expect(hooks.received.every((r) => r.verified)).toBe(true);
  });
});
