import { addDays, berlinDay } from '@domain/vehicle-time';
import { cleanUpBackgroundExports } from '@server/areas/logbook/background-export';
import { sendDueLogbookReports } from '@server/areas/logbook/logbook-reports';
import { createMailer } from '@server/kernel/mail/mailer';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { pdfText } from '../support/pdf-text';
import { attachmentsOf, type ReceivedMail, startSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import { SW, TI } from './vehicle-support';

/** The cells of the first sheet's first rows, as text. */
async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.getWorksheet('Fahrtenbuch')!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
  });
  return rows;
}

const germanDay = (day: string) => day.split('-').reverse().join('.');
const squash = (s: string) => s.replace(/\s+/g, '');

describe.each(DB_KINDS)('logbook report mails and background exports on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;
  let fleet: string;
  let booker: string;
  let foreign: string;
  const addresses = ['bericht@steuerbuero.test', 'fuhrpark@stadtwerke.test'];
  // The month before this one: the demo logbook has trips in it.
  const now = new Date();
  const thisMonth = `${berlinDay(now).slice(0, 7)}-01`;
  const lastMonth = `${addDays(thisMonth, -1).slice(0, 7)}-01`;
  const lastMonthEnd = addDays(thisMonth, -1);

  const reportsTo = (address: string) =>
    smtp.mails.filter((m) => m.to.includes(address) && (m.subject.includes('Fahrtenbuch-Bericht') || m.subject.includes('logbook report')));
  const outboxCount = async (status: string) => {
    const r = await t.database.db.execute(
      sql`select count(*)::int as n from mail_outbox m where m.status = ${status} and exists (select 1 from mail_outbox_attachments a where a.mail_id = m.id)`,
    );
    return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp(kind, { smtpUrl: smtp.url });
    [admin, fleet, booker, foreign] = await Promise.all([
      t.login(SW, 'admin@stadtwerke.test'),
      t.login(SW, 'fuhrpark@stadtwerke.test'),
      t.login(SW, 'mitarbeiter@stadtwerke.test'),
      t.login(TI, 'admin@tourismus.test'),
    ]);
    const put = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugReportMailadressen',
      cookie: admin,
      payload: { layer: 'MANDANT', value: addresses },
    });
    expect(put.statusCode, put.body).toBe(200);
    // the fleet manager reads English: their copy of the report mail is in English
    await t.call(SW, { method: 'PUT', url: '/api/settings/sprache', cookie: fleet, payload: { layer: 'BENUTZER', value: 'en-us' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('the report job mails the last month once per address with PDF and Excel; a failed delivery is retried from the outbox', async () => {
    // SMTP down: the mails stay in the outbox with their attachments
    const working = t.deps.mailer;
    t.deps.mailer = createMailer({
      db: t.database.db,
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'buchbar@test',
      log: pino({ level: 'silent' }),
      appSecret: t.deps.config.appSecret,
    });
    try {
      expect(await sendDueLogbookReports(t.deps, now)).toBe(2);
    } finally {
      t.deps.mailer.close();
      t.deps.mailer = working;
    }
    expect(await outboxCount('fehler')).toBe(2);
    expect(reportsTo(addresses[0]!)).toHaveLength(0);

    // the next run delivers them, and only them
    expect(await sendDueLogbookReports(t.deps, now)).toBe(0);
    const mail = await smtp.waitFor(addresses[0]!, /Fahrtenbuch-Bericht|logbook report/);
    await smtp.waitFor(addresses[1]!, /Fahrtenbuch-Bericht|logbook report/);
    expect(await outboxCount('fehler')).toBe(0);
    expect(await sendDueLogbookReports(t.deps, now)).toBe(0);
    expect(reportsTo(addresses[0]!)).toHaveLength(1);
    expect(reportsTo(addresses[1]!)).toHaveLength(1);

    expect(mail.subject).toBe(`Buchbar – Fahrtenbuch-Bericht ${germanDay(lastMonth)} – ${germanDay(lastMonthEnd)}`);
    expect(reportsTo(addresses[1]!)[0]!.subject).toBe(`Buchbar – logbook report ${germanDay(lastMonth)} – ${germanDay(lastMonthEnd)}`);
    const files = attachmentsOf(mail.raw);
    expect(files.map((f) => f.filename).sort()).toEqual([
      `fahrtenbuch-${lastMonth}-bis-${lastMonthEnd}.pdf`,
      `fahrtenbuch-${lastMonth}-bis-${lastMonthEnd}.xlsx`,
    ]);
    const rows = await xlsxRows(files.find((f) => f.filename.endsWith('.xlsx'))!.content);
    expect(rows[1]![0]).toBe('Fahrtenbuch Stadtwerke Musterstadt');
    expect(rows[2]![0]).toBe('Fahrzeug: Alle Fahrzeuge');
    expect(rows[3]![0]).toBe(`Zeitraum: ${germanDay(lastMonth)} – ${germanDay(lastMonthEnd)}`);
    // demo trips of last month are in it, each dated inside the month
    const trips = rows.slice(4).filter((r) => /^\d\d\.\d\d\.\d{4}$/.test(r[0] ?? ''));
    expect(trips.length).toBeGreaterThan(0);
    for (const r of trips) expect(r[0]!.slice(3)).toBe(germanDay(lastMonth).slice(3));
    expect(rows.some((r) => r[0] === 'Summe dienstlich')).toBe(true);
    const text = squash(pdfText(files.find((f) => f.filename.endsWith('.pdf'))!.content));
    expect(text).toContain(squash('Fahrtenbuch Stadtwerke Musterstadt'));
    expect(text).toContain(squash(`Zeitraum: ${germanDay(lastMonth)} – ${germanDay(lastMonthEnd)}`));
    expect(text).toContain(squash('Summe dienstlich'));
    expect(text).toContain(trips[0]![4]!.replace(/\s+/g, ''));
  });

  it('periods missed while the server was down are sent after the next start, oldest first', async () => {
    const nextMonth = `${addDays(thisMonth, 40).slice(0, 7)}-01`;
    const monthAfter = `${addDays(nextMonth, 40).slice(0, 7)}-01`;
    // the server comes back on the first day of the month after next: this month and next month are due
    const later = new Date(`${monthAfter}T12:00:00Z`);
    const before = reportsTo(addresses[0]!).length;
    expect(await sendDueLogbookReports(t.deps, later)).toBe(4);
    expect(await sendDueLogbookReports(t.deps, later)).toBe(0);
    const subjects = reportsTo(addresses[0]!)
      .slice(before)
      .map((m: ReceivedMail) => m.subject);
    expect(subjects).toEqual([
      `Buchbar – Fahrtenbuch-Bericht ${germanDay(thisMonth)} – ${germanDay(addDays(nextMonth, -1))}`,
      `Buchbar – Fahrtenbuch-Bericht ${germanDay(nextMonth)} – ${germanDay(addDays(monthAfter, -1))}`,
    ]);
  });

  it('a report for any period by hand: fleet managers with report rights, to the report addresses', async () => {
    const before = reportsTo(addresses[0]!).length;
    const res = await t.call(SW, {
      method: 'POST',
      url: '/api/logbook/reports',
      cookie: fleet,
      payload: { from: lastMonth, to: lastMonthEnd },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().recipients).toEqual(addresses);
    expect(reportsTo(addresses[0]!)).toHaveLength(before + 1);
    const denied = await t.call(SW, {
      method: 'POST',
      url: '/api/logbook/reports',
      cookie: booker,
      payload: { from: lastMonth, to: lastMonthEnd },
    });
    expect(denied.statusCode).toBe(403);
    // admin reads German (the fleet manager chose English)
    const reversed = await t.call(SW, {
      method: 'POST',
      url: '/api/logbook/reports',
      cookie: admin,
      payload: { from: lastMonthEnd, to: lastMonth },
    });
    expect([reversed.statusCode, reversed.json().error.message]).toEqual([400, 'Das Ende des Zeitraums muss nach dem Beginn liegen.']);
    const bad = await t.call(SW, {
      method: 'POST',
      url: '/api/logbook/reports',
      cookie: admin,
      payload: { from: '2026-02-30', to: lastMonth },
    });
    expect(bad.statusCode).toBe(400);
    expect(reportsTo(addresses[0]!)).toHaveLength(before + 1);
  });

  it('a large export runs in the background with progress, downloads when done, only for its owner, and is cleaned up', async () => {
    const start = await t.call(SW, {
      method: 'POST',
      url: '/api/logbook/exports',
      cookie: admin,
      payload: { format: 'xlsx', from: '2020-01-01', to: lastMonthEnd },
    });
    expect(start.statusCode, start.body).toBe(202);
    const id = start.json().id as string;
    let state = start.json();
    for (let i = 0; i < 100 && state.status !== 'fertig' && state.status !== 'fehler'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await t.call(SW, { method: 'GET', url: `/api/logbook/exports/${id}`, cookie: admin })).json();
    }
    expect(state).toMatchObject({ status: 'fertig', percent: 100 });
    expect(state.rowsTotal).toBeGreaterThan(0);
    const list = await t.call(SW, { method: 'GET', url: '/api/logbook/exports', cookie: admin });
    expect(list.json().exports.map((e: { id: string }) => e.id)).toContain(id);
    const file = await t.call(SW, { method: 'GET', url: `/api/logbook/exports/${id}/file`, cookie: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="fahrtenbuch-2020-01-01-bis-${lastMonthEnd}.xlsx"`);
    const rows = await xlsxRows(file.rawPayload);
    expect(rows[2]![0]).toBe('Fahrzeug: Alle Fahrzeuge');
    expect(rows.filter((r) => /^\d\d\.\d\d\.\d{4}$/.test(r[0] ?? ''))).toHaveLength(state.rowsTotal);

    // someone else of the tenant (the fleet manager), another tenant, no rights: nothing
    expect((await t.call(SW, { method: 'GET', url: `/api/logbook/exports/${id}`, cookie: fleet })).statusCode).toBe(404);
    expect((await t.call(SW, { method: 'GET', url: `/api/logbook/exports/${id}/file`, cookie: fleet })).statusCode).toBe(404);
    expect((await t.call(TI, { method: 'GET', url: `/api/logbook/exports/${id}`, cookie: foreign })).statusCode).toBe(404);
    expect((await t.call(TI, { method: 'GET', url: `/api/logbook/exports/${id}/file`, cookie: foreign })).statusCode).toBe(404);
    expect((await t.call(TI, { method: 'GET', url: '/api/logbook/exports', cookie: foreign })).json().exports).toEqual([]);
    const vehicles = (await t.call(SW, { method: 'GET', url: '/api/vehicles', cookie: admin })).json().vehicles as { id: string }[];
    const theirs = await t.call(TI, {
      method: 'POST',
      url: '/api/logbook/exports',
      cookie: foreign,
      payload: { format: 'pdf', vehicleId: vehicles[0]!.id, from: lastMonth, to: lastMonthEnd },
    });
    expect(theirs.statusCode).toBe(404);
    const denied = await t.call(SW, {
      method: 'POST',
      url: '/api/logbook/exports',
      cookie: booker,
      payload: { format: 'pdf', from: lastMonth, to: lastMonthEnd },
    });
    expect(denied.statusCode).toBe(403);
    const wrong = await t.call(SW, {
      method: 'POST',
      url: '/api/logbook/exports',
      cookie: admin,
      payload: { format: 'csv', from: lastMonth, to: lastMonthEnd },
    });
    expect(wrong.statusCode).toBe(400);
    const reversed = await t.call(SW, {
      method: 'POST',
      url: '/api/logbook/exports',
      cookie: admin,
      payload: { format: 'pdf', from: lastMonthEnd, to: lastMonth },
    });
    expect([reversed.statusCode, reversed.json().error.message]).toEqual([400, 'Das Ende des Zeitraums muss nach dem Beginn liegen.']);

    // a day later the file and the row are gone
    expect(await cleanUpBackgroundExports(t.deps, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect((await t.call(SW, { method: 'GET', url: `/api/logbook/exports/${id}/file`, cookie: admin })).statusCode).toBe(404);
  });

  it('a PDF export in the background reads back', async () => {
    const start = await t.call(SW, {
      method: 'POST',
      url: '/api/logbook/exports',
      cookie: admin,
      payload: { format: 'pdf', from: lastMonth, to: lastMonthEnd },
    });
    const id = start.json().id as string;
    let state = start.json();
    for (let i = 0; i < 100 && state.status !== 'fertig' && state.status !== 'fehler'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await t.call(SW, { method: 'GET', url: `/api/logbook/exports/${id}`, cookie: admin })).json();
    }
    expect(state.status).toBe('fertig');
    const file = await t.call(SW, { method: 'GET', url: `/api/logbook/exports/${id}/file`, cookie: admin });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(squash(pdfText(file.rawPayload))).toContain(squash(`Zeitraum: ${germanDay(lastMonth)} – ${germanDay(lastMonthEnd)}`));
  });

  it('vehicle report settings: holders of the report right read and change rhythm and recipients, nobody else', async () => {
    const get = await t.call(SW, { method: 'GET', url: '/api/logbook/report-settings', cookie: fleet });
    expect(get.json()).toEqual({ rhythm: 'monatlich', addresses, rhythms: ['monatlich', 'vierteljährlich', 'halbjährlich', 'jährlich'] });
    const put = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugReportRhythmus',
      cookie: fleet,
      payload: { layer: 'MANDANT', value: 'vierteljährlich' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t.call(SW, { method: 'GET', url: '/api/logbook/report-settings', cookie: fleet })).json().rhythm).toBe('vierteljährlich');
    const driver = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugReportMailadressen',
      cookie: booker,
      payload: { layer: 'MANDANT', value: ['ich@example.test'] },
    });
    expect(driver.statusCode).toBe(403);
    expect((await t.call(SW, { method: 'GET', url: '/api/logbook/report-settings', cookie: booker })).statusCode).toBe(403);
    const bad = await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrzeugReportMailadressen',
      cookie: admin,
      payload: { layer: 'MANDANT', value: ['kein-at-zeichen'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/kein-at-zeichen/);
    const after = (await t.call(SW, { method: 'GET', url: '/api/logbook/report-settings', cookie: fleet })).json();
    expect(after).toMatchObject({ rhythm: 'vierteljährlich', addresses });
    // another tenant sees its own settings, not these
    expect((await t.call(TI, { method: 'GET', url: '/api/logbook/report-settings', cookie: foreign })).json()).toMatchObject({
      rhythm: 'monatlich',
      addresses: [],
    });
  });

  it('the end-trip dialog learns which trip kinds the tenant allows', async () => {
    const res = await t.call(SW, { method: 'GET', url: '/api/logbook/trip-kinds', cookie: booker });
    expect(res.json()).toEqual({ allowedTripKinds: ['dienstlich'] });
    await t.call(SW, {
      method: 'PUT',
      url: '/api/settings/fahrtenbuchFahrtarten',
      cookie: admin,
      payload: { layer: 'MANDANT', value: ['dienstlich', 'Arbeitsweg'] },
    });
    expect((await t.call(SW, { method: 'GET', url: '/api/logbook/trip-kinds', cookie: booker })).json()).toEqual({
      allowedTripKinds: ['dienstlich', 'Arbeitsweg'],
    });
    expect((await t.call(TI, { method: 'GET', url: '/api/logbook/trip-kinds', cookie: foreign })).json()).toEqual({
      allowedTripKinds: ['dienstlich'],
    });
  });
});
