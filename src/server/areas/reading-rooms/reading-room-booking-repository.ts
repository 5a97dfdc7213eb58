import type { Db } from '@db/client';
import { floorPlans, readingRoomBookings, readingRooms, users } from '@db/schema/index';
import type { HeldPlace } from '@domain/reading-room-booking';
import { and, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf } from '../../kernel/rows';

/** Reading-room bookings (LeseraumBuchung). Always tenant-scoped. */

export interface BookingRecord {
  id: string;
  objectId: string;
  objectName: string;
  objectKind: string;
  floorPlanId: string;
  floorPlanName: string;
  area: string;
  von: Date;
  bis: Date;
  status: string;
  groupSize: number;
  bookerId: string;
  bookerName: string;
  bookerEmail: string;
  confirmingId: string | null;
  confirmingName: string | null;
  confirmingEmail: string | null;
  cancelReason: string | null;
  createdAt: Date;
  /** The row's change counter (decision 200): the SEQUENCE of its calendar event. */
  revision: number;
  seriesId: string | null;
}

const booker = alias(users, 'booker');
const confirming = alias(users, 'confirming');

function selectBookings(db: Db) {
  return db
    .select({
      id: readingRoomBookings.id,
      objectId: readingRoomBookings.readingRoomId,
      objectName: readingRooms.designation,
      objectKind: readingRooms.kind,
      floorPlanId: floorPlans.id,
      floorPlanName: floorPlans.name,
      area: floorPlans.area,
      von: readingRoomBookings.von,
      bis: readingRoomBookings.bis,
      status: readingRoomBookings.status,
      groupSize: readingRoomBookings.groupSize,
      bookerId: readingRoomBookings.bookerId,
      bookerName: sql<string>`${booker.firstName} || ' ' || ${booker.lastName}`,
      bookerEmail: booker.email,
      confirmingId: readingRoomBookings.confirmingId,
      confirmingName: sql<string | null>`${confirming.firstName} || ' ' || ${confirming.lastName}`,
      confirmingEmail: confirming.email,
      cancelReason: readingRoomBookings.cancelReason,
      createdAt: readingRoomBookings.createdAt,
      revision: readingRoomBookings.revision,
      seriesId: readingRoomBookings.seriesId,
    })
    .from(readingRoomBookings)
    .innerJoin(
      readingRooms,
      and(eq(readingRooms.tenantId, readingRoomBookings.tenantId), eq(readingRooms.id, readingRoomBookings.readingRoomId)),
    )
    .innerJoin(floorPlans, and(eq(floorPlans.tenantId, readingRooms.tenantId), eq(floorPlans.id, readingRooms.floorPlanId)))
    .innerJoin(booker, and(eq(booker.tenantId, readingRoomBookings.tenantId), eq(booker.id, readingRoomBookings.bookerId)))
    .leftJoin(confirming, and(eq(confirming.tenantId, readingRoomBookings.tenantId), eq(confirming.id, readingRoomBookings.confirmingId)))
    .$dynamic();
}

export async function findBooking(db: Db, tenantId: string, id: string): Promise<BookingRecord | null> {
  const [row] = await selectBookings(db).where(and(eq(readingRoomBookings.tenantId, tenantId), eq(readingRoomBookings.id, id)));
  return (row as BookingRecord | undefined) ?? null;
}

/** Many bookings by id in one query, in order of start (ids of another tenant find nothing). */
export async function findBookingsByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<BookingRecord[]> {
  if (ids.length === 0) return [];
  const rows = await selectBookings(db)
    .where(and(eq(readingRoomBookings.tenantId, tenantId), sql`${readingRoomBookings.id} = any(${sql.param([...ids])}::uuid[])`))
    .orderBy(readingRoomBookings.von);
  return rows as BookingRecord[];
}

/**
 * Bookings of the user as booker or confirming person in an area that have not
 * ended: the live ones, plus those the administration cancelled by
 * deactivating their seat, room or plan (`shownCancelReasons`), so the person
 * sees what happened (decision 025).
 */
export async function listBookingsOfUser(
  db: Db,
  tenantId: string,
  userId: string,
  area: string,
  now: Date,
  shownCancelReasons: readonly string[] = [],
): Promise<BookingRecord[]> {
  const rows = await selectBookings(db)
    .where(
      and(
        eq(readingRoomBookings.tenantId, tenantId),
        eq(floorPlans.area, area),
        or(eq(readingRoomBookings.bookerId, userId), eq(readingRoomBookings.confirmingId, userId)),
        shownCancelReasons.length
          ? or(ne(readingRoomBookings.status, 'storniert'), inArray(readingRoomBookings.cancelReason, [...shownCancelReasons]))
          : ne(readingRoomBookings.status, 'storniert'),
        gt(readingRoomBookings.bis, now),
      ),
    )
    .orderBy(readingRoomBookings.von);
  return rows as BookingRecord[];
}

export interface SlotRecord {
  id: string;
  objectId: string;
  von: Date;
  bis: Date;
  status: string;
  placeFrom: number;
  placeTo: number;
  bookerId: string;
  confirmingId: string | null;
}

const slotColumns = {
  id: readingRoomBookings.id,
  objectId: readingRoomBookings.readingRoomId,
  von: readingRoomBookings.von,
  bis: readingRoomBookings.bis,
  status: readingRoomBookings.status,
  placeFrom: readingRoomBookings.placeFrom,
  placeTo: readingRoomBookings.placeTo,
  bookerId: readingRoomBookings.bookerId,
  confirmingId: readingRoomBookings.confirmingId,
};

/**
 * Non-cancelled bookings of the given objects overlapping [from, to): one query
 * for the whole map. The ids come as one array parameter and use the
 * (tenant_id, reading_room_id, von) index, so the plan stays good even where
 * the planner has no statistics (PGlite runs no autovacuum).
 */
export async function listPlanSlots(db: Db, tenantId: string, objectIds: string[], from: Date, to: Date): Promise<SlotRecord[]> {
  if (objectIds.length === 0) return [];
  return db
    .select(slotColumns)
    .from(readingRoomBookings)
    .where(
      and(
        eq(readingRoomBookings.tenantId, tenantId),
        sql`${readingRoomBookings.readingRoomId} = any(${sql.param(objectIds)}::uuid[])`,
        ne(readingRoomBookings.status, 'storniert'),
        lt(readingRoomBookings.von, to),
        gt(readingRoomBookings.bis, from),
      ),
    );
}

/** Bookings that occupy places of an object in [from, to): holding ones and checked-in (durchgeführt) ones. */
export async function listObjectSlots(db: Db, tenantId: string, objectId: string, from: Date, to: Date): Promise<SlotRecord[]> {
  return db
    .select(slotColumns)
    .from(readingRoomBookings)
    .where(
      and(
        eq(readingRoomBookings.tenantId, tenantId),
        eq(readingRoomBookings.readingRoomId, objectId),
        ne(readingRoomBookings.status, 'storniert'),
        lt(readingRoomBookings.von, to),
        gt(readingRoomBookings.bis, from),
      ),
    );
}

/**
 * Gives bookings other places (group rooms packed again, decision 020).
 * Moving one row after the other could pass through states the no-overlap
 * rule forbids (two bookings swapping places). So the moved bookings are first
 * parked as `storniert`, which the rule leaves out, and then put at their new
 * places with their status back in one statement: each row is checked against
 * its final neighbours only. Nobody else sees the parked state (same
 * transaction). Three statements however many bookings move.
 */
export async function movePlaces(db: Db, tenantId: string, moves: readonly { id: string; from: number }[]): Promise<void> {
  if (moves.length === 0) return;
  const ids = moves.map((m) => m.id);
  const mine = and(eq(readingRoomBookings.tenantId, tenantId), inArray(readingRoomBookings.id, ids));
  const statuses = new Map(
    (await db.select({ id: readingRoomBookings.id, status: readingRoomBookings.status }).from(readingRoomBookings).where(mine)).map((r) => [
      r.id,
      r.status,
    ]),
  );
  await db.update(readingRoomBookings).set({ status: 'storniert' }).where(mine);
  await db.execute(sql`
    update reading_room_bookings b
       set place_from = m.place_from, place_to = m.place_from + b.group_size, status = m.status
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(moves.map((m) => m.from))}::int[], ${sql.param(ids.map((id) => statuses.get(id)!))}::text[])
           as m(id, place_from, status)
     where b.tenant_id = ${tenantId} and b.id = m.id`);
}

/** Serialises bookings of one booker (weekly limit) within the transaction. */
export async function lockBooker(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${tenantId}:${userId}`}, 0))`);
}

/**
 * What counts as a place the person holds (decision 036): their own holding
 * bookings for themselves, and pre-bookings for them that they confirmed
 * (reserviert). Pre-bookings they made for someone else do not count.
 */
const heldBy = (userId: string) =>
  or(
    and(
      eq(readingRoomBookings.bookerId, userId),
      sql`${readingRoomBookings.confirmingId} is null`,
      inArray(readingRoomBookings.status, ['vorgemerkt', 'reserviert']),
    ),
    and(eq(readingRoomBookings.confirmingId, userId), eq(readingRoomBookings.status, 'reserviert')),
  );

/** The first place the person holds in [von, bis), with its object's name, or null; `exceptId` leaves out the booking being decided. */
export async function findOwnOverlapping(
  db: Db,
  tenantId: string,
  userId: string,
  von: Date,
  bis: Date,
  exceptId?: string,
): Promise<HeldPlace | null> {
  const [row] = await listOwnHeld(db, tenantId, userId, von, bis, exceptId, 1);
  return row ?? null;
}

/** Every place the person holds overlapping [from, to), in order of start (a whole day or a series' span at once). */
export async function listOwnHeld(
  db: Db,
  tenantId: string,
  userId: string,
  from: Date,
  to: Date,
  exceptId?: string,
  limit?: number,
): Promise<HeldPlace[]> {
  const q = db
    .select({ objectName: readingRooms.designation, von: readingRoomBookings.von, bis: readingRoomBookings.bis })
    .from(readingRoomBookings)
    .innerJoin(
      readingRooms,
      and(eq(readingRooms.tenantId, readingRoomBookings.tenantId), eq(readingRooms.id, readingRoomBookings.readingRoomId)),
    )
    .where(
      and(
        eq(readingRoomBookings.tenantId, tenantId),
        heldBy(userId),
        exceptId ? ne(readingRoomBookings.id, exceptId) : undefined,
        lt(readingRoomBookings.von, to),
        gt(readingRoomBookings.bis, from),
      ),
    )
    .orderBy(readingRoomBookings.von)
    .$dynamic();
  return limit ? q.limit(limit) : q;
}

/** Non-cancelled bookings the user made as booker starting in [from, to). */
export async function countBookerBookings(db: Db, tenantId: string, userId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(readingRoomBookings)
    .where(
      and(
        eq(readingRoomBookings.tenantId, tenantId),
        eq(readingRoomBookings.bookerId, userId),
        ne(readingRoomBookings.status, 'storniert'),
        sql`${readingRoomBookings.von} >= ${from.toISOString()}::timestamptz`,
        lt(readingRoomBookings.von, to),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Non-cancelled bookings the user made as booker starting in [from, to),
 * counted per ISO week of Berlin (key: the Monday, YYYY-MM-DD): the weekly
 * limit of a whole series in one query.
 */
export async function countBookerBookingsByWeek(
  db: Db,
  tenantId: string,
  userId: string,
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  const rows = rowsOf<{ monday: string; n: number }>(
    await db.execute(sql`
      select to_char(date_trunc('week', von at time zone 'Europe/Berlin'), 'YYYY-MM-DD') as monday, count(*)::int as n
        from reading_room_bookings
       where tenant_id = ${tenantId} and booker_id = ${userId} and status <> 'storniert'
         and von >= ${from.toISOString()}::timestamptz and von < ${to.toISOString()}::timestamptz
       group by 1`),
  );
  return new Map(rows.map((r) => [r.monday, Number(r.n)]));
}

export async function insertBooking(
  db: Db,
  v: {
    tenantId: string;
    readingRoomId: string;
    von: Date;
    bis: Date;
    status: string;
    bookerId: string;
    confirmingId: string | null;
    groupSize: number;
    placeFrom: number;
    exclusivePersonId?: string | null;
    seriesId?: string | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(readingRoomBookings)
    .values({ ...v, placeTo: v.placeFrom + v.groupSize })
    .returning({ id: readingRoomBookings.id });
  return row!.id;
}

/** Changes the status only if it still is one of `from` (optimistic: a concurrent change wins once). */
export async function transitionBooking(
  db: Db,
  tenantId: string,
  id: string,
  from: string[],
  to: string,
  extra: { checkedInAt?: Date; cancelledAt?: Date; cancelReason?: string } = {},
): Promise<boolean> {
  const rows = await db
    .update(readingRoomBookings)
    .set({ status: to, ...extra })
    .where(and(eq(readingRoomBookings.tenantId, tenantId), eq(readingRoomBookings.id, id), inArray(readingRoomBookings.status, from)))
    .returning({ id: readingRoomBookings.id });
  return rows.length > 0;
}

/**
 * The scheduled job's one statement per tenant: unconfirmed pre-bookings whose
 * start has come and reservations whose check-in window has closed become
 * storniert. Returns what changed (for events). Idempotent.
 */
export async function expireBookings(db: Db, tenantId: string, now: Date): Promise<{ id: string; floorPlanId: string; status: string }[]> {
  const at = now.toISOString();
  const result = await db.execute<{ id: string; floor_plan_id: string; old_status: string }>(sql`
    with due as (
      select b.id, b.status
        from reading_room_bookings b
       where b.tenant_id = ${tenantId}
         and ((b.status = 'vorgemerkt' and b.von <= ${at}::timestamptz)
           or (b.status = 'reserviert' and b.von + interval '15 minutes' < ${at}::timestamptz))
       for update
    )
    update reading_room_bookings b
       set status = 'storniert', cancelled_at = ${at}::timestamptz,
           cancel_reason = case when due.status = 'vorgemerkt' then 'Vormerkung nicht bis zum Beginn bestätigt' else 'Nicht eingecheckt' end
      from due, reading_rooms r
     where b.tenant_id = ${tenantId} and b.id = due.id and b.status = due.status
       and r.tenant_id = b.tenant_id and r.id = b.reading_room_id
    returning b.id::text as id, r.floor_plan_id::text as floor_plan_id, due.status as old_status`);
  return (result as unknown as { rows: { id: string; floor_plan_id: string; old_status: string }[] }).rows.map((r) => ({
    id: r.id,
    floorPlanId: r.floor_plan_id,
    status: r.old_status,
  }));
}

/** Reserved bookings starting in (now, now + horizon] that have not been reminded yet. */
export async function listReminderCandidates(db: Db, tenantId: string, now: Date, horizonMinutes: number): Promise<BookingRecord[]> {
  const rows = await selectBookings(db)
    .where(
      and(
        eq(readingRoomBookings.tenantId, tenantId),
        eq(readingRoomBookings.status, 'reserviert'),
        sql`${readingRoomBookings.remindedAt} is null`,
        gt(readingRoomBookings.von, now),
        lt(readingRoomBookings.von, new Date(now.getTime() + horizonMinutes * 60_000)),
      ),
    )
    .orderBy(readingRoomBookings.von);
  return rows as BookingRecord[];
}

/** Marks a reminder as sent; false when another node was faster (idempotent). */
export async function markReminded(db: Db, tenantId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(readingRoomBookings)
    .set({ remindedAt: at })
    .where(and(eq(readingRoomBookings.tenantId, tenantId), eq(readingRoomBookings.id, id), sql`${readingRoomBookings.remindedAt} is null`))
    .returning({ id: readingRoomBookings.id });
  return rows.length > 0;
}

// ---- removing seats, rooms and plans (decision 025) ----

/** Which bookings: those of one object, or of every object of one floor plan. */
export type BookingScope = { objectId: string } | { floorPlanId: string };

const inScope = (tenantId: string, scope: BookingScope) =>
  'objectId' in scope
    ? sql`b.reading_room_id = ${scope.objectId}`
    : sql`b.reading_room_id in (select r.id from reading_rooms r where r.tenant_id = ${tenantId} and r.floor_plan_id = ${scope.floorPlanId})`;

export interface ScopeCounts {
  /** vorgemerkt/reserviert and not ended: what a deactivation now would cancel. */
  open: number;
  /** Bookings in any state ever made. */
  total: number;
  /** Start of the first and end of the last open booking (null without open bookings). */
  openFrom: Date | null;
  openTo: Date | null;
}

/** Open bookings a deactivation would cancel now and all bookings ever made, in one statement. */
export async function countScopeBookings(db: Db, tenantId: string, scope: BookingScope, now: Date): Promise<ScopeCounts> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    select count(*) filter (where b.status in ('vorgemerkt', 'reserviert') and b.bis > ${at}::timestamptz)::int as open,
           count(*)::int as total,
           min(b.von) filter (where b.status in ('vorgemerkt', 'reserviert') and b.bis > ${at}::timestamptz) as open_from,
           max(b.bis) filter (where b.status in ('vorgemerkt', 'reserviert') and b.bis > ${at}::timestamptz) as open_to
      from reading_room_bookings b
     where b.tenant_id = ${tenantId} and ${inScope(tenantId, scope)}`);
  const row = (result as unknown as { rows: { open: number; total: number; open_from: unknown; open_to: unknown }[] }).rows[0]!;
  const instant = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return { open: Number(row.open), total: Number(row.total), openFrom: instant(row.open_from), openTo: instant(row.open_to) };
}

/**
 * Cancels the open bookings of the scope from now on in one statement
 * (vorgemerkt/reserviert whose end lies after now) with the given reason and
 * returns them as they are now, with booker and confirming person for the mails.
 */
export async function cancelScopeBookings(
  db: Db,
  tenantId: string,
  scope: BookingScope,
  now: Date,
  reason: string,
): Promise<BookingRecord[]> {
  const at = now.toISOString();
  const result = await db.execute<{ id: string }>(sql`
    update reading_room_bookings b
       set status = 'storniert', cancelled_at = ${at}::timestamptz, cancel_reason = ${reason}
     where b.tenant_id = ${tenantId} and ${inScope(tenantId, scope)}
       and b.status in ('vorgemerkt', 'reserviert') and b.bis > ${at}::timestamptz
    returning b.id::text as id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await selectBookings(db)
    .where(and(eq(readingRoomBookings.tenantId, tenantId), sql`${readingRoomBookings.id} = any(${sql.param(ids)}::uuid[])`))
    .orderBy(readingRoomBookings.von);
  return rows as BookingRecord[];
}
