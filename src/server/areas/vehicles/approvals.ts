import { withTenant } from '@db/client';
import { assertApprover, blocks, isApproved, MESSAGES, parseBookingStatus } from '@domain/vehicle-booking';
import {
  cancelBookings,
  findApprovalRequestsOf,
  findBooking,
  lockBooking,
  setApproverDecision,
} from '@server/areas/vehicles/vehicle-booking-repository';
import { approvalDecisionMail } from '@server/areas/vehicles/vehicle-templates';
import type { Deps } from '@server/deps';
import { withIcs } from '@server/kernel/mail/render';
import type { UserContext } from '../../kernel/context';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { vehicleIcs } from '../calendar/public';
import { recordAccessOfMany } from '../privacy/public';
import { notFound, toBookingDto, VEHICLE_TOPIC } from './common';

/** Special trips (Sonderfahrten): approvers see, approve or reject bookings outside the booking times. */

/**
 * The approver's list shows other people's bookings with purpose, destination
 * and passengers: one access entry per read, naming the drivers and bookers it
 * showed (decisions 155, 169), in the transaction of the read.
 */
export async function listApprovals(deps: Deps, user: UserContext) {
  const tenantId = user.tenant.id;
  const me = user.member.id;
  const list = await withTenant(deps.database.db, tenantId, async (tx) => {
    const rows = await findApprovalRequestsOf(tx, tenantId, me);
    const shown = rows.flatMap((b) => [b.driver, b.bookedBy]).map((p) => ({ id: p.id, name: p.name }));
    await recordAccessOfMany(tx, tenantId, user.member, shown, 'sonderfahrten');
    return rows;
  });
  const now = new Date();
  const pending = list.filter(
    (b) => blocks(parseBookingStatus(b.status)) && !isApproved(b, now) && !b.approvers.some((a) => a.approved === false),
  );
  return {
    pending: pending.map((b) => toBookingDto(b, now)),
    decided: list.filter((b) => !pending.includes(b)).map((b) => toBookingDto(b, now)),
  };
}

/**
 * Records the decision of one approver. A rejection cancels the booking and
 * tells the booker; an approval tells the booker too. A user who is not an
 * approver of the booking gets 'User not found! Kein update der Sonderfreigabe möglich.' (docs/product.md#special-trips).
 */
export async function decide(deps: Deps, user: UserContext, bookingId: string, approved: boolean, reason?: string) {
  const tenantId = user.tenant.id;
  const me = user.member.id;
  const { booking, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    if (!(await lockBooking(tx, tenantId, bookingId))) throw notFound('Buchung');
    const b = (await findBooking(tx, tenantId, bookingId))!;
    assertApprover(b.approvers, me);
    if (!blocks(parseBookingStatus(b.status))) throw notFound('Buchung');
    await setApproverDecision(tx, tenantId, bookingId, me, approved);
    if (!approved) {
      await cancelBookings(tx, tenantId, [bookingId], reason?.trim() ? `${MESSAGES.rejected} ${reason.trim()}` : MESSAGES.rejected);
      await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'cancelled', id: bookingId, scope: b.vehicleId });
    } else {
      await deps.events.publish(tx, { tenantId, topic: VEHICLE_TOPIC, type: 'updated', id: bookingId, scope: b.vehicleId });
    }
    const approver = `${user.member.firstName} ${user.member.lastName}`;
    const mails: PendingMail[] = [b.driver, ...(b.bookedBy.id !== b.driver.id ? [b.bookedBy] : [])].map((p) => ({
      to: p.email,
      recipientId: p.id,
      // Only the driver's calendar holds the trip; who booked it for them gets the plain file (decision 217).
      ...(p.id === b.driver.id ? { invitee: p.name } : {}),
      render: (locale, invite) =>
        withIcs(
          approvalDecisionMail({
            name: p.name,
            vehicle: b.vehicleLabel,
            plate: b.licensePlate,
            von: b.von,
            bis: b.bis,
            approver,
            approved,
            locale,
          }),
          vehicleIcs(b, locale, approved ? b.status : 'storniert', invite),
        ),
    }));
    return { booking: (await findBooking(tx, tenantId, bookingId))!, mails };
  });
  await sendAll(deps, tenantId, mails);
  return toBookingDto(booking);
}
