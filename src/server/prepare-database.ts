import type { Db } from '@db/client';
import { tenants } from '@db/schema/index';
import { syncCatalogues } from '@db/seed/catalogues';
import { eq } from 'drizzle-orm';
import { AREAS } from './areas/index';
import { demoOrder } from './demo-order';

/**
 * Catalogues on every start; demo data only into an empty database, written
 * by the areas' demo steps (each manifest's `demo`) in one transaction.
 * Returns whether demo data was written. The app secret encrypts the demo's
 * single sign-on client secret (left out without it).
 */
export async function prepareDatabase(db: Db, opts: { appSecret?: string; now?: Date } = {}): Promise<boolean> {
  await syncCatalogues(db);
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subIdentifier, 'stadtwerke'));
  if (existing) return false;
  const ctx = { now: opts.now ?? new Date(), appSecret: opts.appSecret };
  const steps = demoOrder(AREAS);
  await db.transaction(async (tx) => {
    for (const { step } of steps) await step.run(tx as unknown as Db, ctx);
  });
  return true;
}
