import { pingDatabase } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { appliedMigrationCount, shippedMigrationCount } from '@server/kernel/operations-repository';

/** Liveness: one round trip to the database; throws when it cannot be reached. */
export async function checkDatabase(deps: Deps): Promise<void> {
  await pingDatabase(deps.database.db);
}

export interface Readiness {
  ready: boolean;
  /** German reason when not ready. */
  reason?: string;
  migrations: { applied: number; expected: number };
  jobs: 'laufen' | 'starten' | 'aus';
  draining: boolean;
}

/**
 * Readiness: the database answers with every migration of this code base
 * applied, the job queue runs (on a node that runs jobs) and the node is not
 * shutting down. A load balancer routes only to ready nodes.
 */
export async function checkReadiness(deps: Deps): Promise<Readiness> {
  const expected = shippedMigrationCount();
  const applied = await appliedMigrationCount(deps.database.db);
  const jobs = !deps.lifecycle.runsJobs ? 'aus' : deps.jobs.isStarted() ? 'laufen' : 'starten';
  const draining = deps.lifecycle.draining;
  const base = { migrations: { applied, expected }, jobs, draining } as const;
  if (draining) return { ready: false, reason: 'Der Server wird beendet.', ...base };
  if (applied < expected) return { ready: false, reason: `Datenbank-Migrationen fehlen (${applied} von ${expected}).`, ...base };
  if (jobs === 'starten') return { ready: false, reason: 'Die Job-Warteschlange startet noch.', ...base };
  return { ready: true, ...base };
}
