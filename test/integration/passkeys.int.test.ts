import { deleteExpiredVerifications } from '@server/areas/session/auth-security-repository';
import { PASSKEY_FAILED } from '@server/areas/session/passkeys';
import { PASSWORD_WRONG } from '@server/areas/session/passwords';
import { rowsOf } from '@server/kernel/rows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { BEHIND_LOCAL_PROXY, startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const UB = 'bibliothek.localhost';
const PASSWORD = 'Buchbar!2026';

const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []).map((c) => c.split(';')[0]!);
const named = (res: { headers: Record<string, unknown> }, name: string) =>
  cookiesOf(res)
    .filter((c) => c.startsWith(`${name}=`) && !c.endsWith('='))
    .join('; ');
const sessionCookie = (res: { headers: Record<string, unknown> }) => named(res, 'buchbar.session_token');
const challengeCookie = (res: { headers: Record<string, unknown> }) => named(res, 'buchbar.better-auth-passkey');
const join = (...cookies: string[]) => cookies.filter(Boolean).join('; ');

describe.each(DB_KINDS)('passkeys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: BEHIND_LOCAL_PROXY });
  });
  afterAll(() => t?.close());

  /** Registers a passkey for a member of SW: password re-authentication, then the authenticator's answer. */
  async function register(email: string, name?: string) {
    const cookie = await t.login(SW, email);
    const authenticator = new SoftAuthenticator(SW, `http://${SW}`);
    const start = await t.call(SW, { method: 'POST', url: '/api/session/passkeys/options', cookie, payload: { password: PASSWORD } });
    expect(start.statusCode).toBe(200);
    const options = start.json();
    expect(options.rp).toEqual({ name: 'Buchbar', id: SW });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const done = await t.call(SW, {
      method: 'POST',
      url: '/api/session/passkeys',
      cookie: join(cookie, challengeCookie(start)),
      payload: { response: authenticator.create(options), ...(name ? { name } : {}) },
    });
    expect(done.statusCode).toBe(200);
    return { cookie, authenticator, passkey: done.json() as { id: string; name: string; createdAt: string } };
  }

  /** Sign-in ceremony on a host: challenge, then the assertion the authenticator builds from it. */
  let client = 0;
  async function signIn(host: string, authenticator: SoftAuthenticator, opts: Parameters<SoftAuthenticator['get']>[1] = {}) {
    // Each ceremony from its own client address: the per-address sign-in limit is not what these tests are about.
    const headers = { 'x-forwarded-for': `10.1.0.${++client}` };
    const start = await t.call(host, { method: 'POST', url: '/api/session/passkey/options', payload: {}, headers });
    expect(start.statusCode).toBe(200);
    const options = start.json();
    const response = authenticator.get(options, opts);
    const challenge = challengeCookie(start);
    const res = await t.call(host, {
      method: 'POST',
      url: '/api/session/passkey/login',
      cookie: challenge,
      payload: { response },
      headers,
    });
    return { res, challenge, response };
  }

  it('registers a passkey after re-authentication and signs in with it; replays and other challenges are refused', async () => {
    const cookie = await t.login(SW, 'mitarbeiter@stadtwerke.test');
    const wrong = await t.call(SW, { method: 'POST', url: '/api/session/passkeys/options', cookie, payload: { password: 'falsch' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(PASSWORD_WRONG);
    expect(challengeCookie(wrong)).toBe('');
    // Without the challenge of a re-authenticated first step nothing is registered.
    const forged = new SoftAuthenticator(SW, `http://${SW}`).create({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rp: { id: SW } });
    const noChallenge = await t.call(SW, { method: 'POST', url: '/api/session/passkeys', cookie, payload: { response: forged } });
    expect(noChallenge.statusCode).toBe(400);
    expect(noChallenge.json().error.message).toBe('Der Passkey konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.');

    const { authenticator, passkey } = await register('mitarbeiter@stadtwerke.test', '  Laptop   Büro ');
    expect(passkey.name).toBe('Laptop Büro');
    const security = await t.call(SW, { method: 'GET', url: '/api/session/security', cookie });
    expect(security.json().passkeys).toEqual([{ id: passkey.id, name: 'Laptop Büro', createdAt: passkey.createdAt }]);

    const { res, challenge, response } = await signIn(SW, authenticator);
    expect(res.statusCode).toBe(200);
    expect(res.json().redirectTo).toBe('/fahrzeuge');
    const session = sessionCookie(res);
    const me = await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: session });
    expect(me.json().user.email).toBe('mitarbeiter@stadtwerke.test');

    // The same assertion again: its challenge is used up.
    const replay = await t.call(SW, { method: 'POST', url: '/api/session/passkey/login', cookie: challenge, payload: { response } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(PASSKEY_FAILED);
    // An assertion for another challenge than the one issued.
    const other = await signIn(SW, authenticator, { challenge: 'b3RoZXItY2hhbGxlbmdlLW5vdC1pc3N1ZWQ' });
    expect(other.res.statusCode).toBe(401);
    expect(other.res.json().error.message).toBe(PASSKEY_FAILED);
    // Presence without verification (no PIN, no fingerprint) is not enough.
    const unverified = await signIn(SW, authenticator, { userVerified: false });
    expect(unverified.res.statusCode).toBe(401);
    // Another origin than the tenant's address.
    const phishing = await signIn(SW, authenticator, { origin: 'http://stadtwerke.example' });
    expect(phishing.res.statusCode).toBe(401);
    expect(sessionCookie(phishing.res)).toBe('');
  });

  it("refuses a passkey on another tenant's address, even when the authenticator signs for that address", async () => {
    const { authenticator } = await register('fuhrpark@stadtwerke.test');
    const honest = await signIn(UB, authenticator);
    expect(honest.res.statusCode).toBe(401);
    expect(honest.res.json().error.message).toBe(PASSKEY_FAILED);
    const forged = await signIn(UB, authenticator, { rpId: UB, origin: `http://${UB}` });
    expect(forged.res.statusCode).toBe(401);
    expect(forged.res.json().error.message).toBe(PASSKEY_FAILED);
    expect(sessionCookie(forged.res)).toBe('');
    // An unknown key gets the same answer.
    const unknown = new SoftAuthenticator(SW, `http://${SW}`);
    unknown.create({ challenge: 'x', rp: { id: SW } });
    expect((await signIn(SW, unknown)).res.json().error.message).toBe(PASSKEY_FAILED);
  });

  it('renames and removes only after re-authentication, audited; a removed key no longer signs in', async () => {
    const { cookie, authenticator, passkey } = await register('freigabe@stadtwerke.test');
    expect(passkey.name).toBe('Passkey');
    const url = `/api/session/passkeys/${passkey.id}`;
    const badRename = await t.call(SW, { method: 'PATCH', url, cookie, payload: { name: 'Telefon', password: 'falsch' } });
    expect(badRename.statusCode).toBe(400);
    expect(badRename.json().error.message).toBe(PASSWORD_WRONG);
    expect((await t.call(SW, { method: 'PATCH', url, cookie, payload: { name: '', password: PASSWORD } })).statusCode).toBe(400);
    expect((await t.call(SW, { method: 'PATCH', url, cookie, payload: { name: 'Telefon', password: PASSWORD } })).statusCode).toBe(200);
    // Someone else's passkey id is not found.
    const stranger = await t.login(SW, 'pruefer@stadtwerke.test');
    const foreign = await t.call(SW, { method: 'POST', url: `${url}/remove`, cookie: stranger, payload: { password: PASSWORD } });
    expect(foreign.statusCode).toBe(404);
    const badRemove = await t.call(SW, { method: 'POST', url: `${url}/remove`, cookie, payload: { password: 'falsch' } });
    expect(badRemove.statusCode).toBe(400);
    expect((await t.call(SW, { method: 'GET', url: '/api/session/security', cookie })).json().passkeys).toHaveLength(1);
    expect((await t.call(SW, { method: 'POST', url: `${url}/remove`, cookie, payload: { password: PASSWORD } })).statusCode).toBe(200);
    expect((await t.call(SW, { method: 'GET', url: '/api/session/security', cookie })).json().passkeys).toEqual([]);
    const after = await signIn(SW, authenticator);
    expect(after.res.statusCode).toBe(401);

    const audit = (await t.database.db.execute(
      sql`select actor_name, subject_name, changes from audit_log
          where subject_type = 'benutzer' and changes::text like '%"passkey"%' and subject_name = 'Frieda Frei'
          order by at, id`,
    )) as unknown as { rows: { changes: { field: string; old: string | null; new: string | null }[] }[] };
    const changes = audit.rows.map((r) => r.changes[0]);
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'passkey', old: null, new: 'Passkey' },
        { field: 'passkey', old: 'Passkey', new: 'Telefon' },
        { field: 'passkey', old: 'Telefon', new: null },
      ]),
    );
  });

  it('refuses a passkey of a person flagged for single sign-on where the tenant allows only the provider', async () => {
    const { authenticator } = await register('pruefer@stadtwerke.test');
    const tenant = (await t.call(SW, { method: 'GET', url: '/api/tenant' })).json() as { id: string };
    await t.database.db.execute(sql`update users set single_sign_on = true where email = 'pruefer@stadtwerke.test'`);
    // The demo's Stadtwerke have a provider (decision 100) that allows only itself.
    const [seeded] = rowsOf<{ passwordAllowed: boolean }>(
      await t.database.db.execute(
        sql`select password_allowed as "passwordAllowed" from tenant_single_sign_on where tenant_id = ${tenant.id}`,
      ),
    );
    expect(seeded?.passwordAllowed).toBe(false);
    try {
      expect((await signIn(SW, authenticator)).res.statusCode).toBe(401);
      await t.database.db.execute(sql`update tenant_single_sign_on set password_allowed = true where tenant_id = ${tenant.id}`);
      expect((await signIn(SW, authenticator)).res.statusCode).toBe(200);
    } finally {
      await t.database.db.execute(sql`update tenant_single_sign_on set password_allowed = false where tenant_id = ${tenant.id}`);
      await t.database.db.execute(sql`update users set single_sign_on = false where email = 'pruefer@stadtwerke.test'`);
    }
  });

  it('counts a passkey sign-in as the second factor for admin rights; the same admin signed in by password alone loses them', async () => {
    const { cookie: byPassword, authenticator } = await register('admin@stadtwerke.test');
    const me = async (cookie: string) => (await t.call(SW, { method: 'GET', url: '/api/session/me', cookie })).json();
    const rule = (cookie: string, value: boolean) =>
      t.call(SW, { method: 'PUT', url: '/api/settings/zweiterFaktorFuerAdmins', cookie, payload: { layer: 'MANDANT', value } });
    expect((await rule(byPassword, true)).statusCode).toBe(200);
    const { res } = await signIn(SW, authenticator);
    const byPasskey = sessionCookie(res);
    try {
      // A registered passkey is not enough: the session must have been opened with it.
      expect(await me(byPassword)).toMatchObject({ isAdmin: false, secondFactorMissing: true, twoFactorEnabled: false });
      expect(await me(byPasskey)).toMatchObject({ isAdmin: true, secondFactorMissing: false, twoFactorEnabled: false });
      expect((await t.call(SW, { method: 'GET', url: '/api/users?page=1&pageSize=10', cookie: byPasskey })).statusCode).toBe(200);
      expect((await t.call(SW, { method: 'GET', url: '/api/users?page=1&pageSize=10', cookie: byPassword })).statusCode).toBe(403);
    } finally {
      expect((await rule(byPasskey, false)).statusCode).toBe(200);
    }
    expect(await me(byPassword)).toMatchObject({ isAdmin: true, secondFactorMissing: false });
  });

  it('unanswered challenges do not pile up: the hourly clean-up removes expired ones only', async () => {
    const start = await t.call(SW, {
      method: 'POST',
      url: '/api/session/passkey/options',
      payload: {},
      headers: { 'x-forwarded-for': '10.2.0.1' },
    });
    expect(start.statusCode).toBe(200);
    const count = async () =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from auth_verification where value like ${`%${start.json().challenge}%`}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect(await count()).toBe(1);
    await deleteExpiredVerifications(t.database.db);
    expect(await count()).toBe(1);
    await t.database.db.execute(
      sql`update auth_verification set expires_at = now() - interval '1 second' where value like ${`%${start.json().challenge}%`}`,
    );
    expect(await deleteExpiredVerifications(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(0);
  });
});
