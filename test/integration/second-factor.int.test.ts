import { CODE_FAILED } from '@server/areas/session/second-factor';
import { LOGIN_FAILED } from '@server/areas/session/sign-in';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { BEHIND_LOCAL_PROXY, startTestApp, type TestApp } from '../support/test-app';
import { totpCode } from '../support/totp';

const SW = 'stadtwerke.localhost';
const UB = 'bibliothek.localhost';
const PASSWORD = 'Buchbar!2026';

/** The `name=value` pairs of a response's Set-Cookie headers. */
const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []).map((c) => c.split(';')[0]!);
const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  cookiesOf(res)
    .filter((c) => c.startsWith('buchbar.session_token=') && !c.endsWith('='))
    .join('; ');
const challengeCookie = (res: { headers: Record<string, unknown> }) =>
  cookiesOf(res)
    .filter((c) => c.startsWith('buchbar.two_factor=') && !c.endsWith('='))
    .join('; ');

describe.each(DB_KINDS)('second factor, sessions and re-authentication on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: BEHIND_LOCAL_PROXY });
  });
  afterAll(() => t?.close());

  /** Password step from a given client address; answers the challenge cookie (or fails the test). */
  async function passwordStep(email: string, ip = '10.0.0.1') {
    const res = await t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email, password: PASSWORD },
      headers: { 'x-forwarded-for': ip },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirectTo: '', secondFactor: true });
    expect(sessionCookie(res)).toBe('');
    return challengeCookie(res);
  }

  const codeStep = (challenge: string, code: string, kind: 'totp' | 'recovery' = 'totp', ip = '10.0.0.1') =>
    t.call(SW, {
      method: 'POST',
      url: '/api/session/login/code',
      cookie: challenge,
      payload: { code, kind },
      headers: { 'x-forwarded-for': ip },
    });

  /** Enrols a member: password re-authentication, key, first code. Returns secret, recovery codes and the renewed session. */
  async function enrol(email: string) {
    let cookie = await t.login(SW, email);
    const noPassword = await t.call(SW, { method: 'POST', url: '/api/session/two-factor/enrol', cookie, payload: { password: 'falsch' } });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.message).toBe('Das aktuelle Passwort ist nicht korrekt.');
    const start = await t.call(SW, { method: 'POST', url: '/api/session/two-factor/enrol', cookie, payload: { password: PASSWORD } });
    expect(start.statusCode).toBe(200);
    const { secret, totpUri, recoveryCodes } = start.json();
    expect(totpUri).toMatch(/^otpauth:\/\/totp\/Buchbar:/);
    expect(recoveryCodes).toHaveLength(10);
    // Not active before the first code: sign-in still needs the password only.
    expect((await t.call(SW, { method: 'GET', url: '/api/session/security', cookie })).json().twoFactorEnabled).toBe(false);
    const wrong = await t.call(SW, { method: 'POST', url: '/api/session/two-factor/confirm', cookie, payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    const confirm = async () =>
      t.call(SW, { method: 'POST', url: '/api/session/two-factor/confirm', cookie, payload: { code: await totpCode(secret, -1) } });
    let ok = await confirm();
    // On a busy machine a 30-second step can pass between computing the code and checking it, which makes it two steps old.
    if (ok.statusCode === 400) ok = await confirm();
    expect(ok.statusCode).toBe(200);
    cookie = sessionCookie(ok) || cookie;
    const security = await t.call(SW, { method: 'GET', url: '/api/session/security', cookie });
    expect(security.json().twoFactorEnabled).toBe(true);
    return { secret: secret as string, recoveryCodes: recoveryCodes as string[], cookie };
  }

  it('enrols TOTP, then signs in with password and code; wrong and replayed codes are refused generically', async () => {
    const { secret } = await enrol('mitarbeiter@stadtwerke.test');
    const challenge = await passwordStep('mitarbeiter@stadtwerke.test');
    // Without the code there is no session.
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: challenge })).statusCode).toBe(401);
    const wrong = await codeStep(challenge, '123456');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'code_failed', message: CODE_FAILED } });
    const code = await totpCode(secret, 0);
    const ok = await codeStep(challenge, code);
    expect(ok.statusCode).toBe(200);
    const session = sessionCookie(ok);
    const me = await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: session });
    expect(me.json()).toMatchObject({ user: { email: 'mitarbeiter@stadtwerke.test' }, twoFactorEnabled: true });

    // The same code once more, on a fresh challenge: refused, and no session is left behind.
    const before = await countSessions('mitarbeiter@stadtwerke.test');
    const replay = await codeStep(await passwordStep('mitarbeiter@stadtwerke.test'), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(CODE_FAILED);
    expect(sessionCookie(replay)).toBe('');
    expect(await countSessions('mitarbeiter@stadtwerke.test')).toBe(before);
    // A challenge is single-use: after a success it opens nothing more.
    const again = await codeStep(challenge, await totpCode(secret, 1));
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(CODE_FAILED);
  });

  it('a recovery code signs in once; re-authentication guards removal; an admin reset is audited', async () => {
    const email = 'fuhrpark@stadtwerke.test';
    const { recoveryCodes, cookie } = await enrol(email);
    const first = await codeStep(await passwordStep(email), recoveryCodes[0]!, 'recovery');
    expect(first.statusCode).toBe(200);
    expect(sessionCookie(first)).not.toBe('');
    const reused = await codeStep(await passwordStep(email), recoveryCodes[0]!, 'recovery');
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.message).toBe(CODE_FAILED);

    // Removing the factor needs the password again.
    const refused = await t.call(SW, {
      method: 'POST',
      url: '/api/session/two-factor/disable',
      cookie,
      payload: { password: 'falsch-falsch' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Das aktuelle Passwort ist nicht korrekt.');
    const noBody = await t.call(SW, { method: 'POST', url: '/api/session/two-factor/disable', cookie, payload: {} });
    expect(noBody.statusCode).toBe(400);
    expect((await t.call(SW, { method: 'GET', url: '/api/session/security', cookie })).json().twoFactorEnabled).toBe(true);

    // The admin resets the lost factor; the person signs in with the password alone, the trail names it.
    const admin = await t.login(SW, 'admin@stadtwerke.test');
    const id = await memberId(email);
    const detail = async () => (await t.call(SW, { method: 'GET', url: `/api/users/${id}`, cookie: admin })).json().secondFactor;
    expect(await detail()).toBe(true);
    const reset = await t.call(SW, { method: 'POST', url: `/api/users/${id}/second-factor/reset`, cookie: admin });
    expect(reset.statusCode).toBe(200);
    expect(await detail()).toBe(false);
    expect(await t.login(SW, email)).toMatch(/^buchbar\.session_token=/);
    const trail = await t.database.db.execute(
      sql`select actor_name, subject_name, changes from audit_log where subject_id = ${id} and changes::text like '%zweiterFaktor%'`,
    );
    expect((trail as unknown as { rows: unknown[] }).rows).toEqual([
      {
        actor_name: expect.any(String),
        subject_name: expect.any(String),
        changes: [{ field: 'zweiterFaktor', old: 'eingerichtet', new: 'zurückgesetzt' }],
      },
    ]);
    // Not across tenants: the library's admin cannot reset a Stadtwerke member.
    const foreign = await t.call(UB, {
      method: 'POST',
      url: `/api/users/${id}/second-factor/reset`,
      cookie: await t.login(UB, 'admin@bibliothek.test'),
    });
    expect([403, 404]).toContain(foreign.statusCode);
  });

  it('removes the own factor after re-authentication', async () => {
    const email = 'freigabe@stadtwerke.test';
    const { cookie } = await enrol(email);
    const off = await t.call(SW, { method: 'POST', url: '/api/session/two-factor/disable', cookie, payload: { password: PASSWORD } });
    expect(off.statusCode).toBe(200);
    expect(await t.login(SW, email)).toMatch(/^buchbar\.session_token=/);
  });

  it('100 wrong codes from many addresses never get in and lock the account, with one message throughout', async () => {
    const email = 'pruefer@stadtwerke.test';
    const { secret } = await enrol(email);
    const answers = new Set<string>();
    let challenge = '';
    for (let i = 0; i < 100; i++) {
      const ip = `10.1.${Math.floor(i / 5)}.1`;
      if (i % 5 === 0) challenge = await passwordStep(email, ip);
      const res = await codeStep(challenge, String(100000 + i), 'totp', ip);
      expect(res.statusCode).toBe(401);
      expect(sessionCookie(res)).toBe('');
      answers.add(res.body);
    }
    expect([...answers]).toEqual([JSON.stringify({ error: { code: 'code_failed', message: CODE_FAILED } })]);
    // Locked: even the right code is refused now, with the same message.
    const locked = await codeStep(await passwordStep(email, '10.2.0.1'), await totpCode(secret), 'totp', '10.2.0.1');
    expect(locked.statusCode).toBe(401);
    expect(locked.json().error.message).toBe(CODE_FAILED);
  });

  it('limits codes per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await codeStep('buchbar.two_factor=nichts', '654321', 'totp', '10.3.0.1')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('an unknown address gets the same answer as a wrong password, also for members with a second factor', async () => {
    const unknown = await t.call(SW, {
      method: 'POST',
      url: '/api/session/login',
      payload: { email: 'niemand@stadtwerke.test', password: PASSWORD },
    });
    expect(unknown.json()).toEqual({ error: { code: 'login_failed', message: LOGIN_FAILED } });
  });

  it('lists the own sessions and ends one; the ended cookie is worthless at the next request', async () => {
    const email = 'admin@tourismus.test';
    const a = await t.login('tourismus.localhost', email);
    const b = await t.login('tourismus.localhost', email);
    const list = await t.call('tourismus.localhost', { method: 'GET', url: '/api/session/security', cookie: a });
    const sessions = list.json().sessions as { id: string; current: boolean }[];
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(decodeURIComponent(a.split('=')[1]!).split('.')[0]);
    // Warm the cache of b, then end b from a.
    expect((await t.call('tourismus.localhost', { method: 'GET', url: '/api/session/me', cookie: b })).statusCode).toBe(200);
    const other = sessions.find((s) => !s.current)!;
    const bList = await t.call('tourismus.localhost', { method: 'GET', url: '/api/session/security', cookie: b });
    const bId = (bList.json().sessions as { id: string; current: boolean }[]).find((s) => s.current)!.id;
    expect(other).toBeDefined();
    const end = await t.call('tourismus.localhost', { method: 'DELETE', url: `/api/session/sessions/${bId}`, cookie: a });
    expect(end.statusCode).toBe(200);
    expect((await t.call('tourismus.localhost', { method: 'GET', url: '/api/session/me', cookie: b })).statusCode).toBe(401);
    expect((await t.call('tourismus.localhost', { method: 'GET', url: '/api/session/me', cookie: a })).statusCode).toBe(200);
    // Someone else's session id: not found, nothing ended.
    const strangers = await t.login(SW, 'admin@stadtwerke.test');
    const foreignId = (await t.call(SW, { method: 'GET', url: '/api/session/security', cookie: strangers })).json().sessions[0].id;
    const foreign = await t.call('tourismus.localhost', { method: 'DELETE', url: `/api/session/sessions/${foreignId}`, cookie: a });
    expect(foreign.statusCode).toBe(404);
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie: strangers })).statusCode).toBe(200);
  });

  it('withholds admin permissions until the admin enrols, when the tenant requires a second factor', async () => {
    const admin = await t.login(UB, 'admin@bibliothek.test');
    const set = await t.call(UB, {
      method: 'PUT',
      url: '/api/settings/zweiterFaktorFuerAdmins',
      cookie: admin,
      payload: { layer: 'MANDANT', value: true },
    });
    expect(set.statusCode).toBe(200);
    const me = (await t.call(UB, { method: 'GET', url: '/api/session/me', cookie: admin })).json();
    expect(me).toMatchObject({ isAdmin: false, secondFactorMissing: true, twoFactorEnabled: false });
    const reader = (await t.call(UB, { method: 'GET', url: '/api/session/me', cookie: await t.login(UB, 'leser@bibliothek.test') })).json();
    expect(reader.secondFactorMissing).toBe(false);
  });

  async function countSessions(email: string): Promise<number> {
    const r = await t.database.db.execute(
      sql`select count(*)::int as n from auth_session s join auth_user u on u.id = s.user_id where u.email = ${email}`,
    );
    return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  async function memberId(email: string): Promise<string> {
    const r = await t.database.db.execute(sql`select id from users where email = ${email} limit 1`);
    return (r as unknown as { rows: { id: string }[] }).rows[0]!.id;
  }
});
