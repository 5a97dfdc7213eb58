import { execFile } from 'node:child_process';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { undeliveredMails } from '@server/areas/operations/operator-outbox';
import { dropExpiredSealedBodies } from '@server/kernel/mail/outbox-repository';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, type DbKind } from '../support/databases';
import { withDatabase } from '../support/global-setup';
import { type ReceivedMail, startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { dayAt, mailTo, SW, TI, UB } from './vehicle-support';

/**
 * Decision 190: the secrets Buchbar mails (links with tokens, sign-in codes)
 * reach the recipient, but never rest readable in the database — so a backup
 * opens no guest booking and no account — and never appear in the log.
 */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Every row of every table as text: what a dump of the database would show. */
async function dumpOf(t: TestApp, kind: DbKind): Promise<string> {
  if (kind === 'postgres') {
    const [{ name }] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`)) as [{ name: string }];
    const { stdout } = await promisify(execFile)('pg_dump', ['--no-owner', withDatabase(process.env.DATABASE_URL!, name)], {
      maxBuffer: 512 * 1024 * 1024,
    });
    return stdout;
  }
  const tables = rowsOf<{ s: string; n: string }>(
    await t.database.db.execute(
      sql`select table_schema as s, table_name as n from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    ),
  );
  const parts: string[] = [];
  for (const { s, n } of tables) {
    const rows = rowsOf<{ r: string }>(await t.database.db.execute(sql.raw(`select x::text as r from "${s}"."${n}" x`)));
    parts.push(...rows.map((r) => r.r));
  }
  return parts.join('\n');
}

/** How often a secret occurs, in the forms a dump could hold it: as is, URL-encoded, as bytea hex. */
function occurrences(dump: string, secret: string): number {
  const forms = [...new Set([secret, encodeURIComponent(secret), Buffer.from(secret).toString('hex')])];
  // Digits only (a sign-in code) count where no other digit or letter touches them, so a timestamp's
  // fraction or a hash that happens to contain the same six digits is not taken for the code.
  const pattern = (f: string) =>
    /^\d+$/.test(f) ? new RegExp(`(?<![0-9A-Za-z.])${f}(?![0-9A-Za-z])`, 'g') : new RegExp(f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
  return forms.reduce((n, f) => n + (dump.match(pattern(f))?.length ?? 0), 0);
}

const tokenOf = (m: ReceivedMail, param: 'token' | 'anfrage') => {
  const match = m.text.match(new RegExp(`[?&]${param}=([A-Za-z0-9_.%-]+)`));
  if (!match) throw new Error(`kein Link mit ${param} in der Mail: ${m.text}`);
  return decodeURIComponent(match[1]!);
};
const codeOf = (m: ReceivedMail) => {
  const match = /lautet (\d{6})/.exec(m.text);
  if (!match) throw new Error(`kein Code in der Mail: ${m.text}`);
  return match[1]!;
};

describe.each(DB_KINDS)('secrets in mails on %s', (kind) => {
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

  it('after delivery, no dump of the database holds a link token or a sign-in code the recipients got', async () => {
    const before = await dumpOf(t, kind);
    const secrets: Record<string, string> = {};

    // a guest booking by the reception: the cancellation link
    const reception = await t.login(TI, 'empfang@tourismus.test');
    const tiAdmin = await t.login(TI, 'admin@tourismus.test');
    await t.call(TI, {
      method: 'PUT',
      url: '/api/settings/fahrzeugGastBestaetigungNoetig',
      cookie: tiAdmin,
      payload: { layer: 'MANDANT', value: false },
    });
    const bikes = (await t.call(TI, { method: 'GET', url: '/api/guest-bookings/vehicles', cookie: reception })).json().vehicles;
    const guest = await t.call(TI, {
      method: 'POST',
      url: '/api/guest-bookings',
      cookie: reception,
      payload: {
        vehicleId: bikes[6].id,
        von: dayAt(4, '10:00'),
        bis: dayAt(4, '14:00'),
        guestName: 'Gisela Geheim',
        guestEmail: `gisela.${kind}@example.org`,
      },
    });
    expect(guest.statusCode, guest.body).toBe(201);
    secrets.cancellation = tokenOf(await mailTo(smtp, `gisela.${kind}@example.org`, 'Ihre Buchung'), 'token');

    // the public rental: the request's confirmation link, then the booking's cancellation link
    const visitor = `vera.${kind}@example.org`;
    const day = dayAt(8, '12:00').slice(0, 10);
    const headers = { 'x-forwarded-for': '198.51.100.190' };
    const request = await t.call(TI, {
      method: 'POST',
      url: '/api/public/rental/requests',
      headers,
      payload: { bike: 'Rad 07', day, from: '10:00', to: '12:00', name: 'Vera Verleih', email: visitor },
    });
    expect(request.statusCode, request.body).toBe(202);
    secrets.publicConfirmation = tokenOf(await mailTo(smtp, visitor, 'bitte bestätigen Sie Ihre Radanfrage'), 'anfrage');
    const confirmed = await t.call(TI, {
      method: 'POST',
      url: '/api/public/rental/requests/confirm',
      headers,
      payload: { token: secrets.publicConfirmation },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    secrets.publicCancellation = tokenOf(await mailTo(smtp, visitor, 'Ihre Buchung'), 'token');

    // an invitation and a password reset link
    const ubAdmin = await t.login(UB, 'admin@bibliothek.test');
    const users = (await t.call(UB, { method: 'GET', url: '/api/users', cookie: ubAdmin })).json().users as { id: string; email: string }[];
    const leser = users.find((u) => u.email === 'leser@bibliothek.test')!;
    expect((await t.call(UB, { method: 'POST', url: `/api/users/${leser.id}/invitation`, cookie: ubAdmin })).statusCode).toBe(200);
    secrets.invitation = tokenOf(await mailTo(smtp, 'leser@bibliothek.test', 'Ihre Einladung'), 'token');
    await t.call(SW, { method: 'POST', url: '/api/session/password/forgot', payload: { email: 'mitarbeiter@stadtwerke.test' } });
    secrets.passwordReset = tokenOf(await mailTo(smtp, 'mitarbeiter@stadtwerke.test', 'Passwort zurücksetzen'), 'token');

    // an e-mail sign-in code (the library allows them)
    const codeRequest = await t.call(UB, {
      method: 'POST',
      url: '/api/session/email-code/request',
      payload: { email: 'leser@bibliothek.test' },
      headers: { 'x-forwarded-for': '198.51.100.191' },
    });
    expect(codeRequest.statusCode, codeRequest.body).toBe(200);
    const codeMail = await mailTo(smtp, 'leser@bibliothek.test', 'Anmeldecode');
    secrets.signInCode = codeOf(codeMail);
    // the subject shows on lock screens: none of the code's digits in it
    expect(codeMail.subject).toBe('Ihr Anmeldecode für Buchbar (Universitätsbibliothek Musterstadt)');
    expect(codeMail.subject).not.toMatch(/\d/);

    expect(Object.keys(secrets)).toHaveLength(6);
    // every mail above is delivered (the outbox marks it after the server took it)
    const deadline = Date.now() + 10_000;
    while (
      rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from mail_outbox where status <> 'gesendet'`))[0]!.n >
        0 &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const outbox = rowsOf<{ text: string; sealed_body: string | null }>(
      await t.database.db.execute(sql`select text, sealed_body from mail_outbox where "to" = ${visitor}`),
    );
    expect(outbox.map((m) => m.text.includes('[Link entfernt]'))).toEqual([true, true]);
    expect(outbox.map((m) => m.sealed_body)).toEqual([null, null]);

    const after = await dumpOf(t, kind);
    expect(after.length).toBeGreaterThan(100_000);
    const found = Object.entries(secrets).filter(([, s]) => occurrences(after, s) > occurrences(before, s));
    expect(found.map(([name]) => name)).toEqual([]);
  });
});

describe('secrets in mails without SMTP_URL', () => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        logged.push(String(chunk));
        done();
      },
    });
    t = await startTestApp('pglite', { log: pino({ level: 'info' }, sink) });
  });
  afterAll(() => t?.close());

  it('keeps them sealed in the outbox and out of the log; the operator reads them until they expire', async () => {
    await t.call(UB, {
      method: 'POST',
      url: '/api/session/email-code/request',
      payload: { email: 'leser@bibliothek.test' },
      headers: { 'x-forwarded-for': '198.51.100.192' },
    });
    await t.call(UB, { method: 'POST', url: '/api/session/password/forgot', payload: { email: 'leser@bibliothek.test' } });
    // Both mails are written right after the answer (decision 189): wait for them.
    let held = (await undeliveredMails(t.deps, 'bibliothek'))!;
    for (let i = 0; i < 100 && held.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      held = (await undeliveredMails(t.deps, 'bibliothek'))!;
    }
    expect(held.map((m) => [m.subject, m.status, m.revealed])).toEqual([
      ['Buchbar – Passwort zurücksetzen (Universitätsbibliothek Musterstadt)', 'wartend', true],
      ['Ihr Anmeldecode für Buchbar (Universitätsbibliothek Musterstadt)', 'wartend', true],
    ]);
    const token = new URL(/https?:\/\/\S+/.exec(held[0]!.text)![0]).searchParams.get('token')!;
    const code = /lautet (\d{6})/.exec(held[1]!.text)![1]!;
    // the code the operator read signs in
    const login = await t.call(UB, {
      method: 'POST',
      url: '/api/session/email-code/login',
      payload: { email: 'leser@bibliothek.test', code },
      headers: { 'x-forwarded-for': '198.51.100.192' },
    });
    expect(login.statusCode, login.body).toBe(200);

    const log = logged.join('');
    expect(log).toContain('Mail im Postausgang (kein SMTP_URL gesetzt); lesen mit npm run operator -- mails');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));

    const stored = rowsOf<{ text: string; html: string; sealed_body: string }>(
      await t.database.db.execute(sql`select text, html, sealed_body from mail_outbox where "to" = 'leser@bibliothek.test'`),
    );
    expect(stored).toHaveLength(2);
    for (const m of stored) {
      expect(`${m.text}${m.html}`).not.toContain(token);
      expect(`${m.text}${m.html}`).not.toContain(code);
      expect(m.sealed_body).toMatch(/^v1\./);
    }
    const texts = stored.map((m) => m.text).join('\n');
    expect(texts).toContain('lautet [Code entfernt].');
    expect(texts).toContain('Neues Passwort vergeben: [Link entfernt]');

    // once the secrets stopped working, the job drops even the sealed copy; the operator sees placeholders
    expect(await dropExpiredSealedBodies(t.database.db, new Date())).toBe(0);
    expect((await undeliveredMails(t.deps, 'bibliothek'))!.every((m) => m.revealed)).toBe(true);
    await t.database.db.execute(sql`update mail_outbox set sealed_until = now() - interval '1 minute'`);
    expect(await dropExpiredSealedBodies(t.database.db, new Date())).toBe(2);
    const left = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from mail_outbox where sealed_body is not null`),
    );
    expect(left[0]!.n).toBe(0);
    const expired = (await undeliveredMails(t.deps, 'bibliothek'))!;
    expect(expired.map((m) => m.revealed)).toEqual([false, false]);
    expect(expired[1]!.text).toContain('lautet [Code entfernt].');
  });
});
