import type { Db } from '@db/client';
import { logs } from '@db/schema/index';
import { and, desc, eq } from 'drizzle-orm';

export interface LogEntry {
  level: string;
  message: string;
  category: string;
}

export async function insertLog(db: Db, tenantId: string, entry: LogEntry): Promise<void> {
  await db.insert(logs).values({ tenantId, ...entry });
}

export async function listLogs(db: Db, tenantId: string, opts: { level?: string; limit?: number } = {}) {
  return db
    .select({ level: logs.level, message: logs.message, category: logs.category, createdAt: logs.createdAt })
    .from(logs)
    .where(and(eq(logs.tenantId, tenantId), opts.level ? eq(logs.level, opts.level) : undefined))
    .orderBy(desc(logs.id))
    .limit(opts.limit ?? 100);
}
