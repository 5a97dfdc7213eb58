import { EMAIL_CODE_SENT } from '@server/areas/session/email-code';
import { CODE_FAILED } from '@server/areas/session/second-factor';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startSmtpServer } from '../support/smtp';
import { BEHIND_LOCAL_PROXY, startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const UB = 'bibliothek.localhost';

describe.each(DB_KINDS)('sign-in with an e-mail code on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url, env: BEHIND_LOCAL_PROXY });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const request = (host: string, email: string, ip = '10.9.0.1') =>
    t.call(host, { method: 'POST', url: '/api/session/email-code/request', payload: { email }, headers: { 'x-forwarded-for': ip } });
  const codeLogin = (host: string, email: string, code: string, ip = '10.9.0.1') =>
    t.call(host, { method: 'POST', url: '/api/session/email-code/login', payload: { email, code }, headers: { 'x-forwarded-for': ip } });
  const codeOf = (text: string) => /lautet (\d{6})/.exec(text)?.[1] ?? '';

  async function switchOn(host: string, adminEmail: string) {
    const admin = await t.login(host, adminEmail);
    const res = await t.call(host, {
      method: 'PUT',
      url: '/api/settings/anmeldungPerEmailCode',
      cookie: admin,
      payload: { layer: 'MANDANT', value: true },
    });
    expect(res.statusCode).toBe(200);
  }

  it('is off unless the tenant switches it on', async () => {
    expect((await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().emailCodeSignIn).toBe(false);
    const res = await request(SW, 'mitarbeiter@stadtwerke.test');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Die Anmeldung mit E-Mail-Code ist hier nicht eingeschaltet.');
  });

  it('mails a short-lived code that signs in once; wrong codes are refused generically', async () => {
    await switchOn(SW, 'admin@stadtwerke.test');
    expect((await t.call(SW, { method: 'GET', url: '/api/tenant' })).json().emailCodeSignIn).toBe(true);
    const sent = await request(SW, 'mitarbeiter@stadtwerke.test');
    expect(sent.json()).toEqual({ ok: true, message: EMAIL_CODE_SENT });
    const mail = await smtp.waitFor('mitarbeiter@stadtwerke.test', 'Anmeldecode');
    // the code is only in the body: a subject shows on lock screens
    expect(mail.subject).toBe('Ihr Anmeldecode für Buchbar (Stadtwerke Musterstadt)');
    expect(mail.text).toContain('Er gilt 10 Minuten und nur einmal.');
    const code = codeOf(mail.text);
    const wrong = await codeLogin(SW, 'mitarbeiter@stadtwerke.test', code === '111111' ? '222222' : '111111');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'code_failed', message: CODE_FAILED } });
    const ok = await codeLogin(SW, 'mitarbeiter@stadtwerke.test', code);
    expect(ok.statusCode).toBe(200);
    const cookie = ([] as string[])
      .concat(ok.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0]!)
      .filter((c) => c.startsWith('buchbar.session_token='))
      .join('; ');
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie })).json().user.email).toBe('mitarbeiter@stadtwerke.test');
    const replay = await codeLogin(SW, 'mitarbeiter@stadtwerke.test', code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(CODE_FAILED);
  });

  it('a code dies after three wrong tries', async () => {
    await request(SW, 'fuhrpark@stadtwerke.test', '10.9.1.1');
    const mail = await smtp.waitFor('fuhrpark@stadtwerke.test', 'Anmeldecode');
    const code = codeOf(mail.text);
    const other = code === '000000' ? '999999' : '000000';
    for (let i = 0; i < 3; i++) expect((await codeLogin(SW, 'fuhrpark@stadtwerke.test', other, '10.9.1.1')).statusCode).toBe(401);
    const late = await codeLogin(SW, 'fuhrpark@stadtwerke.test', code, '10.9.1.1');
    expect(late.statusCode).toBe(401);
    expect(late.json().error.message).toBe(CODE_FAILED);
  });

  it('mails no code to a person with a second factor', async () => {
    await t.database.db.execute(sql`update auth_user set two_factor_enabled = true where email = 'freigabe@stadtwerke.test'`);
    const before = smtp.mails.length;
    const res = await request(SW, 'freigabe@stadtwerke.test', '10.9.4.1');
    expect(res.json()).toEqual({ ok: true, message: EMAIL_CODE_SENT });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(before);
  });

  it('answers unknown addresses and other tenants alike and mails nothing; requests are rate-limited', async () => {
    const before = smtp.mails.length;
    for (const email of ['niemand@stadtwerke.test', 'leser@bibliothek.test']) {
      const res = await request(SW, email, '10.9.2.1');
      expect(res.json()).toEqual({ ok: true, message: EMAIL_CODE_SENT });
      expect((await codeLogin(SW, email, '123456', '10.9.2.1')).json().error.message).toBe(CODE_FAILED);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(before);
    // On at the library (demo data), but a Stadtwerke person gets nothing there.
    expect((await t.call(UB, { method: 'GET', url: '/api/tenant' })).json().emailCodeSignIn).toBe(true);
    expect((await request(UB, 'mitarbeiter@stadtwerke.test', '10.9.2.2')).json()).toEqual({ ok: true, message: EMAIL_CODE_SENT });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(before);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await request(SW, 'niemand@stadtwerke.test', '10.9.3.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
