import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { tenants } from '../schema/index';
import { syncCatalogues } from './catalogues';
import { seedDemoData } from './demo-data';

/**
 * Catalogues on every start; demo data only into an empty database. Returns
 * whether demo data was written. The app secret encrypts the demo's single
 * sign-on client secret (left out without it).
 */
export async function prepareDatabase(db: Db, opts: { appSecret?: string; now?: Date } = {}): Promise<boolean> {
  await syncCatalogues(db);
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subIdentifier, 'stadtwerke'));
  if (existing) return false;
  await seedDemoData(db, opts);
  return true;
}
