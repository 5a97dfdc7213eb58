import { findTenantIdBySub } from '@server/areas/tenant/public';
import type { Deps } from '@server/deps';
import { findUndeliveredMails, type UndeliveredMail } from '@server/kernel/mail/outbox-repository';
import { mailSealKey, openMailBody } from '@server/kernel/mail/sealed-body';

/**
 * The operator reads a tenant's undelivered mails with their secrets
 * (decision 190): without SMTP (the demo) or while the mail server fails, this
 * is how a sign-in code or a link reaches a person. The operator holds
 * APP_SECRET anyway; the database, the log and a backup never show them.
 */
export interface HeldMail {
  id: string;
  to: string;
  subject: string;
  status: string;
  error: string | null;
  createdAt: Date;
  /** The body as sent, secrets included while they still work; otherwise with their placeholders. */
  text: string;
  /** Whether `text` carries the mail's secrets (false for mails without any, and after they expired). */
  revealed: boolean;
}

export async function undeliveredMails(deps: Deps, subIdentifier: string, limit = 20, now = new Date()): Promise<HeldMail[] | null> {
  const tenantId = await findTenantIdBySub(deps.database.db, subIdentifier);
  if (!tenantId) return null;
  const key = mailSealKey(deps.config.appSecret);
  const reveal = (m: UndeliveredMail): string | null => {
    if (!m.sealedBody || !m.sealedUntil || m.sealedUntil.getTime() <= now.getTime()) return null;
    try {
      return openMailBody(key, m.id, m.sealedBody).text;
    } catch {
      // Sealed under another APP_SECRET: only the placeholders can be shown.
      return null;
    }
  };
  return (await findUndeliveredMails(deps.database.db, tenantId, limit)).map((m) => {
    const revealed = reveal(m);
    return {
      id: m.id,
      to: m.to,
      subject: m.subject,
      status: m.status,
      error: m.error,
      createdAt: m.createdAt,
      text: revealed ?? m.text,
      revealed: revealed !== null,
    };
  });
}
