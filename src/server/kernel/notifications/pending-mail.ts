import { type Db, withTenant } from '@db/client';
import type { Deps } from '@server/deps';
import type { Locale, RenderedMail } from '@server/kernel/mail/render';
import { type Invitation, invitationsFor } from '../../areas/calendar/public';
import { mailLocales } from '../../areas/settings/mail-locales';

/**
 * A mail decided inside a transaction and rendered in its recipient's
 * language only when it is sent, after the commit: no mail for a change that
 * was rolled back, and one language lookup for all recipients.
 */
export interface PendingMail {
  to: string;
  recipientId: string;
  /**
   * The recipient's name when the mail carries a booking's calendar event: `render` then gets the
   * recipient's invitation, or null when they switched invitations off (decision 217).
   */
  invitee?: string;
  /** A mail that carries nothing but the invitation: not sent to a recipient without one. */
  invitationOnly?: boolean;
  render(locale: Locale, invite: Invitation | null): RenderedMail;
}

/**
 * Sends mails after the transaction committed, each in its recipient's language; a failed send stays in the outbox.
 * `locales` (from recipientLocales in the deciding transaction) spares a request its own transaction for the lookup.
 */
export async function sendAll(deps: Deps, tenantId: string, mails: PendingMail[], locales?: Map<string, Locale>): Promise<void> {
  if (mails.length === 0) return;
  locales ??= await withTenant(deps.database.db, tenantId, (tx) => recipientLocales(tx, tenantId, mails));
  const invitees = mails.flatMap((m) => (m.invitee === undefined ? [] : [{ id: m.recipientId, email: m.to, name: m.invitee }]));
  const invites =
    invitees.length === 0 ? new Map() : await withTenant(deps.database.db, tenantId, (tx) => invitationsFor(tx, deps, tenantId, invitees));
  for (const m of mails) {
    const invite = m.invitee === undefined ? null : (invites.get(m.recipientId) ?? null);
    if (m.invitationOnly && !invite) continue;
    await deps.mailer.send({ tenantId, to: m.to, ...m.render(locales.get(m.recipientId) ?? 'de', invite) });
  }
}

/** The languages of the mails' recipients, read in the transaction that decides the mails. */
export const recipientLocales = (tx: Db, tenantId: string, mails: readonly PendingMail[]): Promise<Map<string, Locale>> =>
  mailLocales(
    tx,
    tenantId,
    mails.map((m) => m.recipientId),
  );
