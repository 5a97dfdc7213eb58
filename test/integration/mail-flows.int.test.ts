import { undeliveredMails } from '@server/areas/operations/operator-outbox';
import { RECOVERY_SENT } from '@server/areas/session/passwords';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { extractLink, startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';

const SW = 'stadtwerke.localhost';
const UB = 'bibliothek.localhost';

describe.each(DB_KINDS)('password recovery, invitation and e-mail confirmation over real SMTP on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('recovers a forgotten password through the mailed link, and the old password stops working', async () => {
    const res = await t.call(SW, {
      method: 'POST',
      url: '/api/session/password/forgot',
      payload: { email: 'mitarbeiter@stadtwerke.test' },
    });
    expect(res.json()).toEqual({ ok: true, message: RECOVERY_SENT });
    const mail = await smtp.waitFor('mitarbeiter@stadtwerke.test', 'Passwort zurücksetzen');
    expect(mail.subject).toBe('Buchbar – Passwort zurücksetzen (Stadtwerke Musterstadt)');
    expect(mail.text).toContain('Hallo Max Mustermann');
    const link = new URL(extractLink(mail.text, '/auth/recovery'));
    // The link leads back to the tenant's own host.
    expect(link.host).toBe(SW);
    const token = link.searchParams.get('token')!;

    const reset = await t.call(SW, { method: 'POST', url: '/api/session/password/reset', payload: { token, password: 'NeuesPasswort!1' } });
    expect(reset.statusCode).toBe(200);
    await expect(t.login(SW, 'mitarbeiter@stadtwerke.test', 'NeuesPasswort!1')).resolves.toMatch(/session_token/);
    await expect(t.login(SW, 'mitarbeiter@stadtwerke.test')).rejects.toThrow(/401/);

    const reuse = await t.call(SW, { method: 'POST', url: '/api/session/password/reset', payload: { token, password: 'NochEinsNeu!2' } });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.message).toBe('Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.');
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await t.call(SW, { method: 'POST', url: '/api/session/password/forgot', payload: { email: 'niemand@stadtwerke.test' } });
    expect(res.json()).toEqual({ ok: true, message: RECOVERY_SENT });
    // A member of another tenant gets nothing from this tenant's domain either.
    await t.call(SW, { method: 'POST', url: '/api/session/password/forgot', payload: { email: 'leser@bibliothek.test' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(before);
  });

  it('invites a user: the link opens /leseraum/passwort and sets a first password', async () => {
    const admin = await t.login(UB, 'admin@bibliothek.test');
    const users = (await t.call(UB, { method: 'GET', url: '/api/users', cookie: admin })).json().users as { id: string; email: string }[];
    const leser = users.find((u) => u.email === 'leser@bibliothek.test')!;
    const res = await t.call(UB, { method: 'POST', url: `/api/users/${leser.id}/invitation`, cookie: admin });
    expect(res.json()).toEqual({ ok: true, message: 'Die Einladung wurde versendet.' });
    const mail = await smtp.waitFor('leser@bibliothek.test', 'Ihre Einladung');
    expect(mail.subject).toBe('Buchbar – Ihre Einladung (Universitätsbibliothek Musterstadt)');
    const link = new URL(extractLink(mail.text, '/leseraum/passwort'));
    const set = await t.call(UB, {
      method: 'POST',
      url: '/api/session/password/reset',
      payload: { token: link.searchParams.get('token')!, password: 'Lesesaal2026!' },
    });
    expect(set.statusCode).toBe(200);
    await expect(t.login(UB, 'leser@bibliothek.test', 'Lesesaal2026!')).resolves.toMatch(/session_token/);
  });

  it('confirms an e-mail address through the mailed /auth/confirm link', async () => {
    await t.database.db.execute(sql`update auth_user set email_verified = false where email = 'freigabe@stadtwerke.test'`);
    const cookie = await t.login(SW, 'freigabe@stadtwerke.test');
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie })).json().user.emailVerified).toBe(false);
    await t.call(SW, { method: 'POST', url: '/api/session/email/send-confirmation', cookie });
    const mail = await smtp.waitFor('freigabe@stadtwerke.test', 'E-Mail-Adresse bestätigen');
    const link = new URL(extractLink(mail.text, '/auth/confirm'));
    const res = await t.call(SW, {
      method: 'POST',
      url: '/api/session/email/confirm',
      payload: { token: link.searchParams.get('token')! },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.call(SW, { method: 'GET', url: '/api/session/me', cookie })).json().user.emailVerified).toBe(true);
  });

  it('writes the mail in English for a user who chose en-us', async () => {
    const cookie = await t.login(SW, 'fuhrpark@stadtwerke.test');
    await t.call(SW, { method: 'PUT', url: '/api/session/locale', cookie, payload: { locale: 'en-us' } });
    await t.call(SW, { method: 'POST', url: '/api/session/password/forgot', payload: { email: 'fuhrpark@stadtwerke.test' } });
    const mail = await smtp.waitFor('fuhrpark@stadtwerke.test', 'reset your password');
    expect(mail.subject).toBe('Buchbar – reset your password (Stadtwerke Musterstadt)');
    expect(mail.text).toContain('Hello Felix Fuhrmann');
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('keeps the mail in the outbox table instead of losing it, its link sealed; the operator reads it and the link works', async () => {
    await t.call(SW, { method: 'POST', url: '/api/session/password/forgot', payload: { email: 'admin@stadtwerke.test' } });
    // The link is written after the answer (decision 189).
    type Rows = {
      rows: {
        to: string;
        subject: string;
        status: string;
        text: string;
        html: string;
        sealed_body: string | null;
        sealed_until: unknown;
      }[];
    };
    let rows: Rows = { rows: [] };
    for (let i = 0; i < 100 && rows.rows.length === 0; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100));
      rows = (await t.database.db.execute(
        sql`select "to", subject, status, text, html, sealed_body, sealed_until from mail_outbox`,
      )) as unknown as Rows;
    }
    expect(rows.rows).toHaveLength(1);
    const row = rows.rows[0]!;
    expect(row).toMatchObject({
      to: 'admin@stadtwerke.test',
      subject: 'Buchbar – Passwort zurücksetzen (Stadtwerke Musterstadt)',
      status: 'wartend',
    });
    // the readable body has a placeholder, the link is only sealed (decision 190)
    expect(row.text).toContain('Neues Passwort vergeben: [Link entfernt]');
    expect(`${row.text}${row.html}`).not.toMatch(/token=/);
    expect(row.sealed_body).toMatch(/^v1\./);
    expect(row.sealed_until).not.toBeNull();

    const [held] = (await undeliveredMails(t.deps, 'stadtwerke'))!;
    expect(held).toMatchObject({ to: 'admin@stadtwerke.test', status: 'wartend', revealed: true });
    const token = new URL(extractLink(held!.text, '/auth/recovery')).searchParams.get('token');
    const reset = await t.call(SW, { method: 'POST', url: '/api/session/password/reset', payload: { token, password: 'Operator!2026x' } });
    expect(reset.statusCode).toBe(200);
    await expect(t.login(SW, 'admin@stadtwerke.test', 'Operator!2026x')).resolves.toMatch(/session_token/);
  });
});
