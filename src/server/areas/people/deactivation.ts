import type { Db } from '@db/client';
import { formatDateTime } from '@domain/time';
import { cancelFutureBookingsOf } from '@server/areas/people/deactivation-repository';
import { deactivationCancelledMail } from '@server/areas/people/deactivation-templates';
import { deleteSessionsOfAuthUser, type MemberRecord } from '@server/areas/people/user-repository';
import type { Deps } from '@server/deps';
import type { PendingMail } from '../../kernel/notifications/pending-mail';

export const DEACTIVATION_REASON = 'Storno wegen Deaktivierung des Benutzers';

/** What the caller read of the tenant: its setting for future bookings and the vehicles' live-update topic. */
export interface DeactivationContext {
  cancelBookings: boolean;
  vehicleTopic: string;
}

/**
 * Deactivation: the tenant's setting decides whether the person's future bookings
 * are cancelled (one mail lists them) or kept. Runs inside the deactivating transaction.
 */
async function handleFutureBookings(
  deps: Deps,
  tx: Db,
  tenantId: string,
  person: MemberRecord,
  ctx: DeactivationContext,
): Promise<PendingMail[]> {
  if (!ctx.cancelBookings) return [];
  const done = await cancelFutureBookingsOf(tx, tenantId, person.id, DEACTIVATION_REASON, new Date());
  for (const b of done.vehicles) {
    await deps.events.publish(tx, { tenantId, topic: ctx.vehicleTopic, type: 'cancelled', id: b.id, scope: b.vehicle_id });
  }
  const lines = [...done.vehicles, ...done.seats]
    .sort((a, b) => new Date(a.von).getTime() - new Date(b.von).getTime())
    .map((b) => `${b.label}: ${formatDateTime(new Date(b.von))} – ${formatDateTime(new Date(b.bis))}`);
  if (lines.length === 0) return [];
  const name = `${person.firstName} ${person.lastName}`;
  return [{ to: person.email, recipientId: person.id, render: (locale) => deactivationCancelledMail({ locale, name, bookings: lines }) }];
}

/**
 * What deactivating a person means besides the status (decision 082): every
 * session of the identity ends in the same transaction, and the future
 * bookings follow the tenant's setting (read by the caller, whose area may
 * reach settings and vehicles without a cycle back to this one). Answers the mail to send after commit.
 */
export async function endActiveUse(
  deps: Deps,
  tx: Db,
  tenantId: string,
  person: MemberRecord,
  ctx: DeactivationContext,
): Promise<PendingMail[]> {
  await deleteSessionsOfAuthUser(tx, person.authUserId);
  return handleFutureBookings(deps, tx, tenantId, person, ctx);
}
