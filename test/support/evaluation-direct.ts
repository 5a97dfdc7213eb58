import type { Db } from '@db/client';
import { rowsOf } from '@server/kernel/rows';
import { sql } from 'drizzle-orm';

/**
 * The evaluation figures summed straight over the booking tables, as the
 * evaluation read them before the roll-up (decision 126): the oracle the
 * roll-up is compared with in test/integration/evaluation-rollup.int.test.ts.
 * Same shapes as @server/areas/evaluation/evaluation-repository.
 */

interface EvaluationScope {
  tenantId: string;
  /** Inclusive start instant (Berlin midnight of the first day). */
  from: Date;
  /** Exclusive end instant (Berlin midnight after the last day). */
  to: Date;
  locationId: string | null;
}

const NO_SHOW = sql`b.status = 'storniert' and b.checked_in_at is null and b.cancelled_at > b.von + interval '15 minutes'`;
const HELD_MINUTES = sql`extract(epoch from (b.bis - b.von)) / 60 * b.group_size`;

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
        select b.reading_room_id,
               count(*) as bookings,
               count(*) filter (where b.status = 'storniert') as cancelled,
               count(*) filter (where ${NO_SHOW}) as no_shows,
               coalesce(sum(${HELD_MINUTES}) filter (where b.status <> 'storniert'), 0) as booked_minutes
          from reading_room_bookings b
         where b.tenant_id = ${s.tenantId} and b.von >= ${s.from.toISOString()}::timestamptz and b.von < ${s.to.toISOString()}::timestamptz
         group by b.reading_room_id
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
      select r.floor_plan_id::text as floor_plan_id,
             extract(isodow from b.von at time zone 'Europe/Berlin')::int as weekday,
             sum(${HELD_MINUTES}) as booked_minutes
        from reading_room_bookings b
        join reading_rooms r on r.tenant_id = b.tenant_id and r.id = b.reading_room_id
        join floor_plans p on p.tenant_id = r.tenant_id and p.id = r.floor_plan_id
       where b.tenant_id = ${s.tenantId} and b.von >= ${s.from.toISOString()}::timestamptz and b.von < ${s.to.toISOString()}::timestamptz
         and b.status <> 'storniert'
         and (${s.locationId}::uuid is null or p.location_id = ${s.locationId}::uuid)
       group by 1, 2`),
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
             count(*) as bookings,
             count(*) filter (where b.status = 'storniert') as cancelled,
             count(*) filter (where ${NO_SHOW}) as no_shows,
             coalesce(sum(${HELD_MINUTES}) filter (where b.status <> 'storniert'), 0) as booked_minutes
        from reading_room_bookings b
        join reading_rooms r on r.tenant_id = b.tenant_id and r.id = b.reading_room_id
        join floor_plans p on p.tenant_id = r.tenant_id and p.id = r.floor_plan_id
        join users u on u.tenant_id = b.tenant_id and u.id = coalesce(b.confirming_id, b.booker_id)
        left join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id
       where b.tenant_id = ${s.tenantId} and b.von >= ${s.from.toISOString()}::timestamptz and b.von < ${s.to.toISOString()}::timestamptz
         and (${s.locationId}::uuid is null or p.location_id = ${s.locationId}::uuid)
       group by d.name
       order by count(*) desc, d.name nulls last`),
  );
  return rows.map((r) => ({
    department: r.department === null ? null : String(r.department),
    bookings: num(r.bookings),
    cancelled: num(r.cancelled),
    noShows: num(r.no_shows),
    bookedMinutes: num(r.booked_minutes),
  }));
}

interface VehicleMonthFigures {
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

/** Per vehicle and month, a vehicle without bookings once with month null. */
async function vehicleMonthRows(db: Db, s: EvaluationScope): Promise<VehicleMonthFigures[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with b as (
        select b.id, b.vehicle_id, b.von, b.bis, b.status
          from vehicle_bookings b
         where b.tenant_id = ${s.tenantId} and b.type = 'BUCHUNG'
           and b.von >= ${s.from.toISOString()}::timestamptz and b.von < ${s.to.toISOString()}::timestamptz
      ), km as (
        select h.booking_id,
               greatest(0, max(h.mileage) filter (where h.type = 'CHECK_OUT') - max(h.mileage) filter (where h.type = 'CHECK_IN')) as km
          from vehicle_history h
          join b on b.id = h.booking_id
         where h.tenant_id = ${s.tenantId} and h.type in ('CHECK_IN', 'CHECK_OUT')
         group by h.booking_id
      ), agg as (
        select b.vehicle_id, to_char(b.von at time zone 'Europe/Berlin', 'YYYY-MM') as month,
               count(*) filter (where b.status <> 'storniert') as bookings,
               count(*) filter (where b.status = 'durchgeführt') as trips,
               count(*) filter (where b.status = 'storniert') as cancelled,
               coalesce(sum(extract(epoch from (b.bis - b.von)) / 60) filter (where b.status <> 'storniert'), 0) as booked_minutes,
               coalesce(sum(km.km), 0) as kilometres
          from b left join km on km.booking_id = b.id
         group by 1, 2
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

const FIGURES = ['bookings', 'trips', 'cancelled', 'bookedMinutes', 'kilometres'] as const;
type Figures = Record<(typeof FIGURES)[number], number>;
const figuresOf = (r: Figures): Figures => Object.fromEntries(FIGURES.map((f) => [f, r[f]])) as Figures;
const add = (into: Figures, r: Figures) => {
  for (const f of FIGURES) into[f] += r[f];
};

/** Every vehicle of the filter with its figures over the period (a deactivated one only when booked). */
export async function vehicleTotals(db: Db, s: EvaluationScope) {
  const totals = new Map<string, Omit<VehicleMonthFigures, 'month'>>();
  for (const { month: _, ...r } of await vehicleMonthRows(db, s)) {
    const t = totals.get(r.vehicleId);
    if (t) add(t, r);
    else totals.set(r.vehicleId, r);
  }
  return [...totals.values()];
}

/** The fleet of the filter per month with bookings. */
export async function fleetMonthFigures(db: Db, s: EvaluationScope) {
  const months = new Map<string, Figures & { month: string }>();
  for (const r of await vehicleMonthRows(db, s)) {
    if (r.month === null) continue;
    const m = months.get(r.month);
    if (m) add(m, r);
    else months.set(r.month, { month: r.month, ...figuresOf(r) });
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** The vehicle-month rows with bookings (the vehicles of the filter are vehicleTotals'). */
export async function vehicleMonthFigures(db: Db, s: EvaluationScope) {
  const months = (await vehicleMonthRows(db, s))
    .filter((r) => r.month !== null)
    .map((r) => ({ vehicleId: r.vehicleId, month: r.month as string, ...figuresOf(r) }));
  return { months };
}

/** Trips (done), bookings and kilometres per department of the driver. */
export async function vehicleDepartmentFigures(
  db: Db,
  s: EvaluationScope,
): Promise<{ department: string | null; bookings: number; trips: number; kilometres: number }[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with b as (
        select b.id, b.driver_id, b.status
          from vehicle_bookings b
          join vehicles v on v.tenant_id = b.tenant_id and v.id = b.vehicle_id
         where b.tenant_id = ${s.tenantId} and b.type = 'BUCHUNG' and b.status <> 'storniert'
           and b.von >= ${s.from.toISOString()}::timestamptz and b.von < ${s.to.toISOString()}::timestamptz
           and (${s.locationId}::uuid is null or v.location_id = ${s.locationId}::uuid)
      ), km as (
        select h.booking_id,
               greatest(0, max(h.mileage) filter (where h.type = 'CHECK_OUT') - max(h.mileage) filter (where h.type = 'CHECK_IN')) as km
          from vehicle_history h
          join b on b.id = h.booking_id
         where h.tenant_id = ${s.tenantId} and h.type in ('CHECK_IN', 'CHECK_OUT')
         group by h.booking_id
      )
      select d.name as department, count(*) as bookings,
             count(*) filter (where b.status = 'durchgeführt') as trips,
             coalesce(sum(km.km), 0) as kilometres
        from b
        join users u on u.tenant_id = ${s.tenantId} and u.id = b.driver_id
        left join departments d on d.tenant_id = u.tenant_id and d.id = u.department_id
        left join km on km.booking_id = b.id
       group by d.name
       order by count(*) desc, d.name nulls last`),
  );
  return rows.map((r) => ({
    department: r.department === null ? null : String(r.department),
    bookings: num(r.bookings),
    trips: num(r.trips),
    kilometres: num(r.kilometres),
  }));
}
