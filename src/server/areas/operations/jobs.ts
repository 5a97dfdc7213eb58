import { z } from 'zod';
import type { Deps } from '../../deps';
import { refreshPlannerStatistics } from './planner-statistics';

export const PLANNER_STATISTICS_JOB = 'planner-statistics';

/**
 * The embedded database's statistics (docs/performance/people.md): at night, when an
 * ANALYZE that holds its one connection for a moment disturbs nobody.
 */
export function registerMaintenanceJobs(deps: Deps): void {
  deps.jobs.register({
    name: PLANNER_STATISTICS_JOB,
    schema: z.object({}).passthrough(),
    cron: '45 3 * * *',
    handler: async () => {
      await refreshPlannerStatistics(deps);
    },
  });
}
