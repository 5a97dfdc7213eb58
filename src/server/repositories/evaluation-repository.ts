import type { Db } from '@db/client';
import { wholeMonths } from '@domain/evaluation';
import { sql } from 'drizzle-orm';
import { rowsOf } from './rows';

/**
 * Aggregations of the evaluation screens (decision 061), read from the daily
 * roll-up of migration 0027 (decision 126): triggers on the booking tables keep
 * it in step with every booking in the same transaction, so these sums equal
 * the sums over the bookings themselves. Only one row per object, plan ×
 * weekday, department, vehicle × month reaches Node.
 *
 * A booking belongs to the Berlin day on which it starts. A no-show is a
 * cancelled booking without check-in that was cancelled after the check-in
 * window (start + 15 minutes) closed: that is what the expiry job does, and
 * what a late cancellation amounts to.
 */

export interface EvaluationScope {
  tenantId: string;
  /** Inclusive start instant (Berlin midnight of the first day). */
  from: Date;
  /** Exclusive end instant (Berlin midnight after the last day). */
  to: Date;
  /** First day, YYYY-MM-DD (Berlin). */
  fromDay: string;
  /** The day after the last day, YYYY-MM-DD. */
  toDay: string;
  locationId: string | null;
}

/**
 * The roll-up rows of the period: month rows for the whole months inside it,
 * day rows for the days before and after them (two index ranges, no more).
 */
function inPeriod(s: EvaluationScope) {
  const m = wholeMonths(s.fromDay, s.toDay);
  return sql`((not x.whole_month and ((x.day >= ${s.fromDay}::date and x.day < ${m.start}::date) or (x.day >= ${m.end}::date and x.day < ${s.toDay}::date)))
           or (x.whole_month and x.day >= ${m.start}::date and x.day < ${m.end}::date))`;
}

/** Day rows of the period (the roll-ups by department have no month rows). */
const inDays = (s: EvaluationScope) => sql`x.day >= ${s.fromDay}::date and x.day < ${s.toDay}::date`;

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export interface ObjectFigures {
  floorPlanId: string;
  floorPlanName: string;
  area: string;
  locationName: string | null;
  objectId: string;
  designation: string;
  kind: string;
  capacity: number;
  bookings: number;
  cancelled: number;
  noShows: number;
  bookedMinutes: number;
}

/** Every active object of the (filtered) floor plans with its booking figures, zero where unbooked. */
export async function officeObjectFigures(db: Db, s: EvaluationScope): Promise<ObjectFigures[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with agg as (
        select x.reading_room_id, sum(x.bookings) as bookings, sum(x.cancelled) as cancelled,
               sum(x.no_shows) as no_shows, sum(x.booked_minutes) as booked_minutes
          from seat_booking_days x
         where x.tenant_id = ${s.tenantId} and ${inPeriod(s)}
         group by x.reading_room_id
        having sum(x.bookings) > 0
      )
      select p.id::text as floor_plan_id, p.name as floor_plan_name, p.area, l.name as location_name,
             r.id::text as object_id, r.designation, r.kind, r.capacity,
             coalesce(agg.bookings, 0) as bookings, coalesce(agg.cancelled, 0) as cancelled,
             coalesce(agg.no_shows, 0) as no_shows, coalesce(agg.booked_minutes, 0) as booked_minutes
        from reading_rooms r
        join floor_plans p on p.tenant_id = r.tenant_id and p.id = r.floor_plan_id
        left join locations l on l.tenant_id = p.tenant_id and l.id = p.location_id
        left join agg on agg.reading_room_id = r.id
       where r.tenant_id = ${s.tenantId}
         and (r.active or agg.bookings is not null)
         and (${s.locationId}::uuid is null or p.location_id = ${s.locationId}::uuid)
       order by p.name, r.designation`),
  );
  return rows.map((r) => ({
    floorPlanId: String(r.floor_plan_id),
    floorPlanName: String(r.floor_plan_name),
    area: String(r.area),
    locationName: r.location_name === null ? null : String(r.location_name),
    objectId: String(r.object_id),
    designation: String(r.designation),
    kind: String(r.kind),
    capacity: num(r.capacity),
    bookings: num(r.bookings),
    cancelled: num(r.cancelled),
    noShows: num(r.no_shows),
    bookedMinutes: num(r.booked_minutes),
  }));
}

/** Booked minutes per floor plan and ISO weekday (1 = Monday) of the booking's start in Berlin. */
export async function officeWeekdayMinutes(
  db: Db,
  s: EvaluationScope,
): Promise<{ floorPlanId: string; weekday: number; bookedMinutes: number }[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select x.floor_plan_id::text as floor_plan_id,
             extract(isodow from x.day)::int as weekday,
             sum(x.booked_minutes) as booked_minutes
        from seat_department_days x
        join floor_plans p on p.tenant_id = x.tenant_id and p.id = x.floor_plan_id
       where x.tenant_id = ${s.tenantId} and ${inDays(s)}
         and (${s.locationId}::uuid is null or p.location_id = ${s.locationId}::uuid)
       group by 1, 2
      having sum(x.held) > 0`),
  );
  return rows.map((r) => ({ floorPlanId: String(r.floor_plan_id), weekday: num(r.weekday), bookedMinutes: num(r.booked_minutes) }));
}

export interface DepartmentFigures {
  department: string | null;
  bookings: number;
  cancelled: number;
  noShows: number;
  bookedMinutes: number;
}

/** Seat bookings per department of the person using the seat (the confirming person of a pre-booking, else the booker). */
export async function officeDepartmentFigures(db: Db, s: EvaluationScope): Promise<DepartmentFigures[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select d.name as department,
             sum(x.bookings) as bookings, sum(x.cancelled) as cancelled, sum(x.no_shows) as no_shows,
             sum(x.booked_minutes) as booked_minutes
        from seat_department_days x
        join floor_plans p on p.tenant_id = x.tenant_id and p.id = x.floor_plan_id
        left join departments d on d.tenant_id = x.tenant_id and d.id = x.department_id
       where x.tenant_id = ${s.tenantId} and ${inDays(s)}
         and (${s.locationId}::uuid is null or p.location_id = ${s.locationId}::uuid)
       group by d.name
      having sum(x.bookings) > 0
       order by sum(x.bookings) desc, d.name nulls last`),
  );
  return rows.map((r) => ({
    department: r.department === null ? null : String(r.department),
    bookings: num(r.bookings),
    cancelled: num(r.cancelled),
    noShows: num(r.no_shows),
    bookedMinutes: num(r.booked_minutes),
  }));
}

export interface VehicleMonthFigures {
  vehicleId: string;
  licensePlate: string;
  label: string;
  locationName: string;
  bookingWeekdays: string[];
  bookingFrom: string;
  bookingTo: string;
  month: string | null;
  bookings: number;
  trips: number;
  cancelled: number;
  bookedMinutes: number;
  kilometres: number;
}

/**
 * Per vehicle and month: bookings (type BUCHUNG), trips done, cancellations,
 * booked minutes and the kilometres between each trip's CHECK_IN and
 * CHECK_OUT mileage. Vehicles without bookings come with month null.
 */
export async function vehicleMonthFigures(db: Db, s: EvaluationScope): Promise<VehicleMonthFigures[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with agg as (
        select x.vehicle_id, to_char(x.day, 'YYYY-MM') as month,
               sum(x.total) as total, sum(x.bookings) as bookings, sum(x.trips) as trips, sum(x.cancelled) as cancelled,
               sum(x.booked_minutes) as booked_minutes, sum(x.kilometres) as kilometres
          from vehicle_booking_days x
         where x.tenant_id = ${s.tenantId} and ${inPeriod(s)}
         group by 1, 2
        having sum(x.total) > 0
      )
      select v.id::text as vehicle_id, v.license_plate, v.brand || ' ' || v.model as label, l.name as location_name,
             v.booking_weekdays, v.booking_from, v.booking_to, agg.month,
             coalesce(agg.bookings, 0) as bookings, coalesce(agg.trips, 0) as trips, coalesce(agg.cancelled, 0) as cancelled,
             coalesce(agg.booked_minutes, 0) as booked_minutes, coalesce(agg.kilometres, 0) as kilometres
        from vehicles v
        join locations l on l.tenant_id = v.tenant_id and l.id = v.location_id
        left join agg on agg.vehicle_id = v.id
       where v.tenant_id = ${s.tenantId}
         and (not v.deactivated or agg.vehicle_id is not null)
         and (${s.locationId}::uuid is null or v.location_id = ${s.locationId}::uuid)
       order by v.license_plate, agg.month`),
  );
  return rows.map((r) => ({
    vehicleId: String(r.vehicle_id),
    licensePlate: String(r.license_plate),
    label: String(r.label),
    locationName: String(r.location_name),
    bookingWeekdays: (typeof r.booking_weekdays === 'string' ? JSON.parse(r.booking_weekdays) : r.booking_weekdays) as string[],
    bookingFrom: String(r.booking_from),
    bookingTo: String(r.booking_to),
    month: r.month === null ? null : String(r.month),
    bookings: num(r.bookings),
    trips: num(r.trips),
    cancelled: num(r.cancelled),
    bookedMinutes: num(r.booked_minutes),
    kilometres: num(r.kilometres),
  }));
}

/** Trips (done), bookings and kilometres per department of the driver. */
export async function vehicleDepartmentFigures(
  db: Db,
  s: EvaluationScope,
): Promise<{ department: string | null; bookings: number; trips: number; kilometres: number }[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select d.name as department, sum(x.bookings) as bookings, sum(x.trips) as trips, sum(x.kilometres) as kilometres
        from vehicle_department_days x
        left join departments d on d.tenant_id = x.tenant_id and d.id = x.department_id
       where x.tenant_id = ${s.tenantId} and ${inDays(s)}
         and (${s.locationId}::uuid is null or x.location_id = ${s.locationId}::uuid)
       group by d.name
      having sum(x.bookings) > 0
       order by sum(x.bookings) desc, d.name nulls last`),
  );
  return rows.map((r) => ({
    department: r.department === null ? null : String(r.department),
    bookings: num(r.bookings),
    trips: num(r.trips),
    kilometres: num(r.kilometres),
  }));
}

/** Locations of the tenant for the filter. */
export async function evaluationLocations(db: Db, tenantId: string): Promise<{ id: string; name: string }[]> {
  const rows = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select id::text as id, name from locations where tenant_id = ${tenantId} order by name`),
  );
  return rows;
}
