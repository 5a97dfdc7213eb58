import type { Db } from '@db/client';
import { logbookExports } from '@db/schema/index';
import { and, desc, eq, lt } from 'drizzle-orm';

/** Background exports of the logbook; always inside a tenant transaction. */

export type LogbookExportRecord = typeof logbookExports.$inferSelect;

export async function insertLogbookExport(
  tx: Db,
  row: { tenantId: string; requestedById: string; vehicleId: string | null; periodFrom: string; periodTo: string; format: string },
): Promise<LogbookExportRecord> {
  const [r] = await tx.insert(logbookExports).values(row).returning();
  return r!;
}

export async function findLogbookExport(tx: Db, tenantId: string, id: string): Promise<LogbookExportRecord | null> {
  const [r] = await tx
    .select()
    .from(logbookExports)
    .where(and(eq(logbookExports.tenantId, tenantId), eq(logbookExports.id, id)));
  return r ?? null;
}

/** A person's recent exports, newest first. */
export async function listLogbookExports(tx: Db, tenantId: string, userId: string): Promise<LogbookExportRecord[]> {
  return tx
    .select()
    .from(logbookExports)
    .where(and(eq(logbookExports.tenantId, tenantId), eq(logbookExports.requestedById, userId)))
    .orderBy(desc(logbookExports.createdAt))
    .limit(10);
}

export async function updateLogbookExport(
  tx: Db,
  tenantId: string,
  id: string,
  patch: Partial<Pick<LogbookExportRecord, 'status' | 'rowsDone' | 'rowsTotal' | 'error' | 'finishedAt'>>,
): Promise<void> {
  await tx
    .update(logbookExports)
    .set(patch)
    .where(and(eq(logbookExports.tenantId, tenantId), eq(logbookExports.id, id)));
}

/** Removes the rows of exports created before `before`, returning their ids (their files go too). */
export async function deleteLogbookExportsBefore(tx: Db, tenantId: string, before: Date): Promise<string[]> {
  const rows = await tx
    .delete(logbookExports)
    .where(and(eq(logbookExports.tenantId, tenantId), lt(logbookExports.createdAt, before)))
    .returning({ id: logbookExports.id });
  return rows.map((r) => r.id);
}
