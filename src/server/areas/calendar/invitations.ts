import type { Db } from '@db/client';
import type { Deps } from '@server/deps';
import { effectiveSetting } from '../settings/public';
import { findTenantName } from './calendar-repository';
import type { Invitation } from './ics';

/** Whose calendar a booking mail is for: a person of the tenant (`id`), or a guest (no id: the tenant's default decides). */
export interface Invitee {
  id: string | null;
  email: string;
  name: string;
}

/** The address of MAIL_FROM („Buchbar <noreply@…>“ or the bare address): the organizer of every invitation. */
export const senderAddress = (from: string) => (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();

/**
 * The invitation a booking mail to `to` carries, or null when the recipient switched invitations
 * off (kalenderEinladungen: person, group, tenant, default on; decision 217): then the mail carries
 * the booking as a plain calendar file, as before.
 */
export async function invitationFor(tx: Db, deps: Pick<Deps, 'config'>, tenantId: string, to: Invitee): Promise<Invitation | null> {
  return (await invitationsFor(tx, deps, tenantId, [to])).get(to.id ?? to.email) ?? null;
}

/** The invitations of several recipients, by person id (a guest by address); the tenant's name is read once. */
export async function invitationsFor(
  tx: Db,
  deps: Pick<Deps, 'config'>,
  tenantId: string,
  to: readonly Invitee[],
): Promise<Map<string, Invitation>> {
  const out = new Map<string, Invitation>();
  let organizer: Invitation['organizer'] | null = null;
  for (const p of to) {
    if (!(await effectiveSetting(tx, tenantId, p.id, 'kalenderEinladungen'))) continue;
    organizer ??= { name: (await findTenantName(tx, tenantId)) ?? 'Buchbar', email: senderAddress(deps.config.mailFrom) };
    out.set(p.id ?? p.email, { organizer, attendee: { name: p.name, email: p.email } });
  }
  return out;
}
