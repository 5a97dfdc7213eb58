import type { Db } from '@db/client';
import { parkingSpaces, users, vehicleBookingApprovers, vehicleBookings, vehicleHistory } from '@db/schema/index';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

/** Vehicle bookings, special-trip approvers and the vehicle history. Always tenant-scoped. */

export interface BookingRecord {
  id: string;
  vehicleId: string;
  vehicleLabel: string;
  licensePlate: string;
  locationName: string;
  von: Date;
  bis: Date;
  status: string;
  type: string;
  bookedBy: { id: string; name: string; email: string };
  driver: { id: string; name: string; email: string };
  reason: string | null;
  passengers: string | null;
  destination: string | null;
  stopover: string | null;
  contact: string | null;
  detour: string | null;
  infoText: string | null;
  cancelReason: string | null;
  needsApproval: boolean;
  reminderCount: number;
  createdAt: Date;
  /** The row's change counter (decision 200): the SEQUENCE of its calendar event. */
  revision: number;
  /** The vehicle series this booking belongs to (decision 115). */
  seriesId: string | null;
  approvers: { userId: string; name: string; email: string; approved: boolean | null }[];
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

interface RawBooking {
  id: string;
  vehicle_id: string;
  brand: string;
  model: string;
  license_plate: string;
  location_name: string;
  von: Date | string;
  bis: Date | string;
  status: string;
  type: string;
  booked_by_id: string;
  booked_by_name: string;
  booked_by_email: string;
  driver_id: string;
  driver_name: string;
  driver_email: string;
  reason: string | null;
  passengers: string | null;
  destination: string | null;
  stopover: string | null;
  contact: string | null;
  detour: string | null;
  info_text: string | null;
  cancel_reason: string | null;
  needs_approval: boolean;
  reminder_count: number;
  created_at: Date | string;
  revision: number;
  series_id: string | null;
}

/** Bookings matching a condition (SQL over alias b), with names and approvers: two queries, whatever the number. */
/** The one select of booking records; callers use the named finders below, so no SQL leaves this file. */
async function queryBookings(db: Db, tenantId: string, where: ReturnType<typeof sql>, limit = 500): Promise<BookingRecord[]> {
  const raw = rowsOf<RawBooking>(
    await db.execute(sql`
      select b.id::text, b.vehicle_id::text, v.brand, v.model, v.license_plate, l.name as location_name,
             b.von, b.bis, b.status, b.type, b.booked_by_id::text,
             ub.first_name || ' ' || ub.last_name as booked_by_name, ub.email as booked_by_email,
             b.driver_id::text, ud.first_name || ' ' || ud.last_name as driver_name, ud.email as driver_email,
             b.reason, b.passengers, b.destination, b.stopover, b.contact, b.detour, b.info_text, b.cancel_reason,
             b.needs_approval, b.reminder_count, b.created_at, b.revision, b.series_id::text
        from vehicle_bookings b
        join vehicles v on v.tenant_id = b.tenant_id and v.id = b.vehicle_id
        join locations l on l.tenant_id = v.tenant_id and l.id = v.location_id
        join users ub on ub.tenant_id = b.tenant_id and ub.id = b.booked_by_id
        join users ud on ud.tenant_id = b.tenant_id and ud.id = b.driver_id
       where b.tenant_id = ${tenantId} and (${where})
       order by b.von asc
       limit ${limit}`),
  );
  if (raw.length === 0) return [];
  const ids = raw.map((r) => r.id);
  const approvers = await db
    .select({
      bookingId: vehicleBookingApprovers.bookingId,
      userId: vehicleBookingApprovers.userId,
      approved: vehicleBookingApprovers.approved,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(vehicleBookingApprovers)
    .innerJoin(users, and(eq(users.tenantId, vehicleBookingApprovers.tenantId), eq(users.id, vehicleBookingApprovers.userId)))
    .where(and(eq(vehicleBookingApprovers.tenantId, tenantId), inArray(vehicleBookingApprovers.bookingId, ids)));
  return raw.map((r) => ({
    id: r.id,
    vehicleId: r.vehicle_id,
    vehicleLabel: `${r.brand} ${r.model}`,
    licensePlate: r.license_plate,
    locationName: r.location_name,
    von: toDate(r.von),
    bis: toDate(r.bis),
    status: r.status,
    type: r.type,
    bookedBy: { id: r.booked_by_id, name: r.booked_by_name, email: r.booked_by_email },
    driver: { id: r.driver_id, name: r.driver_name, email: r.driver_email },
    reason: r.reason,
    passengers: r.passengers,
    destination: r.destination,
    stopover: r.stopover,
    contact: r.contact,
    detour: r.detour,
    infoText: r.info_text,
    cancelReason: r.cancel_reason,
    needsApproval: r.needs_approval,
    reminderCount: Number(r.reminder_count),
    createdAt: toDate(r.created_at),
    revision: Number(r.revision),
    seriesId: r.series_id ?? null,
    approvers: approvers
      .filter((a) => a.bookingId === r.id)
      .map((a) => ({ userId: a.userId, name: `${a.firstName} ${a.lastName}`, email: a.email, approved: a.approved })),
  }));
}

export async function findBooking(db: Db, tenantId: string, id: string): Promise<BookingRecord | null> {
  const [b] = await queryBookings(db, tenantId, sql`b.id = ${id}`);
  return b ?? null;
}

/** Locks a booking row for a status change. */
export async function lockBooking(db: Db, tenantId: string, id: string): Promise<boolean> {
  const r = await db.execute(sql`select id from vehicle_bookings where tenant_id = ${tenantId} and id = ${id} for update`);
  return rowsOf(r).length > 0;
}

export interface SlimBooking {
  id: string;
  vehicleId: string;
  von: Date;
  bis: Date;
  status: string;
  type: string;
  driverId: string;
  driverName: string;
}

/**
 * Bookings of vehicles touching [from - gap, to + gap) — the availability and
 * timeline query. Written with plain timestamptz comparisons: under row-level
 * security only leakproof operators may drive an index, and `&&` on ranges is
 * not leakproof, so the btree indexes on blocked_until serve it (decision 010).
 */
export async function bookingsInRange(
  db: Db,
  tenantId: string,
  from: Date,
  to: Date,
  opts: { vehicleIds?: string[]; statuses?: 'blocking' | 'notCancelled'; gapMinutes?: number } = {},
): Promise<SlimBooking[]> {
  const gap = opts.gapMinutes ?? 0;
  const lower = new Date(from.getTime() - gap * 60_000).toISOString();
  const upper = new Date(to.getTime() + gap * 60_000).toISOString();
  const ids = opts.vehicleIds;
  const vehicleFilter = !ids
    ? sql``
    : ids.length === 1
      ? sql`and b.vehicle_id = ${ids[0]}`
      : sql`and b.vehicle_id = any(${`{${ids.join(',')}}`}::uuid[])`;
  const statusFilter =
    opts.statuses === 'blocking'
      ? sql`and b.status not in ('storniert', 'durchgeführt')`
      : opts.statuses === 'notCancelled'
        ? sql`and b.status <> 'storniert'`
        : sql``;
  const rows = rowsOf<{
    id: string;
    vehicle_id: string;
    von: Date | string;
    bis: Date | string;
    status: string;
    type: string;
    driver_id: string;
    driver_name: string;
  }>(
    await db.execute(sql`
      select b.id::text, b.vehicle_id::text, b.von, b.bis, b.status, b.type, b.driver_id::text,
             u.first_name || ' ' || u.last_name as driver_name
        from vehicle_bookings b
        join users u on u.tenant_id = b.tenant_id and u.id = b.driver_id
       where b.tenant_id = ${tenantId}
         and b.blocked_until > ${lower}::timestamptz
         and b.von < ${upper}::timestamptz
         ${vehicleFilter} ${statusFilter}
       order by b.vehicle_id, b.von`),
  );
  return rows.map((r) => ({
    id: r.id,
    vehicleId: r.vehicle_id,
    von: toDate(r.von),
    bis: toDate(r.bis),
    status: r.status,
    type: r.type,
    driverId: r.driver_id,
    driverName: r.driver_name,
  }));
}

/**
 * The timeline of a period (bookings not cancelled) as the JSON text of the
 * `timelineResponse` contract, built by the database in one statement: a month
 * over 200 vehicles is thousands of rows, and turning them into driver rows,
 * Dates and objects only to print them again was most of the request. Rows
 * are short tuples (minute offsets, a person's position in `people`) written
 * as text: every value is a number or a status/type the table's CHECK
 * constraints limit to plain words, so nothing needs escaping, and it is a
 * third cheaper than json_build_array per row. Minute offsets come from
 * date_part (double precision), not extract (numeric since PostgreSQL 14, the
 * dearest part of a row), and the people are looked up from the distinct
 * drivers, not by scanning the period's bookings once per person (decision 234).
 * Same index-friendly conditions as bookingsInRange (decision 010).
 */
/**
 * `onlyPerson`: name nobody but this person (decision 033); other people's
 * bookings then carry no person at all, so neither their names nor their ids
 * leave the database.
 */
export async function timelineJson(
  db: Db,
  tenantId: string,
  from: Date,
  to: Date,
  vehicleIds?: string[],
  onlyPerson?: string,
): Promise<string> {
  const vehicleFilter = vehicleIds ? sql`and b.vehicle_id = any(${`{${vehicleIds.join(',')}}`}::uuid[])` : sql``;
  const personFilter = onlyPerson ? sql`and b.driver_id = ${onlyPerson}::uuid` : sql``;
  const f = from.toISOString();
  const rows = rowsOf<{ vehicles: string | null; people: string | null }>(
    await db.execute(sql`
      with b as (
        select b.vehicle_id, b.von, b.bis, b.status, b.type, case when b.type = 'BUCHUNG' ${personFilter} then b.driver_id end as person
          from vehicle_bookings b
         where b.tenant_id = ${tenantId}
           and b.blocked_until > ${f}::timestamptz
           and b.von < ${to.toISOString()}::timestamptz
           and b.bis > ${f}::timestamptz
           and b.status <> 'storniert'
           ${vehicleFilter}
      ),
      p as (
        select u.id, u.first_name || ' ' || u.last_name as name, (row_number() over (order by u.id) - 1)::int as n
          from (select distinct person from b where person is not null) d
          join users u on u.tenant_id = ${tenantId} and u.id = d.person
      )
      select '[' || string_agg('{"vehicleId":"' || v.vehicle_id || '","bookings":[' || v.bookings || ']}', ',' order by v.vehicle_id) || ']' as vehicles,
             (select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.n)::text from p) as people
        from (select b.vehicle_id,
                     string_agg('[' || floor(date_part('epoch', b.von - ${f}::timestamptz) / 60)::int
                                || ',' || ceil(date_part('epoch', b.bis - ${f}::timestamptz) / 60)::int
                                || ',"' || b.status || '","' || b.type || '",' || coalesce(p.n::text, 'null') || ']', ',' order by b.von) as bookings
                from b left join p on p.id = b.person
               group by b.vehicle_id) v`),
  );
  return `"people":${rows[0]?.people ?? '[]'},"vehicles":${rows[0]?.vehicles ?? '[]'}`;
}

export interface BookingWrite {
  vehicleId: string;
  von: Date;
  bis: Date;
  blockedUntil: Date;
  type: string;
  status: string;
  bookedById: string;
  driverId: string;
  reason: string | null;
  passengers: string | null;
  destination: string | null;
  stopover: string | null;
  contact: string | null;
  detour: string | null;
  infoText: string | null;
  needsApproval: boolean;
}

export async function insertBooking(db: Db, tenantId: string, b: BookingWrite): Promise<string> {
  const [row] = await db
    .insert(vehicleBookings)
    .values({ tenantId, ...b })
    .returning({ id: vehicleBookings.id });
  return row!.id;
}

export async function updateBookingRow(
  db: Db,
  tenantId: string,
  id: string,
  patch: Partial<
    Pick<
      BookingWrite,
      | 'von'
      | 'bis'
      | 'blockedUntil'
      | 'reason'
      | 'passengers'
      | 'destination'
      | 'stopover'
      | 'contact'
      | 'detour'
      | 'infoText'
      | 'needsApproval'
      | 'status'
    >
  > & {
    cancelReason?: string | null;
    reminderCount?: number;
  },
): Promise<void> {
  await db
    .update(vehicleBookings)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(vehicleBookings.tenantId, tenantId), eq(vehicleBookings.id, id)));
}

/** Cancels bookings (never durchgeführt or already storniert ones); returns the ids actually cancelled. */
export async function cancelBookings(db: Db, tenantId: string, ids: string[], reason: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const r = await db
    .update(vehicleBookings)
    .set({ status: 'storniert', cancelReason: reason, updatedAt: new Date() })
    .where(
      and(
        eq(vehicleBookings.tenantId, tenantId),
        inArray(vehicleBookings.id, ids),
        sql`${vehicleBookings.status} not in ('storniert', 'durchgeführt')`,
      ),
    )
    .returning({ id: vehicleBookings.id });
  return r.map((x) => x.id);
}

export async function insertApprovers(db: Db, tenantId: string, bookingId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(vehicleBookingApprovers).values(userIds.map((userId) => ({ tenantId, bookingId, userId })));
}

export async function setApproverDecision(
  db: Db,
  tenantId: string,
  bookingId: string,
  userId: string,
  approved: boolean,
): Promise<boolean> {
  const r = await db
    .update(vehicleBookingApprovers)
    .set({ approved, decidedAt: new Date() })
    .where(
      and(
        eq(vehicleBookingApprovers.tenantId, tenantId),
        eq(vehicleBookingApprovers.bookingId, bookingId),
        eq(vehicleBookingApprovers.userId, userId),
      ),
    )
    .returning({ userId: vehicleBookingApprovers.userId });
  return r.length > 0;
}

export async function deleteApprovers(db: Db, tenantId: string, bookingId: string): Promise<void> {
  await db
    .delete(vehicleBookingApprovers)
    .where(and(eq(vehicleBookingApprovers.tenantId, tenantId), eq(vehicleBookingApprovers.bookingId, bookingId)));
}

export async function bookingIdsForApprover(db: Db, tenantId: string, userId: string): Promise<string[]> {
  const r = await db
    .select({ id: vehicleBookingApprovers.bookingId })
    .from(vehicleBookingApprovers)
    .where(and(eq(vehicleBookingApprovers.tenantId, tenantId), eq(vehicleBookingApprovers.userId, userId)));
  return r.map((x) => x.id);
}

// ───────────────────────── history ─────────────────────────

export interface HistoryWrite {
  vehicleId: string;
  type: string;
  status?: string | null;
  description?: string | null;
  bookingId?: string | null;
  mileage?: number | null;
  cleanlinessOutside?: string | null;
  cleanlinessInside?: string | null;
  parkingSpaceId?: string | null;
  fuelPercent?: number | null;
  damages?: { description: string; receiptId: string | null }[];
  attributes?: Record<string, string>;
  userId?: string | null;
}

export async function insertHistory(db: Db, tenantId: string, h: HistoryWrite): Promise<void> {
  await db.insert(vehicleHistory).values({ tenantId, ...h });
}

export async function listHistory(db: Db, tenantId: string, vehicleId: string, limit = 200) {
  return db
    .select({
      id: vehicleHistory.id,
      time: vehicleHistory.time,
      type: vehicleHistory.type,
      status: vehicleHistory.status,
      description: vehicleHistory.description,
      bookingId: vehicleHistory.bookingId,
      mileage: vehicleHistory.mileage,
      fuelPercent: vehicleHistory.fuelPercent,
      cleanlinessInside: vehicleHistory.cleanlinessInside,
      cleanlinessOutside: vehicleHistory.cleanlinessOutside,
      parkingSpaceName: parkingSpaces.name,
      damages: vehicleHistory.damages,
      attributes: vehicleHistory.attributes,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(vehicleHistory)
    .leftJoin(users, and(eq(users.tenantId, vehicleHistory.tenantId), eq(users.id, vehicleHistory.userId)))
    .leftJoin(parkingSpaces, and(eq(parkingSpaces.tenantId, vehicleHistory.tenantId), eq(parkingSpaces.id, vehicleHistory.parkingSpaceId)))
    .where(and(eq(vehicleHistory.tenantId, tenantId), eq(vehicleHistory.vehicleId, vehicleId)))
    .orderBy(desc(vehicleHistory.time))
    .limit(limit);
}

export async function lastMileage(db: Db, tenantId: string, vehicleId: string): Promise<number | null> {
  const r = rowsOf<{ m: number | null }>(
    await db.execute(sql`select max(mileage)::int as m from vehicle_history where tenant_id = ${tenantId} and vehicle_id = ${vehicleId}`),
  );
  return r[0]?.m ?? null;
}

export async function parkingSpaceOfLocation(db: Db, tenantId: string, spaceId: string, locationId: string): Promise<boolean> {
  const r = await db
    .select({ id: parkingSpaces.id })
    .from(parkingSpaces)
    .where(
      and(
        eq(parkingSpaces.tenantId, tenantId),
        eq(parkingSpaces.id, spaceId),
        eq(parkingSpaces.locationId, locationId),
        eq(parkingSpaces.active, true),
      ),
    );
  return r.length > 0;
}

/** Bookings (type BUCHUNG) someone drives or booked for others, ending at or after `since`. */
/**
 * A person's own bookings: as driver or booker, without guest bookings. The
 * reception is booker and driver of every guest booking it makes; those are
 * the guests' and belong to the guest list, not to the reception's own.
 */
export function findBookingsOfPerson(db: Db, tenantId: string, userId: string, since: Date): Promise<BookingRecord[]> {
  return queryBookings(
    db,
    tenantId,
    sql`(b.driver_id = ${userId} or b.booked_by_id = ${userId}) and b.bis >= ${since.toISOString()}::timestamptz and b.type = 'BUCHUNG'
        and not exists (select 1 from vehicle_booking_guests g where g.tenant_id = b.tenant_id and g.booking_id = b.id)`,
  );
}

/** Bookings of a vehicle that still block it and have not ended. */
export function findOpenBookingsOfVehicle(db: Db, tenantId: string, vehicleId: string): Promise<BookingRecord[]> {
  return queryBookings(
    db,
    tenantId,
    sql`b.vehicle_id = ${vehicleId} and b.status not in ('storniert', 'durchgeführt') and b.bis > now()`,
    10_000,
  );
}

export async function findBookingsByIds(db: Db, tenantId: string, ids: readonly string[]): Promise<BookingRecord[]> {
  if (ids.length === 0) return [];
  return queryBookings(db, tenantId, sql`b.id = any(${`{${ids.join(',')}}`}::uuid[])`);
}

/** Special trips an approver was asked about, from a week back on. */
export function findApprovalRequestsOf(db: Db, tenantId: string, approverId: string): Promise<BookingRecord[]> {
  return queryBookings(
    db,
    tenantId,
    sql`b.needs_approval and b.bis >= now() - interval '7 days'
        and exists (select 1 from vehicle_booking_approvers a where a.tenant_id = b.tenant_id and a.booking_id = b.id and a.user_id = ${approverId})`,
  );
}

/** Reserved trips that started before `startedBefore` and have not long ended: candidates for the auto-cancel. */
export function findNotStartedTrips(db: Db, tenantId: string, startedBefore: Date, endedAfter: Date): Promise<BookingRecord[]> {
  return queryBookings(
    db,
    tenantId,
    sql`b.status = 'reserviert' and b.type = 'BUCHUNG' and b.von <= ${startedBefore.toISOString()}::timestamptz and b.bis > ${endedAfter.toISOString()}::timestamptz`,
    1000,
  );
}

/** Trips still running (aktiv) after their end: candidates for the check-out reminder. */
export function findOverdueTrips(db: Db, tenantId: string, now: Date): Promise<BookingRecord[]> {
  return queryBookings(db, tenantId, sql`b.status = 'aktiv' and b.type = 'BUCHUNG' and b.bis <= ${now.toISOString()}::timestamptz`, 1000);
}
