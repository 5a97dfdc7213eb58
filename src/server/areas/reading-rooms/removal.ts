import type { RemovalPreviewDto } from '@contracts/reading-rooms';
import { type Db, withTenant } from '@db/client';
import { assertDeletable, hasBookingsError, REMOVAL_REASONS, type RemovalTarget } from '@domain/reading-room-removal';
import { formatDate, formatTime } from '@domain/time';
import {
  type BookingRecord,
  type BookingScope,
  cancelScopeBookings,
  countScopeBookings,
} from '@server/areas/reading-rooms/reading-room-booking-repository';
import {
  deleteFloorPlan,
  deleteObject,
  findFloorPlan,
  findObject,
  lockFloorPlan,
  lockObject,
  setObjectActive,
  updateFloorPlan,
} from '@server/areas/reading-rooms/reading-room-repository';
import { removalCancelledMail } from '@server/areas/reading-rooms/reading-room-templates';
import type { Deps } from '@server/deps';
import { withIcs } from '@server/kernel/mail/render';
import type { UserContext } from '../../kernel/context';
import { type PendingMail, sendAll } from '../../kernel/notifications/pending-mail';
import { seatIcs } from '../calendar/public';
import { notFound, SEAT_TOPIC, sqlState, toAdminObject, toFloorPlanDto } from './common';

/**
 * Removing seats, rooms and floor plans safely (decision 025):
 * - deactivating cancels the open bookings from now on (vorgemerkt/reserviert,
 *   not ended) with a stored reason, tells booker and confirming person by
 *   mail in their language and publishes the changes for live maps – all in
 *   the transaction that flips the flag;
 * - deleting for good only what was never booked; otherwise a clear 409.
 */

const PLAN = 'Grundriss';
const OBJECT = 'Platz';

function mailsFor(b: BookingRecord, target: RemovalTarget, origin: string): PendingMail[] {
  const base = {
    objectName: b.objectName,
    floorPlanName: b.floorPlanName,
    date: formatDate(b.von),
    von: formatTime(b.von),
    bis: formatTime(b.bis),
    url: `${origin}/${b.area}/karte`,
  };
  const colleague = Boolean(b.confirmingId && b.confirmingEmail && b.confirmingId !== b.bookerId);
  const mails: PendingMail[] = [
    {
      to: b.bookerEmail,
      recipientId: b.bookerId,
      // A pre-booked seat is in the colleague's calendar, not the booker's (decision 217).
      ...(colleague ? {} : { invitee: b.bookerName }),
      render: (locale, invite) =>
        withIcs(
          removalCancelledMail({ ...base, locale, tenantName: '', recipientName: b.bookerName, target, bookedBy: null }),
          seatIcs(b, locale, 'storniert', invite),
        ),
    },
  ];
  if (colleague && b.confirmingId && b.confirmingEmail) {
    mails.push({
      to: b.confirmingEmail,
      recipientId: b.confirmingId,
      invitee: b.confirmingName ?? '',
      render: (locale, invite) =>
        withIcs(
          removalCancelledMail({ ...base, locale, tenantName: '', recipientName: b.confirmingName ?? '', target, bookedBy: b.bookerName }),
          seatIcs(b, locale, 'storniert', invite),
        ),
    });
  }
  return mails;
}

/** Inside the deactivating transaction: cancel, publish one event per booking, collect the mails. */
async function cancelForRemoval(
  deps: Deps,
  tx: Db,
  tenantId: string,
  scope: BookingScope,
  target: RemovalTarget,
  origin: string,
  now: Date,
) {
  const cancelled = await cancelScopeBookings(tx, tenantId, scope, now, REMOVAL_REASONS[target]);
  for (const b of cancelled)
    await deps.events.publish(tx, { tenantId, topic: SEAT_TOPIC, type: 'cancelled', id: b.id, scope: b.floorPlanId });
  return { count: cancelled.length, mails: cancelled.flatMap((b) => mailsFor(b, target, origin)) };
}

const targetOf = (kind: string): RemovalTarget => (kind === 'raum' ? 'raum' : 'platz');

/**
 * Used by PUT …/objects/:id/active and by PATCH …/objects/:id with active:
 * flips the flag under a row lock (bookings take a share lock on the same
 * row) and, when deactivating, cancels the open bookings in the same transaction.
 */
export async function applyObjectActive(deps: Deps, tx: Db, tenantId: string, id: string, active: boolean, origin: string, now: Date) {
  const locked = await lockObject(tx, tenantId, id, 'update');
  if (!locked) throw notFound(OBJECT);
  let result = { count: 0, mails: [] as PendingMail[] };
  if (locked.active !== active) {
    await setObjectActive(tx, tenantId, id, active);
    if (!active) result = await cancelForRemoval(deps, tx, tenantId, { objectId: id }, targetOf(locked.kind), origin, now);
    await deps.events.publish(tx, { tenantId, topic: SEAT_TOPIC, type: 'changed', id, scope: locked.floorPlanId });
  }
  return result;
}

export async function setObjectActiveAdmin(deps: Deps, user: UserContext, id: string, active: boolean, origin: string, now = new Date()) {
  const tenantId = user.tenant.id;
  const { object, count, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    const r = await applyObjectActive(deps, tx, tenantId, id, active, origin, now);
    return { ...r, object: (await findObject(tx, tenantId, id))! };
  });
  await sendAll(deps, tenantId, mails);
  return { object: toAdminObject(object), cancelledBookings: count };
}

export async function setPlanActiveAdmin(deps: Deps, user: UserContext, id: string, active: boolean, origin: string, now = new Date()) {
  const tenantId = user.tenant.id;
  const { plan, count, mails } = await withTenant(deps.database.db, tenantId, async (tx) => {
    // The plan row lock excludes bookings on any of its objects (they share-lock the plan row).
    if (!(await lockFloorPlan(tx, tenantId, id))) throw notFound(PLAN);
    const before = (await findFloorPlan(tx, tenantId, id))!;
    let r = { count: 0, mails: [] as PendingMail[] };
    if (before.active !== active) {
      await updateFloorPlan(tx, tenantId, id, { active });
      if (!active) r = await cancelForRemoval(deps, tx, tenantId, { floorPlanId: id }, 'grundriss', origin, now);
      await deps.events.publish(tx, { tenantId, topic: SEAT_TOPIC, type: 'changed', id, scope: id });
    }
    return { ...r, plan: (await findFloorPlan(tx, tenantId, id))! };
  });
  await sendAll(deps, tenantId, mails);
  return { floorPlan: toFloorPlanDto(plan), cancelledBookings: count };
}

async function preview(tx: Db, tenantId: string, scope: BookingScope, now: Date): Promise<RemovalPreviewDto> {
  const c = await countScopeBookings(tx, tenantId, scope, now);
  return {
    openBookings: c.open,
    bookings: c.total,
    deletable: c.total === 0,
    openFrom: c.openFrom?.toISOString() ?? null,
    openTo: c.openTo?.toISOString() ?? null,
  };
}

export const objectRemovalPreview = (deps: Deps, user: UserContext, id: string, now = new Date()) =>
  withTenant(deps.database.db, user.tenant.id, async (tx) => {
    if (!(await findObject(tx, user.tenant.id, id))) throw notFound(OBJECT);
    return preview(tx, user.tenant.id, { objectId: id }, now);
  });

export const planRemovalPreview = (deps: Deps, user: UserContext, id: string, now = new Date()) =>
  withTenant(deps.database.db, user.tenant.id, async (tx) => {
    if (!(await findFloorPlan(tx, user.tenant.id, id))) throw notFound(PLAN);
    return preview(tx, user.tenant.id, { floorPlanId: id }, now);
  });

/** A booking inserted between our check and the delete still makes the database refuse (FK 23503): same message. */
function refuseIfReferenced(err: unknown, target: RemovalTarget, name: string): never {
  if (sqlState(err) === '23503') throw hasBookingsError(target, name);
  throw err;
}

/** Deletes a never-booked seat or room for good, in one transaction. */
export async function deleteObjectAdmin(deps: Deps, user: UserContext, id: string, now = new Date()) {
  const tenantId = user.tenant.id;
  await withTenant(deps.database.db, tenantId, async (tx) => {
    const locked = await lockObject(tx, tenantId, id, 'update');
    if (!locked) throw notFound(OBJECT);
    const target = targetOf(locked.kind);
    assertDeletable(target, locked.designation, (await countScopeBookings(tx, tenantId, { objectId: id }, now)).total);
    try {
      await deleteObject(tx, tenantId, id);
    } catch (err) {
      refuseIfReferenced(err, target, locked.designation);
    }
    await deps.events.publish(tx, { tenantId, topic: SEAT_TOPIC, type: 'deleted', id, scope: locked.floorPlanId });
  });
}

/** Deletes a never-booked floor plan with its objects, opening hours and kiosk links; then its image file. */
export async function deletePlanAdmin(deps: Deps, user: UserContext, id: string, now = new Date()) {
  const tenantId = user.tenant.id;
  const imagePath = await withTenant(deps.database.db, tenantId, async (tx) => {
    if (!(await lockFloorPlan(tx, tenantId, id))) throw notFound(PLAN);
    const plan = (await findFloorPlan(tx, tenantId, id))!;
    assertDeletable('grundriss', plan.name, (await countScopeBookings(tx, tenantId, { floorPlanId: id }, now)).total);
    try {
      await deleteFloorPlan(tx, tenantId, id);
    } catch (err) {
      refuseIfReferenced(err, 'grundriss', plan.name);
    }
    await deps.events.publish(tx, { tenantId, topic: SEAT_TOPIC, type: 'deleted', id, scope: id });
    return plan.imagePath;
  });
  // Files are not transactional: removed once the rows are gone; a leftover file is harmless, a missing one would not be.
  if (imagePath) {
    try {
      await deps.storage.remove('grundrisse', tenantId, imagePath);
    } catch (err) {
      deps.log.warn({ err, floorPlanId: id }, 'Grundrissbild konnte nicht gelöscht werden');
    }
  }
}
