import { withTenant } from '@db/client';
import type { Deps } from '@server/deps';
import type { Locale, RenderedMail } from '@server/mail/render';
import { mailLocales } from '../settings/mail-locales';

/**
 * A mail decided inside a transaction and rendered in its recipient's
 * language only when it is sent, after the commit: no mail for a change that
 * was rolled back, and one language lookup for all recipients.
 */
export interface PendingMail {
  to: string;
  recipientId: string;
  render(locale: Locale): RenderedMail;
}

/** Sends mails after the transaction committed, each in its recipient's language; a failed send stays in the outbox. */
export async function sendAll(deps: Deps, tenantId: string, mails: PendingMail[]): Promise<void> {
  if (mails.length === 0) return;
  const locales = await withTenant(deps.database.db, tenantId, (tx) =>
    mailLocales(
      tx,
      tenantId,
      mails.map((m) => m.recipientId),
    ),
  );
  for (const m of mails) await deps.mailer.send({ tenantId, to: m.to, ...m.render(locales.get(m.recipientId) ?? 'de') });
}
