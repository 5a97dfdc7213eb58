import type { Db } from '@db/client';
import { vehicleBookingApprovers, vehicleBookings, vehicleSeries } from '@db/schema/index';
import type { SeriesRule } from '@domain/booking-series';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../../kernel/rows';
import type { BookingWrite } from '../vehicles/public';

/** Vehicle series (decision 115). Always tenant-scoped. */

export interface VehicleSeriesDetails {
  reason: string | null;
  passengers: string | null;
  destination: string | null;
  stopover: string | null;
  contact: string | null;
  detour: string | null;
  infoText: string | null;
}

export interface VehicleSeriesRecord {
  id: string;
  vehicleId: string;
  bookedById: string;
  driverId: string;
  rule: SeriesRule;
  fromTime: string;
  toTime: string;
  details: VehicleSeriesDetails;
  bookedThrough: string;
  endedAt: Date | null;
}

const columns = {
  id: vehicleSeries.id,
  vehicleId: vehicleSeries.vehicleId,
  bookedById: vehicleSeries.bookedById,
  driverId: vehicleSeries.driverId,
  rule: vehicleSeries.rule,
  fromTime: vehicleSeries.fromTime,
  toTime: vehicleSeries.toTime,
  details: vehicleSeries.details,
  bookedThrough: vehicleSeries.bookedThrough,
  endedAt: vehicleSeries.endedAt,
};

export async function insertVehicleSeries(db: Db, tenantId: string, s: Omit<VehicleSeriesRecord, 'id' | 'endedAt'>): Promise<string> {
  const [row] = await db
    .insert(vehicleSeries)
    .values({ tenantId, ...s })
    .returning({ id: vehicleSeries.id });
  return row!.id;
}

/** A booking a series insert wrote, with what the database set: its id and creation time. */
export interface InsertedSeriesBooking {
  id: string;
  von: Date;
  bis: Date;
  createdAt: Date;
}

/**
 * All dates of a series in one statement. A date the exclusion constraint
 * refuses (a booking made past the vehicle lock, e.g. a fleet block) is left
 * out instead of failing the whole insert; the caller reports it as taken.
 * The rows go in as one array per column (docs/performance/series.md): 52 rows of values
 * were 900 parameters for the query builder and the parser.
 */
export async function insertSeriesBookings(
  db: Db,
  tenantId: string,
  seriesId: string,
  rows: readonly BookingWrite[],
): Promise<InsertedSeriesBooking[]> {
  if (rows.length === 0) return [];
  const column = <T>(f: (b: BookingWrite) => T) => sql.param(rows.map(f));
  const text = (f: (b: BookingWrite) => string | null) => sql`${column(f)}::text[]`;
  const inserted = rowsOf<{ id: string; von: string | Date; bis: string | Date; created_at: string | Date }>(
    await db.execute(sql`
      insert into vehicle_bookings
             (tenant_id, series_id, vehicle_id, von, bis, blocked_until, type, status, booked_by_id, driver_id,
              reason, passengers, destination, stopover, contact, detour, info_text, needs_approval)
      select ${tenantId}::uuid, ${seriesId}::uuid, r.*
        from unnest(${column((b) => b.vehicleId)}::uuid[], ${column((b) => b.von.toISOString())}::timestamptz[],
                    ${column((b) => b.bis.toISOString())}::timestamptz[], ${column((b) => b.blockedUntil.toISOString())}::timestamptz[],
                    ${text((b) => b.type)}, ${text((b) => b.status)}, ${column((b) => b.bookedById)}::uuid[],
                    ${column((b) => b.driverId)}::uuid[], ${text((b) => b.reason)}, ${text((b) => b.passengers)},
                    ${text((b) => b.destination)}, ${text((b) => b.stopover)}, ${text((b) => b.contact)},
                    ${text((b) => b.detour)}, ${text((b) => b.infoText)}, ${column((b) => b.needsApproval)}::boolean[]) as r
      on conflict do nothing
      returning id, von, bis, created_at`),
  );
  return inserted.map((r) => ({ id: r.id, von: new Date(r.von), bis: new Date(r.bis), createdAt: new Date(r.created_at) }));
}

/** Approver rows for many bookings at once (each booking gets every approver). */
export async function insertApproversForAll(
  db: Db,
  tenantId: string,
  bookingIds: readonly string[],
  userIds: readonly string[],
): Promise<void> {
  const values = bookingIds.flatMap((bookingId) => userIds.map((userId) => ({ tenantId, bookingId, userId })));
  if (values.length === 0) return;
  await db.insert(vehicleBookingApprovers).values(values);
}

export async function findVehicleSeries(db: Db, tenantId: string, id: string): Promise<VehicleSeriesRecord | null> {
  const [row] = await db
    .select(columns)
    .from(vehicleSeries)
    .where(and(eq(vehicleSeries.tenantId, tenantId), eq(vehicleSeries.id, id)));
  return (row as VehicleSeriesRecord | undefined) ?? null;
}

/** Series still running whose booked days end before `through`, oldest first; locked so two job runs never book the same day twice. */
export async function lockVehicleSeriesToExtend(db: Db, tenantId: string, through: string, limit: number): Promise<VehicleSeriesRecord[]> {
  const rows = await db
    .select(columns)
    .from(vehicleSeries)
    .where(and(eq(vehicleSeries.tenantId, tenantId), isNull(vehicleSeries.endedAt), lt(vehicleSeries.bookedThrough, through)))
    .orderBy(asc(vehicleSeries.bookedThrough))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows as VehicleSeriesRecord[];
}

export async function setVehicleSeriesBookedThrough(db: Db, tenantId: string, id: string, day: string): Promise<void> {
  await db
    .update(vehicleSeries)
    .set({ bookedThrough: day })
    .where(and(eq(vehicleSeries.tenantId, tenantId), eq(vehicleSeries.id, id)));
}

export async function endVehicleSeries(db: Db, tenantId: string, id: string, at: Date): Promise<void> {
  await db
    .update(vehicleSeries)
    .set({ endedAt: at })
    .where(and(eq(vehicleSeries.tenantId, tenantId), eq(vehicleSeries.id, id), isNull(vehicleSeries.endedAt)));
}

/** Cancels the series' bookings not yet started (reserviert or vorgemerkt) from `from` on; returns their ids. */
export async function cancelVehicleSeriesBookings(
  db: Db,
  tenantId: string,
  seriesId: string,
  from: Date,
  reason: string,
): Promise<string[]> {
  const rows = await db
    .update(vehicleBookings)
    .set({ status: 'storniert', cancelReason: reason, updatedAt: new Date() })
    .where(
      and(
        eq(vehicleBookings.tenantId, tenantId),
        eq(vehicleBookings.seriesId, seriesId),
        inArray(vehicleBookings.status, ['vorgemerkt', 'reserviert']),
        gte(vehicleBookings.von, from),
      ),
    )
    .returning({ id: vehicleBookings.id });
  return rows.map((r) => r.id);
}

/** Days (Berlin) on which the series already has a booking, so extending twice books nothing twice. */
export async function vehicleSeriesBookedDays(db: Db, tenantId: string, seriesId: string): Promise<Set<string>> {
  const rows = rowsOf<{ day: string }>(
    await db.execute(
      sql`select distinct to_char(von at time zone 'Europe/Berlin', 'YYYY-MM-DD') as day from vehicle_bookings where tenant_id = ${tenantId} and series_id = ${seriesId}`,
    ),
  );
  return new Set(rows.map((r) => r.day));
}
