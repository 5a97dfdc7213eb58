import type { Db } from '@db/client';
import { findOption, resolveSetting } from '@domain/settings';
import { loadUserValues } from '@server/areas/settings/setting-repository';
import type { Locale } from '@server/kernel/mail/render';

const LANGUAGE = findOption('sprache');

/** The language each recipient chose (de-de or en-us, a user-level preference), for writing their mails. */
export async function mailLocales(tx: Db, tenantId: string, userIds: readonly string[]): Promise<Map<string, Locale>> {
  const stored = await loadUserValues(tx, tenantId, LANGUAGE.name, [...new Set(userIds)]);
  return new Map(
    userIds.map((id) => [id, resolveSetting(LANGUAGE, { user: stored.get(id) ?? null }).value === 'en-us' ? 'en' : 'de'] as const),
  );
}
