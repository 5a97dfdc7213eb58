import type { Db } from '@db/client';
import { lockerAssignments, lockers } from '@db/schema';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

const lockerColumns = {
  id: lockers.id,
  floorPlanId: lockers.floorPlanId,
  number: lockers.number,
  posX: lockers.posX,
  posY: lockers.posY,
  active: lockers.active,
};
export type LockerRecord = { id: string; floorPlanId: string; number: string; posX: number; posY: number; active: boolean };

export async function listLockers(db: Db, tenantId: string, floorPlanId: string): Promise<LockerRecord[]> {
  return db
    .select(lockerColumns)
    .from(lockers)
    .where(and(eq(lockers.tenantId, tenantId), eq(lockers.floorPlanId, floorPlanId)))
    .orderBy(asc(lockers.number));
}

export async function findLocker(db: Db, tenantId: string, id: string): Promise<LockerRecord | undefined> {
  const [row] = await db
    .select(lockerColumns)
    .from(lockers)
    .where(and(eq(lockers.tenantId, tenantId), eq(lockers.id, id)));
  return row;
}

export async function insertLocker(
  db: Db,
  tenantId: string,
  v: { floorPlanId: string; number: string; posX: number; posY: number },
): Promise<LockerRecord> {
  const [row] = await db
    .insert(lockers)
    .values({ tenantId, ...v })
    .returning(lockerColumns);
  return row as LockerRecord;
}

export async function updateLocker(
  db: Db,
  tenantId: string,
  id: string,
  v: Partial<{ number: string; posX: number; posY: number; active: boolean }>,
): Promise<LockerRecord | undefined> {
  const [row] = await db
    .update(lockers)
    .set(v)
    .where(and(eq(lockers.tenantId, tenantId), eq(lockers.id, id)))
    .returning(lockerColumns);
  return row;
}

/** The person's desk bookings of the day on office floor plans (holding or done), one row per plan and desk. */
export async function deskBookingsOfDay(
  db: Db,
  tenantId: string,
  userId: string,
  from: Date,
  to: Date,
): Promise<{ floorPlanId: string; floorPlan: string; designation: string; imagePath: string | null }[]> {
  const rows = rowsOf<{ floor_plan_id: string; floor_plan: string; designation: string; image_path: string | null }>(
    await db.execute(sql`
      select distinct p.id::text as floor_plan_id, p.name as floor_plan, r.designation, p.image_path
        from reading_room_bookings b
        join reading_rooms r on r.tenant_id = b.tenant_id and r.id = b.reading_room_id
        join floor_plans p on p.tenant_id = r.tenant_id and p.id = r.floor_plan_id
       where b.tenant_id = ${tenantId} and p.area = 'arbeitswelt'
         and coalesce(b.confirming_id, b.booker_id) = ${userId}
         and b.status in ('vorgemerkt', 'reserviert', 'durchgeführt')
         and b.von < ${to.toISOString()}::timestamptz and b.bis > ${from.toISOString()}::timestamptz
       order by p.name, r.designation`),
  );
  return rows.map((r) => ({ floorPlanId: r.floor_plan_id, floorPlan: r.floor_plan, designation: r.designation, imagePath: r.image_path }));
}

/** Lockers of the given plans with whether someone holds them on the day. */
export async function lockersOfDay(
  db: Db,
  tenantId: string,
  floorPlanIds: string[],
  day: string,
): Promise<(LockerRecord & { free: boolean })[]> {
  if (floorPlanIds.length === 0) return [];
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select l.id::text as id, l.floor_plan_id::text as floor_plan_id, l.number, l.pos_x, l.pos_y, l.active,
             not exists (select 1 from locker_assignments a
                          where a.tenant_id = l.tenant_id and a.locker_id = l.id and a.day = ${day}::date and a.released_at is null) as free
        from lockers l
       where l.tenant_id = ${tenantId} and l.active
         and l.floor_plan_id in (${sql.join(
           floorPlanIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
       order by l.number`),
  );
  return rows.map((r) => ({
    id: String(r.id),
    floorPlanId: String(r.floor_plan_id),
    number: String(r.number),
    posX: Number(r.pos_x),
    posY: Number(r.pos_y),
    active: Boolean(r.active),
    free: Boolean(r.free),
  }));
}

export async function heldLocker(db: Db, tenantId: string, userId: string, day: string) {
  const [row] = await db
    .select({ assignmentId: lockerAssignments.id, lockerId: lockerAssignments.lockerId })
    .from(lockerAssignments)
    .where(
      and(
        eq(lockerAssignments.tenantId, tenantId),
        eq(lockerAssignments.userId, userId),
        eq(lockerAssignments.day, day),
        isNull(lockerAssignments.releasedAt),
      ),
    );
  return row;
}

/**
 * Racing inserters for one locker would each wait on the others' uncommitted rows in the exclusion
 * check, and PostgreSQL breaks such wait cycles as deadlocks. Locking the locker row first makes them
 * take turns, so every loser gets the clean "taken" refusal.
 */
export async function insertAssignment(db: Db, tenantId: string, lockerId: string, userId: string, day: string): Promise<string> {
  await db
    .select({ id: lockers.id })
    .from(lockers)
    .where(and(eq(lockers.tenantId, tenantId), eq(lockers.id, lockerId)))
    .for('update');
  const [row] = await db.insert(lockerAssignments).values({ tenantId, lockerId, userId, day }).returning({ id: lockerAssignments.id });
  return (row as { id: string }).id;
}

export async function findAssignment(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({
      id: lockerAssignments.id,
      userId: lockerAssignments.userId,
      day: lockerAssignments.day,
      releasedAt: lockerAssignments.releasedAt,
    })
    .from(lockerAssignments)
    .where(and(eq(lockerAssignments.tenantId, tenantId), eq(lockerAssignments.id, id)));
  return row;
}

export async function releaseAssignment(db: Db, tenantId: string, id: string, at: Date): Promise<void> {
  await db
    .update(lockerAssignments)
    .set({ releasedAt: at })
    .where(and(eq(lockerAssignments.tenantId, tenantId), eq(lockerAssignments.id, id), isNull(lockerAssignments.releasedAt)));
}

/** Whether the tenant has a locker in service on an active office floor plan: the menu offers /officelocker then (decision 201). */
export async function hasActiveLockers(db: Db, tenantId: string): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from lockers l
          join floor_plans p on p.tenant_id = l.tenant_id and p.id = l.floor_plan_id
         where l.tenant_id = ${tenantId} and l.active and p.active and p.area = 'arbeitswelt'
      ) as found`),
  );
  return row?.found === true;
}
