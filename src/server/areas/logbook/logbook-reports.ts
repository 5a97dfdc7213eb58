import type { ReportRequest } from '@contracts/logbook';
import { withTenant } from '@db/client';
import { type DayPeriod, periodsDue } from '@domain/logbook';
import { REPORT_RHYTHMS } from '@domain/settings';
import { addDays, berlinDay } from '@domain/vehicle-time';
import {
  claimReportSend,
  lastReportedPeriodEnd,
  recordReportMail,
  undeliveredReports,
  userIdsByEmail,
} from '@server/areas/logbook/logbook-report-repository';
import { logbookReportMail } from '@server/areas/logbook/logbook-templates';
import { listTenantIdsWithFeature, tenantName } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import type { MailAttachment } from '@server/kernel/mail/outbox-repository';
import type { Locale } from '@server/kernel/mail/render';
import type { UserContext } from '../../kernel/context';
import { recordAccessOfMany } from '../privacy/public';
import { effectiveValues, mailLocales } from '../settings/public';
import { logbookErrors } from './errors';
import { assertMayExport, type ExportRead, type ExportScope, exportScopeLines, pdfBuffer, xlsxBuffer } from './export-logbook';

/**
 * Logbook report mails (docs/product.md#logbook: fahrzeug_logbuch_report, report rhythm and
 * addresses). The scheduled run claims each ended period per address in
 * logbook_report_sends before it writes the mail, so a second run or a second
 * node sends nothing twice; periods missed while the server was down follow
 * from the last claimed period (periodsDue); a mail whose delivery failed is
 * sent again from the outbox, attachments included (decision 074).
 */

interface ReportSettings {
  rhythm: string;
  addresses: string[];
}

async function reportSettings(deps: Deps, tenantId: string): Promise<ReportSettings & { tenantName: string; lastSentTo: string | null }> {
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const v = await effectiveValues(tx, tenantId, null, ['fahrzeugReportMailadressen', 'fahrzeugReportRhythmus']);
    return {
      addresses: [...new Set(v.fahrzeugReportMailadressen.map((a) => a.trim()).filter(Boolean))],
      rhythm: v.fahrzeugReportRhythmus,
      tenantName: await tenantName(tx, tenantId),
      lastSentTo: await lastReportedPeriodEnd(tx, tenantId),
    };
  });
}

/** The period's logbook of all vehicles as the two attachments (the period's `to` is exclusive), with what they show. */
async function reportRead(deps: Deps, scope: ExportScope, p: DayPeriod): Promise<{ files: MailAttachment[]; read: ExportRead }> {
  const q = { from: p.from, to: addDays(p.to, -1) };
  const name = `fahrtenbuch-${q.from}-bis-${q.to}`;
  const pdf = await pdfBuffer(deps, scope, q);
  const xlsx = await xlsxBuffer(deps, scope, q);
  return {
    files: [
      { filename: `${name}.pdf`, contentType: 'application/pdf', content: pdf.bytes },
      { filename: `${name}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: xlsx.bytes },
    ],
    read: pdf,
  };
}

const reportFiles = async (deps: Deps, scope: ExportScope, p: DayPeriod) => (await reportRead(deps, scope, p)).files;

/** Each address in the language of the person it belongs to in this tenant; German for outside addresses. */
async function localesOf(deps: Deps, tenantId: string, addresses: readonly string[]): Promise<Map<string, Locale>> {
  return withTenant(deps.database.db, tenantId, async (tx) => {
    const ids = await userIdsByEmail(tx, tenantId, addresses);
    const locales = await mailLocales(tx, tenantId, [...ids.values()]);
    return new Map(addresses.map((a) => [a, locales.get(ids.get(a.toLowerCase()) ?? '') ?? 'de'] as const));
  });
}

async function mailReport(
  deps: Deps,
  scope: ExportScope,
  p: DayPeriod,
  addresses: readonly string[],
  files: MailAttachment[],
): Promise<{ address: string; id: string; sent: boolean }[]> {
  const locales = await localesOf(deps, scope.tenant.id, addresses);
  const out: { address: string; id: string; sent: boolean }[] = [];
  for (const address of addresses) {
    const mail = logbookReportMail({
      tenantName: scope.tenant.name,
      from: p.from,
      to: addDays(p.to, -1),
      locale: locales.get(address) ?? 'de',
    });
    const r = await deps.mailer.send({ tenantId: scope.tenant.id, to: address, ...mail, attachments: files });
    out.push({ address, ...r });
  }
  return out;
}

/** One tenant's run: retries what was claimed but not delivered, then sends every due period. Returns the mails written. */
async function reportTenant(deps: Deps, tenantId: string, today: string): Promise<number> {
  const s = await reportSettings(deps, tenantId);
  const scope: ExportScope = { tenant: { id: tenantId, name: s.tenantName } };
  let written = 0;
  const pending = await withTenant(deps.database.db, tenantId, (tx) => undeliveredReports(tx, tenantId));
  for (const u of pending) {
    if (u.mailId) {
      await deps.mailer.retry(u.mailId);
      continue;
    }
    // claimed, but the process stopped before the mail was written
    const p = { from: u.from, to: u.to };
    const [m] = await mailReport(deps, scope, p, [u.address], await reportFiles(deps, scope, p));
    await withTenant(deps.database.db, tenantId, (tx) => recordReportMail(tx, tenantId, p, u.address, m!.id));
    written++;
  }
  if (s.addresses.length === 0) return written;
  for (const p of periodsDue(today, s.rhythm, s.lastSentTo)) {
    const claimed = await withTenant(deps.database.db, tenantId, async (tx) => {
      const mine: string[] = [];
      for (const a of s.addresses) if (await claimReportSend(tx, tenantId, p, a)) mine.push(a);
      return mine;
    });
    if (claimed.length === 0) continue;
    const sent = await mailReport(deps, scope, p, claimed, await reportFiles(deps, scope, p));
    await withTenant(deps.database.db, tenantId, async (tx) => {
      for (const m of sent) await recordReportMail(tx, tenantId, p, m.address, m.id);
    });
    written += sent.length;
  }
  return written;
}

/** The scheduled run over every tenant with vehicles; a failing tenant does not stop the others. */
export async function sendDueLogbookReports(deps: Deps, now = new Date()): Promise<number> {
  const today = berlinDay(now);
  let written = 0;
  for (const tenantId of await listTenantIdsWithFeature(deps.database.db, 'fahrzeug')) {
    try {
      written += await reportTenant(deps, tenantId, today);
    } catch (err) {
      deps.log.error({ err, tenantId }, 'Fahrtenbuch-Bericht fehlgeschlagen; der nächste Lauf versucht es erneut');
    }
  }
  return written;
}

/**
 * A report for any period, sent by hand from the logbook tab (fahrzeug_logbuch_report):
 * to the tenant's report addresses, or to the sender when none are set. Not claimed:
 * the scheduled report of the same period still goes out.
 */
export async function sendLogbookReportNow(deps: Deps, user: UserContext, req: ReportRequest): Promise<{ recipients: string[] }> {
  assertMayExport(user);
  if (req.to < req.from) throw logbookErrors.fail('period_order');
  const s = await reportSettings(deps, user.tenant.id);
  const recipients = s.addresses.length > 0 ? s.addresses : [user.member.email];
  const p = { from: req.from, to: addDays(req.to, 1) };
  const scope: ExportScope = { tenant: { id: user.tenant.id, name: user.tenant.name } };
  const { files, read } = await reportRead(deps, scope, p);
  // A report sent by hand is a read of everyone's trips by the sender (decision 155); the scheduled one is nobody's read.
  await withTenant(deps.database.db, user.tenant.id, (tx) =>
    recordAccessOfMany(tx, user.tenant.id, user.member, read.drivers, 'fahrtenbuchbericht', [
      ...exportScopeLines(read.header),
      { field: 'Empfänger', value: recipients.join(', ') },
    ]),
  );
  await mailReport(deps, scope, p, recipients, files);
  return { recipients };
}

/** The vehicle report settings for the logbook tab (holders of fahrzeug_logbuch_report may change them, decision 074). */
export async function readReportSettings(
  deps: Deps,
  user: UserContext,
): Promise<{ rhythm: string; addresses: string[]; rhythms: string[] }> {
  assertMayExport(user);
  const s = await reportSettings(deps, user.tenant.id);
  return { rhythm: s.rhythm, addresses: s.addresses, rhythms: [...REPORT_RHYTHMS] };
}
