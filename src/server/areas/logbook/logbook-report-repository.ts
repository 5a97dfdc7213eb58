import type { Db } from '@db/client';
import { logbookReportSends, mailOutbox, users } from '@db/schema/index';
import { and, eq, inArray, max, sql } from 'drizzle-orm';

/** Report sends and background exports of the logbook; always inside a tenant transaction. */

/** The end (exclusive) of the last period a scheduled report was claimed for, or null before the first. */
export async function lastReportedPeriodEnd(tx: Db, tenantId: string): Promise<string | null> {
  const [row] = await tx
    .select({ to: max(logbookReportSends.periodTo) })
    .from(logbookReportSends)
    .where(eq(logbookReportSends.tenantId, tenantId));
  return row?.to ?? null;
}

/** Claims a period for an address; false when it was claimed before (nothing is sent twice). */
export async function claimReportSend(tx: Db, tenantId: string, p: { from: string; to: string }, address: string): Promise<boolean> {
  const rows = await tx
    .insert(logbookReportSends)
    .values({ tenantId, periodFrom: p.from, periodTo: p.to, address })
    .onConflictDoNothing()
    .returning({ address: logbookReportSends.address });
  return rows.length > 0;
}

export async function recordReportMail(tx: Db, tenantId: string, p: { from: string; to: string }, address: string, mailId: string) {
  await tx
    .update(logbookReportSends)
    .set({ mailId })
    .where(
      and(
        eq(logbookReportSends.tenantId, tenantId),
        eq(logbookReportSends.periodFrom, p.from),
        eq(logbookReportSends.periodTo, p.to),
        eq(logbookReportSends.address, address),
      ),
    );
}

/** Claimed report mails not delivered yet: none written (a crash between claim and send) or a failed delivery. */
export async function undeliveredReports(
  tx: Db,
  tenantId: string,
): Promise<{ from: string; to: string; address: string; mailId: string | null }[]> {
  const rows = await tx
    .select({
      from: logbookReportSends.periodFrom,
      to: logbookReportSends.periodTo,
      address: logbookReportSends.address,
      mailId: logbookReportSends.mailId,
      status: mailOutbox.status,
    })
    .from(logbookReportSends)
    .leftJoin(mailOutbox, eq(mailOutbox.id, logbookReportSends.mailId))
    .where(
      and(eq(logbookReportSends.tenantId, tenantId), sql`(${logbookReportSends.mailId} is null or ${mailOutbox.status} <> 'gesendet')`),
    );
  return rows;
}

export async function userIdsByEmail(tx: Db, tenantId: string, emails: readonly string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(
          sql`lower(${users.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}
