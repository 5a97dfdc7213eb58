import { findTenantTexts } from '@server/areas/tenant/tenant-repository';
import type { Deps } from '@server/deps';

/** The tenant's privacy and imprint texts for the footer pages (empty when none were written). */
export async function tenantTexts(
  deps: Deps,
  tenantId: string,
): Promise<{ privacyText: string; imprintText: string; logoVersion: string | null }> {
  const texts = await findTenantTexts(deps.database.db, tenantId);
  // The logo's stored name is random per upload: it serves as the version of the header image.
  return { privacyText: texts?.privacyText ?? '', imprintText: texts?.imprintText ?? '', logoVersion: texts?.logoPath ?? null };
}
