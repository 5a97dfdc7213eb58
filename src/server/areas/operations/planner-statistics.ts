import type { Deps } from '../../deps';
import { vacuumAndAnalyzeAllTables } from '../../kernel/operations-repository';

/**
 * Nightly on the embedded database (docs/performance/people.md and evaluation.md): PGlite has no
 * autovacuum daemon, so nothing else ever reclaims its dead rows or refreshes
 * its statistics. PostgreSQL's autovacuum does this itself, so there the run
 * is skipped.
 */
export async function refreshPlannerStatistics(deps: Pick<Deps, 'database' | 'log'>): Promise<{ analyzed: boolean; ms: number }> {
  if (deps.database.kind !== 'pglite') return { analyzed: false, ms: 0 };
  const started = performance.now();
  await vacuumAndAnalyzeAllTables(deps.database.db);
  const ms = Math.round(performance.now() - started);
  deps.log.info({ ms }, 'planner statistics refreshed');
  return { analyzed: true, ms };
}
