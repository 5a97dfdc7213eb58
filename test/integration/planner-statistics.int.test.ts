import { PLANNER_STATISTICS_JOB } from '@server/areas/operations/jobs';
import { refreshPlannerStatistics } from '@server/areas/operations/planner-statistics';
import { rowsOf } from '@server/kernel/rows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * docs/performance/people.md and evaluation.md: the embedded database is vacuumed and analyzed at night; PostgreSQL's
 * autovacuum does it there.
 */
describe.each(DB_KINDS)('planner statistics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.database.db.execute(sql`create table planner_statistics_probe (id int)`);
    await t.database.db.execute(sql`insert into planner_statistics_probe select generate_series(1, 6000)`);
    await t.database.db.execute(sql`delete from planner_statistics_probe where id > 5000`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const probe = async () =>
    rowsOf<{ n: number; pages: number; allVisible: number }>(
      await t.database.db.execute(
        sql`select reltuples::int as n, relpages as pages, relallvisible as "allVisible" from pg_class where relname = 'planner_statistics_probe'`,
      ),
    )[0]!;

  it('the nightly job is registered', async () => {
    await expect(t.deps.jobs.sendOrRunHere(PLANNER_STATISTICS_JOB, {})).resolves.toBeUndefined();
  });

  it(
    kind === 'pglite'
      ? 'a run reclaims the dead rows and counts the live ones of every table for the planner'
      : 'a run leaves the statistics to autovacuum and does nothing',
    async () => {
      const result = await refreshPlannerStatistics(t.deps);
      if (kind === 'pglite') {
        expect(result.analyzed).toBe(true);
        const after = await probe();
        expect(after.n).toBe(5000);
        // only vacuum marks pages all-visible: the deleted rows are gone and index-only scans can skip the table
        expect(after.pages).toBeGreaterThan(0);
        expect(after.allVisible).toBe(after.pages);
      } else {
        expect(result).toEqual({ analyzed: false, ms: 0 });
      }
    },
  );
});
