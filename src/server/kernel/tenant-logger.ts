import { type Db, withTenant } from '@db/client';
import { insertLog } from '@server/areas/operations/log-repository';
import { loadSettingValuesForUser } from '@server/areas/settings/setting-repository';
import type { Logger } from 'pino';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

/** DEBUG entries are written only when the tenant's EnableDebug is the text true or 1 (docs/product.md#operations). */
export const debugEnabled = (raw: string | null | undefined) => raw === 'true' || raw === '1';

/**
 * Writes level, message, category and tenant to the logging table and mirrors
 * the entry to the structured server log (pino).
 */
export async function writeLog(
  db: Db,
  log: Logger,
  tenantId: string,
  entry: { level: LogLevel; message: string; category: string },
): Promise<boolean> {
  return withTenant(db, tenantId, async (tx) => {
    if (entry.level === 'DEBUG') {
      const [stored] = (await loadSettingValuesForUser(tx, tenantId, null, ['EnableDebug'])).filter((s) => s.layer === 'MANDANT');
      if (!debugEnabled(stored?.value)) return false;
    }
    await insertLog(tx, tenantId, entry);
    log[entry.level === 'WARN' ? 'warn' : entry.level === 'ERROR' ? 'error' : entry.level === 'DEBUG' ? 'debug' : 'info'](
      { tenantId, category: entry.category },
      entry.message,
    );
    return true;
  });
}
