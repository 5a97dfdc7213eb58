import { PLANNER_STATISTICS_JOB } from '@server/jobs/maintenance-jobs';
import { rowsOf } from '@server/repositories/rows';
import { refreshPlannerStatistics } from '@server/services/maintenance/planner-statistics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

/** Decision 173: the embedded database gets fresh planner statistics at night; PostgreSQL's autovacuum does it there. */
describe.each(DB_KINDS)('planner statistics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.database.db.execute(sql`create table planner_statistics_probe (id int)`);
    await t.database.db.execute(sql`insert into planner_statistics_probe select generate_series(1, 5000)`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const estimate = async () =>
    rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select reltuples::int as n from pg_class where relname = 'planner_statistics_probe'`),
    )[0]!.n;

  it('the nightly job is registered', async () => {
    await expect(t.deps.jobs.sendOrRunHere(PLANNER_STATISTICS_JOB, {})).resolves.toBeUndefined();
  });

  it(
    kind === 'pglite'
      ? 'a run counts the rows of every table for the planner'
      : 'a run leaves the statistics to autovacuum and does nothing',
    async () => {
      const result = await refreshPlannerStatistics(t.deps);
      if (kind === 'pglite') {
        expect(result.analyzed).toBe(true);
        expect(await estimate()).toBe(5000);
      } else {
        expect(result).toEqual({ analyzed: false, ms: 0 });
      }
    },
  );
});
