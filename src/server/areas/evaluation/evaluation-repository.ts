import type { Db } from '@db/client';
import { wholeMonths } from '@domain/evaluation';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';

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
 * The roll-up rows of the period as the derived table `x`: month rows for the
 * whole months inside it, day rows for the days before and after them. Three
 * index ranges joined by UNION ALL rather than one OR, so that each is read
 * from the key's index alone, which carries the sums (migration 0039,
 * docs/performance/evaluation.md).
 */
function periodRows(table: 'seat_booking_days' | 'vehicle_booking_days', s: EvaluationScope) {
  const m = wholeMonths(s.fromDay, s.toDay);
  const t = sql.raw(table);
  return sql`(select * from ${t} where tenant_id = ${s.tenantId} and not whole_month and day >= ${s.fromDay}::date and day < ${m.start}::date
     union all
     select * from ${t} where tenant_id = ${s.tenantId} and not whole_month and day >= ${m.end}::date and day < ${s.toDay}::date
     union all
     select * from ${t} where tenant_id = ${s.tenantId} and whole_month and day >= ${m.start}::date and day < ${m.end}::date) x`;
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
          from ${periodRows('seat_booking_days', s)}
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

/** A vehicle with what its utilisation is measured against: its booking weekdays and daily booking time. */
export interface EvaluatedVehicle {
  vehicleId: string;
  licensePlate: string;
  label: string;
  locationName: string;
  bookingWeekdays: string[];
  bookingFrom: string;
  bookingTo: string;
}

/** Bookings (type BUCHUNG), trips done, cancellations, booked minutes and kilometres of a vehicle, a month or both. */
export interface VehicleFigures {
  bookings: number;
  trips: number;
  cancelled: number;
  bookedMinutes: number;
  kilometres: number;
}

const VEHICLE_SUMS = sql`sum(x.bookings) as bookings, sum(x.trips) as trips, sum(x.cancelled) as cancelled,
             sum(x.booked_minutes) as booked_minutes, sum(x.kilometres) as kilometres`;

const figuresOf = (r: Record<string, unknown>): VehicleFigures => ({
  bookings: num(r.bookings),
  trips: num(r.trips),
  cancelled: num(r.cancelled),
  bookedMinutes: num(r.booked_minutes),
  kilometres: num(r.kilometres),
});

const evaluatedVehicleOf = (r: Record<string, unknown>): EvaluatedVehicle => ({
  vehicleId: String(r.vehicle_id),
  licensePlate: String(r.license_plate),
  label: String(r.label),
  locationName: String(r.location_name),
  bookingWeekdays: (typeof r.booking_weekdays === 'string' ? JSON.parse(r.booking_weekdays) : r.booking_weekdays) as string[],
  bookingFrom: String(r.booking_from),
  bookingTo: String(r.booking_to),
});

const VEHICLE_COLUMNS = sql`v.id::text as vehicle_id, v.license_plate, v.brand || ' ' || v.model as label, l.name as location_name,
             v.booking_weekdays, v.booking_from, v.booking_to`;

/**
 * Every vehicle of the (filtered) locations with its figures over the period,
 * zero where unbooked; a deactivated vehicle only when it was booked in the
 * period. Kilometres are those between each trip's CHECK_IN and CHECK_OUT.
 */
export async function vehicleTotals(db: Db, s: EvaluationScope): Promise<(EvaluatedVehicle & VehicleFigures)[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with agg as (
        select x.vehicle_id, ${VEHICLE_SUMS}
          from ${periodRows('vehicle_booking_days', s)}
         group by x.vehicle_id
        having sum(x.total) > 0
      )
      select ${VEHICLE_COLUMNS}, agg.bookings, agg.trips, agg.cancelled, agg.booked_minutes, agg.kilometres
        from vehicles v
        join locations l on l.tenant_id = v.tenant_id and l.id = v.location_id
        left join agg on agg.vehicle_id = v.id
       where v.tenant_id = ${s.tenantId}
         and (not v.deactivated or agg.vehicle_id is not null)
         and (${s.locationId}::uuid is null or v.location_id = ${s.locationId}::uuid)
       order by v.license_plate`),
  );
  return rows.map((r) => ({ ...evaluatedVehicleOf(r), ...figuresOf(r) }));
}

/** The figures of all vehicles of the (filtered) locations per month (YYYY-MM) with bookings. */
export async function fleetMonthFigures(db: Db, s: EvaluationScope): Promise<({ month: string } & VehicleFigures)[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select to_char(x.day, 'YYYY-MM') as month, ${VEHICLE_SUMS}
        from ${periodRows('vehicle_booking_days', s)}
        join vehicles v on v.tenant_id = x.tenant_id and v.id = x.vehicle_id
       where (${s.locationId}::uuid is null or v.location_id = ${s.locationId}::uuid)
       group by 1
      having sum(x.total) > 0
       order by 1`),
  );
  return rows.map((r) => ({ month: String(r.month), ...figuresOf(r) }));
}

/**
 * Per vehicle and month with bookings: the whole table for the download, or
 * the months of one vehicle. Two statements, the vehicles and narrow month
 * rows: a year of a fleet is thousands of month rows, and repeating each
 * vehicle's texts on every one of them cost more than the sums (docs/performance/evaluation.md).
 */
export async function vehicleMonthFigures(
  db: Db,
  s: EvaluationScope,
  vehicleId: string | null = null,
): Promise<{
  vehicles: EvaluatedVehicle[];
  months: ({ vehicleId: string; month: string } & VehicleFigures)[];
}> {
  const months = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select x.vehicle_id::text as vehicle_id, to_char(x.day, 'YYYY-MM') as month, ${VEHICLE_SUMS}
        from ${periodRows('vehicle_booking_days', s)}
       where (${vehicleId}::uuid is null or x.vehicle_id = ${vehicleId}::uuid)
         and (${s.locationId}::uuid is null
              or x.vehicle_id in (select v.id from vehicles v where v.tenant_id = ${s.tenantId} and v.location_id = ${s.locationId}::uuid))
       group by 1, 2
      having sum(x.total) > 0
       order by 1, 2`),
  );
  const vehicles = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${VEHICLE_COLUMNS}
        from vehicles v
        join locations l on l.tenant_id = v.tenant_id and l.id = v.location_id
       where v.tenant_id = ${s.tenantId}
         and (${vehicleId}::uuid is null or v.id = ${vehicleId}::uuid)
         and (${s.locationId}::uuid is null or v.location_id = ${s.locationId}::uuid)
       order by v.license_plate`),
  );
  return {
    vehicles: vehicles.map(evaluatedVehicleOf),
    months: months.map((m) => ({ vehicleId: String(m.vehicle_id), month: String(m.month), ...figuresOf(m) })),
  };
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
