import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { tenants } from '../schema/index';
import { syncCatalogues } from './catalogues';
import { seedDemoData } from './demo-data';

/** Catalogues on every start; demo data only into an empty database. Returns whether demo data was written. */
export async function prepareDatabase(db: Db): Promise<boolean> {
  await syncCatalogues(db);
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subIdentifier, 'stadtwerke'));
  if (existing) return false;
  await seedDemoData(db);
  return true;
}
